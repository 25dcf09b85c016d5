"""Backups of a 5,000-player event: the event's JSON export and import, and a full backup.

Builds a flight of 5,000 entries on 556 tables, busts a fifth of them (with their
moves and audit log), then prints the time and size of
`export_event`, the time of `import_event` (beside the original), and the time
and size of a whole-database backup (SQLite's backup API here; pg_dump when
DATABASE_URL points at PostgreSQL).

    .venv/bin/python bench/backup_event.py [players]
"""

import random
import sys
import time

from _django import setup_django

setup_django()

from django.db import connection  # noqa: E402

from tables.models import Move  # noqa: E402
from tables.services import busts, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import AuditEvent, Entry, Payment  # noqa: E402
from tournament.runtime import backup, event_backup  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000


def event():
    t = tournament_create(actor=None, values={"name": "Main Event", "seats_per_table": 9,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=-(-PLAYERS // 9))
    entries_import(actor=None, tournament_id=t.pk, names=[f"Player {i}" for i in range(PLAYERS)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    rng = random.Random(2)
    live = list(Entry.objects.filter(tournament=t, status="seated").values_list("pk", flat=True))
    rng.shuffle(live)
    for _ in range(PLAYERS // 5):
        victim = live.pop()
        busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victim,
                         busted_by_id=live[-1], rng=rng)
    return t


def main() -> None:
    start = time.perf_counter()
    t = event()
    print(f"built {PLAYERS} entries, {PLAYERS // 5} busts in {time.perf_counter() - start:.1f} s: "
          f"{Move.objects.filter(tournament=t).count()} moves, "
          f"{Payment.objects.filter(tournament=t).count()} payments, "
          f"{AuditEvent.objects.filter(tournament=t).count()} audit events "
          f"({connection.vendor})")
    start = time.perf_counter()
    text = event_backup.export_event(t.pk)
    exported = time.perf_counter() - start
    print(f"export_event: {exported:.2f} s, {len(text.encode()) / 1e6:.1f} MB of JSON")
    start = time.perf_counter()
    event_backup.import_event(text)
    print(f"import_event: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    path = backup.backup_database(keep=1)
    print(f"full backup ({path.suffix[1:]}): {time.perf_counter() - start:.2f} s, "
          f"{path.stat().st_size / 1e6:.1f} MB (two copies of the event in the database)")


if __name__ == "__main__":
    main()
