"""Breaking, balancing and the final table: house rules 9, 9B, 9C and 10 /
TDA 2024 10, 11 and RP-9."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.domain.balancing import Move, Plan, apply, break_sequence, plan
from tables.domain.seating import initial_layout, seat_randomly
from tables.domain.table import Table

# --- helpers ---------------------------------------------------------------


def seated_field(
    players: int, capacity: int, rng: random.Random, *, buttons: str
) -> tuple[Table, ...]:
    """A field seated at random at the start, buttons known, unknown or mixed."""
    layout = initial_layout(players, capacity)
    seats: dict[int, dict[int, int]] = {t.number: {} for t in layout}
    for entry, (number, seat) in seat_randomly(range(players), layout, rng).items():
        seats[number][seat] = entry
    return tuple(
        Table(t.number, capacity, seats[t.number], button=pick_button(capacity, rng, buttons))
        for t in layout
    )


def pick_button(capacity: int, rng: random.Random, buttons: str) -> int | None:
    if buttons == "unknown" or (buttons == "mixed" and rng.random() < 0.5):
        return None
    return rng.randint(1, capacity)


def minimum_balance_moves(counts: Sequence[int], capacities: Sequence[int], tolerance: int) -> int:
    """Fewest single moves that bring every count into a band [low, low + tolerance]:
    each player above the band must leave and each gap below it be filled."""
    total, k = sum(counts), len(counts)
    best = None
    for low in range(max(counts) + 1):
        highs = [min(low + tolerance, cap) for cap in capacities]
        if k * low > total or total > sum(highs):
            continue
        excess = sum(max(0, c - h) for c, h in zip(counts, highs, strict=True))
        deficit = sum(max(0, low - c) for c in counts)
        moves = max(excess, deficit)
        best = moves if best is None else min(best, moves)
    assert best is not None
    return best


def seats_of(tables: Sequence[Table]) -> dict[object, tuple[int, int]]:
    where = {}
    for t in tables:
        for seat, entry in t.seats.items():
            assert entry not in where, f"{entry!r} seated twice"
            where[entry] = (t.number, seat)
    return where


def check_plan(
    before: Sequence[Table],
    result: Plan,
    after: Sequence[Table],
    *,
    final_table_size: int,
    tolerance: int,
    rng: random.Random,
) -> None:
    """Every property a plan must have (DESIGN §4 and §5)."""
    start, end = seats_of(before), seats_of(after)
    by_number = {t.number: t for t in before}
    total = len(start)

    # Legal: the same players, each in one seat, none beyond capacity.
    assert set(start) == set(end)
    for t in after:
        assert all(1 <= s <= t.capacity for s in t.seats)

    # Each move starts where the player sat, nobody moves twice.
    moved = [m.entry for m in result.moves]
    assert len(moved) == len(set(moved))
    for m in result.moves:
        assert start[m.entry] == (m.from_table, m.from_seat)
        assert end[m.entry] == (m.to_table, m.to_seat)

    # Halted: 3 or more short of the largest, before any move.
    largest = max(t.count for t in before)
    assert set(result.halted) == {t.number for t in before if largest - t.count >= 3}

    if result.final_table:
        # House 10 / TDA RP-9: one table, everybody redrawn to seats 1..n.
        assert len(before) > 1 and total <= final_table_size
        assert len(after) == 1 and after[0].count == total
        assert sorted(after[0].seats) == list(range(1, total + 1))
        assert {m.reason for m in result.moves} <= {"final"} and len(result.moves) == total
        assert after[0].number == break_sequence(before)[-1].number
    else:
        assert len(before) == 1 or total > final_table_size
        # Two tables stay until the final table forms.
        assert len(after) >= min(2, len(before))

        # Breaks follow the predetermined order and move exactly their players.
        order = [t.number for t in break_sequence(before)]
        assert list(result.breaks) == order[: len(result.breaks)]
        breakers = {e for n in result.breaks for e in by_number[n].seats.values()}
        break_moves = [m for m in result.moves if m.reason == "break"]
        assert {m.entry for m in break_moves} == breakers

        # Fewest tables: the next table in the order could not be broken now.
        if len(after) >= 3:
            nxt = break_sequence(after)[0]
            assert total > sum(t.capacity for t in after) - nxt.capacity

        # Balanced, with the fewest balance moves.
        counts = [t.count for t in after]
        assert max(counts) - min(counts) <= tolerance
        middle = apply(before, Plan(breaks=result.breaks, moves=tuple(break_moves)))
        balance_moves = [m for m in result.moves if m.reason == "balance"]
        assert len(balance_moves) == minimum_balance_moves(
            [t.count for t in middle], [t.capacity for t in middle], tolerance
        )
        check_balance_choices(middle, balance_moves)

    # A second plan on the result is empty.
    again = plan(after, final_table_size=final_table_size, tolerance=tolerance, rng=rng)
    assert again.is_empty, again


def check_balance_choices(state: Sequence[Table], moves: Sequence[Move]) -> None:
    """House 9C / TDA 11: largest to smallest; with the button known, the next
    big blind moves into the worst position."""
    tables = {t.number: t for t in state}
    for m in moves:
        source, target = tables[m.from_table], tables[m.to_table]
        counts = [t.count for t in tables.values()]
        assert source.count == max(counts) and target.count == min(counts)
        if source.next_big_blind_seat is not None:
            assert m.from_seat == source.next_big_blind_seat
        if target.worst_position is not None:
            assert m.to_seat == target.worst_position
            assert m.to_seat not in (target.small_blind_seat, target.big_blind_seat)
        source_seats = dict(source.seats)
        del source_seats[m.from_seat]
        tables[source.number] = Table(source.number, source.capacity, source_seats, source.button)
        target_seats = {**target.seats, m.to_seat: m.entry}
        tables[target.number] = Table(target.number, target.capacity, target_seats, target.button)


def simulate(
    players: int,
    capacity: int,
    seed: int,
    *,
    buttons: str,
    double_bust_rate: float,
    final_table_size: int,
    tolerance: int = 1,
    check_every: int = 1,
) -> int:
    """Bust players at random down to the winner, planning and applying after
    each bust, and check every plan. Returns the number of plans."""
    rng = random.Random(seed)
    tables = seated_field(players, capacity, rng, buttons=buttons)
    where = {e: t.number for t in tables for e in t.seats.values()}
    alive = list(where)
    plans = 0
    while len(alive) > 1:
        busts = 2 if len(alive) > 2 and rng.random() < double_bust_rate else 1
        out = set()
        for _ in range(busts):
            i = rng.randrange(len(alive))
            alive[i], alive[-1] = alive[-1], alive[i]
            out.add(alive.pop())
        hit = {where.pop(e) for e in out}
        tables = tuple(
            Table(
                t.number,
                t.capacity,
                {s: e for s, e in t.seats.items() if e not in out},
                # Hands go by: the button moves on (or stays unknown).
                pick_button(t.capacity, rng, buttons),
            )
            if t.number in hit or rng.random() < 0.2
            else t
            for t in tables
        )
        result = plan(tables, final_table_size=final_table_size, tolerance=tolerance, rng=rng)
        after = apply(tables, result)
        if plans % check_every == 0 or not result.is_empty:
            check_plan(
                tables,
                result,
                after,
                final_table_size=final_table_size,
                tolerance=tolerance,
                rng=rng,
            )
        for m in result.moves:
            where[m.entry] = m.to_table
        tables = after
        plans += 1
    assert len(tables) == 1
    return plans


# --- whole tournaments ------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(20, 300),
    capacity=st.sampled_from([6, 8, 9, 10]),
    seed=st.integers(0, 2**32),
    buttons=st.sampled_from(["known", "unknown", "mixed"]),
    double_bust_rate=st.sampled_from([0.0, 0.3]),
    tolerance=st.sampled_from([1, 1, 2]),
)
def test_rules_9_9c_10_whole_tournament_small_fields(
    players, capacity, seed, buttons, double_bust_rate, tolerance
):
    final_table_size = 6 if capacity == 6 else 9
    simulate(
        players,
        capacity,
        seed,
        buttons=buttons,
        double_bust_rate=double_bust_rate,
        final_table_size=min(final_table_size, capacity),
        tolerance=tolerance,
    )


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(500, 2000),
    capacity=st.sampled_from([6, 8, 9, 10]),
    seed=st.integers(0, 2**32),
    buttons=st.sampled_from(["known", "mixed"]),
)
def test_rules_9_9c_10_whole_tournament_large_fields(players, capacity, seed, buttons):
    # Quiet plans (no move) are only spot-checked here to keep the suite fast.
    simulate(
        players,
        capacity,
        seed,
        buttons=buttons,
        double_bust_rate=0.2,
        final_table_size=min(6 if capacity == 6 else 9, capacity),
        check_every=7,
    )


@st.composite
def messy_rooms(draw: st.DrawFn) -> tuple[Table, ...]:
    """Arbitrary legal states, balanced or not (after a late-registration rush,
    a manual move, several busts at once...)."""
    capacity = draw(st.sampled_from([6, 8, 9, 10]))
    count = draw(st.integers(1, 14))
    tables = []
    entry = 0
    for number in range(1, count + 1):
        occupied = draw(st.sets(st.integers(1, capacity), max_size=capacity))
        seats = {}
        for seat in sorted(occupied):
            seats[seat] = entry
            entry += 1
        button = draw(st.none() | st.integers(1, capacity))
        order = draw(st.sampled_from([0, 0, 0, 1, 2]))
        tables.append(Table(number, capacity, seats, button=button, break_order=order))
    return tuple(tables)


@settings(max_examples=300, deadline=None)
@given(
    tables=messy_rooms(),
    seed=st.integers(0, 2**32),
    final_table_size=st.sampled_from([6, 8, 9]),
    tolerance=st.sampled_from([1, 1, 2, 3]),
)
def test_any_state_one_plan_is_legal_minimal_and_final(tables, seed, final_table_size, tolerance):
    final_table_size = min(final_table_size, tables[0].capacity)
    rng = random.Random(seed)
    result = plan(tables, final_table_size=final_table_size, tolerance=tolerance, rng=rng)
    after = apply(tables, result)
    check_plan(
        tables, result, after, final_table_size=final_table_size, tolerance=tolerance, rng=rng
    )


# --- the rulebook's cases ----------------------------------------------------


def full(number: int, capacity: int, players: int, *, button=None, start=0) -> Table:
    return Table(
        number,
        capacity,
        {s: f"t{number}s{s}" for s in range(1 + start, players + 1 + start)},
        button,
    )


def test_rule_9c_balance_moves_next_big_blind_into_worst_position():
    # Table 1: button 2, so small blind 3, big blind 4 and seat 5 due the big blind next.
    giver = Table(1, 9, {s: f"a{s}" for s in range(1, 10)}, button=2)
    # Table 2: seven players, button 9 (dead), blinds 1 and 2; seat 3 is open right after the BB.
    receiver = Table(
        2, 9, {1: "b1", 2: "b2", 4: "b4", 5: "b5", 6: "b6", 7: "b7", 8: "b8"}, button=9
    )
    result = plan([giver, receiver], final_table_size=9, rng=random.Random(1))
    assert result.moves == (Move("a5", 1, 5, 2, 3, "balance"),)
    assert result.notes == ()


def test_rule_9c_unknown_buttons_pick_at_random_and_say_so():
    giver = full(1, 9, 9)
    receiver = full(2, 9, 7)
    result = plan([giver, receiver], final_table_size=9, rng=random.Random(4))
    assert len(result.moves) == 1 and result.moves[0].reason == "balance"
    assert ("random_mover", 1) in result.notes and ("random_seat", 2) in result.notes


def test_rule_9c_ties_give_from_first_to_break_and_receive_at_last_to_break():
    # Default order: table 4 breaks first, table 1 last.
    givers_tied = [full(1, 9, 9), full(2, 9, 9), full(3, 9, 8), full(4, 9, 7)]
    result = plan(givers_tied, final_table_size=9, rng=random.Random(2))
    assert [(m.from_table, m.to_table) for m in result.moves] == [(2, 4)]
    receivers_tied = [full(1, 9, 9), full(2, 9, 8), full(3, 9, 7), full(4, 9, 7)]
    result = plan(receivers_tied, final_table_size=9, rng=random.Random(2))
    assert [(m.from_table, m.to_table) for m in result.moves] == [(1, 3)]


def test_rule_9c_halts_tables_three_short_of_the_largest():
    tables = [full(1, 10, 10), full(2, 10, 7), full(3, 10, 8), full(4, 10, 10)]
    result = plan(tables, final_table_size=9, rng=random.Random(3))
    assert result.halted == (2,)
    assert len(result.moves) == 2  # 35 players: 9, 9, 9, 8 after two moves


def test_rule_9b_tables_break_in_the_predetermined_order():
    tables = [
        Table(1, 9, {1: "a", 2: "b"}, break_order=0),
        Table(2, 9, {1: "c", 2: "d"}, break_order=5),
        Table(3, 9, {1: "e", 2: "f"}, break_order=0),
        Table(4, 9, {1: "g", 2: "h"}, break_order=0),
    ]
    assert [t.number for t in break_sequence(tables)] == [2, 4, 3, 1]
    # 8 players, final table 6: tables 2 and 4 break; two tables stay.
    result = plan(tables, final_table_size=6, rng=random.Random(5))
    assert result.breaks == (2, 4) and not result.final_table
    assert {m.entry for m in result.moves} == {"c", "d", "g", "h"}


def test_rule_9_broken_table_players_avoid_the_small_blind_gap():
    # Table 1 (button 1, blinds 2 and 5): seats 3 and 4 are the gap. One
    # normal seat (9) is open, so only the one who lands last in the gap waits.
    keeper = Table(1, 9, {1: "a", 2: "b", 5: "c", 6: "d", 7: "e", 8: "f"}, button=1)
    other = full(2, 9, 8)
    breaking = Table(3, 9, {1: "x", 2: "y", 3: "z"})
    for seed in range(40):
        result = plan([keeper, other, breaking], final_table_size=9, rng=random.Random(seed))
        assert result.breaks == (3,)
        to_keeper = sorted((m.to_seat, m.wait_for_button) for m in result.moves if m.to_table == 1)
        assert len(to_keeper) == 2
        assert to_keeper[-1] == (9, False)
        assert to_keeper[0][0] in (3, 4) and to_keeper[0][1] is True


def test_rule_10_final_table_waits_for_the_final_table_size():
    # Ten players on two tables of five stay on two tables (house final table is 9).
    tables = [full(1, 10, 5), full(2, 10, 5)]
    assert plan(tables, final_table_size=9, rng=random.Random(1)).is_empty
    # One more bust: nine left, everybody redraws at table 1 (it breaks last).
    tables = [full(1, 10, 5), full(2, 10, 4)]
    result = plan(tables, final_table_size=9, rng=random.Random(1))
    assert result.final_table and result.breaks == (2,) and result.final_table_number == 1
    assert len(result.moves) == 9 and {m.reason for m in result.moves} == {"final"}
    after = apply(tables, result)
    assert [t.number for t in after] == [1]
    assert sorted(after[0].seats) == list(range(1, 10))
    assert after[0].button is None  # the button is drawn again


def test_a_day1_flight_has_no_final_table_its_tables_break_down_to_one():
    # Nine left on two nine-seat tables: no redraw; table 2 breaks into table 1's seats.
    tables = [full(1, 9, 5), full(2, 9, 4)]
    result = plan(tables, final_table_size=9, rng=random.Random(1), final_table=False)
    assert not result.final_table and result.breaks == (2,)
    assert {m.reason for m in result.moves} == {"break"} and len(result.moves) == 4
    after = apply(tables, result)
    assert [t.number for t in after] == [1] and len(after[0].seats) == 9
    assert plan(after, final_table_size=9, rng=random.Random(2), final_table=False).is_empty


def test_rule_10_double_bust_skips_past_the_threshold():
    tables = [full(1, 10, 4), full(2, 10, 4)]  # 10 became 8 in one hand
    result = plan(tables, final_table_size=9, rng=random.Random(9))
    assert result.final_table and len(apply(tables, result)[0].seats) == 8


def test_rule_10_never_breaks_down_to_one_table_early():
    # 12 players on three 9-seat tables, final table 9: one table breaks, two stay.
    tables = [full(1, 9, 4), full(2, 9, 4), full(3, 9, 4)]
    result = plan(tables, final_table_size=9, rng=random.Random(2))
    assert result.breaks == (3,) and not result.final_table
    after = apply(tables, result)
    assert sorted(t.count for t in after) == [6, 6]


def test_one_table_needs_no_plan():
    assert plan([full(1, 9, 7)], final_table_size=9, rng=random.Random(1)).is_empty


def test_apply_refuses_a_plan_that_does_not_fit():
    tables = [full(1, 9, 9), full(2, 9, 7)]
    wrong_seat = Plan(moves=(Move("t1s1", 1, 1, 2, 1, "balance"),))  # seat 2/1 is taken
    with pytest.raises(ValueError):
        apply(tables, wrong_seat)
    wrong_player = Plan(moves=(Move("nobody", 1, 1, 2, 8, "balance"),))
    with pytest.raises(ValueError):
        apply(tables, wrong_player)


def test_plan_validates_its_arguments():
    with pytest.raises(ValueError):
        plan([full(1, 9, 7)], final_table_size=9, tolerance=0, rng=random.Random(1))
    with pytest.raises(ValueError):
        plan([full(1, 9, 7), full(1, 9, 7)], final_table_size=9, rng=random.Random(1))
