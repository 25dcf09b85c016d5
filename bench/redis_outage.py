"""What a Redis outage costs the database: queries per clock poll, before and during.

    .venv/bin/python bench/redis_outage.py [--screens 50] [--seconds 6]

Full mode in this process (REDIS_URL set) on a throwaway SQLite file, with a
real redis-server: a running tournament with 200 entries, then ``--screens``
screens polling the clock partial once a second each (as CLOCK_POLL_MS=1000),
for ``--seconds`` seconds in three phases: Redis up; Redis killed (the polls
answer from the database, remembered per process for MEMO_SECONDS); Redis still
away with the memo switched off (what every screen would cost the database
without it). Prints polls, queries, queries per poll and the slowest poll of
each phase. One process here stands for one gunicorn worker: with W workers the
outage costs the database W times the per-process figure, whatever the screens.

Prints figures; asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_redis(port: int, directory: str) -> subprocess.Popen:
    process = subprocess.Popen(
        [shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind",
         "127.0.0.1", "--dir", directory, "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--entries", type=int, default=200)
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="floorman-outage-")
    port = free_port()
    redis = start_redis(port, tmp)
    os.environ.update({"REDIS_URL": f"redis://127.0.0.1:{port}/0", "FLOORMAN_DATA_DIR": tmp,
                       "SECRET_KEY": "bench", "DJANGO_SETTINGS_MODULE": "tournament.config.settings"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tables.services import tables_add
    from tournament.domain.structures import template_levels
    from tournament.runtime import cache as floorman_cache
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_create

    call_command("migrate", verbosity=0)
    director = User.objects.create_superuser("director", password="pw")
    tournament = tournament_create(
        actor=director, levels=template_levels("regular"),
        values={"name": "Outage bench", "chip_set": [25, 100, 500, 1000, 5000]})
    tables_add(actor=director, tournament_id=tournament.pk, count=-(-args.entries // 9))
    for n in range(args.entries):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{n}")
    clock_start(tournament_id=tournament.pk, actor=director)
    url = reverse("clock_state", args=[tournament.pk])
    screens = [Client() for _ in range(args.screens)]

    def phase(label: str) -> None:
        polls = queries = 0
        slowest = 0.0
        with CaptureQueriesContext(connection) as captured:
            for _second in range(args.seconds):
                tick = time.monotonic()
                for screen in screens:
                    started = time.perf_counter()
                    response = screen.get(url)
                    slowest = max(slowest, time.perf_counter() - started)
                    assert response.status_code == 200, response.status_code
                    polls += 1
                time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
            queries = len(captured.captured_queries)
        print(f"{label:<38} {polls:>5} polls {queries:>6} queries "
              f"{queries / polls:>6.3f} per poll   slowest poll {slowest * 1000:6.1f} ms")

    print(f"{args.screens} screens polling once a second, {args.entries} entries, "
          f"{args.seconds} s per phase, one web process")
    screens[0].get(url)
    phase("Redis up")
    redis.kill()
    redis.wait()
    phase("Redis killed (memo)")
    floorman_cache.memo.set = lambda *a, **k: None  # what the memo saves
    phase("Redis killed, memo switched off")


if __name__ == "__main__":
    main()
