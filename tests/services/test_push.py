"""Web Push for real: a push service on 127.0.0.1 checks the VAPID signature and decrypts."""

from __future__ import annotations

import json

import pytest
from celery.exceptions import Retry
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tables.services import busts, tables_add
from tournament.models import Entry, PushSubscription
from tournament.player_links import player_page_path, player_token
from tournament.runtime import broker
from tournament.runtime.vapid import vapid_public_key
from tournament.services.clock import clock_start
from tournament.services.push import PUSH_SEND
from tournament.services.registration import entry_register
from tournament.tasks.push import push_send

pytestmark = pytest.mark.usefixtures("push_in_line")


@pytest.fixture
def sent_tasks(monkeypatch):
    """The push tasks sent (they still run, in process)."""
    sent = []
    original = broker.enqueue

    def counting(task_name, *, args=(), eta=None):
        if task_name == PUSH_SEND:
            sent.append(args[0])
        return original(task_name, args=args, eta=eta)

    monkeypatch.setattr(broker, "enqueue", counting)
    return sent


def subscribe(entry: Entry, subscription: dict, language: str = "en", client=None):
    token = player_token(tournament_id=entry.tournament_id, entry_id=entry.pk)
    return (client or Client()).post(reverse("player_push", args=[token]),
                                     json.dumps({**subscription, "language": language}),
                                     content_type="application/json")


@pytest.fixture
def registered(make_tournament, director):
    """Fourteen players registered on three six-seat tables; the clock not started."""
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    return t


@pytest.mark.django_db
def test_a_move_is_pushed_signed_and_encrypted_one_task_per_table(
        registered, director, push_service, sent_tasks, django_capture_on_commit_callbacks):
    entries = list(Entry.objects.filter(tournament=registered))
    for e in entries:
        assert subscribe(e, push_service.subscription(f"e{e.pk}")).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=registered.pk, actor=director)
    moves = list(Move.objects.filter(tournament=registered, status="pending")
                 .select_related("entry", "to_table"))
    assert moves and not push_service.refused
    assert len(sent_tasks) == len({m.to_table.number for m in moves})
    delivered = {r.path: r for r in push_service.delivered()}
    assert len(delivered) == len(moves)
    for move in moves:
        got = delivered[f"/ok/e{move.entry_id}"]
        assert got.message["title"] == f"Move to table {move.to_table.number}, seat {move.to_seat}"
        assert got.message["body"] == move.why and "house rule 9-C" in got.message["body"]
        assert got.message["url"] == player_page_path(tournament_id=registered.pk,
                                                      entry_id=move.entry_id)
        assert got.vapid_key == vapid_public_key()
        assert got.claims["aud"] == push_service.origin and got.ttl == "3600"


@pytest.mark.django_db
def test_a_chinese_page_gets_chinese_notices(registered, director, push_service,
                                              django_capture_on_commit_callbacks):
    for e in Entry.objects.filter(tournament=registered):
        subscribe(e, push_service.subscription(f"e{e.pk}"), language="zh-hans")
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=registered.pk, actor=director)
    message = push_service.delivered()[0].message
    assert "号桌" in message["title"] and "Move" not in message["title"]


@pytest.mark.django_db
def test_a_gone_subscription_is_dropped_and_a_failing_one_retried(
        registered, push_service, monkeypatch):
    retries = []

    def retry(*, args, countdown, **kwargs):
        retries.append((args, countdown))
        return Retry()

    monkeypatch.setattr(push_send._get_current_object(), "retry", retry)
    gone, missing, flaky = Entry.objects.filter(tournament=registered).order_by("number")[:3]
    for entry, kind in ((gone, "gone"), (missing, "missing"), (flaky, "flaky")):
        subscribe(entry, push_service.subscription(kind, path=kind))
    subscribe(flaky, push_service.subscription("tablet"))  # the same player's other browser
    facts = {"table": 2, "seat": 5, "from_table": 3, "why": {"en": "Balancing"}}
    with pytest.raises(Retry):
        push_send.apply(args=([[e.pk, "moved", facts] for e in (gone, missing, flaky)],))
    # Gone for good (410, 404): dropped. Failed (500): retried after a backoff, alone: to
    # the browser that failed, not to the tablet that got it.
    assert not PushSubscription.objects.filter(entry__in=[gone, missing]).exists()
    failing = PushSubscription.objects.get(entry=flaky, endpoint__contains="/flaky/").pk
    assert retries == [(([[flaky.pk, "moved", facts, [failing]]],), 10)]
    push_send.apply(args=retries[0][0])
    statuses = sorted((r.path, r.status) for r in push_service.received)
    assert statuses == [("/flaky/flaky", 201), ("/flaky/flaky", 500), ("/gone/gone", 410),
                        ("/missing/missing", 404), ("/ok/tablet", 201)]
    assert PushSubscription.objects.filter(entry=flaky).exists()


@pytest.mark.django_db
def test_a_bust_is_pushed_with_the_place(registered, director, floor_user, push_service,
                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=registered.pk, actor=director)
    victim = Entry.objects.filter(tournament=registered, status="seated").first()
    subscribe(victim, push_service.subscription("victim"))
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=registered.pk,
                                  entry_id=victim.pk)
    [got] = [r for r in push_service.delivered() if r.path == "/ok/victim"]
    assert got.message["title"] == "You finished in place 14."


@pytest.mark.django_db
def test_nobody_subscribed_sends_no_task(registered, director, sent_tasks,
                                         django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=registered.pk, actor=director)
    assert Move.objects.filter(tournament=registered).exists() and sent_tasks == []


@pytest.mark.django_db
def test_a_subscription_is_bounded_and_refused_clearly(registered, push_service):
    entry = Entry.objects.filter(tournament=registered).first()
    good = push_service.subscription("x")
    token = player_token(tournament_id=registered.pk, entry_id=entry.pk)
    url = reverse("player_push", args=[token])

    def post(body, path=url):
        return Client().post(path, body if isinstance(body, str) else json.dumps(body),
                             content_type="application/json")

    plain_http = {**good, "endpoint": "http://push.example.com/x"}
    assert "HTTPS" in post(plain_http).json()["error"]
    assert post({**good, "keys": {"p256dh": "abc", "auth": good["keys"]["auth"]}}
                ).status_code == 400
    assert post({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "!!"}}
                ).status_code == 400
    assert post("not json").status_code == 400
    assert post({"endpoint": 5, "keys": []}).status_code == 400
    assert post("x" * 10000).status_code == 400
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert post(good, reverse("player_push", args=[forged])).status_code == 404
    assert not PushSubscription.objects.exists()
    assert post(good).status_code == 200 and post(good).status_code == 200  # kept once
    assert PushSubscription.objects.filter(entry=entry).count() == 1
    assert post({**good, "unsubscribe": True}).status_code == 200
    assert not PushSubscription.objects.exists()
