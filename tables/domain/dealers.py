"""The dealers' rotation: who deals which table, who goes on break, who comes back.

A pure engine over frozen dataclasses (no Django, no clock: ``now`` is passed).
The room's practice, as dealers and floor people describe it (issue 24):

- a down lasts ``Rules.down`` (usually 30 minutes); each table's down ends on
  its own timer, so pushes run through the room rather than all at once;
- a dealer works ``min_downs`` to ``max_downs`` downs in a row (a *stint*),
  then takes a break of ``break_length``: never one down then a break
  ("up-down"), never more than ``max_downs`` downs without one;
- no dealer deals two downs in a row at one table;
- whoever has been out longest goes in first; a dealer deals only their games;
- house RP-7 (TDA's recommended procedure): no push in the last
  ``quiet`` (90 s) before a level change or a scheduled break; the push
  waits for the boundary itself. Hand-for-hand holds a tournament's pushes.

A dealer who must deal a second down goes in before anyone else at the next
table whose down ends (the push chain: the pool dealer relieves table A, A's
dealer relieves table B, ...), so a stint never stops at one down. When the
pool cannot relieve a table the dealer there keeps dealing and ``Shortage``
says so ("3 tables without a relief dealer at 14:30"); an open table without
a dealer is listed as waiting. No invariant is broken without one of those.

Entry points: ``fill`` (open tables without a dealer take one now),
``next_push`` (the next push: its time, its lines and the dealers after it),
``plan`` (both, for the board), ``table_closed`` (a table break frees its
dealer at once), ``apply`` (the room after a plan's lines).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from tournament.domain.errors import N_

__all__ = ["BREAK", "DEALING", "OUT", "REASONS", "Dealer", "Line", "OpenTable", "Push",
           "Room", "Rotation", "Rules", "Shortage", "apply", "fill", "next_push", "plan",
           "table_closed"]

DEALING = "dealing"
OUT = "out"
BREAK = "break"

#: Each line's reason, in English with its parameters (translated by the web layer).
REASONS: dict[str, str] = {
    "new_table": N_("The table opened and needs a dealer now."),
    "longest_out": N_("Out longest (since %(since)s)."),
    "second_down": N_("Goes on to a second down (no dealer works one down then breaks)."),
    "next_down": N_("Goes on to down %(down)s of at most %(max)s."),
    "break_due": N_("%(downs)s downs dealt: break until %(until)s."),
    "break_early": N_("%(downs)s downs dealt and the pool can cover: break until %(until)s."),
    "to_pool": N_("Off the table: next table in the next push."),
    "break_over": N_("Back from break at %(at)s."),
    "table_broke": N_("Table %(table)s broke: free at once."),
    "swapped": N_("Swapped by hand at table %(table)s."),
}

#: Shortage lines (translated by the web layer).
SHORTAGES: dict[str, str] = {
    "no_relief": N_("%(count)s tables without a relief dealer at %(at)s"),
    "waiting": N_("%(count)s tables waiting for a dealer at %(at)s"),
}


@dataclass(frozen=True)
class Rules:
    """The room's rotation rules (one set for the venue)."""

    down: timedelta = timedelta(minutes=30)
    min_downs: int = 2
    max_downs: int = 3
    break_length: timedelta = timedelta(minutes=20)
    # House RP-7: no push in the last 90 seconds before a level change or a break.
    quiet: timedelta = timedelta(seconds=90)
    # The longest a dealer owed a second down waits for the next table: beyond
    # it, the table whose down ends soonest is pushed early for them.
    wait: timedelta = timedelta(minutes=5)


@dataclass(frozen=True)
class OpenTable:
    """An open table of a running tournament. ``key`` is unique over the room."""

    key: int
    tournament: int
    game: str = "holdem"
    label: str = ""


@dataclass(frozen=True)
class Dealer:
    """A dealer on shift and where the rotation has them.

    ``status``: ``DEALING`` at ``table`` since ``since`` until the down ends at
    ``due``; ``OUT`` (the pool) since ``since``; ``BREAK`` from ``since`` to
    ``until``. ``stint`` counts the downs of the current stint, the one being
    dealt included; ``last_table`` is the table of the stint's latest down.
    ``early_out``: on the early-out list (goes in after everyone else).
    """

    key: int
    games: frozenset[str] = frozenset({"holdem"})
    status: str = OUT
    table: int | None = None
    since: datetime | None = None
    due: datetime | None = None
    until: datetime | None = None
    stint: int = 0
    last_table: int | None = None
    early_out: bool = False


@dataclass(frozen=True)
class Room:
    """Everything the rotation reads: the open tables of every running tournament,
    the dealers on shift, each tournament's coming level changes and breaks
    (``boundaries``) and the tournaments in hand-for-hand (``held``)."""

    tables: tuple[OpenTable, ...]
    dealers: tuple[Dealer, ...]
    boundaries: Mapping[int, tuple[datetime, ...]] = field(default_factory=dict)
    held: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Line:
    """One line of the rotation: ``kind`` is ``fill``, ``push``, ``break``, ``pool``
    or ``return``; ``reason`` a key of ``REASONS`` with its ``params``."""

    kind: str
    dealer: int
    at: datetime
    table: int | None = None
    relieves: int | None = None
    until: datetime | None = None
    reason: str = ""
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Shortage:
    """Tables the pool cannot serve at ``at`` (``kind`` a key of ``SHORTAGES``)."""

    kind: str
    at: datetime
    tables: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.tables)


@dataclass(frozen=True)
class Push:
    """The next push: when, its lines (pushes, breaks, to the pool, returns
    before it), the dealers as they are after it, and what it cannot cover."""

    at: datetime | None
    lines: tuple[Line, ...] = ()
    dealers: tuple[Dealer, ...] = ()
    shortages: tuple[Shortage, ...] = ()

    @property
    def pushes(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind == "push")


@dataclass(frozen=True)
class Rotation:
    """The board's view: fills now, then the next push; early-out candidates."""

    now: datetime
    fills: tuple[Line, ...]
    push: Push
    early_out: tuple[int, ...]
    shortages: tuple[Shortage, ...]


# --- The pool ------------------------------------------------------------------------

# Who goes in first: a dealer owed a second down, then the rested (longest out
# first), then a dealer part way through a stint, then the early-out list.
_CONTINUING, _RESTED, _MIDWAY, _LEAVING = range(4)


class _Pool:
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
        return len(self.members.get(_RESTED, ()))


def _klass(dealer: Dealer, at: datetime, rules: Rules) -> int | None:
    """The dealer's place in the queue at ``at``, or None when not free then."""
    if dealer.status == DEALING:
        return None
    if dealer.status == BREAK:
        if dealer.until is None or dealer.until > at:
            return None
        return _LEAVING if dealer.early_out else _RESTED
    if dealer.early_out:
        return _LEAVING
    if 0 < dealer.stint < rules.min_downs:
        return _CONTINUING
    if dealer.stint == 0 or _rested(dealer, at, rules):
        return _RESTED
    if dealer.stint >= rules.max_downs:
        return None  # owes a break: free once rested
    return _MIDWAY


def _rested(dealer: Dealer, at: datetime, rules: Rules) -> bool:
    return dealer.since is not None and at - dealer.since >= rules.break_length


def _pool_at(dealers: Iterable[Dealer], at: datetime, rules: Rules) -> _Pool:
    pool = _Pool()
    for dealer in dealers:
        klass = _klass(dealer, at, rules)
        if klass is not None:
            pool.add(dealer, klass)
    return pool


def _going_in(dealer: Dealer, table: int, at: datetime, due: datetime, rules: Rules) -> Dealer:
    fresh = dealer.status == BREAK or dealer.stint == 0 or (
        dealer.stint >= rules.min_downs and _rested(dealer, at, rules))
    return replace(dealer, status=DEALING, table=table, since=at, due=due, until=None,
                   stint=1 if fresh else dealer.stint + 1, last_table=table)


def _why_in(dealer: Dealer, at: datetime, rules: Rules) -> tuple[str, tuple]:
    klass = _klass(dealer, at, rules)
    if klass == _CONTINUING:
        return "second_down", ()
    if klass == _MIDWAY:
        return "next_down", (("down", dealer.stint + 1), ("max", rules.max_downs))
    return "longest_out", (("since", dealer.since),)


# --- Fills: an open table without a dealer takes one now -------------------------------


def fill(room: Room, rules: Rules, now: datetime) -> tuple[tuple[Line, ...], tuple[Dealer, ...],
                                                            tuple[Shortage, ...]]:
    """Every open table without a dealer takes one at once (a new table, a Day 2
    draw, the final-table redraw, a dealer who clocked out at the table).

    Not a push: a table with no dealer cannot play, so neither the quiet minutes
    nor hand-for-hand wait for it. Tables opened together get first downs
    spread from half a down to a down and a half (a down on average), so that
    their pushes run evenly through the room instead of all at once. Returns the lines, every
    dealer after them, and the tables left waiting.
    """
    dealt = {d.table for d in room.dealers if d.status == DEALING}
    empty = [t for t in sorted(room.tables, key=lambda t: (t.tournament, t.key))
             if t.key not in dealt]
    if not empty:
        return (), room.dealers, ()
    pool = _pool_at(room.dealers, now, rules)
    after = {d.key: d for d in room.dealers}
    lines: list[Line] = []
    waiting: list[int] = []
    spread = len(empty)
    for i, table in enumerate(empty):
        dealer = pool.take(table.game, not_from=table.key)
        if dealer is None:
            waiting.append(table.key)
            continue
        due = now + rules.down / 2 + rules.down * (i / spread) if spread > 1 else now + rules.down
        due = due.replace(microsecond=0)
        reason, params = _why_in(dealer, now, rules)
        after[dealer.key] = _going_in(dealer, table.key, now, due, rules)
        lines.append(Line("fill", dealer.key, now, table=table.key, reason="new_table",
                          params=(("then", reason),) + params))
    shortages = (Shortage("waiting", now, tuple(waiting)),) if waiting else ()
    return tuple(lines), tuple(after.values()), shortages


# --- The next push --------------------------------------------------------------------


def push_time(due: datetime, now: datetime, boundaries: Iterable[datetime],
              rules: Rules) -> datetime:
    """House RP-7: a push due inside the quiet minutes before a level change or a
    break waits for the boundary itself."""
    at = max(due, now)
    for boundary in sorted(boundaries):
        if boundary - rules.quiet <= at < boundary:
            at = boundary
    return at


def next_push(room: Room, rules: Rules, now: datetime, *, tries: int = 16) -> Push:
    """The next push at or after ``now``: which dealer goes to which table and when,
    who goes on break, who goes back to the pool, who comes back from break.

    Each table whose down has ended is relieved by the first free dealer who
    deals its game and did not just deal it: first a dealer owed a second down,
    then the longest out. The dealer relieved goes on break after
    ``max_downs`` downs, on to the next table before ``min_downs``, and in
    between on break only when the rested pool can still cover every break
    coming due. A table nobody can relieve keeps its dealer (``no_relief``).
    """
    by_table = {d.table: d for d in room.dealers if d.status == DEALING}
    tables = {t.key: t for t in room.tables}
    times: dict[int, datetime] = {}
    for key, dealer in by_table.items():
        table = tables.get(key)
        if table is None or table.tournament in room.held or dealer.due is None:
            continue
        times[key] = push_time(dealer.due, now, room.boundaries.get(table.tournament, ()), rules)
    if not times:
        return Push(None, dealers=room.dealers)
    returns = sorted(d.until for d in room.dealers
                     if d.status == BREAK and d.until is not None and d.until > now)
    returns += [max(now, d.since + rules.wait) for d in room.dealers
                if d.status == OUT and 0 < d.stint < rules.min_downs and d.since is not None
                and not d.early_out]
    # A dealer free inside a tournament's quiet minutes relieves its tables at
    # the boundary (RP-7), so the boundary is a moment to try as well.
    marks = {tables[k].tournament: room.boundaries.get(tables[k].tournament, ()) for k in times}
    later = {push_time(r, r, m, rules) for r in returns if r > min(times.values())
             for m in marks.values()}
    candidates = sorted(set(times.values()) | later)
    kept: dict[int, datetime] = {}  # a table nobody could relieve, and since when
    for at in candidates[:tries]:
        push = _push_at(room, rules, at, by_table, tables, times)
        if any(line.kind == "push" for line in push.lines):
            return replace(push, shortages=_no_relief(kept, before=push.at) + push.shortages)
        for shortage in push.shortages:
            for key in shortage.tables:
                kept.setdefault(key, shortage.at)
    return Push(None, dealers=room.dealers, shortages=_no_relief(kept))


def _no_relief(kept: Mapping[int, datetime], *,
               before: datetime | None = None) -> tuple[Shortage, ...]:
    """The tables nobody could relieve, one line per moment they were first kept."""
    moments: dict[datetime, list[int]] = {}
    for key, at in kept.items():
        if before is None or at < before:
            moments.setdefault(at, []).append(key)
    return tuple(Shortage("no_relief", at, tuple(sorted(keys)))
                 for at, keys in sorted(moments.items()))


def _push_at(room: Room, rules: Rules, at: datetime, by_table: dict[int, Dealer],
             tables: dict[int, OpenTable], times: dict[int, datetime]) -> Push:
    # A table whose push waited past its own time (no relief then) is pushed now
    # only outside its tournament's quiet minutes (RP-7).
    batch = sorted((key for key, t in times.items() if t <= at and push_time(
                        at, at, room.boundaries.get(tables[key].tournament, ()), rules) == at),
                   key=lambda k: (times[k], by_table[k].due, tables[k].tournament, k))
    pool = _pool_at(room.dealers, at, rules)
    after = {d.key: d for d in room.dealers}
    lines: list[Line] = []
    for dealer in room.dealers:  # breaks over by the push
        if dealer.status == BREAK and dealer.until is not None and dealer.until <= at:
            lines.append(Line("return", dealer.key, dealer.until, reason="break_over",
                              params=(("at", dealer.until),)))
            after[dealer.key] = replace(dealer, status=OUT, until=None, stint=0)
    # Dealers owing a break at their next push (outside this batch): rested
    # dealers are kept for them before anyone breaks early.
    in_batch = set(batch)
    owed = sum(1 for k, d in by_table.items() if k not in in_batch and d.stint >= rules.max_downs)
    owed += sum(1 for k in batch if by_table[k].stint >= rules.max_downs)
    kept: list[int] = []

    def relieve(key: int, relief: Dealer) -> None:
        nonlocal owed
        outgoing = by_table[key]
        must_break = outgoing.stint >= rules.max_downs
        reason, params = _why_in(relief, at, rules)
        after[relief.key] = _going_in(relief, key, at, at + rules.down, rules)
        lines.append(Line("push", relief.key, at, table=key, relieves=outgoing.key,
                          reason=reason, params=params))
        if must_break:
            owed -= 1
        breaks = must_break or (outgoing.stint >= rules.min_downs and pool.rested_left() > owed)
        if breaks:
            until = at + rules.break_length
            after[outgoing.key] = replace(outgoing, status=BREAK, table=None, since=at, due=None,
                                          until=until, stint=0)
            lines.append(Line("break", outgoing.key, at, table=key, until=until,
                              reason="break_due" if must_break else "break_early",
                              params=(("downs", outgoing.stint), ("until", until))))
        else:
            off = replace(outgoing, status=OUT, table=None, since=at, due=None, until=None)
            after[outgoing.key] = off
            pool.add(off, _CONTINUING if off.stint < rules.min_downs else _MIDWAY)
            lines.append(Line("pool", outgoing.key, at, table=key, reason="to_pool"))

    for key in batch:
        relief = pool.take(tables[key].game, not_from=key)
        if relief is None:
            kept.append(key)
        else:
            relieve(key, relief)
    # Dealers still owed a second down and no table coming due within
    # ``rules.wait`` for each of them: the tables due soonest whose dealers
    # may leave (two downs dealt) are pushed now, so each chain ends there.
    # A dealer who has waited ``rules.wait`` already takes the table due
    # soonest whatever its dealer's stint (who then waits in their place).
    horizon = at + rules.wait
    soon = sum(1 for k, t in times.items() if k not in in_batch and t <= horizon)
    waited = pool.waited(_CONTINUING, at - rules.wait)
    if pool.count(_CONTINUING) > soon or waited:
        ahead = sorted((k for k, t in times.items() if k not in in_batch and t > horizon),
                       key=lambda k: (by_table[k].stint < rules.min_downs, times[k], k))
        for key in ahead:
            ends = by_table[key].stint >= rules.min_downs
            if not (ends and pool.count(_CONTINUING) > soon) and not (not ends and waited):
                if not ends:
                    break
                continue
            table = tables[key]
            if push_time(at, at, room.boundaries.get(table.tournament, ()), rules) != at:
                continue  # a quiet table waits for its boundary
            relief = pool.take(table.game, not_from=key, classes=(_CONTINUING,))
            if relief is not None:
                relieve(key, relief)
                if not ends:
                    waited -= 1
    shortages = (Shortage("no_relief", at, tuple(kept)),) if kept else ()
    return Push(at, tuple(lines), tuple(after.values()), shortages)


# --- The board's view, and changes of the room ---------------------------------------


def early_out(room: Room, rules: Rules, now: datetime) -> tuple[int, ...]:
    """Who may go home early: rested dealers in the pool beyond the breaks the
    dealing dealers will owe within a down, the latest out first."""
    pool = [d for d in room.dealers if _klass(d, now, rules) in (_RESTED, _LEAVING)
            and d.status == OUT]
    owed = sum(1 for d in room.dealers if d.status == DEALING and d.stint >= rules.min_downs - 1)
    spare = len(pool) - owed
    if spare <= 0:
        return ()
    latest = sorted(pool, key=lambda d: (d.since or datetime.min, d.key), reverse=True)
    return tuple(d.key for d in latest[:spare])


def plan(room: Room, rules: Rules, now: datetime) -> Rotation:
    """The board: tables filled now, then the next push, the early-out list, shortages."""
    fills, dealers, waiting = fill(room, rules, now)
    filled = replace(room, dealers=dealers)
    push = next_push(filled, rules, now)
    return Rotation(now, fills, push, early_out(filled, rules, now), waiting + push.shortages)


def table_closed(room: Room, table: int, now: datetime,
                 rules: Rules | None = None) -> tuple[Room, Line | None]:
    """A table break frees its dealer at once, to the pool: the stint goes on,
    except that a down cut short before half its length does not count in it
    (the dealer is still paid for it; the ledger counts every down)."""
    rules = rules or Rules()
    tables = tuple(t for t in room.tables if t.key != table)
    for dealer in room.dealers:
        if dealer.status == DEALING and dealer.table == table:
            short = dealer.since is not None and now - dealer.since < rules.down / 2
            off = replace(dealer, status=OUT, table=None, since=now, due=None,
                          stint=dealer.stint - 1 if short else dealer.stint)
            dealers = tuple(off if d.key == dealer.key else d for d in room.dealers)
            return (replace(room, tables=tables, dealers=dealers),
                    Line("pool", dealer.key, now, table=table, reason="table_broke",
                         params=(("table", table),)))
    return replace(room, tables=tables), None


def apply(room: Room, dealers: Iterable[Dealer]) -> Room:
    """The room with these dealers' new states."""
    changed = {d.key: d for d in dealers}
    return replace(room, dealers=tuple(changed.get(d.key, d) for d in room.dealers))
