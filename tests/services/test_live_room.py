"""Issue 8, services: seats before the first hand, one pending move per player,
undo that always works and redo, stale screens, hand-for-hand at the bubble,
tables and seats, moves that explain themselves."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from tables.models import Move, Table
from tables.services import busts, floor, tables_add
from tables.services.tables import (
    table_set_break_order,
    table_set_button,
    table_set_seats,
    tables_remove,
)
from tournament.models import AuditEvent, Clock, Entry, Payment, Tournament
from tournament.selectors.payouts import field_figures
from tournament.services import registration as reg
from tournament.services import unregister
from tournament.services.base import ServiceError
from tournament.services.clock import clock_add_time, clock_pause, clock_start
from tournament.services.tournaments import tournament_update
from tournament.services.undo import event_undo, undo_blockers, undo_refusal

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


def register(t, director, count: int, seed: int = 1, start: int = 0) -> list[Entry]:
    rng = random.Random(seed)
    return [reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"P{start + i:03d}",
                               rng=rng) for i in range(count)]


def counts(t) -> dict[int, int]:
    found: dict[int, int] = {}
    for n in Entry.objects.filter(tournament=t, status="seated").values_list("table__number",
                                                                              flat=True):
        found[n] = found.get(n, 0) + 1
    return found


def pending(t):
    return Move.objects.filter(tournament=t, status="pending")


def assert_sound(t):
    seats = list(Entry.objects.filter(tournament=t, status="seated").values_list("table_id", "seat"))
    assert len(seats) == len(set(seats)), "a seat is held twice"
    places = sorted(Entry.objects.filter(tournament=t, finish_place__isnull=False)
                    .values_list("finish_place", flat=True))
    live = Entry.objects.filter(tournament=t, status__in=Entry.LIVE_STATUSES).count()
    assert places == list(range(live + 1, live + 1 + len(places))) or (
        places == list(range(1, len(places) + 1)) and live == 0)
    entries = list(pending(t).values_list("entry_id", flat=True))
    assert len(entries) == len(set(entries)), "a player has two pending moves"


# -- Seats before the first hand -------------------------------------------------------------

@pytest.mark.django_db
def test_registrations_before_the_start_fill_the_fewest_tables_and_move_nobody(tournament,
                                                                                director):
    tables_add(actor=director, tournament_id=tournament.pk, count=6)
    register(tournament, director, 39)
    assert not pending(tournament).exists()
    assert not Table.objects.filter(tournament=tournament, halted=True).exists()
    assert sorted(counts(tournament).values()) == [3, 9, 9, 9, 9]  # five tables hold 39
    seats_before = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "seat"))
    assert len(seats_before) == 39


@pytest.mark.django_db
def test_the_start_balances_once_with_the_fewest_moves(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=6)
    register(tournament, director, 39)
    event = clock_start(tournament_id=tournament.pk, actor=director)
    assert sorted(counts(tournament).values()) == [7, 8, 8, 8, 8]
    moves = list(pending(tournament).select_related("to_table"))
    assert len(moves) == 4 and event.payload["plan"]["moves"] == 4  # 9,9,9,9,3 -> 8,8,8,8,7
    assert all(m.caused_by_id == event.pk for m in moves)
    assert not Table.objects.filter(tournament=tournament, halted=True).exists()
    for m in moves:  # the seat page and the reprinted card read the entry's seat
        entry = Entry.objects.get(pk=m.entry_id)
        assert (entry.table_id, entry.seat) == (m.to_table_id, m.to_seat)
    clock_pause(tournament_id=tournament.pk, actor=director)
    clock_start(tournament_id=tournament.pk, actor=director)  # a resume balances nothing
    assert pending(tournament).count() == 4


@pytest.mark.django_db
def test_the_draw_before_the_start_moves_nobody(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=6)
    reg.entries_import(actor=director, tournament_id=tournament.pk,
                       names=[f"N{i}" for i in range(30)])
    reg.seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(2))
    register(tournament, director, 9, start=100)
    assert not pending(tournament).exists()
    assert not Table.objects.filter(tournament=tournament, halted=True).exists()


# -- One pending move per player ---------------------------------------------------------------

@pytest.mark.django_db
def test_a_moving_player_is_not_picked_again_and_a_break_updates_the_move_in_place(
        make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 16, seed=4)
    clock_start(tournament_id=t.pk, actor=director)
    for n in (1, 2, 3):  # every button known: balancing moves the player due the big blind
        table_set_button(actor=director, tournament_id=t.pk, table_number=n, seat=1)
    rng = random.Random(5)
    for _ in range(6):
        victim = Entry.objects.filter(tournament=t, status="seated").order_by("?").first()
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk, rng=rng)
        assert_sound(t)
    updated = [e.payload["plan"].get("updated") for e in
               AuditEvent.objects.filter(tournament=t, kind="entry_busted")]
    for changes in filter(None, updated):
        for change in changes:
            move = Move.objects.get(pk=change["move"])
            assert [move.from_table.number, move.from_seat] == change["from"]
            if not change.get("withdrawn"):
                assert [move.to_table.number, move.to_seat] == change["to"]


@pytest.mark.django_db
def test_a_pending_move_is_updated_in_place_when_its_table_breaks(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)  # 6/6/2 before the start
    clock_start(tournament_id=t.pk, actor=director)  # 5/5/4: two players move to table 3
    moving = list(pending(t))
    assert len(moving) == 2 and {m.to_table.number for m in moving} == {3}
    # Two busts elsewhere: 12 players fit two tables, table 3 breaks (highest number first).
    for table in (1, 2):
        victim = Entry.objects.filter(tournament=t, status="seated", table__number=table).exclude(
            pk__in=[m.entry_id for m in moving]).first()
        result = busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk,
                                  rng=random.Random(table))
    assert result.plan.breaks == (3,)
    changes = result.event.payload["plan"]["updated"]
    assert {c["move"] for c in changes} == {m.pk for m in moving}
    for before in moving:
        after = Move.objects.get(pk=before.pk)
        entry = Entry.objects.get(pk=before.entry_id)
        assert (after.from_table_id, after.from_seat) == (before.from_table_id, before.from_seat)
        if after.status == "pending":
            assert (after.to_table_id, after.to_seat) == (entry.table_id, entry.seat)
            assert after.to_table.number != 3 and after.reason == "break"
        else:  # drawn back into the seat never left
            assert after.status == "cancelled"
            assert (entry.table_id, entry.seat) == (before.from_table_id, before.from_seat)
    assert_sound(t)


# -- Undo and redo --------------------------------------------------------------------------------

def _bust(t, director, entry, **kw):
    return busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk, **kw)


@pytest.mark.django_db
def test_undo_of_a_bust_whose_seat_an_alternate_took_gives_a_legal_seat_as_a_move(
        make_tournament, director):
    t = make_tournament(seats_per_table=2, final_table_size=2)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries = register(t, director, 5)  # four seated, one waiting
    assert entries[4].status == "waiting"
    victim = Entry.objects.get(pk=entries[0].pk)
    seat = (victim.table.number, victim.seat)
    result = _bust(t, director, victim)
    alternate = Entry.objects.get(pk=entries[4].pk)
    assert (alternate.table.number, alternate.seat) == seat  # the alternate sits there now
    assert result.event.payload["seated"]["entries"] == [alternate.pk]
    assert undo_refusal(result.event) is None
    undone = event_undo(actor=director, tournament_id=t.pk, event_id=result.event.pk)
    victim.refresh_from_db()
    assert undone.kind == "entry_bust_undone" and not undone.payload["own_seat"]
    # He never busted, so he is seated: every seat is taken, so a table takes him one
    # over its size, and the floor is told. The alternate keeps the seat he paid for.
    alternate.refresh_from_db()
    assert (alternate.status, alternate.table.number, alternate.seat) == ("seated", *seat)
    assert victim.status == "seated" and victim.finish_place is None
    table = victim.table
    assert (table.capacity, table.extra_seat, victim.seat) == (3, 3, 3)
    assert undone.payload["extra_seat"] and "one over the table's size" in " ".join(
        undone.payload["warnings"])
    assert_sound(t)


@pytest.mark.django_db
def test_undo_of_a_bust_when_a_moved_player_took_the_seat_draws_a_seat_and_a_move(
        make_tournament, director):
    t = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 20)
    victim = Entry.objects.filter(tournament=t, table__number=1).first()
    seat = victim.seat
    result = _bust(t, director, victim)
    other = Entry.objects.filter(tournament=t, table__number=2, status="seated").first()
    floor.entry_move(actor=director, tournament_id=t.pk, entry_id=other.pk, table_number=1,
                     seat=seat)
    undone = event_undo(actor=director, tournament_id=t.pk, event_id=result.event.pk)
    victim.refresh_from_db()
    assert victim.status == "seated" and (victim.table.number, victim.seat) != (1, seat)
    move = Move.objects.get(pk=undone.payload["move"])
    assert (move.from_table.number, move.from_seat) == (1, seat)
    assert (move.to_table_id, move.to_seat, move.status) == (victim.table_id, victim.seat,
                                                            "pending")
    assert_sound(t)


@pytest.mark.django_db
def test_undo_of_the_winning_bust_reopens_the_tournament(make_tournament, director,
                                                         time_machine):
    time_machine.move_to(T0, tick=False)
    t = make_tournament(final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    ada, bob, cleo = register(t, director, 3)
    clock_start(tournament_id=t.pk, actor=director)
    _bust(t, director, ada)
    final = _bust(t, director, bob)
    t.refresh_from_db()
    assert t.status == "finished" and final.winner.pk == cleo.pk
    assert Entry.objects.get(pk=cleo.pk).payout > 0
    assert undo_blockers(t, [AuditEvent.objects.get(kind="entry_busted", payload__entry=ada.pk)]
                         ) != {}
    first = AuditEvent.objects.get(kind="entry_busted", payload__entry=ada.pk)
    assert undo_refusal(first) == "Undo the bust that ended the tournament first."
    event_undo(actor=director, tournament_id=t.pk, event_id=final.event.pk)
    t.refresh_from_db()
    assert t.status == "running" and t.finished_at is None
    assert set(Entry.objects.filter(tournament=t, status="seated").values_list("pk", flat=True)
               ) == {bob.pk, cleo.pk}
    assert sum(Entry.objects.filter(tournament=t).values_list("payout", flat=True)) == 0
    assert Entry.objects.get(pk=ada.pk).finish_place == 3
    time_machine.move_to(T0 + timedelta(minutes=1), tick=False)
    clock = Clock.objects.get(tournament=t)
    assert not clock.running
    clock_start(tournament_id=t.pk, actor=director)  # resumable
    again = _bust(t, director, cleo)
    assert again.winner.pk == bob.pk


@pytest.mark.django_db
def test_redo_of_a_bust_and_of_a_registration(make_tournament, director):
    t = make_tournament()
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries = register(t, director, 12)
    bust = _bust(t, director, entries[0])
    undone = event_undo(actor=director, tournament_id=t.pk, event_id=bust.event.pk)
    assert Entry.objects.get(pk=entries[0].pk).status == "seated"
    redone = event_undo(actor=director, tournament_id=t.pk, event_id=undone.pk)
    assert redone.kind == "entry_busted" and redone.payload["place"] == 12
    assert Entry.objects.get(pk=entries[0].pk).finish_place == 12
    registered = AuditEvent.objects.get(kind="entry_registered", payload__entry=entries[5].pk)
    unregistered = event_undo(actor=director, tournament_id=t.pk, event_id=registered.pk)
    assert unregistered.kind == "entry_unregistered"
    registered.refresh_from_db()
    assert registered.undone_by_id == unregistered.pk
    assert field_figures(t).prize_pool == 11 * t.buy_in
    restored = event_undo(actor=director, tournament_id=t.pk, event_id=unregistered.pk)
    assert restored.kind == "entry_reinstated"
    assert Entry.objects.get(pk=entries[5].pk).status == "seated"
    assert field_figures(t).prize_pool == 12 * t.buy_in
    assert_sound(t)


@pytest.mark.django_db
def test_undo_of_a_registration_while_someone_waits_links_its_own_event(make_tournament,
                                                                       director):
    t = make_tournament(seats_per_table=2, final_table_size=2)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    entries = register(t, director, 3)
    clock_start(tournament_id=t.pk, actor=director)  # before it, the seat waits for the draw
    registered = AuditEvent.objects.get(kind="entry_registered", payload__entry=entries[0].pk)
    inverse = event_undo(actor=director, tournament_id=t.pk, event_id=registered.pk)
    assert inverse.kind == "entry_unregistered" and inverse.payload["entry"] == entries[0].pk
    assert inverse.payload["seated"]["entries"] == [entries[2].pk]
    assert not AuditEvent.objects.filter(kind="waiting_list_seated").exists()


@pytest.mark.django_db
def test_entry_reinstate_takes_the_buy_in_back_and_the_old_seat(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = register(tournament, director, 3)[1]
    seat = (entry.table_id, entry.seat)
    unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)
    assert field_figures(tournament).prize_pool == 2 * tournament.buy_in
    event = unregister.entry_reinstate(actor=director, tournament_id=tournament.pk,
                                       entry_id=entry.pk)
    entry.refresh_from_db()
    assert event.kind == "entry_reinstated" and (entry.table_id, entry.seat) == seat
    assert field_figures(tournament).prize_pool == 3 * tournament.buy_in
    with pytest.raises(ServiceError, match="Only an unregistered entry"):
        unregister.entry_reinstate(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)


@pytest.mark.django_db
def test_undo_of_clock_table_and_manual_move_actions(tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries = register(tournament, director, 10)
    clock_start(tournament_id=tournament.pk, actor=director)
    added = clock_add_time(tournament_id=tournament.pk, actor=director, seconds=120)
    assert added.payload["after"]["seconds_left"] == 720
    back = event_undo(actor=director, tournament_id=tournament.pk, event_id=added.pk)
    assert back.payload["after"]["seconds_left"] == 600
    start = AuditEvent.objects.get(kind="clock_start")
    assert undo_refusal(start) is None  # nothing but clock actions since the start
    button = table_set_button(actor=director, tournament_id=tournament.pk, table_number=1, seat=4)
    event_undo(actor=director, tournament_id=tournament.pk, event_id=button.pk)
    assert Table.objects.get(tournament=tournament, number=1).button is None
    assert undo_refusal(start) == (
        "Hands have been played since the start: pause the clock instead.")
    with pytest.raises(ServiceError, match="pause the clock instead"):
        event_undo(actor=director, tournament_id=tournament.pk, event_id=start.pk)
    order = table_set_break_order(actor=director, tournament_id=tournament.pk, table_number=1,
                                  order=50)
    event_undo(actor=director, tournament_id=tournament.pk, event_id=order.pk)
    assert Table.objects.get(tournament=tournament, number=1).break_order == 1
    extra = tables_add(actor=director, tournament_id=tournament.pk, count=2)
    event_undo(actor=director, tournament_id=tournament.pk, event_id=extra.pk)
    assert not Table.objects.filter(tournament=tournament, number__in=[3, 4]).exists()
    mover = Entry.objects.get(pk=entries[0].pk)
    home = (mover.table.number, mover.seat)
    free = next(s for s in range(1, 10) if not Entry.objects.filter(
        table__number=2, table__tournament=tournament, seat=s, status="seated").exists())
    moved = floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=mover.pk,
                             table_number=2, seat=free)
    event_undo(actor=director, tournament_id=tournament.pk, event_id=moved.pk)
    mover.refresh_from_db()
    assert (mover.table.number, mover.seat) == home


@pytest.mark.django_db
def test_undo_refused_is_not_offered_and_writes_nothing(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = register(tournament, director, 4)[0]
    bust = _bust(tournament, director, entry)
    registered = AuditEvent.objects.get(kind="entry_registered", payload__entry=entry.pk)
    blockers = undo_blockers(tournament, [registered, bust.event])
    assert blockers[registered.pk] == "The player is no longer in the tournament."
    assert blockers[bust.event.pk] is None
    count = AuditEvent.objects.count()
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        event_undo(actor=director, tournament_id=tournament.pk, event_id=registered.pk)
    assert AuditEvent.objects.count() == count


@pytest.mark.django_db
def test_tournament_update_changes_settings_and_refuses_fixed_ones(tournament, director):
    event = tournament_update(actor=director, tournament_id=tournament.pk,
                              values={"name": "Sunday Major", "hand_for_hand_at": 12})
    assert event.payload == {"before": {"name": "Test Event", "hand_for_hand_at": 0},
                             "after": {"name": "Sunday Major", "hand_for_hand_at": 12}}
    assert tournament_update(actor=director, tournament_id=tournament.pk,
                             values={"name": "Sunday Major"}) is None
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    register(tournament, director, 1)
    with pytest.raises(ServiceError, match="cannot change once players have entered"):
        tournament_update(actor=director, tournament_id=tournament.pk, values={"buy_in": 500})
    with pytest.raises(ServiceError, match="between 2 and 12"):
        tournament_update(actor=director, tournament_id=tournament.pk,
                          values={"final_table_size": 40})
    tournament.refresh_from_db()
    assert (tournament.name, tournament.buy_in, tournament.final_table_size) == (
        "Sunday Major", 100, 9)


# -- Stale screens ------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_bust_from_a_stale_screen_is_refused_with_what_changed(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries = register(tournament, director, 10)
    entry = Entry.objects.get(pk=entries[0].pk)
    shown = (entry.table.number, entry.seat)
    other_table = 2 if shown[0] == 1 else 1
    free = next(s for s in range(1, 10) if not Entry.objects.filter(
        table__tournament=tournament, table__number=other_table, seat=s, status="seated").exists())
    floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                     table_number=other_table, seat=free)
    events = AuditEvent.objects.count()
    with pytest.raises(ServiceError, match=f"has moved to table {other_table} seat {free}"):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                         expected_table=shown[0], expected_seat=shown[1])
    assert Entry.objects.get(pk=entry.pk).status == "seated"
    assert AuditEvent.objects.count() == events
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                     expected_table=other_table, expected_seat=free)


@pytest.mark.django_db
def test_confirming_a_withdrawn_or_changed_move_is_refused(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)
    start = clock_start(tournament_id=t.pk, actor=director)
    move = pending(t).first()
    with pytest.raises(ServiceError, match="changed since your screen was loaded: it now goes to"):
        floor.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk,
                           expected_to_table=move.to_table.number, expected_to_seat=99)
    assert Move.objects.get(pk=move.pk).status == "pending"
    # Undoing the start withdraws its moves: each player is back in the seat they held.
    event_undo(actor=director, tournament_id=t.pk, event_id=start.pk)
    victim = Entry.objects.get(pk=move.entry_id)
    assert (victim.table_id, victim.seat) == (move.from_table_id, move.from_seat)
    with pytest.raises(ServiceError, match="was withdrawn since your screen was loaded"):
        floor.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk)


@pytest.mark.django_db
def test_seating_into_a_seat_just_taken_names_who_took_it(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    a, b = register(tournament, director, 2)
    b.refresh_from_db()
    with pytest.raises(ServiceError, match=f"seat {b.seat} is taken \\(by P001\\)"):
        floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=a.pk,
                         table_number=b.table.number, seat=b.seat)


# -- Hand-for-hand at the bubble -------------------------------------------------------------

@pytest.mark.django_db
def test_hand_for_hand_is_prompted_at_the_bubble_and_ends_by_itself(make_tournament, director,
                                                                    time_machine):
    time_machine.move_to(T0, tick=False)
    t = make_tournament(hand_for_hand_pauses_clock=True)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    register(t, director, 12)  # 12 entries pay 2 places: the bubble is at 3 players left
    clock_start(tournament_id=t.pk, actor=director)
    assert floor.hand_for_hand_threshold(t) == 3
    rng = random.Random(3)
    prompted = None
    while Entry.objects.filter(tournament=t, status="seated").count() > 3:
        victim = Entry.objects.filter(tournament=t, status="seated").first()
        prompted = _bust(t, director, victim, rng=rng)
    assert prompted.event.payload.get("hand_for_hand_due") is True
    assert floor.hand_for_hand_prompt(Tournament.objects.get(pk=t.pk))
    on = floor.hand_for_hand_set(actor=director, tournament_id=t.pk, on=True)
    assert on.payload["clock"] == "paused" and not Clock.objects.get(tournament=t).running
    victim = Entry.objects.filter(tournament=t, status="seated").first()
    burst = _bust(t, director, victim, rng=rng)
    assert burst.event.payload.get("bubble_burst") is True
    # Issue 21: that bust ends hand-for-hand itself (TDA), with no Next hand to tap.
    assert burst.event.payload["hand_for_hand_ended"]["clock"] == "resumed"
    t.refresh_from_db()
    assert not t.hand_for_hand and Clock.objects.get(tournament=t).running
    assert not floor.hand_for_hand_prompt(t)  # the bubble has burst


# -- Tables and seats -----------------------------------------------------------------------------

@pytest.mark.django_db
def test_remove_an_empty_table_and_undo_it(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    register(tournament, director, 4)
    with pytest.raises(ServiceError, match="not empty"):
        tables_remove(actor=director, tournament_id=tournament.pk, numbers=[1])
    removed = tables_remove(actor=director, tournament_id=tournament.pk, numbers=[3])
    assert not Table.objects.filter(tournament=tournament, number=3).exists()
    event_undo(actor=director, tournament_id=tournament.pk, event_id=removed.pk)
    assert Table.objects.get(tournament=tournament, number=3).break_order == 3


@pytest.mark.django_db
def test_duplicate_break_orders_are_refused(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    with pytest.raises(ServiceError, match="Table 3 has break order 3 already"):
        table_set_break_order(actor=director, tournament_id=tournament.pk, table_number=1, order=3)
    table_set_break_order(actor=director, tournament_id=tournament.pk, table_number=1, order=9)
    tables_add(actor=director, tournament_id=tournament.pk, count=7)  # table 9 gets another order
    orders = list(Table.objects.filter(tournament=tournament).values_list("break_order", flat=True))
    assert len(orders) == len(set(orders)) == 10


@pytest.mark.django_db
def test_blocked_and_accessible_seats(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries = register(tournament, director, 2)
    table_set_seats(actor=director, tournament_id=tournament.pk, table_number=2, blocked=[5],
                    accessible=[1])
    mover = Entry.objects.get(pk=entries[0].pk)
    with pytest.raises(ServiceError, match="seat 5 is blocked"):
        floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=mover.pk,
                         table_number=2, seat=5)
    reg.entry_set_accessible(actor=director, tournament_id=tournament.pk, entry_id=mover.pk,
                             needed=True)
    with pytest.raises(ServiceError, match="needs an accessible seat"):
        floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=mover.pk,
                         table_number=2, seat=3)
    floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=mover.pk,
                     table_number=2, seat=1)


@pytest.mark.django_db
def test_a_player_who_needs_it_is_registered_into_an_accessible_seat(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    for number in (1, 2):
        table_set_seats(actor=director, tournament_id=tournament.pk, table_number=number,
                        blocked=[], accessible=[9])
    register(tournament, director, 3)
    for i in range(8):  # whatever seat the draw would give, the accessible one is given
        entry = reg.entry_register(actor=director, tournament_id=tournament.pk,
                                   player_name=f"Wheels {i}", needs_accessible_seat=True,
                                   rng=random.Random(i))
        assert entry.needs_accessible_seat and entry.seat == 9
        unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)
    other = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Walker",
                               rng=random.Random(3))
    assert not other.needs_accessible_seat


@pytest.mark.django_db
def test_a_break_seats_a_player_who_needs_it_in_an_accessible_seat(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)
    clock_start(tournament_id=t.pk, actor=director)
    for move in pending(t):
        floor.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk)
    needy = Entry.objects.filter(tournament=t, table__number=3).first()
    reg.entry_set_accessible(actor=director, tournament_id=t.pk, entry_id=needy.pk, needed=True)
    free = {n: next(s for s in range(1, 7) if not Entry.objects.filter(
        table__tournament=t, table__number=n, seat=s, status="seated").exists()) for n in (1, 2)}
    for n in (1, 2):
        table_set_seats(actor=director, tournament_id=t.pk, table_number=n, blocked=[],
                        accessible=[free[n]])
    for table in (1, 2):  # two busts: table 3 breaks
        victim = Entry.objects.filter(tournament=t, status="seated", table__number=table).exclude(
            seat=free[table]).first()
        _bust(t, director, victim, rng=random.Random(table))
    needy.refresh_from_db()
    assert (needy.table.number, needy.seat) in {(1, free[1]), (2, free[2])}


# -- Moves explain themselves -------------------------------------------------------------------

@pytest.mark.django_db
def test_moves_say_why_with_the_rule(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)
    clock_start(tournament_id=t.pk, actor=director)
    move = pending(t).select_related("from_table").first()
    assert move.rule == "house:9-C"
    # No hand dealt, no button anywhere: the start draws the mover, and says so (issue 16).
    assert move.why == ("Balancing before the first hand: no button yet, the mover was drawn "
                        "at random (house rule 9-C)")
    assert "button was not known" not in move.why
    for table in (1, 2):
        victim = Entry.objects.filter(tournament=t, status="seated", table__number=table).first()
        _bust(t, director, victim, rng=random.Random(table))
    broke = list(Move.objects.filter(tournament=t, reason="break").select_related("from_table"))
    assert broke and {m.why for m in broke} == {
        "Table 3 breaks in the posted order (house rule 9-B)"}


# -- Query counts -----------------------------------------------------------------------------------

def _queries_for_one_registration(make_tournament, director, players: int, tables: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = make_tournament(name=f"R{players}", re_entry_allowed=True)
    tables_add(actor=director, tournament_id=t.pk, count=tables)
    reg.entries_import(actor=director, tournament_id=t.pk, names=[f"N{i}" for i in range(players)])
    reg.seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=director)
    with CaptureQueriesContext(connection) as ctx:
        reg.entry_register(actor=director, tournament_id=t.pk, player_name="Late Comer",
                           rng=random.Random(2))
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_a_registration_costs_the_same_queries_whatever_the_field(make_tournament, director):
    small = _queries_for_one_registration(make_tournament, director, 31, 4)
    large = _queries_for_one_registration(make_tournament, director, 499, 60)
    assert small == large


@pytest.mark.django_db
def test_unregister_payment_method_and_payments_add_up(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = register(tournament, director, 1)[0]
    with pytest.raises(ServiceError, match="payment method"):
        reg.entry_rebuy(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                        method="gold")
    assert Payment.objects.filter(entry=entry).count() == 1
    assert Tournament.objects.get(pk=tournament.pk).status == "planned"


def _queries_for_undo_blockers(make_tournament, director, players: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = make_tournament(name=f"U{players}")
    tables_add(actor=director, tournament_id=t.pk, count=players // 8 + 1)
    entries = register(t, director, players)
    clock_start(tournament_id=t.pk, actor=director)
    for entry in entries[: players // 4]:
        _bust(t, director, Entry.objects.get(pk=entry.pk), rng=random.Random(1))
    events = list(AuditEvent.objects.filter(tournament=t))
    with CaptureQueriesContext(connection) as ctx:
        blockers = undo_blockers(t, events)
    assert any(why is None for why in blockers.values())
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_which_undo_works_costs_the_same_queries_for_any_log(make_tournament, director):
    assert _queries_for_undo_blockers(make_tournament, director, 8) == (
        _queries_for_undo_blockers(make_tournament, director, 40))
