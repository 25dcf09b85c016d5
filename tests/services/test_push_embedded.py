"""Embedded mode (SQLite, Celery in process, no worker): pushes are sent there too, from
a thread of the process once the change commits (never in the floor's request), and a
failed send is retried after its backoff."""

from __future__ import annotations

import threading

import pytest
from celery import current_app

from tables.models import Move
from tables.services import busts, tables_add
from tournament.models import Entry
from tournament.runtime import in_process
from tournament.services.clock import clock_start
from tournament.services.push import seated_push_on_commit
from tournament.services.registration import entry_register
from tournament.tasks import push as push_tasks

from .test_push import subscribe


@pytest.mark.django_db(transaction=True)
def test_embedded_mode_pushes_a_move_and_a_bust_from_the_sender_thread(
        make_tournament, director, floor_user, push_service, monkeypatch):
    assert current_app.conf.task_always_eager  # the embedded default, as `make run` has it
    threads = []
    send = push_tasks._send

    def noting_thread(subscription, payload):
        threads.append(threading.current_thread().name)
        return send(subscription, payload)

    monkeypatch.setattr(push_tasks, "_send", noting_thread)
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    for e in Entry.objects.filter(tournament=t):
        subscribe(e, push_service.subscription(f"e{e.pk}"), language="zh-hans")
    clock_start(tournament_id=t.pk, actor=director)  # commits: the start's moves
    assert in_process.worker.drain(30)
    moves = list(Move.objects.filter(tournament=t, status="pending"))
    delivered = {r.path: r.message for r in push_service.delivered()}
    assert moves and {f"/ok/e{m.entry_id}" for m in moves} <= set(delivered)
    assert all("号桌" in delivered[f"/ok/e{m.entry_id}"]["title"] for m in moves)
    victim = Entry.objects.filter(tournament=t, status="seated").exclude(
        moves__status="pending").first()
    busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    assert in_process.worker.drain(30)
    out = [r.message for r in push_service.delivered() if r.path == f"/ok/e{victim.pk}"
           and r.message["kind"] == "out"]
    assert [m["title"] for m in out] == ["您的最终名次为第 14 名。"]
    # Every send ran on the in-process worker: no request waited on a push service.
    assert threads and set(threads) == {"floorman-in-process"}
    assert not push_service.refused


@pytest.mark.django_db(transaction=True)
def test_embedded_mode_retries_a_failed_push_after_its_backoff_and_drops_a_gone_one(
        make_tournament, director, push_service, monkeypatch):
    waits = []

    def backoff(attempt: int) -> float:
        waits.append(attempt)
        return 0.05  # the real 10, 20, 40 … seconds, shortened

    monkeypatch.setattr(push_tasks, "backoff_seconds", backoff)
    t = make_tournament(seats_per_table=6)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    flaky, gone = (entry_register(actor=director, tournament_id=t.pk, player_name=name)
                   for name in ("Flaky", "Gone"))
    subscribe(flaky, push_service.subscription("f", path="flaky"))
    subscribe(gone, push_service.subscription("g", path="gone"))
    seated_push_on_commit({flaky.pk: (1, 2), gone.pk: (1, 3)})  # autocommit: sent at once
    assert in_process.worker.drain(30)
    assert [(r.path, r.status) for r in push_service.received] == [
        ("/flaky/f", 500), ("/gone/g", 410), ("/flaky/f", 201)]
    assert waits == [1]  # one retry, of the failed message alone
    assert not Entry.objects.get(pk=gone.pk).push_subscriptions.exists()
    assert Entry.objects.get(pk=flaky.pk).push_subscriptions.exists()
