"""What keeping staff screens current costs: the version poll against the clock partial,
and a changed floor's refresh at 20 and 560 tables.

    .venv/bin/python bench/staff_poll.py [--requests 2000] [--small 20] [--large 560]

In one process on a fresh SQLite file (embedded mode: local-memory cache), with
Django's test client through every middleware:

* an unchanged staff poll (GET /t/<id>/version/) and the clock partial every
  screen already polls (GET /t/<id>/clock/state/), both warm, alternated in
  rounds: microseconds per request, SQL queries and cache reads per request;
* the floor console's htmx refresh after a bust (what a screen fetches when the
  version moved) at 20 and 560 tables: SQL queries (equal: the page is read in
  a fixed number of queries) and milliseconds.

Prints figures; asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _django import setup_django  # noqa: E402


@contextmanager
def counting_queries():
    """Count the SQL statements run while the block runs (whatever DEBUG says)."""
    from django.db import connection

    counts = {"queries": 0}

    def count(execute, sql, params, many, context):
        counts["queries"] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield counts


@contextmanager
def counting_cache_reads():
    """Count reads of the default cache (get and get_many) while the block runs."""
    from django.core.cache import cache

    counts = {"reads": 0}
    original_get, original_get_many = cache.get, cache.get_many

    def get(*args, **kwargs):
        counts["reads"] += 1
        return original_get(*args, **kwargs)

    def get_many(*args, **kwargs):
        counts["reads"] += 1
        return original_get_many(*args, **kwargs)

    cache.get, cache.get_many = get, get_many
    try:
        yield counts
    finally:
        cache.get, cache.get_many = original_get, original_get_many


def seat_field(name: str, tables: int, director):
    from tables.services import tables_add
    from tournament.domain.structures import template_levels
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entries_import, seats_draw
    from tournament.services.tournaments import tournament_create

    tournament_id = tournament_create(
        actor=director, values={"name": name, "chip_set": [25, 100, 500, 1000, 5000, 25000]},
        levels=template_levels("regular")).pk
    tables_add(actor=director, tournament_id=tournament_id, count=tables)
    entries_import(actor=director, tournament_id=tournament_id,
                   names=[f"Player {n}" for n in range(tables * 9 - 5)])
    seats_draw(actor=director, tournament_id=tournament_id)
    clock_start(actor=director, tournament_id=tournament_id)
    first = Entry.objects.filter(tournament_id=tournament_id, status="seated").first()
    return tournament_id, first.pk


def poll_cost(client, url: str, requests: int) -> dict:
    client.get(url)  # warm: the cache holds what the poll reads
    with counting_queries() as queries, counting_cache_reads() as reads:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    started = time.perf_counter()
    for _ in range(requests):
        client.get(url)
    per_request = (time.perf_counter() - started) / requests
    return {"us": per_request * 1e6, "queries": queries["queries"],
            "cache_reads": reads["reads"], "bytes": len(response.content)}


def floor_refresh(client, tournament_id: int, entry_id: int, director, repeats: int = 5) -> dict:
    from django.urls import reverse

    from tables.services.busts import entry_bust

    entry_bust(actor=director, tournament_id=tournament_id, entry_id=entry_id)
    url = reverse("floor_console", args=[tournament_id])
    client.get(url, HTTP_HX_REQUEST="true")
    with counting_queries() as queries:
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        client.get(url, HTTP_HX_REQUEST="true")
        times.append(time.perf_counter() - started)
    return {"queries": queries["queries"], "ms": statistics.median(times) * 1e3,
            "kb": len(response.content) / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="polls per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--small", type=int, default=20, help="tables of the small floor")
    parser.add_argument("--large", type=int, default=560, help="tables of the large floor")
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.models import Group, User
    from django.test import Client
    from django.urls import reverse

    from tournament.permissions import DIRECTOR, ROLES

    for role in ROLES:
        Group.objects.get_or_create(name=role)
    director = User.objects.create_user(username="director", password="pw")
    director.groups.add(Group.objects.get(name=DIRECTOR))
    client = Client()
    client.force_login(director)

    small_id, small_entry = seat_field("small", args.small, director)
    version_url = reverse("tournament_version", args=[small_id])
    clock_url = reverse("clock_state", args=[small_id])
    polls: dict[str, list[dict]] = {"version": [], "clock": []}
    for _ in range(args.rounds):
        polls["version"].append(poll_cost(client, version_url, args.requests))
        polls["clock"].append(poll_cost(client, clock_url, args.requests))
    print(f"Unchanged polls, {args.rounds} rounds of {args.requests} requests, in process:")
    for name, label in (("version", "staff version poll"), ("clock", "clock partial poll")):
        runs = polls[name]
        print(f"  {label:20s} {statistics.median(r['us'] for r in runs):8.1f} µs/request  "
              f"{runs[0]['queries']} SQL queries  {runs[0]['cache_reads']} cache read(s)  "
              f"{runs[0]['bytes']} bytes")
    ratio = (statistics.median(r["us"] for r in polls["version"])
             / statistics.median(r["us"] for r in polls["clock"]))
    print(f"  version poll / clock partial time: {ratio:.2f}")

    large_id, large_entry = seat_field("large", args.large, director)
    small = floor_refresh(client, small_id, small_entry, director)
    large = floor_refresh(client, large_id, large_entry, director)
    print("Changed floor refresh (htmx partial after a bust):")
    for tables, figures in ((args.small, small), (args.large, large)):
        print(f"  {tables:4d} tables  {figures['queries']} SQL queries  "
              f"{figures['ms']:7.1f} ms median  {figures['kb']:7.1f} KB")
    print(f"  queries equal: {small['queries'] == large['queries']}")


if __name__ == "__main__":
    main()
