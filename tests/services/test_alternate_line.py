"""The alternate line (issue 23 item 2): join, call, pay and seat, pass over, close."""

from __future__ import annotations

import datetime as dt
import json
import threading

import pytest
from django.db import connection
from django.utils import timezone

from tables.services import busts, tables_add
from tournament.models import AuditEvent, Entry, LineSpot, PushSubscription
from tournament.services.base import ServiceError
from tournament.services.clock import clock_record_boundaries, clock_start
from tournament.services.line import (
    line_join,
    line_pass_over,
    line_reconcile,
    line_remove,
)
from tournament.services.registration import entry_register
from tournament.services.tournaments import tournament_update
from tournament.services.unregister import entry_unregister


@pytest.fixture
def full(make_tournament, director, django_capture_on_commit_callbacks):
    """Twelve players on two six-seat tables, play running: every seat taken."""
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    for i in range(12):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i:02d}")
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=t.pk, actor=director)
    return t


def join(t, name, **kw):
    return line_join(actor=None, tournament_id=t.pk, name=name,
                     email=kw.pop("email", f"{name.split()[-1].lower()}@example.com"), **kw)


def bust_one(t, floor_user, capture):
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("number").first()
    with capture(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    return victim


@pytest.mark.django_db
def test_a_full_flight_keeps_a_line_and_a_bust_calls_the_first(
        full, floor_user, django_capture_on_commit_callbacks):
    first, second = join(full, "Ann Alpha"), join(full, "Bob Bravo")
    assert [first.status, second.status] == ["waiting", "waiting"]
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == "called" and second.status == "waiting"
    assert first.call_deadline - first.called_at == dt.timedelta(minutes=5)
    event = AuditEvent.objects.filter(tournament=full, kind="line_called").get()
    assert event.payload["called"] == [{"spot": first.pk, "name": "Ann Alpha"}]
    assert "email" not in str(event.payload)  # no contact in the log nor the webhooks


@pytest.mark.django_db
def test_paying_at_the_desk_seats_the_called_with_a_full_stack(
        full, director, floor_user, django_capture_on_commit_callbacks):
    spot = join(full, "Ann Alpha")
    victim = bust_one(full, floor_user, django_capture_on_commit_callbacks)
    entry = entry_register(actor=director, tournament_id=full.pk, line_spot_id=spot.pk,
                           line_spot_seen="called")
    spot.refresh_from_db()
    assert spot.status == "seated" and spot.entry == entry
    assert entry.status == "seated" and entry.player.name == "Ann Alpha"
    assert entry.player.email == "alpha@example.com"
    assert entry.payments.get().chips == full.starting_stack
    # House rule 7: the seat the bust left, never between the small blind and the button
    # unless it is the only one (then dealt in once the button passes).
    assert (entry.table_id, entry.seat) == (victim.table_id, victim.seat)
    registered = AuditEvent.objects.filter(tournament=full, kind="entry_registered").latest("id")
    assert registered.payload["line_spot"] == spot.pk
    with pytest.raises(ServiceError, match="no longer as your screen shows"):
        entry_register(actor=director, tournament_id=full.pk, line_spot_id=spot.pk,
                       line_spot_seen="called")
    assert Entry.objects.filter(tournament=full, player__name="Ann Alpha").count() == 1


@pytest.mark.django_db
def test_a_walk_up_is_refused_while_alternates_are_in_line(full, director):
    join(full, "Ann Alpha")
    with pytest.raises(ServiceError, match="Alternates are in line"):
        entry_register(actor=director, tournament_id=full.pk, player_name="Walk Up")
    assert not Entry.objects.filter(player__name="Walk Up").exists()


@pytest.mark.django_db
def test_one_who_does_not_come_is_passed_over_and_the_next_called(
        full, floor_user, time_machine, django_capture_on_commit_callbacks):
    time_machine.move_to(timezone.now(), tick=False)
    first, second = join(full, "Ann Alpha"), join(full, "Bob Bravo")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    assert line_reconcile(tournament_id=full.pk) is None  # nothing due yet
    time_machine.shift(dt.timedelta(minutes=5, seconds=1))
    event = line_reconcile(tournament_id=full.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == "passed" and second.status == "called"
    assert event.kind == "line_passed" and event.payload["by"] == "deadline"
    assert line_reconcile(tournament_id=full.pk) is None  # once only


@pytest.mark.django_db
def test_the_desk_passes_over_and_removes_with_a_stale_screen_refused(
        full, director, floor_user, django_capture_on_commit_callbacks):
    first, second, third = (join(full, n) for n in ("Ann Alpha", "Bob Bravo", "Cy Charlie"))
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    with pytest.raises(ServiceError, match="no longer as your screen shows"):
        line_pass_over(actor=director, tournament_id=full.pk, spot_id=first.pk,
                       seen_status="waiting")
    line_pass_over(actor=director, tournament_id=full.pk, spot_id=first.pk, seen_status="called")
    assert LineSpot.objects.get(pk=second.pk).status == "called"
    line_remove(actor=director, tournament_id=full.pk, spot_id=second.pk, seen_status="called")
    assert LineSpot.objects.get(pk=third.pk).status == "called"
    with pytest.raises(ServiceError, match="not in line any more"):
        line_remove(actor=director, tournament_id=full.pk, spot_id=first.pk)


@pytest.mark.django_db
def test_an_unregistration_or_a_raised_cap_opens_a_place(
        make_tournament, director, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, entry_cap=3)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}")
               for i in range(3)]
    with pytest.raises(ServiceError, match="full"):
        entry_register(actor=director, tournament_id=t.pk, player_name="Too Many")
    a, b = join(t, "Ann Alpha"), join(t, "Bob Bravo")
    with django_capture_on_commit_callbacks(execute=True):
        entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    assert LineSpot.objects.get(pk=a.pk).status == "called"
    with django_capture_on_commit_callbacks(execute=True):
        tournament_update(actor=director, tournament_id=t.pk, values={"entry_cap": 4})
    assert LineSpot.objects.get(pk=b.pk).status == "called"


@pytest.mark.django_db
def test_joining_is_bounded(full, director):
    join(full, "Ann Alpha")
    with pytest.raises(ServiceError, match="already in line"):
        join(full, "  ann   ALPHA ")
    with pytest.raises(ServiceError, match="like this one"):
        join(full, "Ann Alpah")
    join(full, "Ann Alpah", confirm_look_alike=True)  # the desk knows they are two
    with pytest.raises(ServiceError, match="already has a live entry"):
        join(full, "Player 03")
    with pytest.raises(ServiceError, match="email or a phone"):
        line_join(actor=None, tournament_id=full.pk, name="No Contact")
    with pytest.raises(ServiceError, match="not an email"):
        line_join(actor=None, tournament_id=full.pk, name="Bad Mail", email="x@")
    with pytest.raises(ServiceError, match="at most"):
        line_join(actor=None, tournament_id=full.pk, name="x" * 121, phone="123")
    assert LineSpot.objects.filter(tournament=full).count() == 2


@pytest.mark.django_db
def test_seats_open_means_no_line(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    with pytest.raises(ServiceError, match="Seats are open"):
        join(t, "Ann Alpha")


@pytest.mark.django_db
def test_late_registration_closing_ends_the_line(
        full, floor_user, time_machine, django_capture_on_commit_callbacks):
    time_machine.move_to(timezone.now(), tick=False)
    first, second = join(full, "Ann Alpha"), join(full, "Bob Bravo")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    full.late_reg_end_level = 1
    full.save(update_fields=["late_reg_end_level"])
    time_machine.shift(dt.timedelta(minutes=10, seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        clock_record_boundaries(tournament_id=full.pk)
    assert set(LineSpot.objects.filter(tournament=full).values_list("status", flat=True)) == {
        "closed"}
    event = AuditEvent.objects.get(tournament=full, kind="line_closed")
    assert {row["spot"] for row in event.payload["told"]} == {first.pk, second.pk}


@pytest.mark.django_db
def test_a_phone_that_followed_the_line_follows_the_entry(
        full, director, floor_user, django_capture_on_commit_callbacks):
    spot = join(full, "Ann Alpha")
    PushSubscription.objects.create(spot=spot, endpoint="https://push.example/a",
                                    p256dh="k", auth="a")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    entry = entry_register(actor=director, tournament_id=full.pk, line_spot_id=spot.pk)
    assert PushSubscription.objects.get(spot=spot).entry == entry


@pytest.mark.django_db(transaction=True)
def test_two_desks_at_once_seat_one_alternate_once(
        make_tournament, director, floor_user):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    for i in range(6):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}")
    clock_start(tournament_id=t.pk, actor=director)
    spot = join(t, "Ann Alpha")
    victim = Entry.objects.filter(tournament=t, status="seated").first()
    busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    assert LineSpot.objects.get(pk=spot.pk).status == "called"
    results: list[str] = []

    def pay() -> None:
        try:
            entry_register(actor=director, tournament_id=t.pk, line_spot_id=spot.pk,
                           line_spot_seen="called")
            results.append("seated")
        except ServiceError as exc:
            results.append(exc.message)
        finally:
            connection.close()

    threads = [threading.Thread(target=pay) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results)[1] == "seated" and "no longer as your screen shows" in sorted(results)[0]
    assert Entry.objects.filter(tournament=t, player__name="Ann Alpha").count() == 1


@pytest.mark.django_db
def test_webhooks_hear_the_line_without_a_contact(full, director, floor_user, monkeypatch,
                                                  settings, django_capture_on_commit_callbacks):
    from tournament.models import WebhookDelivery
    from tournament.services import webhooks

    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    monkeypatch.setattr(webhooks, "start_background", lambda delivery_id: None)
    webhooks.webhook_add(actor=director, tournament_id=full.pk,
                         url="http://127.0.0.1:9/hook", events=["line"])
    with django_capture_on_commit_callbacks(execute=True):
        join(full, "Ann Alpha")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    deliveries = list(WebhookDelivery.objects.order_by("id"))
    assert [d.payload["event"] for d in deliveries] == ["line", "line"]
    assert [d.payload["data"].get("called") for d in deliveries] == [
        [], [{"spot": LineSpot.objects.get().pk, "name": "Ann Alpha"}]]
    assert "alpha@example.com" not in str([d.payload for d in deliveries])


@pytest.mark.django_db
def test_the_call_and_the_pass_over_are_pushed_signed_in_the_phones_language(
        full, floor_user, time_machine, django_capture_on_commit_callbacks):
    from django.test import Client
    from django.urls import reverse

    from tests.pushservice import PushService
    from tournament.player_links import line_page_path, line_token

    service = PushService()
    try:
        time_machine.move_to(timezone.now(), tick=False)
        spot = join(full, "Ann Alpha")
        token = line_token(tournament_id=full.pk, spot_id=spot.pk)
        answer = Client().post(reverse("line_push", args=[token]),
                               json.dumps({**service.subscription("ann"), "language": "zh-hans"}),
                               content_type="application/json")
        assert answer.status_code == 200
        bust_one(full, floor_user, django_capture_on_commit_callbacks)
        time_machine.shift(dt.timedelta(minutes=5, seconds=1))
        with django_capture_on_commit_callbacks(execute=True):
            line_reconcile(tournament_id=full.pk)
        called, passed = service.delivered()
        assert called.message["title"] == "有空位给您：请到登记台付款"
        assert "5 分钟" in called.message["body"]
        assert called.message["url"] == line_page_path(tournament_id=full.pk, spot_id=spot.pk)
        assert passed.message["kind"] == "line-passed" and "跳过" in passed.message["title"]
        assert not service.refused
    finally:
        service.close()


@pytest.mark.django_db
def test_a_removal_is_undone_back_to_the_same_place_and_only_once(full, director):
    from tournament.services.undo import event_undo, undo_refusal

    first, second = join(full, "Ann Alpha"), join(full, "Bob Bravo")
    removal = line_remove(actor=director, tournament_id=full.pk, spot_id=first.pk)
    inverse = event_undo(actor=director, tournament_id=full.pk, event_id=removal.pk)
    assert inverse.kind == "line_removed_undone"
    assert [s.name for s in LineSpot.objects.filter(status="waiting").order_by(
        "joined_at", "id")] == ["Ann Alpha", "Bob Bravo"]
    removal.refresh_from_db()
    assert undo_refusal(removal) == "That action is undone already."
    again = line_remove(actor=director, tournament_id=full.pk, spot_id=first.pk)
    join(full, "Ann Alpha")  # back in line by the form: the removal's undo has no place left
    assert undo_refusal(again) == "Ann Alpha is already in line."
    with pytest.raises(ServiceError, match="already in line"):
        event_undo(actor=director, tournament_id=full.pk, event_id=again.pk)
    assert LineSpot.objects.filter(name="Ann Alpha", status="waiting").count() == 1
    assert LineSpot.objects.get(pk=second.pk).status == "waiting"


@pytest.mark.django_db(transaction=True)
def test_two_rounds_at_once_call_one_player_for_one_place(make_tournament, director):
    from tournament.models import Tournament

    t = make_tournament(seats_per_table=6, entry_cap=2)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    for i in range(2):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}")
    for name in ("Ann Alpha", "Bob Bravo", "Cy Charlie"):
        join(t, name)
    Tournament.objects.filter(pk=t.pk).update(entry_cap=3)  # one place, no event: no call yet
    barrier = threading.Barrier(3)
    kinds: list[str | None] = []

    def round_() -> None:
        try:
            barrier.wait()
            event = line_reconcile(tournament_id=t.pk)
            kinds.append(event.kind if event else None)
        finally:
            connection.close()

    threads = [threading.Thread(target=round_) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kinds) == 3 and kinds.count("line_called") == 1 and kinds.count(None) == 2
    assert list(LineSpot.objects.filter(tournament=t, status="called")
                .values_list("name", flat=True)) == ["Ann Alpha"]


@pytest.mark.django_db
def test_a_worker_passes_over_at_the_deadline_and_beat_makes_good_a_lost_task(
        full, floor_user, settings, monkeypatch, time_machine,
        django_capture_on_commit_callbacks):
    from tournament.runtime import broker
    from tournament.tasks.line import line_deadline, line_reconcile_all

    time_machine.move_to(timezone.now(), tick=False)
    first, second = join(full, "Ann Alpha"), join(full, "Bob Bravo")
    sent = []
    monkeypatch.setattr(broker, "enqueue",
                        lambda name, *, args=(), eta=None: sent.append((name, args, eta)) or True)
    settings.CELERY_TASK_ALWAYS_EAGER = False  # full mode: a worker, not this process
    victim = Entry.objects.filter(tournament=full, status="seated").first()
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=full.pk, entry_id=victim.pk)
        line_reconcile(tournament_id=full.pk)  # what the worker does after the bust commits
    first.refresh_from_db()
    deadlines = [(args, eta) for name, args, eta in sent if name == "tournament.tasks.line_deadline"]
    assert deadlines == [((full.pk,), first.call_deadline + dt.timedelta(seconds=1))]
    time_machine.shift(dt.timedelta(minutes=5, seconds=1))
    assert line_deadline.apply(args=(full.pk,)).result == "line_passed"
    assert line_deadline.apply(args=(full.pk,)).result == "nothing due"  # idempotent
    assert LineSpot.objects.get(pk=second.pk).status == "called"
    time_machine.shift(dt.timedelta(minutes=5, seconds=1))  # Bob's task lost: beat's round
    assert line_reconcile_all.apply().result == 1
    assert LineSpot.objects.get(pk=second.pk).status == "passed"
