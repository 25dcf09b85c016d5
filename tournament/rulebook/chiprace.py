"""Colouring up with a chip race: house rule 22 / TDA 2024 rule 24.

Each player's chips of the denomination being removed are exchanged at equal
value for the new denomination, but only as whole new chips (22-C). The
leftover ("odd") chips are raced: one card per odd chip, dealt from seat 1
clockwise; the highest cards win one new chip each, no player wins more than
one (22-A), and as many chips are raced as the odd chips' total value buys;
a remainder worth less than one new chip is removed without compensation
(22-C). Nobody is raced out: a player who loses their last chips in the race
gets one chip of the lowest denomination still in play (22-A), a chip given
on top of the ones raced, and the explanation says so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from tournament.rulebook.errors import N_, RulingInputError, _, join_sentences, require_whole
from tournament.rulebook.hands import RANKS, SUITS

MSG_DENOMINATIONS = N_(
    "The new denomination must be a whole multiple of the one removed, and larger than it."
)
MSG_COUNT = N_("Seat {seat}: the number of chips must be a whole number, zero or more.")
MSG_TOO_MANY_CARDS = N_("The race needs {cards} cards but a deck has 52; colour up in two steps.")

_DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


def card_order(card: str) -> tuple[int, int]:
    """Race order of a card: rank first, then suit (spades, hearts, diamonds, clubs)."""
    return RANKS.index(card[0]), SUITS.index(card[1])


@dataclass(frozen=True)
class SeatRace:
    """One seat's colour-up.

    ``removed`` chips of the old denomination came off; ``exchanged`` new
    chips replace them at equal value; ``odd_chips`` old chips were left over
    and raced with ``cards``. ``won`` is True when the race gave a new chip;
    ``protected`` when the seat got one so as not to be raced out (22-A).
    ``new_chips`` is the total of new chips the seat receives.
    """

    seat: int
    removed: int
    exchanged: int
    odd_chips: int
    cards: tuple[str, ...]
    won: bool
    protected: bool

    @property
    def new_chips(self) -> int:
        return self.exchanged + int(self.won) + int(self.protected)

    @property
    def best_card(self) -> str | None:
        return max(self.cards, key=card_order) if self.cards else None


@dataclass(frozen=True)
class ChipRace:
    """The whole colour-up: each seat, the deal in order, the chips raced.

    ``uncompensated`` is the value of odd chips that bought no new chip
    (house rule 22-C: less than one chip of the lowest denomination in play
    is removed without compensation).
    """

    old_denomination: int
    new_denomination: int
    seats: tuple[SeatRace, ...]
    deal: tuple[tuple[int, str], ...]
    chips_raced: int
    uncompensated: int

    @property
    def odd_value(self) -> int:
        """Value of every odd chip raced."""
        return sum(entry.odd_chips for entry in self.seats) * self.old_denomination

    @property
    def protected_seats(self) -> tuple[int, ...]:
        return tuple(entry.seat for entry in self.seats if entry.protected)

    @property
    def new_chips_given(self) -> int:
        """Every new chip handed out: exchanged, raced and given so as not to race anyone out."""
        return sum(entry.new_chips for entry in self.seats)

    def explanation(self) -> str:
        """The colour-up in plain sentences, in agreement with the chips given."""
        old, new = self.old_denomination, self.new_denomination
        exchanged = sum(entry.exchanged for entry in self.seats)
        removed_value = sum(entry.removed for entry in self.seats) * old
        sentences = [
            _(
                "{removed} in chips of {old} came off: {exchanged} chips of {new} in exchange "
                "at equal value (house rule 22-C)."
            ).format(removed=removed_value, old=old, exchanged=exchanged, new=new)
        ]
        if self.odd_value:
            sentences.append(
                _(
                    "The odd chips, worth {odd}, buy {raced} chips of {new}, raced one per "
                    "player at most (house rule 22-A)."
                ).format(odd=self.odd_value, raced=self.chips_raced, new=new)
            )
        if self.uncompensated:
            sentences.append(
                _(
                    "The remaining {lost} is less than one chip of {new} and is removed "
                    "without compensation (house rule 22-C)."
                ).format(lost=self.uncompensated, new=new)
            )
        if self.protected_seats:
            sentences.append(
                _(
                    "Seats {seats} lost their last chips in the race and get one chip of {new} "
                    "each, on top of the chips raced, so nobody is raced out (house rule 22-A)."
                ).format(seats=", ".join(str(seat) for seat in self.protected_seats), new=new)
            )
        sentences.append(
            _("New chips given in all: {given} × {new} = {value}, for {removed} removed.").format(
                given=self.new_chips_given,
                new=new,
                value=self.new_chips_given * new,
                removed=removed_value,
            )
        )
        return join_sentences(*sentences)

    def for_seat(self, seat: int) -> SeatRace:
        return next(entry for entry in self.seats if entry.seat == seat)


def _count(seat: int, value: object) -> int:
    return require_whole(value, MSG_COUNT, seat=seat)


def chip_race(
    removed: Mapping[int, int],
    *,
    old_denomination: int,
    new_denomination: int,
    rng: random.Random,
    remaining: Mapping[int, int] | None = None,
) -> ChipRace:
    """Colour up ``removed`` chips (seat → count) into ``new_denomination``.

    ``remaining`` maps seat to the value of the chips the seat keeps in other
    denominations; a seat left with nothing after exchange and race gets one
    new chip (house rule 22-A). Without it, every seat is assumed to keep
    other chips. ``rng`` shuffles the deck. The new denomination is taken to
    be the lowest in play after the colour-up.

    Cards are dealt as in a normal deal: one per seat per round, seat 1 first,
    to the seats that still have odd chips to cover. A seat's best card
    counts (rank, then suit: spades high); the highest cards win one chip
    each until the odd chips' total value is used up.
    """
    if (
        not isinstance(old_denomination, int)
        or not isinstance(new_denomination, int)
        or old_denomination <= 0
        or new_denomination <= old_denomination
        or new_denomination % old_denomination
    ):
        raise RulingInputError(_(MSG_DENOMINATIONS))
    counts = {seat: _count(seat, count) for seat, count in removed.items()}
    kept = {seat: _count(seat, value) for seat, value in (remaining or {}).items()}
    per_new = new_denomination // old_denomination
    exchanged = {seat: count // per_new for seat, count in counts.items()}
    odd = {seat: count % per_new for seat, count in counts.items()}

    cards_needed = sum(odd.values())
    if cards_needed > len(_DECK):
        raise RulingInputError(_(MSG_TOO_MANY_CARDS).format(cards=cards_needed))
    deck = list(_DECK)
    rng.shuffle(deck)
    dealt: dict[int, list[str]] = {seat: [] for seat in counts}
    deal: list[tuple[int, str]] = []
    racers = sorted(seat for seat in counts if odd[seat])
    for round_number in range(max(odd.values(), default=0)):
        for seat in racers:
            if odd[seat] > round_number:
                card = deck.pop()
                dealt[seat].append(card)
                deal.append((seat, card))

    odd_value = cards_needed * old_denomination
    chips_raced = odd_value // new_denomination
    ranking = sorted(
        racers, key=lambda seat: card_order(max(dealt[seat], key=card_order)), reverse=True
    )
    winners = set(ranking[:chips_raced])

    entries = []
    for seat in sorted(counts):
        won = seat in winners
        has_chips = remaining is None or kept.get(seat, 0) > 0
        protected = not won and exchanged[seat] == 0 and odd[seat] > 0 and not has_chips
        entries.append(
            SeatRace(
                seat=seat,
                removed=counts[seat],
                exchanged=exchanged[seat],
                odd_chips=odd[seat],
                cards=tuple(dealt[seat]),
                won=won,
                protected=protected,
            )
        )
    return ChipRace(
        old_denomination=old_denomination,
        new_denomination=new_denomination,
        seats=tuple(entries),
        deal=tuple(deal),
        chips_raced=chips_raced,
        uncompensated=odd_value - chips_raced * new_denomination,
    )
