"""How fast the clock partial every screen polls is served, against a bare Django view.

    .venv/bin/python bench/tv_poll.py [--duration 10] [--connections 32] [--full]

Builds a throwaway site in a temporary directory (SQLite file migrated, a
running tournament with 200 entries), serves it with gunicorn exactly as
bin/run does (settings tournament.config.settings, every middleware, the same worker
and thread counts), captures the bytes of GET /t/<id>/clock/state/, then serves
bench/bare_app.py (a bare Django view returning those bytes) with the same
gunicorn configuration, and loads each in turn with wrk (or, without wrk, a
Python thread-pool client). Prints requests per second of both and their ratio
(the goal is at least 0.5). ``--full`` starts a redis-server and measures full
mode (Redis as the cache) instead of the embedded local-memory cache.

Prints figures; asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = ROOT / ".venv" / "bin"
PYTHON = VENV_BIN / "python"
WRK = shutil.which("wrk")
REDIS_SERVER = shutil.which("redis-server")


# --- run inside a subprocess with Django configured on the temporary database --------


def setup_tournament(entries: int) -> dict:
    """Create a running tournament with ``entries`` players (called in a subprocess)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()
    from django.contrib.auth.models import Group

    from tables.services import tables_add
    from tournament.domain.structures import template_levels
    from tournament.permissions import ROLES
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_create

    for role in ROLES:
        Group.objects.get_or_create(name=role)
    tournament = tournament_create(
        actor=None,
        values={"name": "Bench Deepstack", "starting_stack": 20000, "buy_in": 100, "fee": 20,
                "late_reg_end_level": 6, "chip_set": [25, 100, 500, 1000, 5000, 25000]},
        levels=template_levels("regular"),
    )
    tables_add(actor=None, tournament_id=tournament.pk, count=-(-entries // 9))
    for n in range(entries):
        entry_register(actor=None, tournament_id=tournament.pk, player_name=f"Player {n + 1}",
                       method="cash")
    clock_start(tournament_id=tournament.pk, actor=None)
    return {"id": tournament.pk}


# --- the harness --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Servers:
    def __init__(self) -> None:
        self.processes: list[subprocess.Popen] = []

    def start(self, args: list[str], env: dict[str, str], log: Path, cwd: Path = ROOT):
        process = subprocess.Popen(args, cwd=cwd, env=env, stdout=log.open("ab"),
                                   stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append(process)
        return process

    def stop(self, process: subprocess.Popen) -> None:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)

    def stop_all(self) -> None:
        for process in reversed(self.processes):
            self.stop(process)


def wait_http(url: str, process: subprocess.Popen, log: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"server exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"{url} did not answer within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def gunicorn(servers: Servers, app: str, port: int, env: dict, log: Path, args, cwd: Path):
    return servers.start(
        [str(VENV_BIN / "gunicorn"), app, "--bind", f"127.0.0.1:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads), "--timeout", "60",
         "--log-level", "warning"],
        env, log, cwd=cwd,
    )


def load_wrk(url: str, args) -> dict:
    threads = max(1, min(args.connections, os.cpu_count() or 1))
    run = [WRK, "-t", str(threads), "-c", str(args.connections), "--latency"]
    out = subprocess.run([*run, "-d", f"{args.duration}s", url], capture_output=True,
                         text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": rps, "p50": p50, "p99": p99,
            "errors": (int(errors.group(1)) if errors else 0),
            "socket_errors": socket_errors.group(1) if socket_errors else "none"}


def load_python(url: str, args) -> dict:
    """Fallback without wrk: a thread pool of keep-alive-less urllib clients."""
    def worker(stop_at: float) -> tuple[int, int]:
        done = bad = 0
        while time.monotonic() < stop_at:
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    response.read()
                    done += response.status == 200
                    bad += response.status != 200
            except OSError:
                bad += 1
        return done, bad

    with ThreadPoolExecutor(args.connections) as pool:
        started = time.monotonic()
        results = list(pool.map(worker, [started + args.duration] * args.connections))
        elapsed = time.monotonic() - started
    done = sum(r[0] for r in results)
    return {"rps": done / elapsed, "p50": "n/a", "p99": "n/a",
            "errors": sum(r[1] for r in results), "socket_errors": "n/a"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds of load per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per server")
    parser.add_argument("--connections", type=int, default=32)
    # The same defaults as bin/run: one process with threads in embedded mode
    # (its in-memory cache must be the one every request reads), three in full mode.
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--full", action="store_true", help="full mode: Redis as the cache")
    parser.add_argument("--setup-tournament", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.workers is None:
        args.workers = int(os.environ.get("WEB_WORKERS", 3 if args.full else 1))
    if args.threads is None:
        args.threads = int(os.environ.get("WEB_THREADS", 4 if args.full else 8))
    if args.setup_tournament is not None:
        print(json.dumps(setup_tournament(args.setup_tournament)))
        return

    servers = Servers()
    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="floorman-bench-") as tmp_name:
        tmp = Path(tmp_name)
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
        env |= {
            "DJANGO_SETTINGS_MODULE": "tournament.config.settings",
            "FLOORMAN_DATA_DIR": str(tmp),
            "SQLITE_PATH": str(tmp / "floorman.sqlite3"),
            "SECRET_KEY": "bench",
            "FLOORMAN_PLAIN_STATIC": "1",  # no collectstatic needed; the partial uses no static
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
        try:
            if args.full:
                if not REDIS_SERVER:
                    sys.exit("--full needs redis-server")
                redis_port = free_port()
                servers.start([REDIS_SERVER, "--port", str(redis_port), "--bind", "127.0.0.1",
                               "--dir", str(tmp), "--save", "", "--appendonly", "no"],
                              env, tmp / "redis.log")
                env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
                time.sleep(0.5)
            subprocess.run([str(PYTHON), "manage.py", "migrate", "--noinput", "--verbosity", "0"],
                           cwd=ROOT, env=env, check=True)
            made = subprocess.run(
                [str(PYTHON), __file__, "--setup-tournament", str(args.entries)],
                cwd=ROOT, env=env, check=True, capture_output=True, text=True,
            )
            tournament_id = json.loads(made.stdout.strip().splitlines()[-1])["id"]
            path = f"/t/{tournament_id}/clock/state/"

            port = free_port()
            log = tmp / "site.log"
            site = gunicorn(servers, "tournament.config.wsgi:application", port, env, log, args, ROOT)
            url = f"http://127.0.0.1:{port}{path}"
            wait_http(url, site, log)
            with urllib.request.urlopen(url) as response:
                body = response.read()
                content_type = response.headers["Content-Type"]
                etag = response.headers.get("ETag", "")
            (tmp / "body.html").write_bytes(body)

            bare_env = env | {"BARE_BODY_FILE": str(tmp / "body.html"),
                              "BARE_CONTENT_TYPE": content_type, "BARE_ETAG": etag}
            bare_env.pop("DJANGO_SETTINGS_MODULE")
            bare_port = free_port()
            bare_log = tmp / "bare.log"
            bare = gunicorn(servers, "bare_app:application", bare_port, bare_env, bare_log, args,
                            ROOT / "bench")
            bare_url = f"http://127.0.0.1:{bare_port}{path}"
            wait_http(bare_url, bare, bare_log)
            with urllib.request.urlopen(bare_url) as response:
                assert response.read() == body, "the bare view must return the same bytes"

            # Alternate short rounds (after a warm-up of each) so that a machine
            # busy with something else slows both alike; report the medians.
            load = load_wrk if WRK else load_python
            warm = argparse.Namespace(**vars(args) | {"duration": 2})
            load(url, warm)
            load(bare_url, warm)
            rounds: dict[str, list[dict]] = {"site": [], "bare": []}
            for _round in range(args.rounds):
                rounds["site"].append(load(url, args))
                rounds["bare"].append(load(bare_url, args))
        finally:
            servers.stop_all()

    mode = "full (Redis cache)" if args.full else "embedded (local-memory cache)"
    client = f"wrk, {args.connections} connections" if WRK else (
        f"Python thread pool, {args.connections} threads (wrk not found)")
    print(f"TV poll: GET {path}  ({len(body)} bytes, {args.entries} entries, {mode})")
    print(f"gunicorn --workers {args.workers} --threads {args.threads}; load: {client}; "
          f"{args.rounds} alternating rounds of {args.duration} s after a 2 s warm-up; "
          f"{os.cpu_count()} CPUs shared with the client; load average before: {load_before}")
    medians = {}
    for key, name in (("site", "site (all middleware)"), ("bare", "bare Django view")):
        figures = sorted(rounds[key], key=lambda f: f["rps"])
        median = figures[len(figures) // 2]
        medians[key] = median["rps"]
        each = ", ".join(f"{f['rps']:.0f}" for f in rounds[key])
        errors = sum(f["errors"] for f in rounds[key])
        print(f"  {name:<22} {median['rps']:>8.1f} req/s (median of {each})   "
              f"p50 {median['p50']}  p99 {median['p99']}  non-2xx {errors}  "
              f"socket errors {median['socket_errors']}")
    ratio = medians["site"] / medians["bare"] if medians["bare"] else float("nan")
    print(f"  ratio site / bare      {ratio:.2f}   (goal: at least 0.50)")


if __name__ == "__main__":
    main()
