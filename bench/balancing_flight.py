"""Balancing engine speed.

1. One plan at 5,000 players: (a) a steady state after one bust on 560
   nine-seat tables (5,040 seats), (b) 5,000 players spread over 560 ten-seat
   tables (after a late-registration rush), which breaks 60 tables at once.
2. A whole simulated 5,000-player flight on 9-seat tables, busted one (or two)
   at a time down to the winner, applying each plan: total seconds, plans per
   second, moves by reason.

Run from the repository root: ``.venv/bin/python bench/balancing_flight.py``.
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.domain.balancing import apply, plan  # noqa: E402
from tables.domain.seating import seat_randomly  # noqa: E402
from tables.domain.table import Table  # noqa: E402

PLAYERS = 5_000
FINAL_TABLE_SIZE = 9


def seated(players: int, tables: int, capacity: int, rng: random.Random) -> tuple[Table, ...]:
    layout = [Table(n, capacity) for n in range(1, tables + 1)]
    seats: dict[int, dict[int, int]] = {t.number: {} for t in layout}
    for entry, (number, seat) in seat_randomly(range(players), layout, rng).items():
        seats[number][seat] = entry
    return tuple(
        Table(t.number, capacity, seats[t.number], button=rng.randint(1, capacity)) for t in layout
    )


def bust(tables: tuple[Table, ...], out: set[int], numbers: set[int]) -> tuple[Table, ...]:
    return tuple(
        Table(
            t.number,
            t.capacity,
            {s: e for s, e in t.seats.items() if e not in out},
            t.button % t.capacity + 1 if t.button else None,
            t.break_order,
        )
        if t.number in numbers
        else t
        for t in tables
    )


def one_plan(label: str, tables: tuple[Table, ...]) -> None:
    times, result = [], None
    for seed in range(21):
        rng = random.Random(seed)
        start = time.perf_counter()
        result = plan(tables, final_table_size=FINAL_TABLE_SIZE, rng=rng)
        times.append(time.perf_counter() - start)
    assert result is not None
    reasons = Counter(m.reason for m in result.moves)
    print(
        f"  {label}: {statistics.median(times) * 1000:.2f} ms median"
        f" (min {min(times) * 1000:.2f}); breaks {len(result.breaks)}, moves {dict(reasons)}"
    )


def flight(double_bust_rate: float, seed: int = 1) -> None:
    rng = random.Random(seed)
    tables = seated(PLAYERS, 556, 9, rng)
    where = {e: t.number for t in tables for e in t.seats.values()}
    alive = list(where)
    plans, moves, planning = 0, Counter(), 0.0
    start = time.perf_counter()
    while len(alive) > 1:
        count = 2 if len(alive) > 2 and rng.random() < double_bust_rate else 1
        out = set()
        for _ in range(count):
            i = rng.randrange(len(alive))
            alive[i], alive[-1] = alive[-1], alive[i]
            out.add(alive.pop())
        tables = bust(tables, out, {where.pop(e) for e in out})
        began = time.perf_counter()
        result = plan(tables, final_table_size=FINAL_TABLE_SIZE, rng=rng)
        tables = apply(tables, result)
        planning += time.perf_counter() - began
        for m in result.moves:
            where[m.entry] = m.to_table
        moves.update(m.reason for m in result.moves)
        plans += 1
    total = time.perf_counter() - start
    print(
        f"  double-bust rate {double_bust_rate:.0%}: {total:.2f} s total,"
        f" {planning:.2f} s in plan+apply, {plans} plans, {plans / planning:,.0f} plans/s,"
        f" {sum(moves.values())} moves {dict(moves)}"
    )


def main() -> None:
    rng = random.Random(7)
    print(f"one plan at {PLAYERS:,} players on 560 tables")
    steady = seated(5_040, 560, 9, rng)
    victim = steady[0]
    steady = bust(steady, {next(iter(victim.seats.values()))}, {victim.number})
    one_plan("560 nine-seat tables, one bust (5,039 players)", steady)
    spread = seated(PLAYERS, 560, 10, rng)
    one_plan("560 ten-seat tables, 5,000 players (60 tables break)", spread)

    print(f"whole flight: {PLAYERS:,} players on 556 nine-seat tables down to the winner")
    flight(0.0)
    flight(0.25)


if __name__ == "__main__":
    main()
