"""Main pot, side pots and who is paid what.

House rule 19 (each side pot is awarded separately) and house rule 18 (odd
chips go to the first winner clockwise from the button, after breaking the
pot down to the smallest chip in play). Seats are numbered clockwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament.rulebook.errors import N_, RulingInputError, _

MSG_NEGATIVE = N_(
    "Seat {seat} has a negative amount ({amount}); chips put in a pot cannot be negative."
)
MSG_NOT_WHOLE = N_("Seat {seat}: chip amounts must be whole numbers.")
MSG_FOLDED_UNKNOWN = N_("Seat {seat} is marked folded but has no contribution to this hand.")
MSG_NOBODY_LIVE = N_("Every seat folded; at least one player must still be in the hand.")
MSG_CHIP_UNIT = N_("The chip unit must be a whole number of at least 1.")
MSG_NO_VALUE = N_("Seat {seat} is eligible for a pot but has no hand value.")
MSG_NEGATIVE_POT = N_("A pot cannot hold a negative amount.")
MSG_EMPTY_ELIGIBLE = N_("A pot of {amount} has nobody eligible to win it.")
MSG_SEAT_NOT_AT_TABLE = N_("Seat {seat} is not one of the table's seats.")


@dataclass(frozen=True)
class Pot:
    """Chips that go to the best hand among ``eligible`` seats."""

    amount: int
    eligible: frozenset[int]


def _check_amount(seat: int, amount: Any) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RulingInputError(_(MSG_NOT_WHOLE).format(seat=seat))
    if amount < 0:
        raise RulingInputError(_(MSG_NEGATIVE).format(seat=seat, amount=amount))
    return amount


def split(contributions: Mapping[int, int], folded: Collection[int] = ()) -> list[Pot]:
    """Cut the chips of one hand into the main pot and side pots, main pot first.

    ``contributions`` maps every seat that put chips in this hand (blinds and
    antes included) to its total; ``folded`` lists the seats no longer in the
    hand. Pots are cut only at the totals of live players, so an all-in makes
    a side pot and a fold does not: a folded player's chips stay in every pot
    up to what they put in.

    Uncalled chips: when only one live player reached the top level, the top
    layer comes back as a pot with that single eligible seat, which
    ``award`` returns to that player. Chips a folded seat put in above every
    live player (not possible in a correctly run hand) join the top pot.
    Empty layers are dropped.
    """
    amounts = {seat: _check_amount(seat, amount) for seat, amount in contributions.items()}
    folded_seats = frozenset(folded)
    for seat in sorted(folded_seats):
        if seat not in amounts:
            raise RulingInputError(_(MSG_FOLDED_UNKNOWN).format(seat=seat))
    live = {seat: amount for seat, amount in amounts.items() if seat not in folded_seats}
    if not live:
        raise RulingInputError(_(MSG_NOBODY_LIVE))

    pots: list[Pot] = []
    floor = 0
    for level in sorted({amount for amount in live.values() if amount > 0}):
        amount = sum(min(paid, level) - min(paid, floor) for paid in amounts.values())
        eligible = frozenset(seat for seat, paid in live.items() if paid >= level)
        pots.append(Pot(amount=amount, eligible=eligible))
        floor = level
    beyond = sum(max(paid - floor, 0) for paid in amounts.values())
    if beyond:
        if pots:
            top = pots[-1]
            pots[-1] = Pot(amount=top.amount + beyond, eligible=top.eligible)
        else:
            pots.append(Pot(amount=beyond, eligible=frozenset(live)))
    return pots


def clockwise_from_button(
    seats_to_order: Collection[int], *, button: int, seats: Sequence[int] | None = None
) -> list[int]:
    """Order seats clockwise starting with the first seat left of the button.

    ``seats`` is the table's seat numbers in clockwise order; without it,
    seat numbers increase clockwise. The button may be on an empty seat.
    """
    if seats is None:
        return sorted(seats_to_order, key=lambda seat: (seat <= button, seat))
    position = {seat: index for index, seat in enumerate(seats)}
    for seat in [button, *seats_to_order]:
        if seat not in position:
            raise RulingInputError(_(MSG_SEAT_NOT_AT_TABLE).format(seat=seat))
    size = len(seats)
    return sorted(seats_to_order, key=lambda seat: (position[seat] - position[button] - 1) % size)


def award(
    pots: Sequence[Pot],
    hand_values: Mapping[int, Any],
    *,
    button: int,
    chip_unit: int = 1,
    seats: Sequence[int] | None = None,
) -> dict[int, int]:
    """Pay every pot to the best hand among its eligible seats.

    ``hand_values`` maps seat to any comparable value (higher wins, equal
    values tie), such as ``hands.HandValue``. A pot with a single eligible
    seat (uncalled chips) goes back to that seat without a hand value.

    Ties split in whole ``chip_unit`` (the smallest chip in play); the odd
    units go one each to the tied winners in clockwise order from the first
    seat left of the button (house rule 18-A). Any part of a pot smaller than
    one chip unit goes with the first odd unit.

    Returns every eligible seat's winnings, zero included.
    """
    if isinstance(chip_unit, bool) or not isinstance(chip_unit, int) or chip_unit < 1:
        raise RulingInputError(_(MSG_CHIP_UNIT))
    winnings: dict[int, int] = {}
    for pot in pots:
        if pot.amount < 0:
            raise RulingInputError(_(MSG_NEGATIVE_POT))
        if not pot.eligible:
            raise RulingInputError(_(MSG_EMPTY_ELIGIBLE).format(amount=pot.amount))
        for seat in pot.eligible:
            winnings.setdefault(seat, 0)
        if len(pot.eligible) == 1:
            (only,) = pot.eligible
            winnings[only] += pot.amount
            continue
        for seat in sorted(pot.eligible):
            if seat not in hand_values:
                raise RulingInputError(_(MSG_NO_VALUE).format(seat=seat))
        best = max(hand_values[seat] for seat in pot.eligible)
        winners = clockwise_from_button(
            [seat for seat in pot.eligible if hand_values[seat] == best], button=button, seats=seats
        )
        units, crumbs = divmod(pot.amount, chip_unit)
        share, odd_units = divmod(units, len(winners))
        for index, seat in enumerate(winners):
            winnings[seat] += (share + (1 if index < odd_units else 0)) * chip_unit
        winnings[winners[0]] += crumbs
    return winnings
