"""Betting rounds: house rules 42 (raise amounts), 43 (reopening), 47, 49."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rulebook.betting import round_state
from tournament.rulebook.errors import RulingInputError

# --- house rule 42: the size of a raise -------------------------------------


def test_rule_42_example_1_min_raise_is_the_last_increment_not_the_total():
    # Blinds 100-200, post-flop: A bets 600, B raises to 1600, C raises to 3600.
    state = round_state([(1, "bet", 600), (2, "raise", 1600), (3, "raise", 3600)], big_blind=200)
    assert state.current_bet == 3600
    assert state.full_raise == 2000
    assert state.min_raise_to == 5600


def test_rule_42_example_2_short_all_in_does_not_set_the_raise_size():
    # Blinds 50-100: under the gun goes all-in for 150 (50 more than the blind).
    state = round_state([(1, "post", 50), (2, "post", 100), (3, "allin", 150)], big_blind=100)
    assert state.current_bet == 150
    assert state.min_raise_to == 250


def test_rule_42_example_3():
    # Blinds 100-200, turn: A bets 300, B makes it 1000 with two 500 chips.
    state = round_state([(1, "bet", 300), (2, "raise", 1000)], big_blind=200)
    assert state.min_raise_to == 1700


def test_rule_42_example_4a_largest_raise_of_the_round():
    # Blinds 25-50: A raises to 125, B to 200, C to 500.
    actions = [
        (8, "post", 25),
        (9, "post", 50),
        (1, "raise", 125),
        (2, "raise", 200),
        (3, "raise", 500),
    ]
    assert round_state(actions, big_blind=50).min_raise_to == 800


def test_rule_42_example_4b():
    # Same blinds: A raises to 500 (a raise of 450); B and C call.
    actions = [
        (8, "post", 25),
        (9, "post", 50),
        (1, "raise", 500),
        (2, "call", 500),
        (3, "call", 500),
    ]
    state = round_state(actions, big_blind=50)
    assert state.current_bet == 500
    assert state.min_raise_to == 950


def test_seed_example_min_raise_keeps_growing():
    # Hold'em article: big blind 2, a raise to 8, the next raise at least to 14, then 20.
    state = round_state([(1, "post", 1), (2, "post", 2), (3, "raise", 8)], big_blind=2)
    assert state.min_raise_to == 14
    state = round_state(
        [(1, "post", 1), (2, "post", 2), (3, "raise", 8), (4, "raise", 14)], big_blind=2
    )
    assert state.min_raise_to == 20


# --- house rule 43: reopening the betting -----------------------------------

EXAMPLE_1 = [
    (1, "bet", 100),
    (2, "allin", 125),
    (3, "call", 125),
    (4, "allin", 200),
    (5, "call", 200),
]
ORDER = [1, 2, 3, 4, 5]


def test_rule_43_example_1_short_allins_adding_to_a_full_raise_reopen():
    # Blinds 50-100, post-flop: A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    state = round_state(EXAMPLE_1, big_blind=100, order=ORDER)
    assert state.next_to_act == 1
    assert state.to_call(1) == 100
    assert state.reopened_for(1)
    assert state.min_raise_to == 300


def test_rule_43_example_1a_short_allin_does_not_reopen():
    # A just calls 200: C faces only the 75 of D's all-in and may not raise.
    state = round_state([*EXAMPLE_1, (1, "call", 200)], big_blind=100, order=ORDER)
    assert state.next_to_act == 3
    assert state.to_call(3) == 75
    assert not state.reopened_for(3)
    with pytest.raises(RulingInputError, match="only call or fold"):
        round_state([*EXAMPLE_1, (1, "call", 200), (3, "raise", 400)], big_blind=100, order=ORDER)


def test_rule_43_example_1b_full_raise_reopens():
    # A raises the minimum, to 300: C faces 175 more and may raise again.
    state = round_state([*EXAMPLE_1, (1, "raise", 300)], big_blind=100, order=ORDER)
    assert state.next_to_act == 3
    assert state.to_call(3) == 175
    assert state.reopened_for(3)


EXAMPLE_2 = [
    (2, "post", 2000),
    (3, "post", 4000),
    (4, "call", 4000),
    (5, "fold", None),
    (6, "allin", 7500),
    (2, "fold", None),
]
ORDER_2 = [4, 5, 6, 2, 3]


def test_rule_43_example_2a_big_blind_calls_short_allin_does_not_reopen():
    # Blinds 2000-4000: A limps, C all-in 7500, small blind folds.
    state = round_state(EXAMPLE_2, big_blind=4000, order=ORDER_2)
    assert state.next_to_act == 3
    assert state.reopened_for(3)  # the big blind has not acted yet
    assert state.min_raise_to == 11500
    state = round_state([*EXAMPLE_2, (3, "call", 7500)], big_blind=4000, order=ORDER_2)
    assert state.next_to_act == 4
    assert state.to_call(4) == 3500
    assert not state.reopened_for(4)


def test_rule_43_example_2b_big_blind_min_raise_reopens():
    state = round_state([*EXAMPLE_2, (3, "raise", 11500)], big_blind=4000, order=ORDER_2)
    assert state.next_to_act == 4
    assert state.to_call(4) == 7500
    assert state.reopened_for(4)


def test_seed_example_cumulative_allins_reopen_for_earlier_callers():
    # A bets 500, B raises to 1000, C calls, D all-in 1300, E all-in 1700.
    actions = [
        (1, "bet", 500),
        (2, "raise", 1000),
        (3, "call", 1000),
        (4, "allin", 1300),
        (5, "allin", 1700),
    ]
    state = round_state(actions, big_blind=100, order=[1, 2, 3, 4, 5])
    assert state.reopened_for(2) and state.reopened_for(3)
    assert state.min_raise_to == 2200
    assert not state.reopened_for(4) and not state.reopened_for(5)


def test_big_blind_keeps_the_option():
    actions = [(1, "post", 50), (2, "post", 100), (3, "call", 100), (1, "call", 100)]
    state = round_state(actions, big_blind=100, order=[3, 1, 2])
    assert state.next_to_act == 2
    assert state.reopened_for(2)
    done = round_state([*actions, (2, "check", None)], big_blind=100, order=[3, 1, 2])
    assert done.complete


def test_short_all_in_big_blind_still_owes_the_full_blind():
    state = round_state([(1, "post", 50), (2, "post", 60)], big_blind=100)
    assert state.current_bet == 100
    assert state.min_raise_to == 200


def test_folded_and_all_in_seats_cannot_raise():
    state = round_state([(1, "bet", 100), (2, "allin", 300), (3, "fold", None)], big_blind=100)
    assert not state.reopened_for(2)
    assert not state.reopened_for(3)


# --- pot-limit and limit -----------------------------------------------------


def test_rule_49_pot_limit_maximum_seed_example():
    # Hold'em article: 1000 in the pot, the previous player bets 100.
    state = round_state([(1, "bet", 100)], big_blind=100, limit="pot-limit", pot=1000)
    assert state.max_raise_to(2) == 1300
    state = round_state(
        [(1, "bet", 100), (2, "raise", 1300)], big_blind=100, limit="pot-limit", pot=1000
    )
    assert state.max_raise_to(3) == 5000
    with pytest.raises(RulingInputError, match="pot-limit maximum"):
        round_state(
            [(1, "bet", 100), (2, "raise", 1400)], big_blind=100, limit="pot-limit", pot=1000
        )


def test_rule_49b_short_all_in_blind_counts_as_full_before_the_flop():
    state = round_state([(1, "post", 50), (2, "post", 60)], big_blind=100, limit="pot-limit")
    # As if the blinds were 50 and 100: call 100, pot 250, raise to 350.
    assert state.max_raise_to(3) == 350


def test_no_limit_has_no_maximum():
    assert round_state([(1, "bet", 100)], big_blind=100).max_raise_to(2) is None


def test_rule_43_limit_half_a_raise_reopens():
    # Limit 100/200 on the flop: bets of 100. B is all-in for 150, half a raise.
    actions = [(1, "bet", 100), (2, "allin", 150)]
    state = round_state(actions, big_blind=100, limit="limit", order=[1, 2, 3])
    assert state.reopened_for(1)
    assert state.min_raise_to == 300
    short = round_state([(1, "bet", 100), (2, "allin", 140)], big_blind=100, limit="limit")
    assert not short.reopened_for(1)
    assert short.min_raise_to == 200


def test_rule_47_limit_cap():
    actions = [(1, "bet", 100), (2, "raise", 200), (3, "raise", 300), (1, "raise", 400)]
    state = round_state(actions, big_blind=100, limit="limit")
    assert state.capped
    assert not state.reopened_for(2)
    with pytest.raises(RulingInputError, match="capped"):
        round_state([*actions, (2, "raise", 500)], big_blind=100, limit="limit")


def test_limit_raise_must_be_the_fixed_size():
    with pytest.raises(RulingInputError, match="exactly 200"):
        round_state([(1, "bet", 100), (2, "raise", 250)], big_blind=100, limit="limit")


# --- impossible sequences -----------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([(1, "bet", 100), (2, "raise", 150)], "below the minimum raise"),
        ([(1, "bet", 50)], "below the minimum"),
        ([(1, "bet", 100), (2, "bet", 300)], "is a raise"),
        ([(1, "raise", 300)], "nobody has bet"),
        ([(1, "bet", 100), (2, "check", None)], "cannot check"),
        ([(1, "bet", -100)], "zero or more"),
        ([(1, "bet", 100), (2, "fold", None), (2, "call", 100)], "has folded"),
        ([(1, "bet", 100), (2, "allin", 100), (2, "call", 100)], "all-in"),
        ([(1, "check", None), (2, "call", None)], "nothing to call"),
        ([(1, "bet", 100), (2, "call", 90)], "all-in"),
        ([(1, "bet", 100), (2, "post", 100)], "posts after"),
        ([(1, "shove", 100)], "not an action"),
        ([(1, "bet", None)], "needs the seat's total"),
    ],
)
def test_impossible_actions_are_refused(actions, message):
    with pytest.raises(RulingInputError, match=message):
        round_state(actions, big_blind=100)


def test_out_of_turn_is_refused_when_the_order_is_known():
    with pytest.raises(RulingInputError, match="out of turn: seat 2 is next"):
        round_state([(3, "check", None)], big_blind=100, order=[2, 3, 4])


def test_acting_after_the_round_is_over_is_refused():
    actions = [(2, "bet", 100), (3, "call", 100)]
    assert round_state(actions, big_blind=100, order=[2, 3]).complete
    with pytest.raises(RulingInputError, match="already over"):
        round_state([*actions, (2, "raise", 300)], big_blind=100, order=[2, 3])


def test_invalid_settings_are_refused():
    with pytest.raises(RulingInputError):
        round_state([], big_blind=0)
    with pytest.raises(RulingInputError):
        round_state([], big_blind=100, limit="spread")


# --- property: the minimum raise never goes down -----------------------------


@st.composite
def legal_rounds(draw):
    players = draw(st.integers(2, 6))
    seats = list(range(1, players + 1))
    stacks = {seat: draw(st.integers(1, 40)) * 50 for seat in seats}
    big_blind = 100
    preflop = draw(st.booleans())
    actions = []
    if preflop:
        order = seats[2:] + seats[:2] if players > 2 else seats
        for seat, blind in ((seats[0], 50), (seats[1], big_blind)):
            actions.append((seat, "post", min(blind, stacks[seat])))
    else:
        order = seats
    for _ in range(30):
        state = round_state(actions, big_blind=big_blind, order=order)
        seat = state.next_to_act
        if seat is None:
            break
        have = state.committed.get(seat, 0)
        top = stacks[seat]  # the most this seat can have in this round
        choices = ["fold"]
        to_call = state.to_call(seat)
        if to_call == 0:
            choices.append("check")
        elif top > state.current_bet:
            choices.append("call")
        if top > have and (top <= state.current_bet or state.reopened_for(seat)):
            choices.append("allin")
        if state.reopened_for(seat) and top > state.min_raise_to:
            choices.append("raise")
        kind = draw(st.sampled_from(choices))
        if kind == "raise":
            amount = draw(st.integers(state.min_raise_to, top - 1))
            kind = "bet" if state.current_bet == 0 else "raise"
        elif kind == "allin":
            amount = top
        elif kind == "call":
            amount = state.current_bet
        else:
            amount = None
        actions.append((seat, kind, amount))
    return actions, order


@settings(max_examples=120, deadline=None)
@given(legal_rounds())
def test_min_raise_never_decreases_within_a_round(round_):
    actions, order = round_
    previous_min = previous_bet = 0
    for end in range(len(actions) + 1):
        state = round_state(actions[:end], big_blind=100, order=order)
        assert state.min_raise_to >= previous_min
        assert state.current_bet >= previous_bet
        assert state.min_raise_to > state.current_bet
        previous_min, previous_bet = state.min_raise_to, state.current_bet


def test_fixed_limit_alias():
    assert (
        round_state([(1, "bet", 200)], big_blind=100, limit="fixed-limit", limit_bet=200).limit
        == "limit"
    )


# --- house rule 49-B / TDA 2024 54-B: any short or dead blind, big or small -----


def test_rule_49b_short_all_in_small_blind_counts_as_full_before_the_flop():
    # PLO 100-200, the small blind is all-in for 60: the first player may make it 700.
    state = round_state(
        [(1, "post", 60), (2, "post", 200)], big_blind=200, small_blind=100, limit="pot-limit"
    )
    assert (state.current_bet, state.blind_shortfall) == (200, 40)
    assert state.max_raise_to(3) == 700


def test_tda_2024_54b_example_1_dead_small_blind():
    # PLO 100-200, dead small blind, the big blind posts 200: 700 for the first player.
    posted_zero = round_state(
        [(1, "post", 0), (2, "post", 200)], big_blind=200, small_blind=100, limit="pot-limit"
    )
    mapped = round_state(
        [(2, "post", 200)], big_blind=200, blinds={1: 100, 2: 200}, limit="pot-limit"
    )
    assert posted_zero.max_raise_to(3) == mapped.max_raise_to(3) == 700


def test_tda_2024_54b_example_2_short_big_blind():
    # The small blind posts 100, the big blind is short for 100: still 700.
    state = round_state([(1, "post", 100), (2, "post", 100)], big_blind=200, limit="pot-limit")
    assert state.max_raise_to(3) == 700


def test_rule_49b_both_blinds_short_and_a_raise_after_them():
    # 100-200: small blind all-in 60, big blind all-in 150. Seat 3 raises the pot (700);
    # seat 4 then calls 700 and raises the pot counted with full blinds: 700 + 300 + 700 + 700.
    actions = [(1, "post", 60), (2, "post", 150), (3, "raise", 700)]
    state = round_state(actions, big_blind=200, small_blind=100, limit="pot-limit")
    assert state.blind_shortfall == 90
    assert state.max_raise_to(4) == 700 + (60 + 150 + 700) + 90 + 700


def test_rule_49c_after_the_flop_the_real_pot_counts():
    state = round_state(
        [(1, "bet", 200)], big_blind=200, small_blind=100, limit="pot-limit", pot=470
    )
    assert state.blind_shortfall == 0
    assert state.max_raise_to(2) == 200 + 670 + 200


@pytest.mark.parametrize("small_blind", [0, 300, -5])
def test_small_blind_out_of_range_is_refused(small_blind):
    with pytest.raises(RulingInputError, match="small blind"):
        round_state([(1, "post", 50)], big_blind=200, small_blind=small_blind)
