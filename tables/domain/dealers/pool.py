"""The pool: which free dealer goes in first (house practice, issue 24), and what a
dealer's state becomes when they go in."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from tables.domain.dealers.room import BREAK, DEALING, Dealer, Rules

# Who goes in first: a dealer owed a second down, then the rested (longest out
# first), then a dealer part way through a stint, then the early-out list.
CONTINUING, RESTED, MIDWAY, LEAVING = range(4)


class Pool:
    """Dealers free at a moment, indexed by (class, game) and ordered by out-since."""

    def __init__(self) -> None:
        self._heaps: dict[tuple[int, str], list[tuple[datetime, int]]] = {}
        self._used: set[int] = set()
        self.by_key: dict[int, Dealer] = {}
        self.members: dict[int, set[int]] = {}

    def add(self, dealer: Dealer, klass: int) -> None:
        self.by_key[dealer.key] = dealer
        self._used.discard(dealer.key)
        self.members.setdefault(klass, set()).add(dealer.key)
        for game in dealer.games:
            heapq.heappush(self._heaps.setdefault((klass, game), []),
                           (dealer.since or datetime.min, dealer.key))

    def take(self, game: str, *, not_from: int | None, classes=range(4)) -> Dealer | None:
        for klass in classes:
            heap = self._heaps.get((klass, game))
            skipped = []
            found = None
            while heap:
                since, key = heap[0]
                if key in self._used:
                    heapq.heappop(heap)
                    continue
                dealer = self.by_key[key]
                if not_from is not None and dealer.last_table == not_from and dealer.stint:
                    skipped.append(heapq.heappop(heap))
                    continue
                found = dealer
                heapq.heappop(heap)
                break
            for item in skipped:
                heapq.heappush(heap, item)
            if found is not None:
                self._used.add(found.key)
                self.members[klass].discard(found.key)
                return found
        return None

    def count(self, klass: int) -> int:
        """How many dealers of ``klass`` are still free."""
        return len(self.members.get(klass, ()))

    def waited(self, klass: int, since: datetime) -> int:
        """How many free dealers of ``klass`` have been out since ``since`` or before."""
        return sum(1 for key in self.members.get(klass, ())
                   if (self.by_key[key].since or datetime.min) <= since)

    def rested_left(self) -> int:
        return len(self.members.get(RESTED, ()))


def queue_class(dealer: Dealer, at: datetime, rules: Rules) -> int | None:
    """The dealer's place in the queue at ``at``, or None when not free then."""
    if dealer.status == DEALING:
        return None
    if dealer.status == BREAK:
        if dealer.until is None or dealer.until > at:
            return None
        return LEAVING if dealer.early_out else RESTED
    if dealer.early_out:
        return LEAVING
    if 0 < dealer.stint < rules.min_downs:
        return CONTINUING
    if dealer.stint == 0 or rested(dealer, at, rules):
        return RESTED
    if dealer.stint >= rules.max_downs:
        return None  # owes a break: free once rested
    return MIDWAY


def rested(dealer: Dealer, at: datetime, rules: Rules) -> bool:
    return dealer.since is not None and at - dealer.since >= rules.break_length


def pool_at(dealers: Iterable[Dealer], at: datetime, rules: Rules) -> Pool:
    pool = Pool()
    for dealer in dealers:
        klass = queue_class(dealer, at, rules)
        if klass is not None:
            pool.add(dealer, klass)
    return pool


def going_in(dealer: Dealer, table: int, at: datetime, due: datetime, rules: Rules) -> Dealer:
    fresh = dealer.status == BREAK or dealer.stint == 0 or (
        dealer.stint >= rules.min_downs and rested(dealer, at, rules))
    return replace(dealer, status=DEALING, table=table, since=at, due=due, until=None,
                   stint=1 if fresh else dealer.stint + 1, last_table=table)


def why_in(dealer: Dealer, at: datetime, rules: Rules) -> tuple[str, tuple]:
    klass = queue_class(dealer, at, rules)
    if klass == CONTINUING:
        return "second_down", ()
    if klass == MIDWAY:
        return "next_down", (("down", dealer.stint + 1), ("max", rules.max_downs))
    return "longest_out", (("since", dealer.since),)
