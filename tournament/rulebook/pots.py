"""Main pot, side pots and who is paid what.

House rule 19 / TDA 2024 21 (each side pot is awarded separately) and house
rule 18 / TDA 2024 20 (odd chips, after breaking the pot down to the smallest
chip in play): A) in board games the odd chip goes to the first winner
clockwise from the button; B) in stud, razz and stud/8 to the winner holding
the high card by suit in their five-card hand; C) in a high-low split the odd
chip of the total pot goes to the high side; D) a player who wins both halves
with identical hands splits the pot as evenly as possible. Seats are
numbered clockwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament.rulebook.errors import N_, RulingInputError, _, is_whole, require_whole
from tournament.rulebook.hands import LOW_RANKS, RANKS, SUITS, parse_cards

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
MSG_LOW_NOT_LIVE = N_("Seat {seat} has a low hand but is not a live seat in this hand.")
MSG_SEAT_NOT_AT_TABLE = N_("Seat {seat} is not one of the table's seats.")
MSG_NO_HIGH_CARD = N_(
    "Seat {seat} ties for a pot but its high card is not known; give its five-card hand."
)


@dataclass(frozen=True)
class Pot:
    """Chips that go to the best hand among ``eligible`` seats."""

    amount: int
    eligible: frozenset[int]


def _check_amount(seat: int, amount: Any) -> int:
    if not is_whole(amount):
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


def high_card_order(five_card_hands: Mapping[int, Sequence[str]]) -> list[int]:
    """Seats ordered by the highest card by suit of their five-card hand, best first.

    House rule 18-B / TDA 2024 20-B (stud, razz, stud/8): rank first, then suit
    (spades, hearts, diamonds, clubs). Cards are strings like ``"Ks"``.
    """
    return _by_top_card(five_card_hands, RANKS)


def low_card_order(five_card_lows: Mapping[int, Sequence[str]]) -> list[int]:
    """Seats ordered by the high card by suit of their five-card low, best first.

    House rule 18-B / TDA 2024 20-B for a tied low half in stud/8 (and razz):
    the low hands' own cards decide, not the high hands'. In a low the ace is
    the lowest card, so the top card of A-2-3-4-8 is the eight; a tie on that
    rank goes by suit (spades, hearts, diamonds, clubs).
    """
    return _by_top_card(five_card_lows, LOW_RANKS)


def _by_top_card(five_card_hands: Mapping[int, Sequence[str]], ranks: str) -> list[int]:
    """Seats by their top card, rank in ``ranks`` order then suit, best first (18-B)."""
    def top(seat: int) -> tuple[int, int]:
        cards = parse_cards(five_card_hands[seat])
        if not cards:
            raise RulingInputError(_(MSG_NO_HIGH_CARD).format(seat=seat))
        return max((ranks.index(card[0]), SUITS.index(card[1])) for card in cards)

    return sorted(five_card_hands, key=top, reverse=True)


def _odd_chip_order(
    tied: Collection[int],
    *,
    button: int,
    seats: Sequence[int] | None,
    odd_chip_order: Sequence[int] | None,
) -> list[int]:
    if odd_chip_order is None:
        return clockwise_from_button(tied, button=button, seats=seats)
    for seat in sorted(tied):
        if seat not in odd_chip_order:
            raise RulingInputError(_(MSG_NO_HIGH_CARD).format(seat=seat))
    return sorted(tied, key=list(odd_chip_order).index)


def _share(units: int, chip_unit: int, winners: Sequence[int], winnings: dict[int, int]) -> None:
    """Split ``units`` chip units evenly; the odd units go one each in ``winners`` order."""
    share, odd_units = divmod(units, len(winners))
    for index, seat in enumerate(winners):
        winnings[seat] += (share + (1 if index < odd_units else 0)) * chip_unit


def award(
    pots: Sequence[Pot],
    hand_values: Mapping[int, Any],
    *,
    button: int,
    chip_unit: int = 1,
    seats: Sequence[int] | None = None,
    low_values: Mapping[int, Any] | None = None,
    odd_chip_order: Sequence[int] | None = None,
    low_odd_chip_order: Sequence[int] | None = None,
) -> dict[int, int]:
    """Pay every pot to the best hand among its eligible seats.

    ``hand_values`` maps seat to any comparable value (higher wins, equal
    values tie), such as ``hands.HandValue``. A pot with a single eligible
    seat (uncalled chips) goes back to that seat without a hand value.

    Ties split in whole ``chip_unit`` (the smallest chip in play); the odd
    units go one each to the tied winners in clockwise order from the first
    seat left of the button (house rule 18-A), or, for stud games, in
    ``odd_chip_order`` (seats by high card by suit, see ``high_card_order``;
    house rule 18-B). Any part of a pot smaller than one chip unit goes with
    the first odd unit.

    High-low split games: ``low_values`` maps the seats holding a qualifying
    low to a comparable low value (higher is the better low). A pot with a
    qualifying low among its eligible seats is halved; the odd unit of the
    pot goes to the high half (house rule 18-C). When the same seats win
    both halves the pot is split among them as evenly as possible (18-D).
    A pot without a qualifying low goes to the high hand. In stud/8 the odd
    chip of a tied low half goes by the high card by suit of the five-card
    low hands: ``low_odd_chip_order`` (``high_card_order`` of the low hands;
    by default ``odd_chip_order``).

    Returns every eligible seat's winnings, zero included.
    """
    require_whole(chip_unit, MSG_CHIP_UNIT, minimum=1)
    order = {"button": button, "seats": seats, "odd_chip_order": odd_chip_order}
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
        high = _odd_chip_order(
            [seat for seat in pot.eligible if hand_values[seat] == best], **order
        )
        units, crumbs = divmod(pot.amount, chip_unit)
        lows = [seat for seat in pot.eligible if low_values and seat in low_values]
        if not lows:
            _share(units, chip_unit, high, winnings)
        else:
            assert low_values is not None
            best_low = max(low_values[seat] for seat in lows)
            low_order = order | {"odd_chip_order": low_odd_chip_order or odd_chip_order}
            low = _odd_chip_order(
                [seat for seat in lows if low_values[seat] == best_low], **low_order
            )
            if set(low) == set(high):
                _share(units, chip_unit, high, winnings)  # 18-D: as evenly as possible
            else:
                low_units = units // 2
                _share(units - low_units, chip_unit, high, winnings)  # 18-C: odd unit high
                _share(low_units, chip_unit, low, winnings)
        winnings[high[0]] += crumbs
    return winnings
