"""The next push: when (house RP-7's quiet minutes), who relieves whom, who breaks,
who goes on to a next down, and the tables nobody can relieve."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import datetime

from tables.domain.dealers.pool import CONTINUING, MIDWAY, going_in, pool_at, why_in
from tables.domain.dealers.room import (
    BREAK,
    DEALING,
    OUT,
    Dealer,
    Line,
    OpenTable,
    Push,
    Room,
    Rules,
    Shortage,
)


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
    pool = pool_at(room.dealers, at, rules)
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
        reason, params = why_in(relief, at, rules)
        after[relief.key] = going_in(relief, key, at, at + rules.down, rules)
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
            pool.add(off, CONTINUING if off.stint < rules.min_downs else MIDWAY)
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
    waited = pool.waited(CONTINUING, at - rules.wait)
    if pool.count(CONTINUING) > soon or waited:
        ahead = sorted((k for k, t in times.items() if k not in in_batch and t > horizon),
                       key=lambda k: (by_table[k].stint < rules.min_downs, times[k], k))
        for key in ahead:
            ends = by_table[key].stint >= rules.min_downs
            if not (ends and pool.count(CONTINUING) > soon) and not (not ends and waited):
                if not ends:
                    break
                continue
            table = tables[key]
            if push_time(at, at, room.boundaries.get(table.tournament, ()), rules) != at:
                continue  # a quiet table waits for its boundary
            relief = pool.take(table.game, not_from=key, classes=(CONTINUING,))
            if relief is not None:
                relieve(key, relief)
                if not ends:
                    waited -= 1
    shortages = (Shortage("no_relief", at, tuple(kept)),) if kept else ()
    return Push(at, tuple(lines), tuple(after.values()), shortages)
