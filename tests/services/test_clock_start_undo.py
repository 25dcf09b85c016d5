"""Issue 8: undoing a mis-tapped Start takes the room back to before the start (status,
clock, the start's balance moves), and only while nothing but clock actions followed it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from tables.models import Move
from tables.services import busts, floor, tables_add
from tournament.models import AuditEvent, Clock, Entry, Tournament
from tournament.services import registration as reg
from tournament.services.base import ServiceError
from tournament.services.clock import (
    clock_add_time,
    clock_next_level,
    clock_pause,
    clock_resume,
    clock_start,
)
from tournament.services.undo import event_undo, undo_blockers, undo_refusal

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
HANDS_PLAYED = "Hands have been played since the start: pause the clock instead."


def seats(t) -> dict[int, tuple[int, int]]:
    return {pk: (table, seat) for pk, table, seat in Entry.objects.filter(
        tournament=t, status="seated").values_list("pk", "table_id", "seat")}


def reading(t) -> tuple:
    from tournament.services.base import clock_state, now, tournament_levels
    from tournament.services.clock import reading_payload

    clock = Clock.objects.get(tournament=t)
    r = reading_payload(tournament_levels(t), clock_state(clock), now())
    return (clock.running, clock.started, r["level_index"], r["seconds_left"])


@pytest.fixture
def room(make_tournament, director, time_machine):
    """Three tables of six, 14 players seated before the start: the start balances."""
    time_machine.move_to(T0, tick=False)
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    rng = random.Random(8)
    for i in range(14):
        reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:03d}", rng=rng)
    return t


@pytest.mark.django_db
def test_undoing_the_start_takes_the_room_back_to_before_it(room, director, time_machine):
    t = room
    clock_next_level(tournament_id=t.pk, actor=director)  # set before the start: level 2
    clock_add_time(tournament_id=t.pk, actor=director, seconds=-120)
    before_seats, before_clock = seats(t), reading(t)
    assert before_clock[:2] == (False, False)
    start = clock_start(tournament_id=t.pk, actor=director)
    moves = list(Move.objects.filter(caused_by=start))
    assert moves and seats(t) != before_seats  # the start balanced with moves
    assert Tournament.objects.get(pk=t.pk).status == "running"
    time_machine.move_to(T0 + timedelta(seconds=95), tick=False)
    assert undo_blockers(t, [start])[start.pk] is None
    events = AuditEvent.objects.count()

    undo = event_undo(actor=director, tournament_id=t.pk, event_id=start.pk)

    assert AuditEvent.objects.count() == events + 1
    assert undo.kind == "clock_start_undone" and undo.payload["moves_withdrawn"] == len(moves)
    assert AuditEvent.objects.get(pk=start.pk).undone_by_id == undo.pk
    assert Tournament.objects.get(pk=t.pk).status == "planned"
    assert reading(t) == before_clock  # not started, same level, same time left
    assert seats(t) == before_seats  # each player back in the seat they held
    assert set(Move.objects.filter(caused_by=start).values_list("status", flat=True)) == {
        "cancelled"}
    assert not Move.objects.filter(tournament=t, status="pending").exists()
    # The start can be made again, for real this time.
    clock_start(tournament_id=t.pk, actor=director)
    assert Tournament.objects.get(pk=t.pk).status == "running"
    assert Clock.objects.get(tournament=t).running


@pytest.mark.django_db
def test_clock_actions_after_the_start_do_not_stop_its_undo(room, director, time_machine):
    t = room
    before_clock = reading(t)
    start = clock_start(tournament_id=t.pk, actor=director)
    time_machine.move_to(T0 + timedelta(seconds=30), tick=False)
    pause = clock_pause(tournament_id=t.pk, actor=director)
    longer = clock_add_time(tournament_id=t.pk, actor=director, seconds=60)  # level now 630 s
    assert longer.payload["after"]["seconds_left"] == 630
    add = clock_next_level(tournament_id=t.pk, actor=director)
    assert undo_refusal(start) is None
    event_undo(actor=director, tournament_id=t.pk, event_id=start.pk)
    assert reading(t) == before_clock  # 600 s left: the level has its length back
    assert Tournament.objects.get(pk=t.pk).status == "planned"
    # The clock actions in between have nothing left to undo.
    blockers = undo_blockers(t, [pause, add])
    assert blockers == {pause.pk: "The clock has not started.",
                        add.pk: "The clock has not started."}
    with pytest.raises(ServiceError, match="The clock has not started."):
        event_undo(actor=director, tournament_id=t.pk, event_id=pause.pk)


def _bust(t, director):
    entry = Entry.objects.filter(tournament=t, status="seated").order_by("pk").last()
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk)


def _register(t, director):
    reg.entry_register(actor=director, tournament_id=t.pk, player_name="Late Comer",
                       rng=random.Random(2))


def _confirm(t, director):
    move = Move.objects.filter(tournament=t, status="pending").first()
    floor.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("action", [_bust, _register, _confirm], ids=["bust", "registration",
                                                                      "move confirmed"])
def test_the_start_is_not_undone_once_anything_but_the_clock_happened(room, director, action):
    t = room
    start = clock_start(tournament_id=t.pk, actor=director)
    action(t, director)
    after_seats = seats(t)
    pending = set(Move.objects.filter(tournament=t, status="pending").values_list("pk", flat=True))
    events = AuditEvent.objects.count()
    assert undo_blockers(t, [start])[start.pk] == HANDS_PLAYED
    with pytest.raises(ServiceError, match=HANDS_PLAYED):
        event_undo(actor=director, tournament_id=t.pk, event_id=start.pk)
    assert AuditEvent.objects.count() == events
    assert AuditEvent.objects.get(pk=start.pk).undone_by_id is None
    assert Tournament.objects.get(pk=t.pk).status == "running"
    assert Clock.objects.get(tournament=t).running
    assert seats(t) == after_seats
    assert set(Move.objects.filter(tournament=t, status="pending")
               .values_list("pk", flat=True)) == pending


@pytest.mark.django_db
def test_two_staff_at_once_one_undo_wins_and_a_bust_first_stops_it(room, director, floor_user):
    t = room
    start = clock_start(tournament_id=t.pk, actor=director)
    # Both screens show the Undo; the first tap undoes, the second is refused.
    assert undo_blockers(t, [start])[start.pk] is None
    event_undo(actor=director, tournament_id=t.pk, event_id=start.pk)
    events, before = AuditEvent.objects.count(), seats(t)
    with pytest.raises(ServiceError, match="That action is undone already."):
        event_undo(actor=floor_user, tournament_id=t.pk, event_id=start.pk)
    assert AuditEvent.objects.count() == events and seats(t) == before
    # Started again; the floor busts a player while the director's screen still shows Undo.
    again = clock_start(tournament_id=t.pk, actor=director)
    assert undo_blockers(t, [again])[again.pk] is None
    _bust(t, floor_user)
    with pytest.raises(ServiceError, match=HANDS_PLAYED):
        event_undo(actor=director, tournament_id=t.pk, event_id=again.pk)
    assert Tournament.objects.get(pk=t.pk).status == "running"


@pytest.mark.django_db
def test_undoing_a_resume_still_pauses(room, director):
    t = room
    clock_start(tournament_id=t.pk, actor=director)
    clock_pause(tournament_id=t.pk, actor=director)
    resume = clock_resume(tournament_id=t.pk, actor=director)
    pending = Move.objects.filter(tournament=t, status="pending").count()
    inverse = event_undo(actor=director, tournament_id=t.pk, event_id=resume.pk)
    assert inverse.kind == "clock_pause"
    assert not Clock.objects.get(tournament=t).running
    assert Tournament.objects.get(pk=t.pk).status == "running"
    assert Move.objects.filter(tournament=t, status="pending").count() == pending


@pytest.mark.django_db
def test_a_start_that_only_resumed_a_paused_clock_undoes_as_a_pause(room, director):
    t = room
    clock_start(tournament_id=t.pk, actor=director)
    clock_pause(tournament_id=t.pk, actor=director)
    resumed = clock_start(tournament_id=t.pk, actor=director)  # Start used as resume
    assert not resumed.payload.get("started")
    assert event_undo(actor=director, tournament_id=t.pk, event_id=resumed.pk).kind == (
        "clock_pause")
    assert Tournament.objects.get(pk=t.pk).status == "running"
