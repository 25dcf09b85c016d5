"""The two-step seat draw for players leaving a broken table (pure; no Django).

House rule 9 worked example / TDA 2024 10: so that nobody can be favoured,
the new seats are given out in two random steps. First the seat cards for the
open seats are shown to the players, shuffled face down and stacked. Then
the dealer turns one playing card face up in front of each player; the player
with the highest card takes the top seat card, the next highest the next
one, and so on. Equal ranks are ordered by suit: spades, hearts, diamonds,
clubs (the usual high-card-draw order; the rulebook says "by suit" without
fixing one). Ranks and suits are the rulebook's (``tournament.rulebook.hands``),
lowest first.

The balancing engine draws the seats a broken table's players take with
``seating.seat_randomly_detailed`` (the seat cards shown), then hands them
out by this draw, so the floor screen can show each player's high card and
seat card in the order they are taken.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from tournament.rulebook.hands import RANKS, SUITS

__all__ = ["DrawnSeat", "RANKS", "SUITS", "card_strength", "two_step_draw"]


def card_strength(card: str) -> tuple[int, int]:
    """Sort key, higher is better: rank first, then suit (spades highest)."""
    rank, suit = card[0].upper(), card[1].lower()
    if rank not in RANKS or suit not in SUITS or len(card) != 2:
        raise ValueError(f"not a card: {card!r}")
    return (RANKS.index(rank), SUITS.index(suit))


@dataclass(frozen=True, slots=True)
class DrawnSeat:
    """One player's result: the high card dealt to them and the seat card they took."""

    player: Hashable
    high_card: str
    seat_card: Hashable


def two_step_draw(
    players: Sequence[Hashable],
    seat_cards: Sequence[Hashable],
    rng: random.Random,
    *,
    high_cards: Sequence[str] | None = None,
) -> list[DrawnSeat]:
    """Run the two-step draw; the result is in the order the seat cards are taken.

    ``seat_cards``: the open seats shown to the players, e.g. ``(table, seat)``
    pairs; there must be at least as many as players (the surplus stays in the
    stack). ``high_cards`` fixes the cards dealt face up (one per player, in
    ``players`` order) when the floor enters a real draw; by default they come
    from a shuffled deck.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    if len(seat_cards) < len(players):
        raise ValueError("fewer seat cards than players")
    stack = list(seat_cards)
    rng.shuffle(stack)  # step 1: shown, shuffled face down, stacked
    if high_cards is None:
        # Several tables breaking at once can hold more players than one deck has
        # cards: the floor then deals from as many decks as it takes (equal cards
        # keep the order the players were dealt in).
        deck = [rank + suit for rank in RANKS for suit in SUITS]
        deck *= -(-len(players) // len(deck)) or 1
        high_cards = rng.sample(deck, len(players))  # step 2: one card face up each
    elif len(set(high_cards)) != len(high_cards):
        raise ValueError("need one distinct high card per player")
    if len(high_cards) != len(players):
        raise ValueError("need one high card per player")
    ranked = sorted(
        zip(players, high_cards, strict=True), key=lambda pc: card_strength(pc[1]), reverse=True
    )
    return [
        DrawnSeat(player, card, seat) for (player, card), seat in zip(ranked, stack, strict=False)
    ]
