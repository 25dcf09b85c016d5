"""Name search at festival size: how long the typo-tolerant pass takes over N players.

Usage: .venv/bin/python bench/name_search.py [players]
Prints milliseconds per query for the pure scoring step (the database read is one query).
"""

import random
import string
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.domain.names import fuzzy_keys  # noqa: E402


def main(players: int = 5000) -> None:
    rng = random.Random(13)

    def word() -> str:
        return rng.choice(string.ascii_uppercase) + "".join(
            rng.choices(string.ascii_lowercase, k=rng.randint(3, 9)))

    rows = [(i, f"{word()} {word()}", word() if i % 3 == 0 else "") for i in range(players)]
    rows.append((players, "Daniel Negreanu", "Kid Poker"))
    for query in ("Negranu", "danel negreanu", "Zebulon"):
        runs = 20
        start = time.perf_counter()
        for _ in range(runs):
            keys = fuzzy_keys(query, rows)
        ms = (time.perf_counter() - start) / runs * 1000
        print(f"{players} players, {query!r}: {ms:.1f} ms per query, {len(keys)} matches")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
