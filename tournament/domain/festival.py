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


def day1_place(*, left: int, paid: int, eliminated: bool, hand_for_hand: bool = False
               ) -> int | None:
    """The event-wide place of a bust in a Day 1 flight, or None ("out on Day 1").

    ``left``: the event's players still in at the bust, the busting player
    included: the players of every flight still playing plus the bags that
    go on (under the best-bag rule a player counts once, whatever number of
    bags or seats they hold; under every-bag each entry counts on its own).
    ``eliminated``: the bust takes the entry out of the event (False under
    the best-bag rule while the player still holds a bag or a seat in another
    flight: that bust is a lost re-entry, not a finish).

    Places and prizes are decided on the day the money is reached: once
    ``left`` is no more than the places ``paid``, a Day 1 bust finishes in
    place ``left``, as on any day. Before the money a Day 1 bust has no
    place, except in hand-for-hand, where the busts of one hand share the
    places they cover (house hand-for-hand rule, DESIGN §5) and so need them.
    Flights running at the same time share one count: the busts are taken
    one at a time, each finishing in the place of the players still in then.
    """
    if not eliminated or left < 1:
        return None
    return left if left <= paid or hand_for_hand else None
