"""Dead button and heads-up: house rules 30 and 32 / TDA 2024 32 and 34."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rulebook.button import Positions, current_positions, next_hand


def test_rule_30_button_and_blinds_move_one_player_when_nobody_left():
    assert next_hand({1, 2, 3, 4, 5}, button=1) == Positions(button=2, small_blind=3, big_blind=4)


def test_rule_30_small_blind_busts_button_goes_dead_on_the_empty_seat():
    # Last hand: button 1, small blind 2, big blind 3. Seat 2 busted.
    positions = next_hand({1, 3, 4, 5}, button=1, previous_small_blind=2, previous_big_blind=3)
    assert positions == Positions(button=2, small_blind=3, big_blind=4, button_dead=True)


def test_rule_30_big_blind_busts_small_blind_is_dead_and_nobody_skips_the_big_blind():
    positions = next_hand({1, 2, 4, 5}, button=1, previous_small_blind=2, previous_big_blind=3)
    assert positions == Positions(button=2, small_blind=3, big_blind=4, small_blind_dead=True)
    # The hand after: the button lands on the dead small blind's seat.
    after = next_hand({1, 2, 4, 5}, button=2, previous_small_blind=3, previous_big_blind=4)
    assert after == Positions(button=3, small_blind=4, big_blind=5, button_dead=True)


def test_rule_30_big_blind_advances_past_empty_seats():
    positions = next_hand({1, 2, 3, 8}, button=1, previous_small_blind=2, previous_big_blind=3)
    assert positions == Positions(button=2, small_blind=3, big_blind=8)


def test_rule_30_missing_small_blind_is_inferred_from_the_seats():
    # Small blind seat 2 left; the dead button goes on the seat before the big blind.
    positions = next_hand({1, 3, 4, 5}, button=1, previous_big_blind=3)
    assert positions == Positions(button=2, small_blind=3, big_blind=4, button_dead=True)


@pytest.mark.parametrize(
    ("left", "expected"),
    [
        # Three-handed: button 1, small blind 2, big blind 3; one of them busts.
        ({2, 3}, Positions(button=3, small_blind=3, big_blind=2)),  # button busts
        ({1, 3}, Positions(button=3, small_blind=3, big_blind=1)),  # small blind busts
        ({1, 2}, Positions(button=2, small_blind=2, big_blind=1)),  # big blind busts
    ],
)
def test_rule_32_heads_up_from_three_players_nobody_posts_big_blind_twice(left, expected):
    positions = next_hand(left, button=1, previous_small_blind=2, previous_big_blind=3)
    assert positions == expected
    assert positions.heads_up
    assert positions.big_blind != 3  # seat 3 posted the big blind last hand


def test_rule_32_heads_up_alternates_and_button_posts_small_blind():
    assert current_positions({2, 7}, button=7) == Positions(button=7, small_blind=7, big_blind=2)
    assert next_hand({2, 7}, button=7) == Positions(button=2, small_blind=2, big_blind=7)


def test_a_hand_needs_two_players():
    with pytest.raises(ValueError):
        next_hand({4}, button=4)


@settings(max_examples=150, deadline=None)
@given(
    capacity=st.sampled_from([6, 8, 9, 10]),
    seed=st.integers(0, 2**32),
)
def test_rules_30_32_over_a_table_life_the_big_blind_moves_one_player_each_hand(capacity, seed):
    """Bust players at random; every hand the big blind is the next player after
    the last big blind, nobody posts it twice in a row, and heads-up the button
    has the small blind."""
    rng = random.Random(seed)
    occupied = set(rng.sample(range(1, capacity + 1), rng.randint(3, capacity)))
    last = current_positions(occupied, button=rng.choice(sorted(occupied)), capacity=capacity)
    while len(occupied) > 2 or rng.random() < 0.9:
        if len(occupied) > 2 and rng.random() < 0.4:
            occupied.discard(rng.choice(sorted(occupied)))
        positions = next_hand(
            occupied,
            button=last.button,
            previous_small_blind=last.small_blind,
            previous_big_blind=last.big_blind,
            capacity=capacity,
        )
        walk = [(last.big_blind + step - 1) % capacity + 1 for step in range(1, capacity + 1)]
        assert positions.big_blind == next(s for s in walk if s in occupied)
        assert positions.big_blind != last.big_blind
        assert positions.big_blind in occupied
        if len(occupied) == 2:
            assert positions.button == positions.small_blind != positions.big_blind
            assert positions.button in occupied
        else:
            assert positions.small_blind == last.big_blind
            assert positions.small_blind_dead == (last.big_blind not in occupied)
            assert positions.button_dead == (positions.button not in occupied)
        last = positions
