"""The alternate line at festival size: a full flight of 5,000 with 300 in line.

Fills every seat (full by its seats, no cap), starts the clock, puts 300 players in line,
then busts one: the bust and the call that follows it (the reconcile the bust's
commit sends, run here in line), their time and SQL queries; then the line page of
the last in line and the desk's registration screen, each with its queries.

    .venv/bin/python bench/line.py [players] [in line]

The last line is ``line: <players> players, <n> in line: bust+call <ms> ms <q> queries; page <q> queries; desk <q> queries``.
"""

import random
import sys
import time

from _django import setup_django

setup_django()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tables.services import busts, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Entry, LineSpot  # noqa: E402
from tournament.player_links import line_page_path  # noqa: E402
from tournament.services.clock import clock_start  # noqa: E402
from tournament.services.line import line_join, line_reconcile  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
IN_LINE = int(sys.argv[2]) if len(sys.argv) > 2 else 300
SEATS = 9


def timed(action):
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        result = action()
        elapsed = (time.perf_counter() - start) * 1000
    return result, elapsed, len(ctx.captured_queries)


def main() -> None:
    # Full by its seats (every one taken); no cap, so that a bust opens a place.
    t = tournament_create(actor=None, values={"name": "line", "seats_per_table": SEATS,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=PLAYERS // SEATS)
    entries_import(actor=None, tournament_id=t.pk,
                   names=[f"P{i}" for i in range(PLAYERS // SEATS * SEATS)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=None)
    _spot, join_ms, join_q = timed(lambda: line_join(actor=None, tournament_id=t.pk,
                                                     name="Alternate 0000", phone="1"))
    for i in range(1, IN_LINE):
        line_join(actor=None, tournament_id=t.pk, name=f"Alternate {i:04d}", phone="1",
                  confirm_look_alike=True)  # numbered names look alike: the desk confirms
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("pk").first()

    def bust_and_call():
        # Outside a transaction the bust commits at once, and its commit sends the line's
        # reconcile, run in process (embedded mode): the call is part of what is timed.
        busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victim.pk,
                         rng=random.Random(2))
        return line_reconcile(tournament_id=t.pk)  # nothing left to do: None

    _none, call_ms, call_q = timed(bust_and_call)
    assert LineSpot.objects.filter(tournament=t, status="called").count() == 1
    last = LineSpot.objects.filter(tournament=t, status="waiting").order_by("-joined_at").first()
    # Plain static files: the bench has no collected manifest.
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    client = Client()
    page, page_ms, page_q = timed(lambda: client.get(line_page_path(tournament_id=t.pk,
                                                                    spot_id=last.pk)))
    assert page.status_code == 200, page.status_code
    staff = User.objects.create_superuser("bench", password="x")
    desk = Client()
    desk.force_login(staff)
    screen, desk_ms, desk_q = timed(lambda: desk.get(f"/t/{t.pk}/registration/"))
    assert screen.status_code == 200, screen.status_code
    print(f"join: {join_ms:.0f} ms, {join_q} queries (the first in line)")
    print(f"line page: {page_ms:.0f} ms; desk: {desk_ms:.0f} ms")
    print(f"line: {PLAYERS // SEATS * SEATS} players, {IN_LINE} in line: bust+call {call_ms:.0f} ms "
          f"{call_q} queries; page {page_q} queries; desk {desk_q} queries")


if __name__ == "__main__":
    main()
