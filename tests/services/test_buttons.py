"""Balancing with the buttons (house 9C / TDA 2024 11), the button's age, and
hand-for-hand moving the buttons on (house 30 / TDA 2024 32)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from tables.domain.table import Table as SeatingTable
from tables.models import Move, Table
from tables.selectors.floor import recent_moves
from tables.services import busts, floor, tables_add
from tables.services.tables import table_set_button
from tournament.models import AuditEvent, Entry
from tournament.rulebook.button import next_hand
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, seats_draw

T0 = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)


@pytest.fixture
def room(make_tournament, director, time_machine):
    """17 players at two nine-seat tables (9 and 8), the clock running."""
    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:02d}" for i in range(17)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(5))
    clock_start(tournament_id=tournament.pk, actor=director)
    tournament.refresh_from_db()
    return tournament


def seats_of(table: Table) -> dict[int, int]:
    return dict(Entry.objects.filter(table=table, status="seated").values_list("seat", "pk"))


def short_and_full(tournament) -> tuple[Table, Table]:
    tables = sorted(Table.objects.filter(tournament=tournament), key=lambda t: len(seats_of(t)))
    return tables[0], tables[1]


def bust_at(tournament, director, table: Table, **kwargs):
    victim = min(seats_of(table).values())
    return busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=victim,
                            rng=random.Random(1), **kwargs)


@pytest.mark.django_db
def test_a_balance_with_unknown_buttons_waits_for_both_taps_then_moves_the_big_blind(
        room, director):
    short, full = short_and_full(room)
    result = bust_at(room, director, short)
    assert result.event.payload["plan"]["buttons_wanted"] == [full.number, short.number]
    assert not Move.objects.exists()  # nothing moves at random behind the floor's back
    assert set(Table.objects.filter(button_wanted=True).values_list("number", flat=True)) == {
        full.number, short.number}

    table_set_button(actor=director, tournament_id=room.pk, table_number=full.number,
                     seat=min(seats_of(full)))
    assert not Move.objects.exists()  # still waiting for the receiving table
    short_seats = seats_of(short)
    full_seats = seats_of(full)
    event = table_set_button(actor=director, tournament_id=room.pk, table_number=short.number,
                             seat=min(short_seats))
    move = Move.objects.get()
    giver = SeatingTable(full.number, 9, full_seats, button=min(full_seats))
    receiver = SeatingTable(short.number, 9, short_seats, button=min(short_seats))
    assert (move.entry_id, move.from_seat) == (full_seats[giver.next_big_blind_seat],
                                               giver.next_big_blind_seat)
    assert (move.to_table_id, move.to_seat) == (short.pk, receiver.worst_position)
    assert not move.random_pick and move.rule == "house:9-C"
    assert event.payload["plan"]["moves"] == 1
    assert not Table.objects.filter(button_wanted=True).exists()
    # The TV's move list marks the move as made by the big-blind rule.
    assert recent_moves(room.pk)["moves"][0]["big_blind_rule"] is True


@pytest.mark.django_db
def test_a_break_goes_ahead_at_once_and_the_balance_after_it_waits_for_the_buttons(
        make_tournament, director, time_machine):
    from tables.services.plans import PARKING_OFFSET, plan_and_apply

    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:02d}" for i in range(15)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(5))
    clock_start(tournament_id=tournament.pk, actor=director)
    Move.objects.all().delete()
    rows = {t.number: t for t in Table.objects.filter(tournament=tournament)}
    # 9, 4 and 2 players: the table that breaks first sends its two to the short
    # table, which is still three short of the full one: a balance must follow.
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number"))
    layout = [(1, s) for s in range(1, 10)] + [(2, s) for s in range(1, 5)] + [(3, 1), (3, 2)]
    for i, entry in enumerate(entries):  # park first: (table, seat) stays unique
        Entry.objects.filter(pk=entry.pk).update(seat=PARKING_OFFSET + i)
    for entry, (number, seat) in zip(entries, layout, strict=True):
        Entry.objects.filter(pk=entry.pk).update(table=rows[number], seat=seat)
    tournament.refresh_from_db()

    applied = plan_and_apply(tournament=tournament, cause=None, rng=random.Random(2),
                             ask_buttons=True)
    assert applied.plan.breaks == (3,)
    assert Table.objects.get(pk=rows[3].pk).status == Table.Status.BROKEN
    assert sorted(Move.objects.values_list("reason", flat=True)) == ["break", "break"]
    assert applied.buttons_wanted == (1, 2)
    assert set(Table.objects.filter(button_wanted=True).values_list("number", flat=True)) == {1, 2}

    full_seats = seats_of(rows[1])
    table_set_button(actor=director, tournament_id=tournament.pk, table_number=1, seat=1)
    table_set_button(actor=director, tournament_id=tournament.pk, table_number=2, seat=1)
    balance = Move.objects.get(reason="balance")
    giver = SeatingTable(1, 9, full_seats, button=1)
    assert (balance.entry_id, balance.from_seat) == (full_seats[giver.next_big_blind_seat],
                                                     giver.next_big_blind_seat)
    assert balance.to_table_id == rows[2].pk and not balance.random_pick
    assert not Table.objects.filter(button_wanted=True).exists()


@pytest.mark.django_db
def test_skipping_the_question_moves_a_player_at_random_and_says_so(room, director):
    short, _full = short_and_full(room)
    bust_at(room, director, short)
    event = floor.tables_balance(actor=director, tournament_id=room.pk, random_ok=True,
                                 rng=random.Random(3))
    move = Move.objects.get()
    assert move.random_pick and "picked at random" in move.why
    assert recent_moves(room.pk)["moves"][0]["big_blind_rule"] is False
    assert event.payload["random_ok"] is True
    assert not Table.objects.filter(button_wanted=True).exists()


@pytest.mark.django_db
def test_buttons_tapped_recently_balance_at_once_and_stale_ones_are_asked_again(
        room, director, time_machine):
    short, full = short_and_full(room)
    for table in (short, full):
        table_set_button(actor=director, tournament_id=room.pk, table_number=table.number,
                         seat=min(seats_of(table)))
    row = Table.objects.get(pk=full.pk)
    assert (row.button_set_at, row.button_set_level) == (T0, 1)

    time_machine.move_to(T0 + timedelta(minutes=room.button_fresh_minutes + 1), tick=False)
    result = bust_at(room, director, short)
    assert result.event.payload["plan"]["buttons_wanted"] == [full.number, short.number]
    assert not Move.objects.exists()


def play_to_level(tournament, director, number: int) -> None:
    from tables.services.state import current_level
    from tournament.services.clock import clock_next_level

    while current_level(tournament, T0) != number:
        clock_next_level(tournament_id=tournament.pk, actor=director)


@pytest.mark.django_db
@pytest.mark.parametrize(("levels_later", "asked"), [(0, False), (1, True)])
def test_a_button_tapped_in_level_3_is_known_in_level_3_and_asked_again_in_level_4(
        room, director, levels_later, asked):
    """Issue 16: a button set in an earlier level than the one played counts as
    unknown, however recent the tap (no time passes here)."""
    play_to_level(room, director, 3)
    short, full = short_and_full(room)
    for table in (short, full):
        table_set_button(actor=director, tournament_id=room.pk, table_number=table.number,
                         seat=min(seats_of(table)))
    assert Table.objects.get(pk=full.pk).button_set_level == 3
    play_to_level(room, director, 3 + levels_later)
    result = bust_at(room, director, short)
    if asked:
        assert result.event.payload["plan"]["buttons_wanted"] == [full.number, short.number]
        assert not Move.objects.exists()
    else:
        assert "buttons_wanted" not in result.event.payload["plan"]
        assert not Move.objects.get().random_pick  # the big-blind rule, at once


@pytest.mark.django_db
def test_a_fresh_button_is_used_and_a_bust_records_the_button_given(room, director,
                                                                    time_machine):
    short, full = short_and_full(room)
    table_set_button(actor=director, tournament_id=room.pk, table_number=full.number,
                     seat=min(seats_of(full)))
    time_machine.move_to(T0 + timedelta(minutes=5), tick=False)
    button = max(seats_of(short))
    result = bust_at(room, director, short, button=button)
    assert result.event.payload["button"] == button
    assert "buttons_wanted" not in result.event.payload["plan"]
    move = Move.objects.get()
    assert not move.random_pick
    row = Table.objects.get(pk=short.pk)
    assert (row.button, row.button_set_at) == (button, T0 + timedelta(minutes=5))


@pytest.mark.django_db
def test_a_late_registration_that_opens_a_table_asks_for_the_buttons_like_a_bust(room, director):
    from tournament.services.registration import entry_register

    entry_register(actor=director, tournament_id=room.pk, player_name="Late 1",
                   rng=random.Random(1))  # 9 and 9: both tables full
    tables_add(actor=director, tournament_id=room.pk, count=1)
    late = entry_register(actor=director, tournament_id=room.pk, player_name="Late 2",
                          rng=random.Random(1))
    assert late.table.number == 3  # alone at the new table: a balance is due (house 9-C)
    event = AuditEvent.objects.filter(kind="entry_registered").latest("id")
    # No hand is dealt at the new table: its button is not asked for (issue 22).
    assert sorted(event.payload["plan"]["buttons_wanted"]) == [1, 2]
    assert not Move.objects.exists()  # nobody picked at random behind the floor's back
    full_seats = seats_of(Table.objects.get(tournament=room, number=1))
    for number in (1, 2):
        table_set_button(actor=director, tournament_id=room.pk, table_number=number,
                         seat=min(seats_of(Table.objects.get(tournament=room, number=number))))
    moves = list(Move.objects.order_by("id"))
    assert moves and all(not m.random_pick and m.rule == "house:9-C" for m in moves)
    giver = SeatingTable(1, 9, full_seats, button=min(full_seats))
    assert full_seats[giver.next_big_blind_seat] in {m.entry_id for m in moves
                                                     if m.from_table.number == 1}


@pytest.mark.django_db
def test_a_bust_refuses_a_button_outside_the_table(room, director):
    from tournament.services.base import ServiceError

    short, _full = short_and_full(room)
    with pytest.raises(ServiceError):
        bust_at(room, director, short, button=10)
    assert Entry.objects.filter(status="busted").count() == 0
    assert not AuditEvent.objects.filter(kind="entry_busted").exists()


@pytest.mark.django_db
def test_hand_for_hand_next_hand_moves_every_known_button_by_the_dead_button_rule(
        room, director, time_machine):
    short, full = short_and_full(room)
    full_seats = sorted(seats_of(full))
    table_set_button(actor=director, tournament_id=room.pk, table_number=full.number,
                     seat=full_seats[0])
    floor.hand_for_hand_set(actor=director, tournament_id=room.pk, on=True)
    time_machine.move_to(T0 + timedelta(minutes=3), tick=False)
    # The big blind of this hand busts: next hand the small blind is dead
    # and the button moves to the old small blind (house 30 / TDA 2024 32).
    before = next_hand(full_seats, button=full_seats[0])  # sanity: the rule's own answer
    first = SeatingTable(full.number, 9, seats_of(full), button=full_seats[0])
    big_blind = first.positions[1]
    busts.entry_bust(actor=director, tournament_id=room.pk,
                     entry_id=seats_of(full)[big_blind], rng=random.Random(1))
    event = floor.hand_next(actor=director, tournament_id=room.pk)
    occupied = set(seats_of(Table.objects.get(pk=full.pk)))
    expected = next_hand(occupied, button=full_seats[0], previous_big_blind=big_blind,
                         previous_small_blind=first.positions[0], capacity=9)
    row = Table.objects.get(pk=full.pk)
    assert (row.button, row.small_blind, row.big_blind) == (
        expected.button, expected.small_blind, expected.big_blind)
    assert expected.small_blind_dead and expected.button == before.button
    assert row.button_set_at == T0 + timedelta(minutes=3)
    assert [full.number, expected.button] in event.payload["buttons"]
    # The table with no button known stays unknown.
    assert Table.objects.get(pk=short.pk).button is None

    floor.hand_next(actor=director, tournament_id=room.pk)
    again = next_hand(set(seats_of(row)), button=row.button, previous_big_blind=row.big_blind,
                      previous_small_blind=row.small_blind, capacity=9)
    assert Table.objects.get(pk=full.pk).button == again.button
