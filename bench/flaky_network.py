"""A room with bad Wi-Fi (issue 26): 1,000 staff actions through a flaky proxy, each done once.

    .venv/bin/python bench/flaky_network.py [--actions 1000] [--drop 0.1] [--max-delay 2]
                                            [--phones 8] [--workers 2]

Serves the site as bin/run does (gunicorn, 127.0.0.1 only) on a fresh SQLite
file, or on the PostgreSQL of DATABASE_URL (a scratch database); puts a
loopback proxy in front that drops a tenth of the answers (the server acted,
the phone never hears) and delays the rest 0-2 s (tests/flaky_proxy.py); then
phones register players, bust them and pause/resume the clock
(tests/flaky_soak.py), each action sent again with its idempotency key until
an answer comes back. Reads the database and prints what was recorded; the
last line is

    flaky network: <n> actions, recorded once <n>, twice 0, lost 0
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def scratch_postgres(server_url: str) -> str:
    import psycopg

    name = f"floorman_flaky_{os.getpid()}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--drop", type=float, default=0.1)
    parser.add_argument("--max-delay", type=float, default=2.0)
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    data = Path(tempfile.mkdtemp(prefix="floorman-flaky-"))
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | {
        "DJANGO_SETTINGS_MODULE": "tournament.config.settings",
        "FLOORMAN_DATA_DIR": str(data), "SQLITE_PATH": str(data / "floorman.sqlite3"),
        "SECRET_KEY": "flaky-network-bench", "PYTHONPATH": str(ROOT),
        "FLOORMAN_PLAIN_STATIC": "1", "LOG_LEVEL": "ERROR"}
    if server := os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = scratch_postgres(server)
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tables.services import tables_add
    from tests.conftest import SIMPLE_LEVELS
    from tests.flaky_proxy import FlakyProxy
    from tests.flaky_soak import session_for, soak
    from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION, ROLES
    from tournament.services.clock import clock_start
    from tournament.services.tournaments import tournament_create

    groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
    users = {}
    for name, role in (("director", DIRECTOR), ("floor", FLOOR), ("desk", REGISTRATION)):
        users[name] = User.objects.create_user(username=name, password="pw")
        users[name].groups.add(groups[role])
    tournament = tournament_create(actor=users["director"], values={
        "name": "Flaky Wi-Fi", "chip_set": [25, 100, 500, 1000, 5000], "seats_per_table": 10},
        levels=SIMPLE_LEVELS)
    tables_add(actor=users["director"], tournament_id=tournament.pk,
               count=args.actions // 2 // 10 + 2)
    clock_start(tournament_id=tournament.pk, actor=users["director"])

    port = free_port()
    web = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "tournament.config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", str(args.workers), "--threads", "4",
         "--timeout", "60", "--log-level", "error"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                    break
            except OSError:
                time.sleep(0.2)
        started = time.monotonic()
        with FlakyProxy(port, drop=args.drop, max_delay=args.max_delay, seed=26) as proxy:
            report = soak(proxy.url, tournament_id=tournament.pk, actions=args.actions,
                          phones=args.phones, floor_session=session_for(users["floor"]),
                          desk_session=session_for(users["desk"]),
                          director_session=session_for(users["director"]))
        seconds = time.monotonic() - started
    finally:
        web.terminate()
        web.wait(timeout=30)
    database = "PostgreSQL" if "DATABASE_URL" in env else "SQLite"
    print(f"database: {database}; gunicorn {args.workers} workers x 4 threads; "
          f"{args.phones} phones; drop {args.drop:.0%}, delay 0-{args.max_delay:g} s")
    print(f"requests sent: {report['requests']} for {report['actions']} actions "
          f"in {seconds:.0f} s; answers dropped by the proxy: {proxy.dropped} "
          f"of {proxy.answers}")
    print(f"answers: {report['answers']}")
    print(f"refused: {len(report['refused'])} {report['refused'][:3]}")
    print(f"invariants broken: {report['invariants'] or 'none'}")
    print(f"flaky network: {report['actions']} actions, recorded once {report['once']}, "
          f"twice {report['twice']}, lost {report['lost']}")


if __name__ == "__main__":
    main()
