"""Poker hand values: house rule 11 (cards speak) / TDA 2024 rule 12.

The ranking itself comes from ``phevaluator`` (a perfect-hash evaluator); this
module only parses the card strings floor staff type, checks them, and wraps
the evaluator's rank in a value that sorts the natural way (higher is better).
Suits never break ties in hold'em: two hands with the same five ranks in the
same pattern are equal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from phevaluator import evaluate_cards

from tournament.rulebook.errors import N_, RulingInputError, _

RANKS = "23456789TJQKA"
SUITS = "cdhs"

# phevaluator ranks 7462 distinct five-card hands, 1 (royal flush) to 7462
# (7-5-4-3-2 offsuit). Each category occupies one contiguous band.
_WORST_RANK = 7462
_CATEGORY_BANDS: tuple[tuple[int, str], ...] = (
    (10, N_("straight flush")),
    (166, N_("four of a kind")),
    (322, N_("full house")),
    (1599, N_("flush")),
    (1609, N_("straight")),
    (2467, N_("three of a kind")),
    (3325, N_("two pair")),
    (6185, N_("one pair")),
    (7462, N_("high card")),
)

#: Category names from weakest to strongest, in English (marked with ``N_``): they are
#: data; translate at display with ``_(name)`` (``str(HandValue)`` does).
CATEGORIES: tuple[str, ...] = tuple(name for _, name in reversed(_CATEGORY_BANDS))

MSG_NOT_A_CARD = N_(
    "“{card}” is not a card: write a rank (2-9, T or 10, J, Q, K, A) and a suit (c, d, h, s), like “As” or “10d”."
)
MSG_CARD_COUNT = N_("A hand is read from 5 to 7 cards; {count} were given.")
MSG_DUPLICATE = N_("The card {card} appears twice; a deck holds each card once.")
MSG_HOLE_COUNT = N_("Give the player's hole cards (at least one).")


@dataclass(frozen=True, order=True)
class HandValue:
    """The value of a player's best five cards.

    Values compare by ``strength`` only: higher is better, equal strength is a
    tie (a split pot), whatever the suits or unused cards.
    """

    strength: int
    category: str = field(compare=False)
    cards: tuple[str, ...] = field(compare=False)

    @property
    def category_rank(self) -> int:
        """0 for high card up to 8 for a straight flush."""
        return CATEGORIES.index(self.category)

    def __str__(self) -> str:
        """The category in the reader's language and the five cards."""
        # Translators: a hand's category and its five cards, e.g. "two pair (Ks Kd 9h 9c As)".
        return _("{category} ({cards})").format(
            category=_(self.category), cards=" ".join(self.cards)
        )


def parse_card(text: str) -> str:
    """Return the card in canonical form (``"Td"``) or raise ``RulingInputError``.

    Accepts ``"10d"`` for the ten and either case for rank and suit.
    """
    if not isinstance(text, str):
        raise RulingInputError(_(MSG_NOT_A_CARD).format(card=text))
    cleaned = text.strip()
    rank, suit = cleaned[:-1].upper(), cleaned[-1:].lower()
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS or not suit:
        raise RulingInputError(_(MSG_NOT_A_CARD).format(card=text))
    return rank + suit


def parse_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Parse several cards, refusing duplicates."""
    parsed: list[str] = []
    for text in cards:
        card = parse_card(text)
        if card in parsed:
            raise RulingInputError(_(MSG_DUPLICATE).format(card=card))
        parsed.append(card)
    return tuple(parsed)


def _five_to_seven(cards: Iterable[str]) -> tuple[str, ...]:
    """Parse the 5 to 7 cards a hand is read from (house rule 11)."""
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise RulingInputError(_(MSG_CARD_COUNT).format(count=len(parsed)))
    return parsed


def _category(rank: int) -> str:
    for upper, name in _CATEGORY_BANDS:
        if rank <= upper:
            return name
    raise AssertionError(rank)  # pragma: no cover - phevaluator never returns this


def _display_order(five: Sequence[str]) -> tuple[str, ...]:
    """Order five cards the way a dealer reads them: groups first, high to low."""
    counts = Counter(card[0] for card in five)
    ordered = sorted(five, key=lambda c: (counts[c[0]], RANKS.index(c[0]), c[1]), reverse=True)
    ranks = [card[0] for card in ordered]
    if ranks == ["A", "5", "4", "3", "2"]:  # the wheel: the ace plays low
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def evaluate(cards: Iterable[str]) -> HandValue:
    """Value the best five-card hand among 5 to 7 cards (house rule 11)."""
    parsed = _five_to_seven(cards)
    rank = evaluate_cards(*parsed)
    best = next(five for five in combinations(parsed, 5) if evaluate_cards(*five) == rank)
    return HandValue(
        strength=_WORST_RANK + 1 - rank,
        category=_category(rank),
        cards=_display_order(best),
    )


def best_hand(hole: Iterable[str], board: Iterable[str]) -> HandValue:
    """Value a player's hole cards with the board (hold'em: any five of the seven)."""
    hole_cards = tuple(hole)
    if not hole_cards:
        raise RulingInputError(_(MSG_HOLE_COUNT))
    return evaluate(hole_cards + tuple(board))


# --- 8-or-better lows (high-low split games) -------------------------------------

#: Ranks as they count in a low: the ace is the lowest card.
LOW_RANKS = "A23456789TJQK"


@dataclass(frozen=True, order=True)
class LowValue:
    """A qualifying 8-or-better low (ace-to-five: straights and flushes do not count).

    Values compare by ``strength`` only, higher is the better low: the five
    ranks read from the top card down, the lower top card wins, then the next.
    """

    strength: tuple[int, ...]
    cards: tuple[str, ...] = field(compare=False)

    def __str__(self) -> str:
        # Translators: an 8-or-better low hand and its five cards, e.g. "low (8h 5c 4d 3s Ah)".
        return _("low ({cards})").format(cards=" ".join(self.cards))


def eight_or_better(cards: Iterable[str]) -> LowValue | None:
    """The best 8-or-better low among 5 to 7 cards, or ``None`` when none qualifies.

    Five cards of different ranks, eight or lower, the ace low (house rule 18,
    high-low split games). For Omaha/8, give the five cards the low is made of
    (two hole cards and three from the board).
    """
    parsed = _five_to_seven(cards)
    best: LowValue | None = None
    for five in combinations(parsed, 5):
        ranks = sorted((LOW_RANKS.index(card[0]) for card in five), reverse=True)
        if ranks[0] > LOW_RANKS.index("8") or len(set(ranks)) < 5:
            continue
        value = LowValue(
            strength=tuple(-rank for rank in ranks),
            cards=tuple(sorted(five, key=lambda c: (LOW_RANKS.index(c[0]), c[1]), reverse=True)),
        )
        if best is None or value > best:
            best = value
    return best
