"""Seating engine speed: seat N entries on empty 10-seat tables, compared
with a bare ``rng.shuffle`` of the same list of open seats.

Run from the repository root: ``.venv/bin/python bench/seating_engine.py``.
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.domain.seating import initial_layout, seat_randomly  # noqa: E402

CAPACITY = 10
REPEATS = 11


def time_engine(keys: list[int], tables, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    seat_randomly(keys, tables, rng)
    return time.perf_counter() - start


def time_shuffle(open_seats: list[tuple[int, int]], seed: int) -> float:
    rng = random.Random(seed)
    seats = list(open_seats)
    start = time.perf_counter()
    rng.shuffle(seats)
    return time.perf_counter() - start


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def main() -> None:
    print(f"seating engine, {CAPACITY}-seat tables, median of {REPEATS} runs")
    print(f"{'entries':>8} {'tables':>7} {'engine ms':>10} {'shuffle ms':>11} {'ratio':>6}")
    for entries in (10_000, 30_000):
        tables = initial_layout(entries, CAPACITY)
        keys = list(range(entries))
        open_seats = [(t.number, seat) for t in tables for seat in t.open_seats]
        # Interleaved so that load from other processes hits both alike.
        engine, shuffle = [], []
        for seed in range(REPEATS):
            engine.append(time_engine(keys, tables, seed))
            shuffle.append(time_shuffle(open_seats, seed))
        engine_ms, shuffle_ms = median_ms(engine), median_ms(shuffle)
        print(
            f"{entries:>8} {len(tables):>7} {engine_ms:>10.1f} {shuffle_ms:>11.1f}"
            f" {engine_ms / shuffle_ms:>6.2f}   (best runs: {min(engine) * 1000:.1f}"
            f" vs {min(shuffle) * 1000:.1f} ms, {min(engine) / min(shuffle):.2f})"
        )


if __name__ == "__main__":
    main()
