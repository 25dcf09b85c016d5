"""What an API read costs against the clock partial every screen polls, in the same run.

Run from the repository root: ``.venv/bin/python bench/api.py [--entries 200] [--repeats 2000]``.

Builds a throwaway SQLite site with a running tournament, then times, in
turns so that both see the same machine load, Django test-client GETs of:
the clock partial (/t/<id>/clock/state/), the API clock (/api/v1/…/clock/),
the API clock with a matching If-None-Match (304), and the heavier API
resources (seating, results). Prints the median time per request and the SQL
queries of one request. Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _django import setup_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=2000)
    args = parser.parse_args()
    setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tables.services import busts, tables_add
    from tournament.domain.structures import template_levels
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_create

    t = tournament_create(actor=None, values={"name": "Bench", "buy_in": 100, "bounty": 20,
                                              "chip_set": [25, 100, 500, 1000, 5000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=-(-args.entries // 9))
    for n in range(args.entries):
        entry_register(actor=None, tournament_id=t.pk, player_name=f"Player {n + 1}")
    clock_start(tournament_id=t.pk, actor=None)
    t.refresh_from_db()
    entries = list(Entry.objects.filter(tournament=t).order_by("number"))
    for e in entries[: args.entries // 10]:
        busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=e.pk,
                         busted_by_id=entries[-1].pk)

    client = Client()
    api = f"/api/v1/tournaments/{t.pk}"
    etag = client.get(f"{api}/clock/")["ETag"]
    targets = {
        "clock partial /clock/state/": (f"/t/{t.pk}/clock/state/", {}),
        "API clock": (f"{api}/clock/", {}),
        "API clock, 304": (f"{api}/clock/", {"HTTP_IF_NONE_MATCH": etag}),
        "API seating": (f"{api}/seating/", {}),
        "API results": (f"{api}/results/", {}),
    }
    for url, headers in targets.values():  # warm the caches
        client.get(url, **headers)
    times: dict[str, list[float]] = {name: [] for name in targets}
    heavy = {"API seating", "API results"}
    for i in range(args.repeats):
        for name, (url, headers) in targets.items():
            if name in heavy and i % 10:
                continue  # the heavy reads are sampled one turn in ten
            start = time.perf_counter()
            client.get(url, **headers)
            times[name].append(time.perf_counter() - start)
    print(f"{args.entries} entries, {args.repeats} turns (heavy reads every 10th turn)")
    print(f"{'request':<30} {'median µs':>10} {'p90 µs':>9} {'queries':>8} {'bytes':>7}")
    base = statistics.median(times["clock partial /clock/state/"])
    for name, (url, headers) in targets.items():
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, **headers)
        runs = sorted(times[name])
        median = statistics.median(runs)
        print(f"{name:<30} {median * 1e6:>10.0f} {runs[int(len(runs) * .9)] * 1e6:>9.0f} "
              f"{len(captured):>8} {len(response.content):>7}   ×{median / base:.2f}")


if __name__ == "__main__":
    main()
