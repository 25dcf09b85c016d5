"""Blocked seats (house 8 / TDA 2024 9), seat roles, a pending mover passed over (house 9-C),
and the break's two-step draw (house 9)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.domain import balancing
from tables.domain.draw import card_strength
from tables.domain.seating import seat_randomly_detailed
from tables.domain.table import Table


@st.composite
def rooms_with_blocked_seats(draw):
    capacity = draw(st.sampled_from([6, 9]))
    tables = []
    key = 0
    for number in range(1, draw(st.integers(2, 5)) + 1):
        blocked = draw(st.sets(st.integers(1, capacity), max_size=2))
        free = [s for s in range(1, capacity + 1) if s not in blocked]
        occupied = draw(st.sets(st.sampled_from(free), min_size=1, max_size=len(free)))
        seats = {}
        for seat in sorted(occupied):
            seats[seat] = key
            key += 1
        tables.append(Table(number, capacity, seats, button=draw(st.none() | st.sampled_from(free)),
                            blocked=frozenset(blocked)))
    return tables, key


@settings(max_examples=200, deadline=None)
@given(rooms_with_blocked_seats(), st.integers(0, 12), st.randoms(use_true_random=False))
def test_rule_8_the_draw_never_uses_a_blocked_seat(room, newcomers, rng):
    tables, key = room
    result = seat_randomly_detailed([key + i for i in range(newcomers)], tables, rng)
    blocked = {(t.number, s) for t in tables for s in t.blocked}
    assert not {(a.table, a.seat) for a in result.assignments} & blocked
    usable = sum(t.usable - t.count for t in tables)
    assert len(result.assignments) == min(newcomers, usable)


@settings(max_examples=200, deadline=None)
@given(rooms_with_blocked_seats(), st.randoms(use_true_random=False))
def test_rule_8_breaking_and_balancing_never_use_a_blocked_seat(room, rng):
    tables, _key = room
    plan = balancing.plan(tables, final_table_size=min(t.usable for t in tables), rng=rng)
    blocked = {(t.number, s) for t in tables for s in t.blocked}
    assert not {(m.to_table, m.to_seat) for m in plan.moves} & blocked
    after = balancing.apply(tables, plan)
    assert not {(t.number, s) for t in after for s in t.seats} & blocked


def test_seat_roles_for_the_floor():
    table = Table(1, 9, {1: "a", 3: "b", 5: "c", 8: "d"}, button=8)
    assert [table.role_of(s) for s in (8, 1, 3, 5, 2)] == ["BTN", "SB", "BB", "NBB", ""]
    heads_up = Table(2, 9, {4: "a", 7: "b"}, button=4)
    assert (heads_up.role_of(4), heads_up.role_of(7)) == ("BTN", "BB")
    assert Table(3, 9, {1: "a"}).role_of(1) == ""


def test_rule_9c_a_player_already_moving_is_passed_over_for_the_next_big_blind():
    giver = Table(1, 9, {s: f"g{s}" for s in range(1, 10)}, button=1)  # due the BB next: seat 4
    taker = Table(2, 9, {s: f"t{s}" for s in range(1, 8)}, button=1)
    plain = balancing.plan([giver, taker], final_table_size=9, rng=random.Random(1))
    assert [m.entry for m in plain.moves] == ["g4"]
    passed = balancing.plan([giver, taker], final_table_size=9, rng=random.Random(1),
                            moving=frozenset({"g4"}))
    assert [m.entry for m in passed.moves] == ["g5"]


def test_rule_9_a_break_hands_out_the_seats_by_the_two_step_draw():
    tables = [Table(n, 9, {s: f"{n}-{s}" for s in range(1, 6)}) for n in (1, 2, 3)]
    plan = balancing.plan(tables, final_table_size=9, rng=random.Random(4))
    breaks = [m for m in plan.moves if m.reason == "break"]
    assert plan.breaks == (3,) and len(breaks) == 5
    strengths = [card_strength(m.high_card) for m in breaks]
    assert strengths == sorted(strengths, reverse=True)  # the highest card takes the top seat card


def test_rule_8_a_player_who_needs_an_accessible_seat_gets_one_when_the_table_breaks():
    tables = [Table(1, 9, {s: f"1-{s}" for s in range(1, 6)}, accessible=frozenset({9})),
              Table(2, 9, {s: f"2-{s}" for s in range(1, 6)}, accessible=frozenset({7})),
              Table(3, 9, {s: f"3-{s}" for s in range(1, 6)})]
    for seed in range(20):
        plan = balancing.plan(tables, final_table_size=9, rng=random.Random(seed),
                              needs_access=frozenset({"3-2"}))
        move = next(m for m in plan.moves if m.entry == "3-2")
        assert (move.to_table, move.to_seat) in {(1, 9), (2, 7)}


def test_rule_8_balancing_leaves_a_player_in_an_accessible_seat_where_they_are():
    giver = Table(1, 9, {s: f"g{s}" for s in range(1, 10)}, button=1, accessible=frozenset({4}))
    taker = Table(2, 9, {s: f"t{s}" for s in range(1, 8)}, button=1)
    plan = balancing.plan([giver, taker], final_table_size=9, rng=random.Random(1),
                          needs_access=frozenset({"g4"}))
    assert [m.entry for m in plan.moves] == ["g5"]  # g4 is due the big blind but stays


def test_rule_8_the_final_redraw_keeps_an_accessible_seat_for_who_needs_it():
    tables = [Table(1, 9, {1: "a", 2: "b", 3: "c", 4: "d"}, accessible=frozenset({6})),
              Table(2, 9, {1: "e", 2: "f", 3: "g", 4: "h"})]
    for seed in range(20):
        plan = balancing.plan(tables, final_table_size=9, rng=random.Random(seed),
                              needs_access=frozenset({"g"}))
        assert plan.final_table
        assert next(m.to_seat for m in plan.moves if m.entry == "g") == 6


def test_rule_8_a_break_with_no_accessible_seat_open_says_so():
    tables = [Table(1, 9, {s: f"1-{s}" for s in range(1, 6)}),
              Table(2, 9, {s: f"2-{s}" for s in range(1, 6)}, accessible=frozenset({3})),
              Table(3, 9, {s: f"3-{s}" for s in range(1, 6)})]
    plan = balancing.plan(tables, final_table_size=9, rng=random.Random(2),
                          needs_access=frozenset({"3-2"}))
    move = next(m for m in plan.moves if m.entry == "3-2")
    assert move.reason == "break" and (move.to_table, move.to_seat) != (2, 3)
    assert ("no_accessible_seat", "3-2") in plan.notes


def test_rule_8_the_final_redraw_says_when_no_accessible_seat_is_in_the_draw():
    # Eight players draw seats 1 to 8; the accessible seat 9 is not among the cards.
    tables = [Table(1, 9, {1: "a", 2: "b", 3: "c", 4: "d"}, accessible=frozenset({9})),
              Table(2, 9, {1: "e", 2: "f", 3: "g", 4: "h"})]
    for seed in range(5):
        plan = balancing.plan(tables, final_table_size=9, rng=random.Random(seed),
                              needs_access=frozenset({"g"}))
        assert plan.final_table and ("final_table", 1) in plan.notes
        assert [n for n in plan.notes if n[0] == "no_accessible_seat"] == [
            ("no_accessible_seat", "g")]


def _counts(tables, result) -> list[int]:
    counts = {t.number: t.count for t in tables}
    for a in result.assignments:
        counts[a.table] += 1
    return sorted(counts.values())


def test_rule_8_a_newcomer_who_needs_it_gets_the_open_accessible_seat_of_an_even_table():
    from tables.domain.seating import accessible_first

    tables = [Table(1, 9, {s: f"1-{s}" for s in range(1, 5)}, accessible=frozenset({9})),
              Table(2, 9, {s: f"2-{s}" for s in range(1, 5)})]
    for seed in range(20):  # whichever table the draw picks, the accessible seat is given
        rng = random.Random(seed)
        result = accessible_first(seat_randomly_detailed(["new"], tables, rng), tables,
                                  {"new"}, rng)
        assert result.as_dict() == {"new": (1, 9)}


def test_rule_8_no_seat_taken_from_evenness_or_from_a_seated_player():
    from tables.domain.seating import accessible_first

    # Table 2 is shorter: the newcomer goes there, not to table 1's accessible seat.
    tables = [Table(1, 9, {s: f"1-{s}" for s in range(1, 6)}, accessible=frozenset({9})),
              Table(2, 9, {s: f"2-{s}" for s in range(1, 5)})]
    rng = random.Random(1)
    result = accessible_first(seat_randomly_detailed(["new"], tables, rng), tables, {"new"}, rng)
    assert result.as_dict()["new"][0] == 2


@given(rooms_with_blocked_seats(), st.integers(0, 2**32 - 1), st.data())
@settings(max_examples=150, deadline=None)
def test_accessible_first_keeps_the_draw_even_and_gives_every_seat_it_can(room, seed, data):
    from tables.domain.seating import accessible_first

    tables, key = room
    newcomers = [key + i for i in range(data.draw(st.integers(0, 12)))]
    tables = [Table(t.number, t.capacity, dict(t.seats), button=t.button, blocked=t.blocked,
                    accessible=frozenset(data.draw(st.sets(st.integers(1, t.capacity),
                                                           max_size=3))))
              for t in tables]
    needs = set(data.draw(st.sets(st.sampled_from(newcomers), max_size=3))) if newcomers else set()
    rng = random.Random(seed)
    drawn = seat_randomly_detailed(newcomers, tables, rng)
    result = accessible_first(drawn, tables, needs, rng)
    assert _counts(tables, result)[-1] - _counts(tables, result)[0] <= (
        _counts(tables, drawn)[-1] - _counts(tables, drawn)[0])
    places = [(a.table, a.seat) for a in result.assignments]
    by_number = {t.number: t for t in tables}
    assert len(set(places)) == len(places)
    assert all(s not in by_number[n].seats and s not in by_number[n].blocked for n, s in places)
    assert {a.entry for a in result.assignments} == {a.entry for a in drawn.assignments}
    assert result.waiting == drawn.waiting
    # A needy newcomer left outside an accessible seat only when the draw's own
    # accessible seats all went to needy newcomers.
    got = {a.entry: (a.table, a.seat) for a in result.assignments}
    final = {t.number: t.count for t in tables}
    for n, _s in places:
        final[n] += 1
    for entry in needs & got.keys():
        n, s = got[entry]
        if s not in by_number[n].accessible:
            assert all(e in needs for e, (tn, ts) in got.items() if ts in by_number[tn].accessible)
            open_accessible = [(t.number, a) for t in tables for a in t.accessible
                               if a not in t.seats and (t.number, a) not in places]
            assert all(tn != n and final[tn] >= final[n] - 1 for tn, _a in open_accessible)
