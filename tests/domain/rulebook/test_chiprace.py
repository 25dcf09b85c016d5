"""Chip race at a colour-up: house rule 22."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rulebook.chiprace import card_order, chip_race
from tournament.rulebook.errors import RulingInputError


def test_rule_22_exchange_at_equal_value_and_race_the_rest():
    # Colouring up 25s into 100s: seat 1 has 9 (two 100s and one odd 25),
    # seat 2 has 3, seat 3 has 2, seat 4 has 4 (exactly one 100).
    race = chip_race(
        {1: 9, 2: 3, 3: 2, 4: 4}, old_denomination=25, new_denomination=100, rng=random.Random(7)
    )
    assert [entry.exchanged for entry in race.seats] == [2, 0, 0, 1]
    assert [entry.odd_chips for entry in race.seats] == [1, 3, 2, 0]
    # 6 odd chips of 25 = 150: one new 100 chip is raced, 50 goes uncompensated (22-C).
    assert race.chips_raced == 1
    assert race.uncompensated == 50
    assert sum(entry.won for entry in race.seats) == 1
    assert len(race.deal) == 6
    assert race.for_seat(4).cards == ()


def test_rule_22_cards_dealt_from_seat_1_one_per_odd_chip():
    race = chip_race(
        {5: 3, 2: 1, 8: 2}, old_denomination=25, new_denomination=100, rng=random.Random(1)
    )
    assert [seat for seat, _ in race.deal] == [2, 5, 8, 5, 8, 5]


def test_rule_22_highest_card_wins_rank_then_suit():
    race = chip_race(
        {1: 3, 2: 3, 3: 3, 4: 3}, old_denomination=25, new_denomination=100, rng=random.Random(3)
    )
    assert race.chips_raced == 3
    winners = [entry for entry in race.seats if entry.won]
    losers = [entry for entry in race.seats if not entry.won]
    assert len(winners) == 3
    assert min(card_order(w.best_card) for w in winners) > card_order(losers[0].best_card)


def test_rule_22a_nobody_is_raced_out():
    # Seat 2 only has odd chips left; if it loses the race it still gets one chip.
    for seed in range(20):
        race = chip_race(
            {1: 3, 2: 1},
            old_denomination=25,
            new_denomination=100,
            rng=random.Random(seed),
            remaining={1: 5000, 2: 0},
        )
        seat_2 = race.for_seat(2)
        assert seat_2.new_chips == 1
        assert seat_2.won or seat_2.protected


def test_chip_race_is_repeatable_with_the_same_seed():
    first = chip_race(
        {1: 3, 2: 2}, old_denomination=25, new_denomination=100, rng=random.Random(42)
    )
    again = chip_race(
        {1: 3, 2: 2}, old_denomination=25, new_denomination=100, rng=random.Random(42)
    )
    assert first == again


@pytest.mark.parametrize(
    "kwargs",
    [
        {"old_denomination": 25, "new_denomination": 60},
        {"old_denomination": 100, "new_denomination": 100},
        {"old_denomination": 0, "new_denomination": 100},
    ],
)
def test_bad_denominations_are_refused(kwargs):
    with pytest.raises(RulingInputError):
        chip_race({1: 3}, rng=random.Random(0), **kwargs)


def test_negative_counts_and_too_many_cards_are_refused():
    with pytest.raises(RulingInputError):
        chip_race({1: -1}, old_denomination=25, new_denomination=100, rng=random.Random(0))
    with pytest.raises(RulingInputError, match="52"):
        chip_race(
            dict.fromkeys(range(1, 11), 9),
            old_denomination=5,
            new_denomination=50,
            rng=random.Random(0),
        )


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.integers(1, 10), st.integers(0, 12), min_size=1, max_size=10),
    st.integers(0, 2**32),
)
def test_race_awards_the_odd_value_at_most_one_chip_each(removed, seed):
    race = chip_race(removed, old_denomination=25, new_denomination=100, rng=random.Random(seed))
    odd_value = sum(count % 4 for count in removed.values()) * 25
    assert race.chips_raced == odd_value // 100
    assert sum(entry.won for entry in race.seats) == race.chips_raced
    assert race.uncompensated == odd_value - 100 * race.chips_raced
    for entry in race.seats:
        assert entry.exchanged * 4 + entry.odd_chips == entry.removed
        assert len(entry.cards) == entry.odd_chips
        assert not (entry.won and entry.odd_chips == 0)
    dealt = [card for _, card in race.deal]
    assert len(dealt) == len(set(dealt))


def test_rule_22_the_explanation_agrees_with_the_chips_given():
    # 25s into 100s. Odd chips: seat 1 three (75), seat 2 three (75), seat 3 two (50),
    # seat 4 two (50) = 250: two chips are raced and 50 is removed without compensation.
    # Seat 4 has nothing else; if it loses, it gets a third chip on top, and says so.
    for seed in range(30):
        race = chip_race({1: 3, 2: 3, 3: 2, 4: 2}, old_denomination=25, new_denomination=100,
                         rng=random.Random(seed), remaining={1: 500, 2: 500, 3: 500, 4: 0})
        assert race.chips_raced == 2 and race.uncompensated == 50
        assert sum(entry.won for entry in race.seats) == 2
        given = race.new_chips_given
        assert given == 2 + len(race.protected_seats)
        text = race.explanation()
        assert f"New chips given in all: {given} × 100 = {given * 100}, for 250 removed." in text
        assert "removed without compensation" in text
        if race.protected_seats:
            assert race.protected_seats == (4,)
            assert "Seats 4 lost their last chips" in text and given == 3
        else:
            assert "raced out" not in text


def test_rule_22c_whole_chips_only_are_exchanged_and_nothing_is_invented():
    race = chip_race({1: 9, 2: 4}, old_denomination=25, new_denomination=100,
                     rng=random.Random(0))
    # 9 x 25 = 225: two 100s and one odd 25; 4 x 25 = one 100. The lone odd 25 buys nothing.
    assert [entry.new_chips for entry in race.seats] == [2, 1]
    assert race.chips_raced == 0 and race.uncompensated == 25
    assert "The remaining 25 is less than one chip of 100" in race.explanation()


@given(
    counts=st.dictionaries(st.integers(1, 10), st.integers(0, 12), min_size=1, max_size=10),
    seed=st.integers(0, 1000),
)
@settings(max_examples=60, deadline=None)
def test_rule_22_value_given_never_exceeds_removed_value_but_for_protection(counts, seed):
    race = chip_race(counts, old_denomination=25, new_denomination=100,
                     rng=random.Random(seed), remaining=dict.fromkeys(counts, 0))
    removed = sum(counts.values()) * 25
    given = race.new_chips_given * 100
    assert given - len(race.protected_seats) * 100 + race.uncompensated == removed
    assert all(int(entry.won) + int(entry.protected) <= 1 for entry in race.seats)
    # Nobody who had chips ends with none.
    assert all(entry.new_chips >= 1 for entry in race.seats if entry.removed)
