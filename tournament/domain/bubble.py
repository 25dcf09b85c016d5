"""Hand-for-hand at the bubble: when the consoles prompt it, and when it has done its work (pure).

Near the money every table plays one hand at a time, so that two players
busting in the same hand on different tables share the places they cover
instead of one of them finishing in the money by a faster deal. The consoles
prompt it once the players left come down to the director's number, or to one
more than the places paid (the bubble); once no more players are left than
places paid, the bubble has burst and the next "Next hand" ends it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Bubble", "bubble", "prompt_at"]


@dataclass(frozen=True, slots=True)
class Bubble:
    """What the consoles show: ``due`` (start hand-for-hand now) or ``burst``
    (hand-for-hand runs and the money is reached: end it at the next hand),
    with the players left and the places paid."""

    state: Literal["due", "burst"]
    left: int
    paid: int


def prompt_at(paid: int, setting: int) -> int:
    """Players left at which hand-for-hand is prompted: the director's number,
    or (``setting`` 0) one more than the places paid."""
    return setting or paid + 1


def bubble(*, left: int, paid: int, setting: int, hand_for_hand: bool) -> Bubble | None:
    """The prompt for ``left`` players still in and ``paid`` places, or None.

    Due while hand-for-hand is off and the players left are at the prompt or
    fewer, but still more than the places paid; burst while it is on and no
    more are left than the places paid.
    """
    if hand_for_hand:
        return Bubble("burst", left, paid) if left <= paid else None
    if paid < left <= prompt_at(paid, setting):
        return Bubble("due", left, paid)
    return None
