"""The dealers' rotation over a simulated day of a 5,000-player flight.

560 tables break down to 30 over 12 hours (highest number first, evenly
spread), 600 dealers clock in at the start, one-hour levels with a 20-minute
break every two hours (house RP-7: no push in the last 90 s before either).
The pure engine (``tables.domain.dealers``) deals every push; dealers the
engine lists as spare go home (the early-out list), keeping a reserve of 20.
A ledger kept here, independent of the engine, counts what a dealer or a
player would notice.

Run from the repository root: ``.venv/bin/python bench/dealers.py``.
Prints the spread of downs per dealer and ends with one line:
``dealers: <tables> tables, <dealers> dealers, uncovered 0, back-to-back 0,
up-down 0, breaks late 0, per push p95 <ms> ms``. Nothing is asserted.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.domain import dealers as rot  # noqa: E402
from tables.domain.dealers import DEALING, Dealer, OpenTable, Room, Rules  # noqa: E402

TABLES, LAST_TABLES, DEALERS, HOURS = 560, 30, 600, 12
RESERVE = 20
START = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
DOWN_MINUTES = int(sys.argv[1]) if len(sys.argv) > 1 else 60
RULES = Rules(down=timedelta(minutes=DOWN_MINUTES), min_downs=2, max_downs=3,
              break_length=timedelta(minutes=20), quiet=timedelta(seconds=90))


def boundaries() -> tuple[datetime, ...]:
    """Level changes every hour, a 20-minute break after every second level."""
    marks, at = [], START
    for level in range(1, 20):
        at += timedelta(minutes=60)
        marks.append(at)
        if level % 2 == 0:
            at += timedelta(minutes=20)
            marks.append(at)
    return tuple(marks)


def table_breaks() -> list[tuple[datetime, int]]:
    """(when, table) for every table that breaks, highest number first, evenly spread."""
    count = TABLES - LAST_TABLES
    span = timedelta(hours=HOURS)
    return [(START + span * (i + 1) / (count + 1), TABLES - i) for i in range(count)]


class Ledger:
    """Every down of every dealer: (table, start, end), and what went wrong."""

    def __init__(self) -> None:
        self.downs: dict[int, list[list]] = {}
        self.due: dict[tuple[int, datetime], datetime] = {}
        self.uncovered = 0
        self.no_relief = 0

    def start(self, dealer: int, table: int, at: datetime, room: Room) -> None:
        """A down begins; its planned end is read from the engine's dealer."""
        due = next(d.due for d in room.dealers if d.key == dealer)
        self.downs.setdefault(dealer, []).append([table, at, None])
        self.due[(dealer, at)] = due

    def end(self, dealer: int, at: datetime, *, table_broke: bool = False) -> None:
        downs = self.downs.get(dealer)
        if downs and downs[-1][2] is None:
            downs[-1][2] = at
            if table_broke and at - downs[-1][1] < RULES.down / 2:
                downs[-1].append("short")  # paid, but not a down of the stint

    def check_covered(self, room: Room) -> None:
        dealt = {d.table for d in room.dealers if d.status == DEALING}
        self.uncovered += sum(1 for t in room.tables if t.key not in dealt)

    def stints(self):
        """Each dealer's stints: downs whose gaps are shorter than a break. A down
        cut short by a table break keeps the stint going but is not counted in it."""
        for dealer, downs in self.downs.items():
            stint: list[list] = []
            last_end = None
            for down in downs:
                if last_end is not None and down[1] - last_end >= RULES.break_length:
                    if stint:
                        yield dealer, stint, down
                    stint = []
                if len(down) == 3:
                    stint.append(down)
                last_end = down[2]
            if stint:
                yield dealer, stint, None

    def faults(self) -> tuple[int, int, int]:
        back_to_back = up_down = late = 0
        for dealer, stint, following in self.stints():
            back_to_back += sum(1 for a, b in zip(stint, stint[1:], strict=False) if a[0] == b[0])
            if len(stint) < RULES.min_downs and following is not None:
                up_down += 1
            # The break is late when the stint runs past its downs, or when its last
            # down ran past its planned end (beyond the RP-7 wait) for want of relief.
            _, start, end = stint[-1]
            kept = end - self.due[(dealer, start)] > RULES.quiet
            if len(stint) > RULES.max_downs or (len(stint) == RULES.max_downs and kept):
                late += 1
        return back_to_back, up_down, late


def main() -> None:
    room = Room(tables=tuple(OpenTable(k, 1, label=str(k)) for k in range(1, TABLES + 1)),
                dealers=tuple(Dealer(k, since=START) for k in range(DEALERS)),
                boundaries={1: boundaries()})
    ledger = Ledger()
    now = START
    fills, after, _ = rot.fill(room, RULES, now)
    room = rot.apply(room, after)
    for line in fills:
        ledger.start(line.dealer, line.table, now, room)
    breaks = table_breaks()
    end = START + timedelta(hours=HOURS)
    push_ms: list[float] = []
    pushes = sent_home = 0
    while now < end:
        started = time.perf_counter()
        push = rot.next_push(room, RULES, now)
        elapsed = (time.perf_counter() - started) * 1000
        next_break = breaks[0][0] if breaks else end
        if push.at is not None and push.at < next_break and push.at < end:
            push_ms.append(elapsed)
            pushes += 1
            now = push.at
            ledger.no_relief += sum(s.count for s in push.shortages)
            room = rot.apply(room, push.dealers)
            for line in push.lines:
                if line.kind == "push":
                    ledger.end(line.relieves, now)
                    ledger.start(line.dealer, line.table, now, room)
        else:
            now = next_break
            if not breaks:
                break
            _, table = breaks.pop(0)
            room, line = rot.table_closed(room, table, now, RULES)
            if line is not None:
                ledger.end(line.dealer, now, table_broke=True)
            spare = rot.early_out(room, RULES, now)[:-RESERVE or None]
            if spare:
                gone = set(spare)
                sent_home += len(gone)
                room = replace(room, dealers=tuple(d for d in room.dealers if d.key not in gone))
        fills, after, _ = rot.fill(room, RULES, now)
        room = rot.apply(room, after)
        for line in fills:
            ledger.start(line.dealer, line.table, now, room)
        ledger.check_covered(room)
    for downs in ledger.downs.values():
        if downs[-1][2] is None:
            downs[-1][2] = now
    per_dealer = [len(ledger.downs.get(k, ())) for k in range(DEALERS)]
    spread = Counter(per_dealer)
    print(f"day: {HOURS} h, {pushes} pushes, {sent_home} dealers sent home early, "
          f"{ledger.no_relief} table-pushes without relief")
    print(f"downs per dealer: min {min(per_dealer)} / median {statistics.median(per_dealer)} / max {max(per_dealer)} (stdev {statistics.pstdev(per_dealer):.2f})")
    print("spread: " + ", ".join(f"{n} downs x{c}" for n, c in sorted(spread.items())))
    back_to_back, up_down, late = ledger.faults()
    p95 = statistics.quantiles(push_ms, n=20)[-1] if len(push_ms) > 1 else 0.0
    print(f"dealers: {TABLES} tables, {DEALERS} dealers, uncovered {ledger.uncovered}, "
          f"back-to-back {back_to_back}, up-down {up_down}, breaks late {late}, "
          f"per push p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
