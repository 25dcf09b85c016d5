"""Showdown: when cards go face up, who shows first, who may ask to see a hand.

House rules 14 (all-in hands are tabled), 15 (order of showing when nobody is
all-in) and 16 (asking to see a hand). Seats are numbered clockwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from tournament.rulebook.errors import N_, RulingInputError, _
from tournament.rulebook.pots import clockwise_from_button

MSG_NOT_IN_HAND = N_("Seat {seat} is not among the players still in the hand.")
MSG_NO_PLAYERS = N_("Name the players still in the hand.")
MSG_NEGATIVE_STACK = N_("Seat {seat} cannot have a negative stack.")
MSG_SAME_SEAT = N_("A player does not ask to see their own hand.")


@dataclass(frozen=True)
class ShowdownOrder:
    """How the hands are shown.

    ``everyone_tables``: all hands go face up at once (house rule 14).
    Otherwise ``first`` shows first and the others follow in ``order``
    (clockwise from ``first``), each free to show or muck (house rule 15).
    """

    everyone_tables: bool
    first: int | None
    order: tuple[int, ...]
    rule: str
    explanation: str


def showdown_order(
    in_hand: Collection[int],
    *,
    button: int,
    last_aggressor: int | None = None,
    all_in: Collection[int] = (),
    seats: Sequence[int] | None = None,
) -> ShowdownOrder:
    """Who shows first at the showdown of a flop game (house rules 14 and 15-A).

    ``in_hand``: the seats still holding cards; ``last_aggressor``: the last
    seat to bet or raise on the final betting round (``None`` if that round
    was checked through); ``all_in``: the seats all-in in this hand.
    """
    players = list(dict.fromkeys(in_hand))
    if not players:
        raise RulingInputError(_(MSG_NO_PLAYERS))
    for seat in [*all_in, *([last_aggressor] if last_aggressor is not None else [])]:
        if seat not in players:
            raise RulingInputError(_(MSG_NOT_IN_HAND).format(seat=seat))
    clockwise = clockwise_from_button(players, button=button, seats=seats)
    if len(players) == 1:
        return ShowdownOrder(
            everyone_tables=False,
            first=None,
            order=(),
            rule="15",
            explanation=_("Only one player is left: they win without showing (house rule 15-B)."),
        )
    if all_in:
        return ShowdownOrder(
            everyone_tables=True,
            first=None,
            order=tuple(clockwise),
            rule="14",
            explanation=_(
                "A player is all-in: once the betting is over every hand is turned face up at "
                "once, main pot and side pots alike, and none may be mucked (house rule 14)."
            ),
        )
    if last_aggressor is not None:
        start = clockwise.index(last_aggressor)
        return ShowdownOrder(
            everyone_tables=False,
            first=last_aggressor,
            order=tuple(clockwise[start:] + clockwise[:start]),
            rule="15",
            explanation=_(
                "Seat {seat} made the last bet or raise on the final round and shows first "
                "(house rule 15-A)."
            ).format(seat=last_aggressor),
        )
    return ShowdownOrder(
        everyone_tables=False,
        first=clockwise[0],
        order=tuple(clockwise),
        rule="15",
        explanation=_(
            "Nobody bet on the final round: seat {seat}, the first player left of the button, "
            "shows first (house rule 15-A)."
        ).format(seat=clockwise[0]),
    )


@dataclass(frozen=True)
class FaceUpRuling:
    """Whether the all-in hands are turned face up now (house rule 14)."""

    face_up: bool
    explanation: str
    rule: str = "14"


def cards_face_up_now(
    stacks: Mapping[int, int], *, betting_complete: bool, final_round: bool
) -> FaceUpRuling:
    """House rule 14: table every hand as soon as no more betting can happen.

    ``stacks`` maps each seat still in the hand to the chips it has behind
    (0 for all-in). ``betting_complete``: the current round's betting is
    over. Hands go face up when someone is all-in, the round is over, and
    either it was the last round or at most one player still has chips to
    bet with. The remaining board is then dealt face up.
    """
    if not stacks:
        raise RulingInputError(_(MSG_NO_PLAYERS))
    for seat, chips in stacks.items():
        if chips < 0:
            raise RulingInputError(_(MSG_NEGATIVE_STACK).format(seat=seat))
    someone_all_in = any(chips == 0 for chips in stacks.values())
    with_chips = sum(1 for chips in stacks.values() if chips > 0)
    if not someone_all_in:
        return FaceUpRuling(
            False, _("Nobody is all-in: the usual showdown order applies (rule 15).")
        )
    if not betting_complete:
        return FaceUpRuling(False, _("The betting on this round is not over yet."))
    if with_chips <= 1:
        return FaceUpRuling(
            True,
            _(
                "At most one player has chips left, so no more betting is possible: turn every "
                "hand face up now, then deal the rest of the board."
            ),
        )
    if final_round:
        return FaceUpRuling(True, _("The betting is over: turn every hand face up now."))
    return FaceUpRuling(
        False,
        _(
            "Two or more players still have chips and more betting is possible: keep the cards "
            "face down for now."
        ),
    )


@dataclass(frozen=True)
class SeeHandRuling:
    """Whether ``requester`` may see ``target``'s hand (house rule 16).

    ``right`` is ``"yes"`` (an absolute right), ``"floor"`` (the floor's
    discretion) or ``"no"`` (the right was given up).
    """

    right: str
    explanation: str
    rule: str = "16"


def may_see_hand(
    *,
    requester: int,
    target: int,
    kept_hand: Collection[int],
    river_aggressor: int | None = None,
    river_callers: Collection[int] = (),
) -> SeeHandRuling:
    """House rule 16: asking to see a hand at showdown.

    ``kept_hand``: seats that still hold their cards or have tabled them;
    ``river_aggressor``: the last seat to bet or raise on the river, if any;
    ``river_callers``: the seats that called that bet or raise.
    """
    if requester == target:
        raise RulingInputError(_(MSG_SAME_SEAT))
    if requester not in kept_hand:
        return SeeHandRuling(
            "no",
            _(
                "Seat {seat} mucked or no longer holds a hand, so it gave up the right to see "
                "other hands (house rule 16-A)."
            ).format(seat=requester),
        )
    if river_aggressor is not None and target == river_aggressor and requester in river_callers:
        return SeeHandRuling(
            "yes",
            _(
                "Seat {seat} called the last bet or raise on the river and kept its hand: it has "
                "paid to see seat {target}'s hand (house rule 16-B)."
            ).format(seat=requester, target=target),
        )
    return SeeHandRuling(
        "floor",
        _(
            "This request is not a paid right (the river was not bet, or seat {target} is not "
            "the last aggressor): the floor decides (house rule 16-B)."
        ).format(target=target),
    )
