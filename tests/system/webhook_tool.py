"""Run as a subprocess by the webhook system test: a tournament, a webhook, one bust.

    python tests/system/webhook_tool.py <webhook url>

Django is configured from the environment (SQLITE_PATH, REDIS_URL), so the
delivery is queued on the Redis the test's Celery worker listens to. Prints
one JSON line: the tournament, the webhook's secret.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(url: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()
    from tables.services import busts, tables_add
    from tournament.domain.structures import LevelSpec
    from tournament.models import Entry
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_create
    from tournament.services.webhooks import webhook_add

    tournament = tournament_create(
        actor=None, values={"name": "Webhook System Test", "chip_set": [25, 100]},
        levels=[LevelSpec("play", 100, 200, 0, "none", 600, ())])
    tables_add(actor=None, tournament_id=tournament.pk, count=2)
    for n in range(12):
        entry_register(actor=None, tournament_id=tournament.pk, player_name=f"Player {n + 1}")
    endpoint = webhook_add(actor=None, tournament_id=tournament.pk, url=url, events=["bust"])
    victim = Entry.objects.filter(tournament=tournament).order_by("number").first()
    busts.entry_bust(actor=None, tournament_id=tournament.pk, entry_id=victim.pk)
    print(json.dumps({"id": tournament.pk, "secret": endpoint.secret}))


if __name__ == "__main__":
    main(sys.argv[1])
