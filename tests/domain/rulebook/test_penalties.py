"""Penalties: house rule 65 / TDA 2024 rule 71."""

from __future__ import annotations

import pytest

from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.penalties import (
    ESCALATION,
    SECONDS_PER_HAND,
    escalation,
    missed_hands,
    penalty,
    penalty_seconds,
)


def test_rule_65a_one_round_is_one_hand_per_player_at_the_table():
    assert missed_hands(9) == 9
    assert missed_hands(8, rounds=2) == 16


def test_penalty_timer_estimate():
    assert penalty_seconds(9) == 9 * SECONDS_PER_HAND
    assert penalty_seconds(9, seconds_per_hand=90) == 810


def test_rule_65a_repeat_offences_escalate():
    assert escalation(1).name == "verbal warning"
    assert escalation(2).rounds == 1
    assert escalation(3).rounds == 2
    assert escalation(len(ESCALATION)).disqualification
    assert escalation(len(ESCALATION) + 3).disqualification
    rounds = [step.rounds for step in ESCALATION if not step.disqualification]
    assert rounds == sorted(rounds)


def test_penalty_for_a_second_offence_at_a_seven_handed_table():
    result = penalty(offence_number=2, players_at_table=7, seconds_per_hand=100)
    assert (result.hands, result.seconds) == (7, 700)
    assert result.step.rounds == 1


def test_a_warning_costs_no_hands():
    assert penalty(offence_number=1, players_at_table=9).hands == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: missed_hands(1),
        lambda: missed_hands(9, rounds=-1),
        lambda: escalation(0),
        lambda: penalty_seconds(9, seconds_per_hand=0),
    ],
)
def test_impossible_penalties_are_refused(call):
    with pytest.raises(RulingInputError):
        call()
