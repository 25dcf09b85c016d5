"""Fills: an open table without a dealer takes one now."""

from __future__ import annotations

from datetime import datetime

from tables.domain.dealers.pool import going_in, pool_at, why_in
from tables.domain.dealers.room import DEALING, Dealer, Line, Room, Rules, Shortage


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
    pool = pool_at(room.dealers, now, rules)
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
        reason, params = why_in(dealer, now, rules)
        after[dealer.key] = going_in(dealer, table.key, now, due, rules)
        lines.append(Line("fill", dealer.key, now, table=table.key, reason="new_table",
                          params=(("then", reason),) + params))
    shortages = (Shortage("waiting", now, tuple(waiting)),) if waiting else ()
    return tuple(lines), tuple(after.values()), shortages
