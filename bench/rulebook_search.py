"""Rulebook search speed: milliseconds per query over every search set, and index build time.

Usage: .venv/bin/python bench/rulebook_search.py
The floor-talk rewrite (tournament/rulebook/floor_talk.py) is part of every query.
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

import django  # noqa: E402

django.setup()

from tests.domain.rulebook import search_set  # noqa: E402
from tournament.rulebook import search as search_module  # noqa: E402


def main() -> None:
    start = time.perf_counter()
    search_module._index("house")
    search_module._rewriter("house")
    print(f"index and rewriter build: {1000 * (time.perf_counter() - start):.0f} ms")
    queries = [
        (q, "zh-hans" if any("\u4e00" <= c <= "\u9fff" for c in q) else "en")
        for name in dir(search_set)
        if name.isupper()
        for q, _ in getattr(search_set, name)
    ]
    times = []
    for _ in range(3):
        for query, lang in queries:
            start = time.perf_counter()
            search_module.search(query, lang=lang)
            times.append(1000 * (time.perf_counter() - start))
    times.sort()
    print(f"{len(queries)} queries x 3: mean {statistics.mean(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms, p95 {times[int(0.95 * len(times))]:.2f} ms")
    start = time.perf_counter()
    for query, _ in queries:
        search_module._rewrite(search_module._fold(query), "house")
    print(f"rewrite alone: {1000 * (time.perf_counter() - start) / len(queries):.3f} ms per query")


if __name__ == "__main__":
    main()
