"""Run as a subprocess by the push system test: a tournament, two subscribed players, busts.

    python tests/system/push_tool.py '<json: [{"endpoint", "keys": {"p256dh", "auth"}}, ...]>'

Django is configured from the environment (SQLITE_PATH or DATABASE_URL, REDIS_URL), so
the notices go to the Redis the test's Celery worker listens to. The first players
registered get the subscriptions, in order, and bust, the last first. Prints one JSON
line: the entries, in the order of the subscriptions.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(subscriptions: list[dict]) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()
    from tables.services import busts, tables_add
    from tournament.domain.structures import LevelSpec
    from tournament.models import Entry
    from tournament.runtime import broker
    from tournament.services.push import push_subscribe
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_create

    tournament = tournament_create(
        actor=None, values={"name": "Push System Test", "chip_set": [25, 100]},
        levels=[LevelSpec("play", 100, 200, 0, "none", 600, ())])
    tables_add(actor=None, tournament_id=tournament.pk, count=2)
    for n in range(12):
        entry_register(actor=None, tournament_id=tournament.pk, player_name=f"Player {n + 1}")
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number")
                   [:len(subscriptions)])
    for entry, sub in zip(entries, subscriptions, strict=True):
        push_subscribe(tournament_id=tournament.pk, entry_id=entry.pk, endpoint=sub["endpoint"],
                       p256dh=sub["keys"]["p256dh"], auth=sub["keys"]["auth"],
                       language=sub.get("language", "en"))
    for entry in reversed(entries):
        busts.entry_bust(actor=None, tournament_id=tournament.pk, entry_id=entry.pk)
    broker.sender.drain(10)  # the tasks leave this process before it ends
    print(json.dumps({"entries": [e.pk for e in entries]}))


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
