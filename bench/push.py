"""Web Push at festival size: the notices of a table break at 5,000 players.

Seats 5,000 players on 556 nine-seat tables, each with a push subscription,
starts the clock, and busts players (from the lowest tables) until a bust's
plan breaks a table. For that bust: the notices handed to Celery, the tasks
(one per table the players go to), the time of the whole action and its SQL
queries (the sends themselves run in the worker, or embedded on the in-process
worker's thread, and are not counted here).

    .venv/bin/python bench/push.py [players]

The last line is ``push: table break at <players> players: <n> notices in <ms> ms, <q> queries``.
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
from tournament.models import Entry, PushSubscription  # noqa: E402
from tournament.runtime import broker  # noqa: E402
from tournament.services import push  # noqa: E402
from tournament.services.clock import clock_start  # noqa: E402
from tournament.services.push import PUSH_SEND  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
SEATS = 9
P256DH = "B" + "A" * 86  # any 65-byte key: nothing is sent here
AUTH = "A" * 22


def main() -> None:
    tables = -(-PLAYERS // SEATS)
    t = tournament_create(actor=None, values={"name": "push", "seats_per_table": SEATS,
                                              "chip_set": [25, 100, 500, 1000, 5000, 25000]},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=tables)
    entries_import(actor=None, tournament_id=t.pk, names=[f"P{i}" for i in range(PLAYERS)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=None)
    PushSubscription.objects.bulk_create(
        PushSubscription(entry_id=pk, endpoint=f"https://push.example.com/{pk}", p256dh=P256DH,
                         auth=AUTH)
        for pk in Entry.objects.filter(tournament=t).values_list("pk", flat=True))

    sent: list[list] = []

    def enqueue(task_name, *, args=(), eta=None):  # Celery's queue, without the worker
        if task_name == PUSH_SEND:
            sent.append(args[0])
        return True

    broker.enqueue = enqueue  # full mode hands the tasks to Celery
    push.send_in_background = sent.append  # embedded mode to the in-process worker
    rng = random.Random(2)
    victims = list(Entry.objects.filter(tournament=t, status="seated")
                   .order_by("table__number", "seat").values_list("pk", flat=True))
    for victim in victims:
        sent.clear()
        breaks_before = Move.objects.filter(tournament=t, reason="break").count()
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victim, rng=rng)
            elapsed = (time.perf_counter() - start) * 1000
        broker.sender.drain(30)  # full mode sends from the sender thread
        if Move.objects.filter(tournament=t, reason="break").count() > breaks_before:
            break
    else:
        raise SystemExit("no table broke")
    notices = sum(len(batch) for batch in sent)
    print(f"tasks: {len(sent)} (one per table the players go to), "
          f"largest {max(len(b) for b in sent)} notices")
    print(f"push: table break at {PLAYERS} players: {notices} notices in {elapsed:.0f} ms, "
          f"{len(ctx.captured_queries)} queries")


if __name__ == "__main__":
    main()
