"""Registering and seating a whole field through the services, against a bare bulk insert.

Prints, for 10,000 and 30,000 entries on 10-seat tables: the time to import the
entries and draw their seats with the services (players, entries, buy-ins, one
random draw, audit), and the time of a bare bulk insert of the same player and
entry rows with their seats already set. Goal: the services within 3x.

    .venv/bin/python bench/seating_service.py
"""

import random
import time

from _django import setup_django

setup_django()

from django.db import transaction  # noqa: E402

from tables.models import Table  # noqa: E402
from tables.services import tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Entry, Player  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402


def make_tournament(name: str, entries: int):
    t = tournament_create(actor=None, values={"name": name, "seats_per_table": 10,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=entries // 10)
    return t


def services(entries: int) -> float:
    t = make_tournament(f"services {entries}", entries)
    names = [f"Player {i}" for i in range(entries)]
    start = time.perf_counter()
    entries_import(actor=None, tournament_id=t.pk, names=names)
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    return time.perf_counter() - start


def bare(entries: int) -> float:
    t = make_tournament(f"bare {entries}", entries)
    tables = list(Table.objects.filter(tournament=t).values_list("pk", flat=True))
    seats = [(table, seat) for table in tables for seat in range(1, 11)]
    random.Random(1).shuffle(seats)
    start = time.perf_counter()
    with transaction.atomic():
        players = Player.objects.bulk_create([Player(name=f"Player {i}") for i in range(entries)],
                                             batch_size=1000)
        Entry.objects.bulk_create(
            [Entry(tournament=t, player=p, number=i + 1, status="seated", table_id=seats[i][0],
                   seat=seats[i][1]) for i, p in enumerate(players)], batch_size=1000)
    return time.perf_counter() - start


if __name__ == "__main__":
    print("entries  services_s  bare_insert_s  ratio")
    for n in (10_000, 30_000):
        s, b = services(n), bare(n)
        print(f"{n:7d}  {s:10.3f}  {b:13.3f}  {s / b:5.2f}x")
