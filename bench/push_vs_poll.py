"""Push or poll (issue 26): N clock screens follow a change, by polling and by Server-Sent Events.

    .venv/bin/python bench/push_vs_poll.py [--screens 100] [--seconds 15]

One served site (gunicorn, 2 workers, threads enough for every stream; 127.0.0.1;
a real redis-server as the cache) and N screens, threads in this process:

* poll: each screen GETs the clock partial every 1.5 s with its ETag, as the
  phones do (an unchanged poll is a 304 from the held partial);
* sse: each screen holds one text/event-stream (bench/_push_site.py), which
  sends the partial when the tournament's version moves.

For each: server CPU seconds per minute (gunicorn's processes, from /proc) and
requests per minute while nothing changes, then a pause on the console and the
time until each screen has seen it (median, max). Prints figures.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cpu_seconds(master: int) -> float:
    """User + system CPU of the gunicorn master and its workers."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == master or ppid == master:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == master:
                found.append(int(entry.name))
        except OSError:
            continue
    return found


class Screens:
    def __init__(self, port: int, tournament_id: int, count: int, mode: str) -> None:
        self.port, self.tournament_id, self.mode = port, tournament_id, mode
        self.requests = 0
        self.changed_at: float | None = None
        self.seen: list[float] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=getattr(self, mode), daemon=True)
                        for _ in range(count)]
        for thread in self.threads:
            thread.start()

    def _saw(self, first: bool) -> bool:
        if self.changed_at is not None and not first:
            with self.lock:
                self.seen.append(time.monotonic() - self.changed_at)
            return True
        return False

    def poll(self) -> None:
        time.sleep(random.uniform(0, 1.5))
        tag, first = None, True
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.stop.is_set():
            headers = {"HX-Request": "true"} | ({"If-None-Match": tag} if tag else {})
            connection.request("GET", f"/t/{self.tournament_id}/clock/state/", headers=headers)
            response = connection.getresponse()
            response.read()
            with self.lock:
                self.requests += 1
            if response.status == 200:
                tag = response.getheader("ETag")
                if self._saw(first):
                    break
                first = False
            time.sleep(1.5)
        connection.close()

    def sse(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", f"/bench/sse/{self.tournament_id}/")
        response = connection.getresponse()
        with self.lock:
            self.requests += 1
        first = True
        while not self.stop.is_set():
            line = response.fp.readline()
            if not line:
                break
            if line.startswith(b"event: clock"):
                if self._saw(first):
                    break
                first = False
        connection.close()


def run(mode: str, *, port: int, master: int, tournament_id: int, screens: int,
        seconds: float, change) -> str:
    group = Screens(port, tournament_id, screens, mode)
    time.sleep(3)  # every screen connected and has its first answer
    requests, cpu, started = group.requests, cpu_seconds(master), time.monotonic()
    time.sleep(seconds)
    minutes = (time.monotonic() - started) / 60
    per_minute = (group.requests - requests) / minutes
    cpu_per_minute = (cpu_seconds(master) - cpu) / minutes
    group.changed_at = time.monotonic()
    change()
    deadline = time.monotonic() + 10
    while len(group.seen) < screens and time.monotonic() < deadline:
        time.sleep(0.05)
    group.stop.set()
    seen = sorted(group.seen)
    median = statistics.median(seen) if seen else float("nan")
    return (f"{mode:4}: {screens} screens, {per_minute:7.0f} requests/min, server CPU "
            f"{cpu_per_minute:5.2f} s/min; a change seen by {len(seen)}/{screens}, median "
            f"{median:.2f} s, max {max(seen, default=float('nan')):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screens", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()

    data = Path(tempfile.mkdtemp(prefix="floorman-push-"))
    from tests.system.helpers import RedisServer

    redis = RedisServer(data)
    redis.start()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | {
        "DJANGO_SETTINGS_MODULE": "tournament.config.settings", "REDIS_URL": redis.url,
        "FLOORMAN_DATA_DIR": str(data), "SQLITE_PATH": str(data / "floorman.sqlite3"),
        "SECRET_KEY": "push-bench", "PYTHONPATH": f"{ROOT}:{ROOT / 'bench'}",
        "FLOORMAN_PLAIN_STATIC": "1", "LOG_LEVEL": "ERROR"}
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tests.conftest import SIMPLE_LEVELS
    from tests.flaky_soak import Phone, session_for
    from tournament.permissions import DIRECTOR
    from tournament.services.clock import clock_start
    from tournament.services.tournaments import tournament_create

    director = User.objects.create_user(username="director", password="pw")
    director.groups.add(Group.objects.get_or_create(name=DIRECTOR)[0])
    tournament = tournament_create(actor=director, values={"name": "Push", "chip_set": [25, 100]},
                                   levels=SIMPLE_LEVELS)
    clock_start(tournament_id=tournament.pk, actor=director)
    port = random.randint(20000, 60000)
    web = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "tournament.config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "2", "--threads", str(args.screens // 2 + 8),
         "--timeout", "120", "--log-level", "error"],
        cwd=ROOT, env=env | {"DJANGO_SETTINGS_MODULE": "_push_settings"})
    try:
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                    break
            except urllib.error.HTTPError:  # answering (no Celery worker here: a 503)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit("gunicorn did not answer")
        console = Phone(f"http://127.0.0.1:{port}", session_for(director))
        toggles = iter(["pause", "resume"] * 4)
        lines = [run(mode, port=port, master=web.pid, tournament_id=tournament.pk,
                     screens=args.screens, seconds=args.seconds,
                     change=lambda: console.post(f"/t/{tournament.pk}/clock/{next(toggles)}/", {}))
                 for mode in ("poll", "sse")]
    finally:
        web.terminate()
        try:
            web.wait(timeout=5)
        except subprocess.TimeoutExpired:  # streams still open: no graceful end
            for worker in children(web.pid):
                os.kill(worker, 9)
            web.kill()
            web.wait(timeout=30)
        redis.stop()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
