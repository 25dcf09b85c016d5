"""Misdeals: house rule 33, limited by substantial action (house rule 34)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tournament.rulebook.errors import N_, RulingInputError, _, join_sentences

ACTION_KINDS = ("check", "bet", "raise", "call", "fold", "allin")
_CHIPS_IN = frozenset({"bet", "raise", "call", "allin"})

MSG_ACTION = N_("“{kind}” is not an action; use check, bet, raise, call, fold or allin.")
MSG_BOXED = N_("The number of boxed cards cannot be negative.")
MSG_POSITION = N_("Exposed card positions count from 1 (the first card dealt).")


def substantial_action(actions: Sequence[str]) -> bool:
    """House rule 34: has substantial action happened?

    ``actions`` are the actions taken in turn since the deal (posting blinds
    and antes is not an action). Substantial action is either two actions of
    which at least one puts chips in the pot, or any three actions.
    """
    for kind in actions:
        if kind not in ACTION_KINDS:
            raise RulingInputError(_(MSG_ACTION).format(kind=kind))
    if len(actions) >= 3:
        return True
    return len(actions) == 2 and any(kind in _CHIPS_IN for kind in actions)


@dataclass(frozen=True)
class MisdealRuling:
    """The floor's answer: ``misdeal`` or not, the errors found and why."""

    misdeal: bool
    rule: str
    explanation: str
    errors: tuple[str, ...] = ()
    substantial_action: bool = False


def misdeal(
    *,
    boxed_cards: int = 0,
    first_card_wrong_seat: bool = False,
    dealt_to_ineligible_seat: bool = False,
    eligible_seat_skipped: bool = False,
    exposed_positions: Collection[int] = (),
    button_misplaced: bool = False,
    two_cards_to_button: bool = False,
    actions: Sequence[str] = (),
) -> MisdealRuling:
    """Decide whether a flop-game deal is a misdeal (house rules 33 and 34).

    The facts: ``boxed_cards`` face-up cards found in the deck during the
    first deal; the first card went to the wrong seat; cards went to a seat
    not entitled to a hand (an empty seat, a player not yet due in); a seat
    entitled to a hand was dealt out; ``exposed_positions``: the deal
    positions (1 = first card off the deck) of down cards the dealer exposed;
    the button was in the wrong place (not listed in rule 33, whose list is
    not exhaustive; treated like a deal to the wrong seats);
    ``two_cards_to_button``: the button got two cards in a row, which is
    allowed (33-B); ``actions``: the actions taken in turn since the deal.

    Once substantial action has happened the hand cannot be a misdeal and
    play goes on (33-D).
    """
    if boxed_cards < 0:
        raise RulingInputError(_(MSG_BOXED))
    positions = set(exposed_positions)
    if any(position < 1 for position in positions):
        raise RulingInputError(_(MSG_POSITION))
    errors: list[str] = []
    if boxed_cards >= 2:
        errors.append(_("Two or more boxed cards on the first deal (33-A-1)."))
    if first_card_wrong_seat:
        errors.append(_("The first card was dealt to the wrong seat (33-A-2)."))
    if dealt_to_ineligible_seat:
        errors.append(_("Cards were dealt to a seat not entitled to a hand (33-A-3)."))
    if eligible_seat_skipped:
        errors.append(_("A seat entitled to a hand was dealt out (33-A-4)."))
    if positions & {1, 2}:
        errors.append(_("One of the first two cards dealt was exposed by the dealer (33-A-6)."))
    elif len(positions) >= 2:
        errors.append(_("Two down cards were exposed by the dealer (33-A-6)."))
    if button_misplaced:
        errors.append(
            _("The button was in the wrong place, so the cards went to the wrong seats (33-A).")
        )

    action_taken = substantial_action(actions)
    notes = ""
    if two_cards_to_button:
        notes = _("The button receiving two cards in a row is not a misdeal (33-B).")
    if not errors:
        return MisdealRuling(
            misdeal=False,
            rule="33",
            explanation=join_sentences(
                _("Nothing described makes this deal a misdeal (house rule 33)."), notes
            ),
            substantial_action=action_taken,
        )
    if action_taken:
        return MisdealRuling(
            misdeal=False,
            rule="33",
            explanation=join_sentences(
                _(
                    "Substantial action has already happened (house rule 34), so it is too late "
                    "to call a misdeal: the hand plays on (33-D)."
                ),
                notes,
            ),
            errors=tuple(errors),
            substantial_action=True,
        )
    return MisdealRuling(
        misdeal=True,
        rule="33",
        explanation=join_sentences(
            _(
                "Misdeal. The redeal is an exact replay: the button does not move, no new players "
                "join, the limits stay the same; players who are away or serving a penalty are "
                "dealt in and their hands killed (33-C)."
            ),
            notes,
        ),
        errors=tuple(errors),
    )
