"""Bust-outs through the services, with the plan and every database write.

Prints the time of one bust (with its plan, moves and audit) in a 5,000-player
field on 560 nine-seat tables, the number of SQL queries it ran, and then a whole
5,000-player flight busted one player at a time down to the winner.

    .venv/bin/python bench/bust_flight.py [players]
"""

import random
import sys
import time

from _django import setup_django

setup_django()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tables.models import Move  # noqa: E402
from tables.services import busts, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Entry  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
TABLES = 560


def field():
    t = tournament_create(actor=None, values={"name": "flight", "seats_per_table": 9,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=TABLES)
    entries_import(actor=None, tournament_id=t.pk, names=[f"P{i}" for i in range(PLAYERS)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    return t


def main() -> None:
    rng = random.Random(2)
    t = field()
    live = list(Entry.objects.filter(tournament=t, status="seated").values_list("pk", flat=True))
    rng.shuffle(live)
    victim = live.pop()
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victim, rng=rng)
        one = time.perf_counter() - start
    print(f"one bust at {PLAYERS} players on {TABLES} tables: {one * 1000:.1f} ms, "
          f"{len(ctx.captured_queries)} queries")
    start = time.perf_counter()
    count = 1
    while len(live) > 1:
        busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=live.pop(), rng=rng)
        count += 1
    total = time.perf_counter() - start
    moves = Move.objects.filter(tournament=t).count()
    t.refresh_from_db()
    print(f"whole flight: {count} busts in {total:.1f} s ({count / total:.0f} busts/s, "
          f"{total / count * 1000:.1f} ms each), {moves} moves, status {t.status}")


if __name__ == "__main__":
    main()
