"""Deal engine speed: ICM (exact, over subsets) and chip chop for 9, 12 and 15 players.

Run from the repository root: ``.venv/bin/python bench/deals.py``.
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.domain.deals import deal  # noqa: E402

REPEATS = 5


def timed(players: int, method: str, seed: int) -> float:
    rng = random.Random(seed)
    stacks = [rng.randint(100_000, 5_000_000) for _ in range(players)]
    prizes = sorted((rng.randint(1_000, 50_000) for _ in range(players)), reverse=True)
    start = time.perf_counter()
    deal(stacks, prizes, method=method, unit=100)
    return time.perf_counter() - start


def main() -> None:
    print(f"{'players':>7} {'method':>6} {'median ms':>10} {'max ms':>10}  ({REPEATS} runs)")
    for players in (9, 12, 15):
        for method in ("icm", "chip"):
            runs = [timed(players, method, seed) for seed in range(REPEATS)]
            print(f"{players:>7} {method:>6} {statistics.median(runs) * 1000:>10.2f} "
                  f"{max(runs) * 1000:>10.2f}")


if __name__ == "__main__":
    main()
