"""The board's view: fills now, the next push, the early-out list, the shortages."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from tables.domain.dealers.fills import fill
from tables.domain.dealers.pool import LEAVING, RESTED, queue_class
from tables.domain.dealers.pushes import next_push
from tables.domain.dealers.room import DEALING, OUT, Room, Rotation, Rules


def early_out(room: Room, rules: Rules, now: datetime) -> tuple[int, ...]:
    """Who may go home early: rested dealers in the pool beyond the breaks the
    dealing dealers will owe within a down, the latest out first."""
    pool = [d for d in room.dealers if queue_class(d, now, rules) in (RESTED, LEAVING)
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
