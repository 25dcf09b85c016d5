"""Seating engine: house rules 6, 7 and 9 / TDA 2024 7, 8 and 10."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.domain.draw import card_strength, two_step_draw
from tables.domain.seating import (
    initial_layout,
    seat_randomly,
    seat_randomly_detailed,
    tables_needed,
)
from tables.domain.table import Table


@st.composite
def rooms(draw: st.DrawFn) -> tuple[list[Table], list[str]]:
    """Tables with some players already seated (buttons known or not) and newcomers."""
    capacity = draw(st.sampled_from([6, 8, 9, 10]))
    table_count = draw(st.integers(1, 12))
    tables = []
    for number in range(1, table_count + 1):
        occupied = draw(st.sets(st.integers(1, capacity), max_size=capacity))
        button = draw(st.none() | st.integers(1, capacity))
        seats = {seat: f"old-{number}-{seat}" for seat in occupied}
        tables.append(Table(number=number, capacity=capacity, seats=seats, button=button))
    open_total = sum(t.capacity - t.count for t in tables)
    newcomers = [f"new-{i}" for i in range(draw(st.integers(0, open_total + 5)))]
    return tables, newcomers


@settings(max_examples=200, deadline=None)
@given(room=rooms(), seed=st.integers(0, 2**32))
def test_rules_6_7_everyone_seated_once_in_open_seats_fewest_first(room, seed):
    tables, newcomers = room
    by_number = {t.number: t for t in tables}
    result = seat_randomly_detailed(newcomers, tables, random.Random(seed))
    open_total = sum(t.capacity - t.count for t in tables)

    seated = [a.entry for a in result.assignments]
    assert seated == newcomers[: min(len(newcomers), open_total)]
    assert list(result.waiting) == newcomers[len(seated) :]
    places = [(a.table, a.seat) for a in result.assignments]
    assert len(set(places)) == len(places)
    for a in result.assignments:
        table = by_number[a.table]
        assert 1 <= a.seat <= table.capacity
        assert a.seat not in table.seats

    # Emptiest first: a table that got a newcomer never ends more than one
    # above a table that still has an open seat.
    gained = Counter(a.table for a in result.assignments)
    final = {t.number: t.count + gained[t.number] for t in tables}
    for receiver in gained:
        for t in tables:
            if final[t.number] < t.capacity:
                assert final[receiver] <= final[t.number] + 1


@settings(max_examples=200, deadline=None)
@given(room=rooms(), seed=st.integers(0, 2**32))
def test_rule_7_small_blind_gap_used_only_when_nothing_else_is_open(room, seed):
    tables, newcomers = room
    by_number = {t.number: t for t in tables}
    result = seat_randomly_detailed(newcomers, tables, random.Random(seed))
    taken = {(a.table, a.seat) for a in result.assignments}
    for a in result.assignments:
        table = by_number[a.table]
        assert a.wait_for_button == table.between_sb_and_button(a.seat)
        if a.wait_for_button:
            other_open = [s for s in table.open_seats if not table.between_sb_and_button(s)]
            assert all((table.number, s) in taken for s in other_open)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(0, 400),
    capacity=st.sampled_from([6, 8, 9, 10]),
    seed=st.integers(0, 2**32),
)
def test_rule_6_start_of_play_counts_within_one_on_fewest_tables(players, capacity, seed):
    tables = initial_layout(players, capacity)
    assert len(tables) == tables_needed(players, capacity)
    result = seat_randomly(range(players), tables, random.Random(seed))
    assert sorted(result) == list(range(players))
    counts = Counter(number for number, _ in result.values())
    per_table = [counts[t.number] for t in tables]
    if per_table:
        assert max(per_table) - min(per_table) <= 1
        assert max(per_table) <= capacity


def test_seat_randomly_is_the_detailed_draw_without_marks():
    tables = [Table(1, 9, {1: "a", 5: "b"}, button=1), Table(2, 9, {2: "c"})]
    plain = seat_randomly(["x", "y", "z"], tables, random.Random(7))
    detailed = seat_randomly_detailed(["x", "y", "z"], tables, random.Random(7))
    assert plain == detailed.as_dict()


def test_draw_is_random_over_tables_and_seats():
    tables = initial_layout(20, 10)
    seen = Counter()
    for seed in range(400):
        seen[seat_randomly(["solo"], tables, random.Random(seed))["solo"]] += 1
    assert len(seen) == 20  # every open seat of both tables comes up


def test_overflow_waits_in_the_order_given():
    tables = [Table(1, 6, {s: f"p{s}" for s in range(1, 5)})]
    result = seat_randomly_detailed(["a", "b", "c"], tables, random.Random(1))
    assert [a.entry for a in result.assignments] == ["a", "b"]
    assert result.waiting == ("c",)


def test_repeated_entry_is_refused():
    with pytest.raises(ValueError):
        seat_randomly(["a", "a"], initial_layout(2, 9), random.Random(1))


def test_tables_needed():
    assert tables_needed(0, 9) == 0
    assert tables_needed(9, 9) == 1
    assert tables_needed(10, 9) == 2
    assert tables_needed(30_000, 10) == 3_000


def test_positions_follow_the_button_past_empty_seats():
    # Button on an empty seat (dead): blinds are the next two players.
    table = Table(1, 9, {2: "a", 4: "b", 5: "c", 8: "d"}, button=3)
    assert (table.small_blind_seat, table.big_blind_seat, table.next_big_blind_seat) == (4, 5, 8)
    assert table.worst_position == 6
    assert table.open_seats == (1, 3, 6, 7, 9)


def test_positions_heads_up_button_posts_small_blind():
    table = Table(1, 9, {2: "a", 7: "b"}, button=7)
    assert (table.small_blind_seat, table.big_blind_seat, table.next_big_blind_seat) == (7, 2, 7)


def test_positions_unknown_without_button():
    table = Table(1, 9, {2: "a", 7: "b", 8: "c"})
    assert table.small_blind_seat is None
    assert table.worst_position is None
    assert not table.between_sb_and_button(5)


def test_rule_7_gap_is_between_todays_blinds_for_the_next_hand():
    # Button 1, small blind 3, big blind 6. Next hand the button sits on seat 3
    # and the small blind on seat 6: seats 4 and 5 are behind the moving button.
    table = Table(1, 9, {1: "btn", 3: "sb", 6: "bb", 7: "x", 9: "y"}, button=1)
    assert table.seats_between_sb_and_button() == (4, 5)
    assert [s for s in table.open_seats if table.between_sb_and_button(s)] == [4, 5]
    assert not table.between_sb_and_button(2)
    assert not table.between_sb_and_button(8)
    # The worst position is the next big blind: the first open seat after seat 6.
    assert table.worst_position == 8


def test_rule_7_late_entry_avoids_gap_while_another_seat_is_open():
    table = Table(1, 6, {1: "btn", 2: "sb", 4: "bb", 5: "x"}, button=1)
    # Seat 3 is the gap; seat 6 is open elsewhere.
    for seed in range(50):
        result = seat_randomly_detailed(["late"], [table], random.Random(seed))
        assert (result.assignments[0].seat, result.assignments[0].wait_for_button) == (6, False)
    full = Table(1, 6, {1: "btn", 2: "sb", 4: "bb", 5: "x", 6: "y"}, button=1)
    result = seat_randomly_detailed(["late"], [full], random.Random(0))
    assert (result.assignments[0].seat, result.assignments[0].wait_for_button) == (3, True)


def test_rule_7_prefers_a_table_with_a_normal_seat_among_ties():
    gap_only = Table(1, 6, {1: "btn", 2: "sb", 4: "bb", 5: "x", 6: "y"}, button=1)
    normal = Table(2, 6, {1: "p", 2: "q", 3: "r", 4: "s", 5: "t"}, button=1)
    for seed in range(30):
        result = seat_randomly_detailed(["late"], [gap_only, normal], random.Random(seed))
        assert result.assignments[0].table == 2


def test_table_rejects_seat_beyond_capacity():
    with pytest.raises(ValueError):
        Table(1, 9, {10: "a"})


def test_rule_9_worked_example_two_step_random_draw():
    """House rule 9 worked example: seat cards shown, shuffled face down and
    stacked; one card face up to each player; the highest card (suits break
    ties) takes the top seat card, and so on down."""
    seat_cards = [(4, 2), (7, 5), (9, 1)]
    players = ["Ann", "Bo", "Cy"]
    rng = random.Random(2024)
    result = two_step_draw(players, seat_cards, rng, high_cards=["Kd", "Ks", "7c"])

    stack = list(seat_cards)
    random.Random(2024).shuffle(stack)
    # K of spades beats K of diamonds; the seven comes last.
    assert [d.player for d in result] == ["Bo", "Ann", "Cy"]
    assert [d.seat_card for d in result] == stack
    assert card_strength("As") > card_strength("Ah") > card_strength("Kc")


def test_rule_9_two_step_draw_with_dealt_cards_covers_everyone():
    result = two_step_draw(list(range(8)), list(range(10)), random.Random(3))
    assert sorted(d.player for d in result) == list(range(8))
    assert len({d.seat_card for d in result}) == 8
    strengths = [card_strength(d.high_card) for d in result]
    assert strengths == sorted(strengths, reverse=True)


def test_rule_9b_a_break_of_more_players_than_a_deck_deals_from_several_decks():
    """Seven tables of nine breaking at once: 63 players, more than 52 cards."""
    players = [f"p{n}" for n in range(63)]
    seats = [(t, s) for t in range(1, 9) for s in range(1, 10)]
    drawn = two_step_draw(players, seats, random.Random(3))
    assert sorted(d.player for d in drawn) == sorted(players)
    assert len({d.seat_card for d in drawn}) == 63
