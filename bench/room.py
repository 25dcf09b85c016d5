"""The room at festival size: floor pages and the public chart poll, at 50 and 5,000 players.

Prints bytes, SQL queries and server time (median of 7, Django test client,
SQLite, local-memory cache) for:
- the floor console with nothing chosen (the first 40 tables), a 40-table
  section, and the whole room asked for explicitly;
- the director's room overview;
- the public seating chart poll (htmx): changed (rendered) vs unchanged
  (from the cache, and answered 304 to a matching If-None-Match).

    .venv/bin/python bench/room.py
"""

import os
import random
import statistics
import time

from _django import setup_django

os.environ.setdefault("FLOORMAN_PLAIN_STATIC", "1")  # no collectstatic manifest here

setup_django()

from django.contrib.auth.models import User  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from tables.services import tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402


def field(players: int):
    t = tournament_create(actor=None, values={"name": f"F{players}", "seats_per_table": 9,
                                              "chip_set": [25, 100, 500, 1000, 5000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=-(-players // 9))
    entries_import(actor=None, tournament_id=t.pk, names=[f"P{i}" for i in range(players)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    return t


def measure(client: Client, url: str, *, before=None, **headers):
    times, queries, response = [], 0, None
    for _ in range(7):
        if before:
            before()
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            response = client.get(url, **headers)
            times.append(time.perf_counter() - start)
        queries = len(ctx.captured_queries)
    return len(response.content), queries, statistics.median(times) * 1000, response


def line(label: str, players: int, figures) -> None:
    size, queries, ms, response = figures
    print(f"  {players:>5} players  {label:<34} {response.status_code} {size:>9} bytes "
          f"{queries:>3} queries {ms:7.1f} ms")


def main() -> None:
    User.objects.create_superuser("bench", password="pw")
    for players in (50, 5000):
        t = field(players)
        staff = Client()
        staff.force_login(User.objects.get(username="bench"))
        floor = reverse("floor_console", args=[t.pk])
        line("floor, nothing chosen (40 tables)", players, measure(staff, floor))
        line("floor, section of 40 tables", players, measure(staff, floor + "?first=101&last=140"))
        line("floor, whole room asked for", players, measure(staff, floor + "?first=1&last="))
        staff.cookies.pop("floorman_floor_section", None)
        line("room overview", players, measure(staff, reverse("room_overview", args=[t.pk])))
        chart = reverse("seating_chart", args=[t.pk]) + "?view=tables&page=1"
        public = Client()
        line("chart poll, changed", players,
             measure(public, chart, before=cache.clear, HTTP_HX_REQUEST="true"))
        unchanged = measure(public, chart, HTTP_HX_REQUEST="true")
        line("chart poll, unchanged", players, unchanged)
        tag = unchanged[3]["ETag"]
        line("chart poll, unchanged, If-None-Match", players,
             measure(public, chart, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag))
        line("chart by name, page 1", players,
             measure(public, reverse("seating_chart", args=[t.pk]) + "?view=names",
                     before=cache.clear, HTTP_HX_REQUEST="true"))


if __name__ == "__main__":
    main()
