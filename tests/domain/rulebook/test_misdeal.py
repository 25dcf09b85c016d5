"""Misdeals (house rule 33) and substantial action (house rule 34)."""

from __future__ import annotations

import pytest

from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.misdeal import misdeal, substantial_action


@pytest.mark.parametrize(
    "facts",
    [
        {"boxed_cards": 2},
        {"first_card_wrong_seat": True},
        {"dealt_to_ineligible_seat": True},
        {"eligible_seat_skipped": True},
        {"exposed_positions": [1]},
        {"exposed_positions": [2]},
        {"exposed_positions": [5, 9]},
        {"button_misplaced": True},
    ],
)
def test_rule_33a_misdeals(facts):
    ruling = misdeal(**facts)
    assert ruling.misdeal
    assert ruling.errors
    assert "33-C" in ruling.explanation


@pytest.mark.parametrize(
    "facts",
    [{}, {"boxed_cards": 1}, {"exposed_positions": [7]}, {"two_cards_to_button": True}],
)
def test_rule_33_not_misdeals(facts):
    assert not misdeal(**facts).misdeal


def test_rule_33b_button_may_get_two_cards_in_a_row():
    ruling = misdeal(two_cards_to_button=True)
    assert "33-B" in ruling.explanation


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        ([], False),
        (["fold"], False),
        (["fold", "fold"], False),
        (["check", "check"], False),
        (["fold", "call"], True),
        (["raise", "fold"], True),
        (["fold", "fold", "fold"], True),
        (["check", "check", "check"], True),
    ],
)
def test_rule_34_substantial_action(actions, expected):
    assert substantial_action(actions) is expected


def test_rule_33d_no_misdeal_after_substantial_action():
    ruling = misdeal(first_card_wrong_seat=True, actions=["call", "fold"])
    assert not ruling.misdeal
    assert ruling.substantial_action
    assert "33-D" in ruling.explanation


def test_two_folds_are_not_yet_substantial_action():
    assert misdeal(first_card_wrong_seat=True, actions=["fold", "fold"]).misdeal


def test_rule_39b_example_1_a_call_and_a_fold_after_the_skipped_seat_bind():
    # UTG (seat 3) raises to 600, seat 5 calls out of turn, seat 6 folds: two
    # actions with chips, so substantial action has occurred past seat 4.
    assert substantial_action(["call", "fold"])


def test_impossible_facts_are_refused():
    with pytest.raises(RulingInputError):
        substantial_action(["post"])
    with pytest.raises(RulingInputError):
        misdeal(boxed_cards=-1)
    with pytest.raises(RulingInputError):
        misdeal(exposed_positions=[0])
