"""Moving the button and the blinds from one hand to the next (pure; no Django).

House rule 30 / TDA 2024 32, dead button. After each hand:

* the big blind moves to the next player clockwise after the last big blind's
  seat, always; nobody skips the big blind and nobody posts it twice;
* the small blind goes to the seat that had the big blind; if that player has
  left, the small blind is dead (nobody posts it);
* the button goes to the seat that had the small blind; if that seat is empty
  now (its player left, or the small blind was already dead) the button is
  dead: it sits on an empty seat and the last live player before it acts last.

House rule 32 / TDA 2024 34, heads-up. With two players the button posts the
small blind (acts first before the flop, last after it) and the other player
posts the big blind. Moving the big blind on as above already guarantees that
nobody posts the big blind twice in a row when a table goes from three players
to two; the button is then placed on the other player, which is the
adjustment the rule allows.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

__all__ = ["Positions", "current_positions", "next_hand"]


@dataclass(frozen=True, slots=True)
class Positions:
    """Button and blind seats for one hand.

    ``button`` or ``small_blind`` may be an empty seat: ``button_dead`` and
    ``small_blind_dead`` say so (nobody posts a dead small blind). Heads-up,
    ``button == small_blind``.
    """

    button: int
    small_blind: int
    big_blind: int
    button_dead: bool = False
    small_blind_dead: bool = False

    @property
    def heads_up(self) -> bool:
        return self.button == self.small_blind


def _after(seat: int, occupied: Collection[int], capacity: int) -> int:
    """The first occupied seat strictly clockwise after ``seat`` (wrapping)."""
    for step in range(1, capacity + 1):
        candidate = (seat - 1 + step) % capacity + 1
        if candidate in occupied:
            return candidate
    raise ValueError("no occupied seat")


def current_positions(
    seats_occupied: Collection[int], *, button: int, capacity: int | None = None
) -> Positions:
    """Positions as read from the button alone (DESIGN §5): small blind the first
    occupied seat after the button, big blind the second; heads-up with the
    button on a player, the button posts the small blind (house 32 / TDA 2024 34)."""
    occupied = frozenset(seats_occupied)
    if len(occupied) < 2:
        raise ValueError("a hand needs at least two players")
    capacity = capacity or max(occupied | {button})
    if len(occupied) == 2 and button in occupied:
        other = next(s for s in occupied if s != button)
        return Positions(button=button, small_blind=button, big_blind=other)
    small_blind = _after(button, occupied, capacity)
    big_blind = _after(small_blind, occupied, capacity)
    return Positions(
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        button_dead=button not in occupied,
    )


def next_hand(
    seats_occupied: Collection[int],
    *,
    button: int,
    previous_big_blind: int | None = None,
    previous_small_blind: int | None = None,
    capacity: int | None = None,
) -> Positions:
    """Positions for the next hand under the dead-button rule (see the module docstring).

    ``seats_occupied``: the seats of the players in the next hand.
    ``button``, ``previous_small_blind``, ``previous_big_blind``: the seats of
    the hand just played (a previous small blind may have been dead). When
    the previous big blind is not given, the last hand's blinds are read from
    the button as in ``current_positions``, which is right when nobody has
    left since. When only the small blind is missing, it is taken as the last
    player seated between the button and the big blind, or, if none is left
    there, as the (now empty) seat just before the big blind; heads-up the
    button itself.
    ``capacity``: seats at the table (default: the highest seat mentioned).
    """
    occupied = frozenset(seats_occupied)
    if len(occupied) < 2:
        raise ValueError("a hand needs at least two players")
    mentioned = occupied | {button, previous_big_blind or button, previous_small_blind or button}
    capacity = capacity or max(mentioned)

    if previous_big_blind is None:
        last = current_positions(occupied, button=button, capacity=capacity)
        previous_small_blind, previous_big_blind = last.small_blind, last.big_blind
    elif previous_small_blind is None:
        previous_small_blind = _previous_small_blind(occupied, button, previous_big_blind, capacity)

    big_blind = _after(previous_big_blind, occupied, capacity)
    if len(occupied) == 2:
        # Heads-up: the other player has the button and posts the small blind.
        small_blind = next(s for s in occupied if s != big_blind)
        return Positions(button=small_blind, small_blind=small_blind, big_blind=big_blind)
    small_blind = previous_big_blind
    new_button = previous_small_blind
    return Positions(
        button=new_button,
        small_blind=small_blind,
        big_blind=big_blind,
        button_dead=new_button not in occupied,
        small_blind_dead=small_blind not in occupied,
    )


def _previous_small_blind(
    occupied: frozenset[int], button: int, big_blind: int, capacity: int
) -> int:
    between = []
    seat = button % capacity + 1
    while seat != big_blind:
        between.append(seat)
        seat = seat % capacity + 1
    if not between:
        return button
    live = [s for s in between if s in occupied]
    return live[-1] if live else between[-1]
