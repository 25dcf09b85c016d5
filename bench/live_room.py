"""The live-room services at two field sizes: queries and time of one registration, one
bust, one undo of a bust, the start's single balance, and "which Undo works" for a log page.

    .venv/bin/python bench/live_room.py

Query counts must be equal at both sizes (the tests assert it for the bust, the
registration and the log's undo check); times are printed for reference.
"""

import random
import time

from _django import setup_django

setup_django()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tables.models import Move  # noqa: E402
from tables.services import busts, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import AuditEvent, Entry  # noqa: E402
from tournament.services.clock import clock_start  # noqa: E402
from tournament.services.registration import entries_import, entry_register, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402
from tournament.services.undo import event_undo, undo_blockers  # noqa: E402

SIZES = ((180, 20), (5000, 560))


def measure(label, action):
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        result = action()
        elapsed = time.perf_counter() - start
    return result, f"{label}: {len(ctx.captured_queries)} queries, {elapsed * 1000:.1f} ms"


def run(players: int, tables: int) -> list[str]:
    rng = random.Random(1)
    t = tournament_create(actor=None, values={"name": f"bench {players}", "seats_per_table": 9,
                                              "re_entry_allowed": True,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=tables)
    entries_import(actor=None, tournament_id=t.pk, names=[f"P{i}" for i in range(players - 1)])
    seats_draw(actor=None, tournament_id=t.pk, rng=rng)
    lines = []
    _event, line = measure("start (one balance)", lambda: clock_start(tournament_id=t.pk,
                                                                       actor=None))
    lines.append(f"{line}, {Move.objects.filter(tournament=t).count()} moves")
    _entry, line = measure("registration", lambda: entry_register(
        actor=None, tournament_id=t.pk, player_name="Late Comer", rng=rng))
    lines.append(line)
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("?").first()
    bust, line = measure("bust", lambda: busts.entry_bust(actor=None, tournament_id=t.pk,
                                                          entry_id=victim.pk, rng=rng))
    lines.append(line)
    _undo, line = measure("undo of the bust", lambda: event_undo(
        actor=None, tournament_id=t.pk, event_id=bust.event.pk))
    lines.append(line)
    page = list(AuditEvent.objects.filter(tournament=t)[:100])
    _blockers, line = measure("which Undo works, 100 log rows", lambda: undo_blockers(t, page))
    lines.append(line)
    return lines


def main() -> None:
    for players, tables in SIZES:
        for line in run(players, tables):
            print(f"{players} players on {tables} tables, {line}")


if __name__ == "__main__":
    main()
