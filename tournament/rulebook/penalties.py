"""Penalties: house rule 65 / TDA 2024 rule 71.

A missed-round penalty keeps the offender away from the table for as many
hands as there are players at the table (offender included) times the
number of rounds. Cards are still dealt to the seat and its blinds and antes
taken (65-C), so a short stack can be blinded out. Repeat offences escalate.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.rulebook.errors import N_, RulingInputError, _, require_whole

#: A rough figure for live tournament play (about 30 hands an hour).
SECONDS_PER_HAND = 120

MSG_PLAYERS = N_("A table has at least 2 players, the offender included.")
MSG_ROUNDS = N_("The number of rounds must be a whole number, zero or more.")
MSG_OFFENCE = N_("Offences are counted from 1 (the first offence).")
MSG_SECONDS = N_("Seconds per hand must be above zero.")


@dataclass(frozen=True)
class PenaltyStep:
    """One rung of the escalation: a warning, missed rounds, or disqualification."""

    name: str
    rounds: int = 0
    disqualification: bool = False


#: The usual ladder for repeat offences (house rule 65-A). Step names are English
#: (marked with ``N_``); translate them at display, ``_(step.name)``. The floor may skip
#: steps for serious offences (65-B): soft play, abuse, cheating.
ESCALATION: tuple[PenaltyStep, ...] = (
    PenaltyStep(N_("verbal warning")),
    PenaltyStep(N_("one-round penalty"), rounds=1),
    PenaltyStep(N_("two-round penalty"), rounds=2),
    PenaltyStep(N_("three-round penalty"), rounds=3),
    PenaltyStep(N_("disqualification"), disqualification=True),
)


@dataclass(frozen=True)
class Penalty:
    """A penalty to serve: the step, the hands missed, an estimated duration."""

    step: PenaltyStep
    hands: int
    seconds: int


def missed_hands(players_at_table: int, rounds: int = 1) -> int:
    """Hands missed for ``rounds`` rounds: players at the table (offender included) × rounds."""
    require_whole(players_at_table, MSG_PLAYERS, minimum=2)
    require_whole(rounds, MSG_ROUNDS)
    return players_at_table * rounds


def penalty_seconds(hands: int, seconds_per_hand: int = SECONDS_PER_HAND) -> int:
    """An estimate of how long ``hands`` hands take, for a penalty timer."""
    if seconds_per_hand <= 0:
        raise RulingInputError(_(MSG_SECONDS))
    if hands < 0:
        raise RulingInputError(_(MSG_ROUNDS))
    return hands * seconds_per_hand


def escalation(offence_number: int) -> PenaltyStep:
    """The step for the ``offence_number``-th offence (1 = first); the last step repeats."""
    require_whole(offence_number, MSG_OFFENCE, minimum=1)
    return ESCALATION[min(offence_number, len(ESCALATION)) - 1]


def penalty(
    *, offence_number: int, players_at_table: int, seconds_per_hand: int = SECONDS_PER_HAND
) -> Penalty:
    """The penalty for a repeat offender at a table of ``players_at_table``."""
    step = escalation(offence_number)
    hands = missed_hands(players_at_table, step.rounds)
    return Penalty(step=step, hands=hands, seconds=penalty_seconds(hands, seconds_per_hand))
