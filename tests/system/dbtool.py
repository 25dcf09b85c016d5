"""Run as a subprocess by the system tests: set up and drive the shared file database.

    python tests/system/dbtool.py create --levels 6 --seconds 2 [--entries 200] [--tables 8] [--start]
    python tests/system/dbtool.py start <tournament id>

Django is configured from the environment the test gives it (SQLITE_PATH,
FLOORMAN_DATA_DIR, REDIS_URL), so the clock services schedule their boundary
tasks on the same Redis the workers listen to. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()


def create(levels: int, seconds: int, entries: int, start: bool, late_level: int,
           tables: int = 0) -> dict:
    from django.contrib.auth.models import Group, User

    from tournament.domain.structures import LevelSpec
    from tournament.permissions import DIRECTOR, ROLES
    from tournament.services.tournaments import tournament_create

    for role in ROLES:
        Group.objects.get_or_create(name=role)
    director, created = User.objects.get_or_create(username="director")
    if created:
        director.set_password("pw")
        director.save()
        director.groups.add(Group.objects.get(name=DIRECTOR))
    specs = [
        LevelSpec("play", 100 * (i + 1), 200 * (i + 1), 0, "none", seconds, ())
        for i in range(levels)
    ]
    tournament = tournament_create(
        actor=director,
        values={"name": "System Test Event", "chip_set": [25, 100, 500, 1000, 5000],
                "starting_stack": 20000, "buy_in": 100, "late_reg_end_level": late_level},
        levels=specs,
    )
    if entries or tables:
        from tables.services import tables_add
        from tournament.services.registration import entry_register

        tables_add(actor=director, tournament_id=tournament.pk,
                   count=max(tables, -(-entries // 9)))
        for n in range(entries):
            entry_register(actor=director, tournament_id=tournament.pk,
                           player_name=f"Player {n + 1}", method="cash")
    result = {"id": tournament.pk}
    if start:
        result |= start_clock(tournament.pk)
    return result


def start_clock(tournament_id: int) -> dict:
    from django.contrib.auth.models import User

    from tournament.models import Clock
    from tournament.services.clock import clock_start

    clock_start(tournament_id=tournament_id, actor=User.objects.get(username="director"))
    clock = Clock.objects.get(tournament_id=tournament_id)
    return {"id": tournament_id, "anchor": clock.anchor_at.timestamp(), "version": clock.version}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("create")
    make.add_argument("--levels", type=int, default=6)
    make.add_argument("--seconds", type=int, default=2)
    make.add_argument("--entries", type=int, default=0)
    make.add_argument("--tables", type=int, default=0,
                      help="tables to open (at least enough for --entries)")
    make.add_argument("--start", action="store_true")
    make.add_argument("--late-level", type=int, default=3,
                      help="late registration closes at the end of this play level")
    go = sub.add_parser("start")
    go.add_argument("tournament_id", type=int)
    args = parser.parse_args(argv)
    _setup()
    if args.command == "create":
        result = create(args.levels, args.seconds, args.entries, args.start, args.late_level,
                        args.tables)
    else:
        result = start_clock(args.tournament_id)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
