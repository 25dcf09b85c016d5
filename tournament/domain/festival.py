"""Festival rules: which Day 1 bags go on to Day 2.

A player may play several Day 1 flights and bag in more than one. The usual
rule: only the biggest bag advances and the others are void. Some events let
every bag advance (the player then plays each on Day 2).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

BEST = "best"
EVERY = "every"


@dataclass(frozen=True, slots=True)
class Bag:
    entry: Hashable
    player: Hashable
    chips: int
    flight_order: int = 0  # the earlier flight wins a tie of equal bags


def advancing_bags(bags: Iterable[Bag], rule: str) -> list[Bag]:
    """The bags that advance, biggest first.

    ``rule`` is ``"best"`` (one bag per player: the biggest, an equal pair
    going to the earlier flight) or ``"every"``.
    """
    bags = list(bags)
    if rule == EVERY:
        chosen = bags
    elif rule == BEST:
        best: dict[Hashable, Bag] = {}
        for bag in bags:
            kept = best.get(bag.player)
            if kept is None or (bag.chips, -bag.flight_order) > (kept.chips, -kept.flight_order):
                best[bag.player] = bag
        chosen = list(best.values())
    else:
        raise ValueError(f"unknown advance rule {rule!r}")
    return sorted(chosen, key=lambda b: (-b.chips, b.flight_order))
