"""Full mode with Redis away: every write answers and holds, every screen answers from the database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tests.conftest import play
from tournament.models import AuditEvent, Entry, Heartbeat, PendingNotification
from tournament.runtime import broker
from tournament.runtime.cache import cache_repair, snapshot_key, tournament_version, version_key
from tournament.services import webhooks
from tournament.services.registration import entry_register

pytestmark = pytest.mark.django_db(transaction=True)

T0 = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def register(client, tournament, name, email=""):
    return client.post(reverse("registration_desk", args=[tournament.pk]),
                       {"name": name, "email": email, "method": "cash", "confirm_new": "1"},
                       HTTP_HX_REQUEST="true")


def players_shown(poll) -> str:
    html = poll.content.decode()
    start = html.index('data-stat="players">') + len('data-stat="players">')
    return html[start:html.index("<", start)]


def test_a_registration_answers_once_and_its_message_waits_for_the_broker(
    redis_away, tournament, director, cashier, caplog
):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    response = register(client_for(cashier), tournament, "Ada Chen", "ada@example.com")
    for n in range(3):
        assert register(client_for(cashier), tournament, f"Extra {n}").status_code == 200
    assert broker.sender.drain(10)
    # One line per dependency for the whole burst, not one per request.
    # (The burst began as the tournament was created, in the fixtures.)
    records = caplog.get_records("setup") + caplog.get_records("call")
    assert sorted(r.getMessage().split(" unreachable")[0] for r in records
                  if r.name == "tournament.runtime.outages") == ["Celery broker", "Redis cache"]

    assert response.status_code == 200
    entry = Entry.objects.get(player__name="Ada Chen")
    assert f"table {entry.table.number}, seat {entry.seat}" in response.content.decode()
    assert AuditEvent.objects.filter(kind="entry_registered").count() == 4
    # The seat message is kept for the reconcile, not lost and not sent.
    assert list(PendingNotification.objects.values_list("entry_id", "move_id", "enqueued_at")
                ) == [(entry.pk, None, None)]
    assert mail.outbox == []


def test_the_kept_messages_go_out_once_the_broker_takes_them(
    fresh_process_state, tournament, director, settings
):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Bo Li",
                           email="bo@example.com")
    mail.outbox.clear()
    PendingNotification.objects.create(entry=entry)

    # Embedded mode's broker is the process itself: it takes every task.
    assert broker.resend_pending_notifications() == 1
    assert PendingNotification.objects.count() == 0
    assert [m.to for m in mail.outbox] == [["bo@example.com"]]
    assert broker.resend_pending_notifications() == 0
    assert len(mail.outbox) == 1


def message_taken_by_the_broker(tournament, director, time_machine, name, email):
    """A seated player's message, kept and handed to the broker at T0 (not yet sent)."""
    from django.utils import timezone

    time_machine.move_to(T0, tick=False)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name=name,
                           email=email)
    mail.outbox.clear()
    return entry, PendingNotification.objects.create(entry=entry, enqueued_at=timezone.now())


def test_a_message_the_broker_took_waits_for_its_worker_and_is_sent_once(
    fresh_process_state, tournament, director, settings, time_machine
):
    from tournament.tasks.clock import notify_seat

    entry, kept = message_taken_by_the_broker(tournament, director, time_machine,
                                              "Cy Wu", "cy@example.com")
    # Its worker may still send it: not yet.
    assert broker.resend_pending_notifications() == 0
    # A killed worker, a Redis restart: it is sent again, and only one copy goes out.
    time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_RESEND_SECONDS + 1), tick=False)
    assert broker.resend_pending_notifications() == 1
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "already sent"
    assert [m.to for m in mail.outbox] == [["cy@example.com"]]


def test_a_worker_killed_after_its_claim_leaves_the_message_for_the_reconcile(
    fresh_process_state, tournament, director, settings, time_machine
):
    from tournament.tasks.clock import notify_seat

    entry, kept = message_taken_by_the_broker(tournament, director, time_machine,
                                              "Di Ma", "di@example.com")
    # A worker took the task and claimed the message, then was killed before it sent.
    assert broker.claim_notification(kept.pk)
    # While the claim is fresh, neither the reconcile nor another copy sends it.
    assert broker.resend_pending_notifications() == 0
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "already sent"
    assert mail.outbox == []
    # A claim older than a live worker can hold it is a dead worker's: the message
    # goes out, once.
    time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_CLAIM_SECONDS + 1), tick=False)
    assert broker.resend_pending_notifications() == 1
    assert [m.to for m in mail.outbox] == [["di@example.com"]]
    assert PendingNotification.objects.count() == 0


def test_a_live_worker_slower_than_a_resend_keeps_its_claim(
    fresh_process_state, tournament, director, settings, time_machine
):
    """Under load a worker may take longer than a resend's wait between its claim
    and its send (a database lock, a slow mail server): the reconcile leaves the
    message to it, and no second copy goes out meanwhile."""
    from tournament.tasks.clock import notify_seat

    entry, kept = message_taken_by_the_broker(tournament, director, time_machine,
                                              "Fa Lu", "fa@example.com")
    assert broker.claim_notification(kept.pk)
    time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_RESEND_SECONDS + 1), tick=False)
    assert settings.NOTIFY_CLAIM_SECONDS > settings.NOTIFY_RESEND_SECONDS + 1
    assert broker.resend_pending_notifications() == 0
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "already sent"
    assert mail.outbox == []


def test_a_worker_killed_after_its_send_sends_the_same_message_again(
    fresh_process_state, tournament, director, settings, time_machine, monkeypatch
):
    """At least once: the mail server took the message, then the worker died before
    it forgot the kept copy. The copy goes out again as the same message (one
    Message-ID), which mail programs show once; the next copy sends nothing."""
    from tournament.tasks.clock import notify_seat

    entry, kept = message_taken_by_the_broker(tournament, director, time_machine,
                                              "Gu Yi", "gu@example.com")
    monkeypatch.setattr(broker, "notification_sent", lambda pk: None)  # killed here
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "sent"
    monkeypatch.undo()
    time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_CLAIM_SECONDS + 1), tick=False)
    assert broker.resend_pending_notifications() == 1
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "already sent"
    ids = {m.message()["Message-ID"] for m in mail.outbox}
    assert [m.to for m in mail.outbox] == [["gu@example.com"]] * 2
    assert ids == {broker.notice_message_id(kept.pk, entry.pk, None)}
    assert PendingNotification.objects.count() == 0


def test_a_mail_server_down_keeps_the_message_until_it_goes_out(
    fresh_process_state, tournament, director, settings, time_machine, monkeypatch
):
    from tournament.tasks.clock import notify_seat

    entry, kept = message_taken_by_the_broker(tournament, director, time_machine,
                                              "Ed Xu", "ed@example.com")

    def refused(*args, **kwargs):
        raise ConnectionRefusedError("mail server down")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refused)
    assert notify_seat.apply(args=(entry.pk, None, kept.pk)).get() == "kept"
    assert PendingNotification.objects.filter(pk=kept.pk, claimed_at=None).exists()
    monkeypatch.undo()
    # The reconcile tries again once a resend's wait has passed.
    assert broker.resend_pending_notifications() == 0
    time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_RESEND_SECONDS + 1), tick=False)
    assert broker.resend_pending_notifications() == 1
    assert [m.to for m in mail.outbox] == [["ed@example.com"]]
    assert PendingNotification.objects.count() == 0


def test_screens_poll_from_the_database_and_many_screens_cost_one_build(
    redis_away, tournament, director, django_assert_num_queries, monkeypatch
):
    # The memo holds an answer for a second; a loaded test machine may take
    # longer than that for forty requests, so hold it for the test's length.
    monkeypatch.setattr("tournament.views.clock.MEMO_SECONDS", 60.0)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    for n in range(3):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{n}")
    url = reverse("clock_state", args=[tournament.pk])

    first = Client().get(url)
    assert first.status_code == 200
    assert players_shown(first) == "3 / 3"
    # Forty more screens within the memo: not one more query.
    with django_assert_num_queries(0):
        for _ in range(40):
            assert players_shown(Client().get(url)) == "3 / 3"
    # A change made by this process shows at once, cache or no cache.
    entry_register(actor=director, tournament_id=tournament.pk, player_name="P3")
    assert players_shown(Client().get(url)) == "4 / 4"
    tv = Client().get(reverse("clock_tv", args=[tournament.pk]))
    assert tv.status_code == 200


def test_the_staff_version_counts_from_the_database(redis_away, tournament, director,
                                                    django_assert_num_queries):
    latest = AuditEvent.objects.filter(tournament=tournament).latest("id").pk
    assert tournament_version(tournament.pk) == latest
    with django_assert_num_queries(0):
        assert tournament_version(tournament.pk) == latest
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    assert tournament_version(tournament.pk) == latest + 1


def test_clock_actions_answer_and_a_level_start_is_recorded_once_by_the_screens(
    redis_away, make_tournament, director, time_machine
):
    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(levels=(play(100, 200, 1), play(200, 400, 1), play(300, 600, 1)))
    client = client_for(director)
    response = client.post(reverse("clock_action", args=[tournament.pk, "start"]),
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert AuditEvent.objects.filter(kind="clock_start").count() == 1

    # No worker can be told: the first screen to read the clock after the
    # boundary records it, stamped with the boundary, and only once.
    time_machine.move_to(T0 + timedelta(seconds=61), tick=False)
    url = reverse("clock_state", args=[tournament.pk])
    for _ in range(5):
        assert Client().get(url).status_code == 200
    assert client.get(reverse("tournament_console", args=[tournament.pk])).status_code == 200
    started = list(AuditEvent.objects.filter(kind="level_started")
                   .values_list("payload__level_index", "created_at"))
    assert started == [(1, T0 + timedelta(seconds=60))]


def test_healthz_says_redis_is_away_and_the_console_shows_the_banner(redis_away, director,
                                                                     tournament):
    response = Client().get(reverse("healthz"))
    # The site still serves: a load balancer keeps it in.
    assert response.status_code == 200
    report = response.json()
    assert report["status"] == "degraded"
    assert report["database"]["ok"] is True
    assert report["cache"]["ok"] is False
    assert report["broker"]["ok"] is False
    banner = client_for(director).get(reverse("healthz"), HTTP_HX_REQUEST="true")
    assert "Redis is unreachable: screens are still correct; notifications are delayed." in (
        banner.content.decode())
    console = client_for(director).get(reverse("tournament_console", args=[tournament.pk]))
    assert f'hx-get="{reverse("healthz")}"' in console.content.decode()


def test_healthz_reports_the_age_of_the_worker_and_beat(fresh_process_state, settings, db):
    from django.utils import timezone

    settings.FULL_MODE = True  # the cache stays the in-process one, the broker the eager one
    Heartbeat.objects.create(name="worker:a", role="worker",
                             seen_at=timezone.now() - timedelta(seconds=4))
    Heartbeat.objects.create(name="beat:b", role="beat",
                             seen_at=timezone.now() - timedelta(minutes=5))
    report = Client().get(reverse("healthz")).json()
    assert report["worker"]["ok"] is True and 3 <= report["worker"]["age_seconds"] <= 10
    assert report["beat"]["ok"] is False and report["beat"]["age_seconds"] >= 300
    assert report["status"] == "degraded"
    banner = Client().get(reverse("healthz"), HTTP_HX_REQUEST="true").content.decode()
    assert "The scheduler (beat) is not running" in banner


def test_healthz_in_the_embedded_mode_is_all_well(fresh_process_state, db):
    response = Client().get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert Client().get(reverse("healthz"), HTTP_HX_REQUEST="true").content.decode().strip() == ""


def test_the_reconcile_drops_screens_a_change_could_not_drop(fresh_process_state, tournament,
                                                            director):
    from django.core.cache import cache

    url = reverse("clock_state", args=[tournament.pk])
    Client().get(url)
    before = tournament_version(tournament.pk)
    # As if Redis had been away while a registration committed, and came back
    # with its old keys: the cached screens are one change behind.
    stale = {key: cache.get(key) for key in (snapshot_key(tournament.pk), version_key(tournament.pk))}
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Late")
    cache.set_many(stale)
    assert tournament_version(tournament.pk) == before

    assert cache_repair([tournament.pk]) == [tournament.pk]
    assert tournament_version(tournament.pk) > before
    assert cache_repair([tournament.pk]) == []


def test_staff_log_in_and_the_api_answers_with_redis_away(redis_away, tournament, director):
    client = Client()
    # A wrong password first: the lock-out counter lives in the cache.
    assert client.post(reverse("login"), {"username": "director", "password": "no"}
                       ).status_code == 200
    response = client.post(reverse("login"), {"username": "director", "password": "pw"})
    assert response.status_code == 302
    assert client.get(reverse("tournament_console", args=[tournament.pk])).status_code == 200
    api = Client().get(reverse("api_clock", args=[tournament.pk]))
    assert api.status_code == 200
    assert api.json()


def test_a_webhook_the_broker_lost_is_delivered_by_the_reconcile_once(
    fresh_process_state, tournament, settings, time_machine
):
    from django.utils import timezone

    from tests.services.test_webhooks import Receiver
    from tournament.models import WebhookDelivery, WebhookEndpoint

    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True  # the receiver listens on 127.0.0.1
    receiver = Receiver()
    try:
        time_machine.move_to(T0, tick=False)
        endpoint = WebhookEndpoint.objects.create(
            tournament=tournament, url=receiver.url, secret="s" * 32, events=["level"],
            created_at=timezone.now())
        delivery = WebhookDelivery.objects.create(endpoint=endpoint, tournament=tournament,
                                                  event="level",
                                                  payload={"event": "level"},
                                                  created_at=timezone.now())
        # Queued just now: its task may still come.
        assert webhooks.webhooks_reconcile() == 0
        time_machine.move_to(T0 + timedelta(seconds=settings.NOTIFY_RESEND_SECONDS + 1),
                             tick=False)
        assert webhooks.webhooks_reconcile() == 1
        delivery.refresh_from_db()
        assert delivery.status == WebhookDelivery.Status.DELIVERED
        assert len(receiver.received) == 1
        assert webhooks.webhooks_reconcile() == 0
        assert len(receiver.received) == 1
    finally:
        receiver.close()


def test_wrong_passwords_still_lock_the_account_while_redis_is_away(redis_away, director,
                                                                     settings):
    def attempt(password, address="10.0.0.7"):
        client = Client()
        response = client.post(reverse("login"), {"username": "director", "password": password},
                               REMOTE_ADDR=address)
        return response, "_auth_user_id" in client.session

    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        response, logged_in = attempt(f"wrong-{n}")
        assert response.status_code == 200 and not logged_in
    # The right password is refused too, from any address, until the lock-out ends.
    response, logged_in = attempt("pw", address="10.0.0.99")
    assert not logged_in
    assert "Too many failed logins" in response.content.decode()
    assert AuditEvent.objects.filter(kind="login_locked").count() == 1


def test_an_account_locked_before_redis_went_away_stays_locked(request, director, settings):
    def attempt(password, address="10.0.0.7"):
        client = Client()
        response = client.post(reverse("login"), {"username": "director", "password": password},
                               REMOTE_ADDR=address)
        return response, "_auth_user_id" in client.session

    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        attempt(f"wrong-{n}")
    request.getfixturevalue("redis_away")
    # Redis is gone: the lock-out is not.
    response, logged_in = attempt("pw", address="10.0.0.99")
    assert not logged_in
    assert "Too many failed logins" in response.content.decode()


def test_wrong_passwords_through_many_processes_lock_at_the_limit(redis_away, director,
                                                                  settings):
    """2 servers x 3 workers while Redis is away: each attempt lands on another process
    (nothing a process holds in memory carries over), and the limit is still one limit."""
    from tests.outage.conftest import _forget_process_state

    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        _forget_process_state()  # the next web process
        response = Client().post(reverse("login"), {"username": "director",
                                                    "password": f"wrong-{n}"},
                                 REMOTE_ADDR=f"10.0.0.{n + 10}")
        assert response.status_code == 200
    _forget_process_state()
    client = Client()
    response = client.post(reverse("login"), {"username": "director", "password": "pw"},
                           REMOTE_ADDR="10.0.0.99")
    assert "_auth_user_id" not in client.session
    assert "Too many failed logins" in response.content.decode()
