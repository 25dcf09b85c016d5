"""Showdown: house rules 14 (all-in hands face up), 15 (who shows first), 16."""

from __future__ import annotations

import pytest

from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.showdown import cards_face_up_now, may_see_hand, showdown_order

A, B, C, D = 1, 2, 3, 4


def test_rule_14_example_1_heads_up_all_in_on_the_turn():
    # A (shorter) all-in on the turn, B calls: turn both hands up before the river.
    ruling = cards_face_up_now({A: 0, B: 5000}, betting_complete=True, final_round=False)
    assert ruling.face_up


def test_rule_14_example_2_wait_while_two_players_can_still_bet():
    # Pre-flop A all-in, B and C call with chips behind: cards stay down.
    assert not cards_face_up_now(
        {A: 0, B: 9000, C: 7000}, betting_complete=True, final_round=False
    ).face_up
    # Flop checked through: still down.
    assert not cards_face_up_now(
        {A: 0, B: 9000, C: 7000}, betting_complete=True, final_round=False
    ).face_up
    # Turn: B all-in, C calls: now everyone's hand goes up, A's included.
    assert cards_face_up_now(
        {A: 0, B: 0, C: 2000}, betting_complete=True, final_round=False
    ).face_up
    order = showdown_order([A, B, C], button=C, all_in=[A, B])
    assert order.everyone_tables
    assert order.rule == "14"


def test_rule_14_example_3_turn_everything_up_when_the_river_betting_ends():
    # A all-in for 700 pre-flop; B and C bet and call on the turn, check the river.
    stacks = {A: 0, B: 4000, C: 6000}
    assert not cards_face_up_now(stacks, betting_complete=False, final_round=True).face_up
    assert cards_face_up_now(stacks, betting_complete=True, final_round=True).face_up
    assert showdown_order([A, B, C], button=A, last_aggressor=None, all_in=[A]).everyone_tables


def test_no_all_in_means_no_automatic_face_up():
    assert not cards_face_up_now({A: 10, B: 20}, betting_complete=True, final_round=True).face_up


def test_rule_15a_last_aggressor_on_the_river_shows_first():
    order = showdown_order([2, 5, 7], button=3, last_aggressor=7)
    assert (order.first, order.order, order.everyone_tables) == (7, (7, 2, 5), False)


def test_rule_15a_no_river_bet_first_seat_left_of_the_button_shows_first():
    order = showdown_order([2, 5, 7], button=5)
    assert (order.first, order.order) == (7, (7, 2, 5))
    dead_button = showdown_order([2, 5, 7], button=8)
    assert dead_button.first == 2


def test_rule_15b_last_player_holding_cards_wins_without_showing():
    order = showdown_order([4], button=1)
    assert order.first is None and order.rule == "15"


def test_rule_16_example_1_no_river_bet_request_is_discretionary():
    # River checked through. A mucked, B tabled trips, C pushed his cards face down.
    assert may_see_hand(requester=B, target=C, kept_hand={B}).right == "floor"
    assert may_see_hand(requester=A, target=B, kept_hand={B}).right == "no"
    assert may_see_hand(requester=C, target=B, kept_hand={B}).right == "no"


def test_rule_16_example_2_callers_paid_to_see_the_last_aggressor():
    # River: A bets 1000, B calls, C raises to 5000, D, A and B call. D mucks.
    river = {"river_aggressor": C, "river_callers": {A, B, D}, "kept_hand": {A, B, C}}
    assert may_see_hand(requester=A, target=C, **river).right == "yes"
    assert may_see_hand(requester=B, target=C, **river).right == "yes"
    assert may_see_hand(requester=D, target=C, **river).right == "no"
    assert may_see_hand(requester=B, target=A, **river).right == "floor"


@pytest.mark.parametrize(
    "call",
    [
        lambda: showdown_order([], button=1),
        lambda: showdown_order([1, 2], button=1, last_aggressor=3),
        lambda: showdown_order([1, 2], button=1, all_in=[5]),
        lambda: cards_face_up_now({}, betting_complete=True, final_round=True),
        lambda: cards_face_up_now({1: -1, 2: 0}, betting_complete=True, final_round=True),
        lambda: may_see_hand(requester=1, target=1, kept_hand={1}),
    ],
)
def test_impossible_showdowns_are_refused(call):
    with pytest.raises(RulingInputError):
        call()
