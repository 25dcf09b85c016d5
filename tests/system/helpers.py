"""Processes for the system tests: a real redis-server, Celery workers and beat.

Everything runs against a file SQLite database in a temporary directory, the
same one the test reads back with the sqlite3 module (pytest-django's test
database is a different database, so the system tests never use it). When the
run is on PostgreSQL (DATABASE_URL set), each stack gets a fresh database of its
own on that server instead, read back with psycopg.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
PYTHON = VENV_BIN / "python"
REDIS_SERVER = Path("/usr/bin/redis-server")
DBTOOL = Path(__file__).with_name("dbtool.py")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(what: str, check: Callable[[], Any], timeout: float, interval: float = 0.1,
             explain: Callable[[], str] | None = None) -> Any:
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds
    (saying what ``explain()`` says about the last try)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}"
                        + (f": {explain()}" if explain else ""))
        time.sleep(interval)


@dataclass
class Service:
    name: str
    process: subprocess.Popen
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signal the whole process group (a prefork worker's children die with it)."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)

    def stop(self, timeout: float = 10) -> None:
        self.kill(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
            self.process.wait(5)
        # Reap any orphaned children left in the group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


@dataclass
class Stack:
    """A redis-server plus the Celery processes of one test, sharing one database."""

    tmp: Path
    env: dict[str, str]
    services: list[Service] = field(default_factory=list)

    @property
    def db_path(self) -> Path:
        return Path(self.env["SQLITE_PATH"])

    @property
    def on_postgres(self) -> bool:
        return bool(self.env.get("DATABASE_URL"))

    def spawn(self, name: str, args: list[str], env: dict[str, str] | None = None) -> Service:
        log = self.tmp / f"{name}.log"
        handle = log.open("ab")
        process = subprocess.Popen(
            args, cwd=ROOT, env=env or self.env, stdout=handle, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        handle.close()
        service = Service(name, process, log)
        self.services.append(service)
        return service

    def run(self, *args: str, timeout: float = 60) -> str:
        done = subprocess.run(
            [str(PYTHON), *args], cwd=ROOT, env=self.env, capture_output=True, text=True,
            timeout=timeout,
        )
        if done.returncode:
            pytest.fail(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def dbtool(self, *args: str) -> dict:
        return json.loads(self.run(str(DBTOOL), *args).strip().splitlines()[-1])

    def start_worker(self, name: str, concurrency: int = 2) -> Service:
        worker = self.spawn(name, [
            str(VENV_BIN / "celery"), "-A", "tournament", "worker", "--loglevel=INFO",
            f"--concurrency={concurrency}", "-n", f"{name}@systemtest", "--without-gossip",
            "--without-mingle", "--without-heartbeat",
        ])
        wait_for(f"{name} to be ready", lambda: self._ready(worker), timeout=30)
        return worker

    def _ready(self, service: Service) -> bool:
        if not service.alive():
            pytest.fail(f"{service.name} exited:\n{service.output()[-3000:]}")
        return " ready." in service.output()

    def start_beat(self) -> Service:
        beat = self.spawn("beat", [
            str(VENV_BIN / "celery"), "-A", "tournament", "beat", "--loglevel=INFO",
            "--schedule", str(self.tmp / "celerybeat-schedule"),
        ])
        wait_for("beat to start", lambda: "beat: Starting" in beat.output() or not beat.alive(),
                 timeout=30)
        if not beat.alive():
            pytest.fail(f"beat exited:\n{beat.output()[-3000:]}")
        return beat

    def start_web(self, workers: int = 2, threads: int = 4) -> str:
        """gunicorn as bin/run starts it; returns the site's base URL once it answers."""
        port = free_port()
        web = self.spawn("web", [
            str(VENV_BIN / "gunicorn"), "tournament.config.wsgi:application", "--bind",
            f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
            "--timeout", "60", "--log-level", "warning",
        ], env=self.env | {"FLOORMAN_PLAIN_STATIC": "1"})
        base = f"http://127.0.0.1:{port}"

        def answers() -> bool:
            if not web.alive():
                pytest.fail(f"gunicorn exited:\n{web.output()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=5) as response:
                    return response.status == 200
            except (OSError, urllib.error.URLError):
                return False

        wait_for("gunicorn to answer /healthz", answers, timeout=60, interval=0.3)
        return base

    def stop_all(self) -> None:
        for service in reversed(self.services):
            service.stop()

    # --- reading the shared database -------------------------------------------

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Rows of a query written with ``?`` placeholders, on SQLite or PostgreSQL."""
        if self.on_postgres:
            import psycopg

            with psycopg.connect(self.env["DATABASE_URL"]) as conn:
                return conn.execute(sql.replace("?", "%s"), params).fetchall()
        with sqlite3.connect(self.db_path, timeout=20) as conn:
            return conn.execute(sql, params).fetchall()

    def events(self, tournament_id: int, kind: str) -> list[tuple[dict, datetime]]:
        """Audit events of one kind: (payload, recorded instant), in id order."""
        rows = self.query(
            "SELECT payload, created_at FROM tournament_auditevent "
            "WHERE tournament_id = ? AND kind = ? ORDER BY id",
            (tournament_id, kind),
        )
        return [(json.loads(payload) if isinstance(payload, str) else payload, parse_utc(created))
                for payload, created in rows]

    def level_starts(self, tournament_id: int) -> list[tuple[int, datetime]]:
        """Every "level_started" audit event: (level index, recorded instant), in id order."""
        return [(p["level_index"], at) for p, at in self.events(tournament_id, "level_started")]

    def clock(self, tournament_id: int) -> dict:
        (row,) = self.query(
            "SELECT running, anchor_at, elapsed_at_anchor, version, recorded_level "
            "FROM tournament_clock WHERE tournament_id = ?",
            (tournament_id,),
        )
        running, anchor, elapsed, version, recorded = row
        return {"running": bool(running), "anchor": parse_utc(anchor), "elapsed": elapsed,
                "version": version, "recorded_level": recorded}


def parse_utc(value: str | datetime) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@contextlib.contextmanager
def scratch_postgres(server_url: str):
    """A new, empty database on the PostgreSQL server of ``server_url``; dropped at exit."""
    import uuid

    import psycopg
    from psycopg import sql

    name = f"floorman_sys_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    base, _sep, _db = server_url.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        drop_postgres(server_url, name)


def drop_postgres(server_url: str, name: str, tries: int = 20) -> None:
    """Drop a scratch database once its processes are gone.

    A plain DROP waits a few seconds for other sessions and stops an autovacuum
    worker by itself; FORCE ends sessions a stack left behind, but refuses to
    end an autovacuum worker without pg_signal_backend (bin/ensure-postgres
    grants it; a server set up otherwise may not have). So: plain first, FORCE
    after, and again a little later.
    """
    import psycopg
    from psycopg import errors, sql

    statements = [sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)),
                  sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))]
    for attempt in range(tries):
        try:
            with psycopg.connect(server_url, autocommit=True) as conn:
                conn.execute(statements[attempt % 2])
            return
        except (errors.ObjectInUse, errors.InsufficientPrivilege):
            if attempt == tries - 1:
                raise
            time.sleep(0.5)


def start_redis(tmp: Path, port: int | None = None) -> tuple[subprocess.Popen, int]:
    if not REDIS_SERVER.exists():
        pytest.fail(f"{REDIS_SERVER} is missing: the system tests need a real redis-server "
                    "(run `make test-deps`, which installs the Debian package redis-server)")
    port = port or free_port()
    redis_dir = tmp / "redis"
    redis_dir.mkdir(exist_ok=True)
    process = subprocess.Popen(
        [str(REDIS_SERVER), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(redis_dir),
         "--save", "", "--appendonly", "no", "--daemonize", "no"],
        stdout=(tmp / "redis.log").open("ab"), stderr=subprocess.STDOUT, start_new_session=True,
    )

    def pong() -> bool:
        if process.poll() is not None:
            pytest.fail(f"redis-server exited:\n{(tmp / 'redis.log').read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    wait_for("redis-server to answer PING", pong, timeout=10)
    return process, port


class RedisServer:
    """A redis-server a test may kill and start again on the same port (no persistence)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.port: int | None = None
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process, self.port = start_redis(self.tmp, self.port)

    def kill(self) -> None:
        """SIGKILL: gone at once, with everything it held (queued tasks, cached screens)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def freeze(self) -> None:
        """SIGSTOP: connections stay open and nothing answers (a hung or partitioned Redis)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGCONT)
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
