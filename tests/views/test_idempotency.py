"""Every staff write is done once, however often the Wi-Fi makes the page send it (issue 26).

The middleware (`tournament/config/idempotency.py`) keeps each key's answer:
a retry after a dropped answer gets it again, parallel duplicates act once.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from tables.services import tables_add
from tournament.config import idempotency
from tournament.models import AuditEvent, Entry, IdempotentRequest
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, seats_draw

KEY = "tap-0123456789abcdef"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seated(tournament, director, players: int = 4) -> list[Entry]:
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i}" for i in range(players)])
    seats_draw(actor=director, tournament_id=tournament.pk)
    return list(Entry.objects.filter(tournament=tournament, status="seated").order_by("number"))


def in_parallel(count: int, action) -> list:
    """Run ``action(i)`` in ``count`` threads at once, each with its own connection."""
    results, errors, start = [None] * count, [], threading.Barrier(count)

    def run(i):
        try:
            start.wait()
            results[i] = action(i)
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    return results


@pytest.mark.django_db(transaction=True)
def test_ten_identical_bust_taps_at_once_bust_once(tournament, director, floor_user):
    victim = seated(tournament, director)[0]
    url = reverse("bust", args=[tournament.pk, victim.pk])
    clients = [client_for(floor_user) for _ in range(10)]

    responses = in_parallel(10, lambda i: clients[i].post(
        url, {}, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY))

    assert AuditEvent.objects.filter(tournament=tournament, kind="entry_busted").count() == 1
    assert [r.status_code for r in responses] == [200] * 10
    bodies = {r.content for r in responses}
    assert len(bodies) == 1 and b"is out in place 4" in bodies.pop()
    assert sum(r.has_header("Idempotent-Replayed") for r in responses) == 9


@pytest.mark.django_db(transaction=True)
def test_ten_identical_registrations_at_once_make_one_entry(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    url = reverse("registration_desk", args=[tournament.pk])
    clients = [client_for(cashier) for _ in range(10)]

    responses = in_parallel(10, lambda i: clients[i].post(
        url, {"name": "Zora Quist", "method": "cash", "idempotency_key": KEY},
        HTTP_HX_REQUEST="true"))

    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert {r.status_code for r in responses} == {200}


@pytest.mark.django_db
def test_a_retry_after_a_dropped_answer_gets_the_first_answer_and_acts_once(
        tournament, director, floor_user):
    victim = seated(tournament, director)[0]
    client = client_for(floor_user)
    url = reverse("bust", args=[tournament.pk, victim.pk])
    first = client.post(url, {}, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY)
    # The answer never reached the phone; it sends the same tap again.
    again = client.post(url, {}, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY)

    assert again.status_code == first.status_code == 200
    assert again.content == first.content and "is out in place 4" in again.content.decode()
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert AuditEvent.objects.filter(tournament=tournament, kind="entry_busted").count() == 1
    # A new tap (a new key) of the same stale screen is refused with the reason.
    stale = client.post(url, {}, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY + "-2")
    assert "already out, in place 4" in stale.content.decode()


@pytest.mark.django_db
def test_a_plain_form_retry_with_the_same_field_registers_once(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    client = client_for(cashier)
    url = reverse("registration_desk", args=[tournament.pk])
    data = {"name": "Zora Quist", "method": "cash", "idempotency_key": KEY}
    first, again = client.post(url, data), client.post(url, data)
    assert again.status_code == first.status_code and again["Idempotent-Replayed"] == "true"
    assert Entry.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
def test_keys_belong_to_one_user(tournament, director, floor_user):
    alice, bob = seated(tournament, director)[:2]
    client_for(floor_user).post(reverse("bust", args=[tournament.pk, alice.pk]),
                                HTTP_IDEMPOTENCY_KEY=KEY)
    other = client_for(director).post(reverse("bust", args=[tournament.pk, bob.pk]),
                                      HTTP_IDEMPOTENCY_KEY=KEY)
    assert not other.has_header("Idempotent-Replayed")
    assert Entry.objects.filter(tournament=tournament, status="busted").count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["short", "x" * 65, "has space in it", "emoji-🙂-key", "semi;colon;"])
def test_a_bad_key_is_refused_and_changes_nothing(tournament, director, floor_user, key):
    victim = seated(tournament, director)[0]
    response = client_for(floor_user).post(reverse("bust", args=[tournament.pk, victim.pk]),
                                           HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400 and "idempotency key is not valid" in response.content.decode()
    victim.refresh_from_db()
    assert victim.status == "seated" and not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_a_key_sent_again_for_another_action_is_refused(tournament, director, floor_user):
    alice, bob = seated(tournament, director)[:2]
    client = client_for(floor_user)
    client.post(reverse("bust", args=[tournament.pk, alice.pk]), HTTP_IDEMPOTENCY_KEY=KEY)
    response = client.post(reverse("bust", args=[tournament.pk, bob.pk]), HTTP_IDEMPOTENCY_KEY=KEY)
    assert response.status_code == 422 and "already used for another action" in response.content.decode()
    bob.refresh_from_db()
    assert bob.status == "seated"


@pytest.mark.django_db
def test_a_duplicate_of_a_tap_still_in_progress_waits_then_is_told_so(
        tournament, director, floor_user, monkeypatch):
    victim = seated(tournament, director)[0]
    url = reverse("bust", args=[tournament.pk, victim.pk])
    IdempotentRequest.objects.create(user=floor_user, key=KEY, fingerprint=f"POST {url}",
                                     created_at=timezone.now())
    monkeypatch.setattr(idempotency, "WAIT_SECONDS", 0.2)
    response = client_for(floor_user).post(url, HTTP_IDEMPOTENCY_KEY=KEY, HTTP_HX_REQUEST="true")
    assert response.status_code == 409 and response["Retry-After"] == "1"
    assert response["HX-Reswap"] == "none"  # the screen stays as it is
    victim.refresh_from_db()
    assert victim.status == "seated"


@pytest.mark.django_db
def test_a_refused_csrf_token_is_not_kept_so_the_retry_acts(tournament, director, floor_user):
    victim = seated(tournament, director)[0]
    url = reverse("bust", args=[tournament.pk, victim.pk])
    client = Client(enforce_csrf_checks=True)
    client.force_login(floor_user)
    assert client.post(url, HTTP_IDEMPOTENCY_KEY=KEY).status_code == 403
    client.get(reverse("floor_console", args=[tournament.pk]))
    token = client.cookies["csrftoken"].value
    assert client.post(url, HTTP_IDEMPOTENCY_KEY=KEY, HTTP_X_CSRFTOKEN=token).status_code == 200
    victim.refresh_from_db()
    assert victim.status == "busted"


@pytest.mark.django_db
def test_answers_older_than_a_day_are_forgotten(tournament, director, floor_user, monkeypatch):
    running = seated(tournament, director)
    old = IdempotentRequest.objects.create(
        user=floor_user, key="old-key-123", fingerprint="POST /x/", done=True, status=200,
        created_at=timezone.now() - timedelta(days=1, minutes=1))
    monkeypatch.setattr(idempotency, "_last_prune", 0.0)
    client_for(floor_user).post(reverse("bust", args=[tournament.pk, running[0].pk]),
                                HTTP_IDEMPOTENCY_KEY=KEY)
    assert not IdempotentRequest.objects.filter(pk=old.pk).exists()
    assert IdempotentRequest.objects.filter(key=KEY, done=True).exists()


@pytest.mark.django_db
def test_a_clock_pause_sent_twice_pauses_once(tournament, director):
    clock_start(tournament_id=tournament.pk, actor=director)
    client = client_for(director)
    url = reverse("clock_action", args=[tournament.pk, "pause"])
    first = client.post(url, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY)
    again = client.post(url, HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY=KEY)
    assert first.status_code == again.status_code and again.content == first.content
    assert AuditEvent.objects.filter(tournament=tournament, kind="clock_pause").count() == 1


def _patterns(resolver: URLResolver, prefix: str = ""):
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def _example_path(route: str, tournament_id: int) -> str:
    """A concrete path for a route: the tournament's id, else 1 or "x" for each converter."""
    import re

    def value(match: re.Match) -> str:
        kind, name = match.group(1) or "str", match.group(2)
        if name == "tournament_id":
            return str(tournament_id)
        return "1" if kind == "int" else "x"

    path = re.sub(r"<(?:(\w+):)?(\w+)>", value, route)
    return "/" + path.lstrip("^").rstrip("$").replace("\\", "")


@pytest.mark.django_db
def test_every_write_route_answers_a_repeated_key_from_its_kept_answer(tournament, director):
    """Walks every URL pattern: a POST sent twice with one key is done at most once."""
    client = client_for(director)
    walked = acted = 0
    for route, _pattern in _patterns(get_resolver()):
        if route.startswith(("admin/", "^admin", "i18n/")) or "logout" in route \
                or "password" in route or "kiosk/start" in route:
            continue  # these end the session (a kiosk signs its staff member out): the
            # repeat is nobody's
        path = _example_path(route, tournament.pk)
        key = f"walk-{walked:06d}-key"
        events = AuditEvent.objects.count()
        first = client.post(path, HTTP_IDEMPOTENCY_KEY=key)
        after_first = AuditEvent.objects.count()
        again = client.post(path, HTTP_IDEMPOTENCY_KEY=key)
        walked += 1
        acted += after_first > events
        assert AuditEvent.objects.count() == after_first, path
        if first.status_code not in idempotency.NOT_KEPT and first.status_code < 500 \
                and not first.streaming:
            assert again.get("Idempotent-Replayed") == "true", path
            assert again.status_code == first.status_code, path
    assert walked > 80 and acted >= 1
