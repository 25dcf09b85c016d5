"""Reservations at festival size: one more made, and the desk's lookup, among thousands.

Imports <players> known players (the look-alike check reads every name) and makes
<players> reservations, then times one more reservation (the public page's write:
look-alike check, duplicate check, a fresh code) and the desk's panel for a scanned
link, a code, a name and the default list (each a fixed number of queries).

    .venv/bin/python bench/reservations.py [players]

The last line is ``reservations: <players> players and reservations: reserve <ms> ms
(<q> queries), desk lookup <ms> ms (<q> queries)``.
"""

import random
import sys
import time

from _django import setup_django

setup_django()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Reservation  # noqa: E402
from tournament.player_links import reservation_page_path  # noqa: E402
from tournament.selectors.reservations import desk_reservations  # noqa: E402
from tournament.services.registration import entries_import  # noqa: E402
from tournament.services.reservations import reservation_create  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000


def timed(action):
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        result = action()
        elapsed = (time.perf_counter() - start) * 1000
    return result, elapsed, len(ctx.captured_queries)


def main() -> None:
    rng = random.Random(3)
    earlier = tournament_create(actor=None, values={"name": "earlier"},
                                levels=template_levels("regular"))
    entries_import(actor=None, tournament_id=earlier.pk,
                   names=[f"Known Player {i:05d}" for i in range(PLAYERS)])
    t = tournament_create(actor=None, values={"name": "reserve", "reservations_open": True},
                          levels=template_levels("regular"))
    at = timezone.now()
    codes = set()
    rows = []
    for i in range(PLAYERS):  # rows written directly: the bench times the next one
        code = "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6))
        while code in codes:
            code = "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6))
        codes.add(code)
        rows.append(Reservation(tournament=t, name=f"Reserved {i:05d}", email=f"r{i}@x.test",
                                code=code, made_at=at))
    Reservation.objects.bulk_create(rows, batch_size=1000)
    made, reserve_ms, reserve_q = timed(lambda: reservation_create(
        actor=None, tournament_id=t.pk, name="Known Player 0123", email="k@x.test",
        rng=rng))
    print(f"look-alikes found: {made.look_alikes}")
    lookups = {"scan": "https://poker.example" + reservation_page_path(
                   tournament_id=t.pk, reservation_id=made.pk),
               "code": made.code, "name": "reserved 0042", "default list": ""}
    worst_ms, worst_q = 0.0, 0
    for label, typed in lookups.items():
        panel, ms, q = timed(lambda typed=typed: desk_reservations(
            t, typed, registration_closed=False, now=timezone.now()))
        print(f"desk lookup by {label}: {len(panel.rows)} rows in {ms:.1f} ms, {q} queries")
        worst_ms, worst_q = max(worst_ms, ms), max(worst_q, q)
    print(f"reservations: {PLAYERS} players and reservations: reserve {reserve_ms:.0f} ms "
          f"({reserve_q} queries), desk lookup {worst_ms:.0f} ms ({worst_q} queries)")


if __name__ == "__main__":
    main()
