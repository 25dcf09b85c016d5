"""More than one web server: two gunicorn servers on one database and one Redis.

Two separate gunicorn servers (each with two worker processes), one Celery worker
and beat share the database of the run (a scratch PostgreSQL database on the
PostgreSQL leg, a WAL SQLite file on the SQLite leg) and one redis-server.
Cashiers register players through both servers at once, then floor staff bust
players through both at once while the clock runs its levels. Afterwards the
database must hold: no seat twice, places unique and consecutive, every level
start recorded once, and every write that was answered 2xx present exactly once.
"""

from __future__ import annotations

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.system.helpers import VENV_BIN, Stack, free_port, wait_for

pytestmark = pytest.mark.system

PLAYERS = 60
BUSTS = 40
TABLES = 7
LEVELS = 6
SECONDS = 3


class Web:
    """One logged-in staff browser on one server (cookies and CSRF token kept)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.lock = threading.Lock()

    def _csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def request(self, path: str, data: dict | None = None) -> tuple[int, str]:
        headers = {"X-CSRFToken": self._csrf()} if data is not None else {}
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(req, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def log_in(self, username: str = "director", password: str = "pw") -> None:
        status, html = self.request("/accounts/login/")
        assert status == 200
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        status, _html = self.request("/accounts/login/", {
            "csrfmiddlewaretoken": token, "username": username, "password": password, "next": "/"})
        assert status == 200 and any(c.name == "sessionid" for c in self.jar), "login failed"


def start_web(stack: Stack, name: str) -> str:
    port = free_port()
    env = stack.env | {"FLOORMAN_PLAIN_STATIC": "1", "ALLOWED_HOSTS": "127.0.0.1"}
    server = stack.spawn(name, [
        str(VENV_BIN / "gunicorn"), "tournament.config.wsgi:application", "--bind", f"127.0.0.1:{port}",
        "--workers", "2", "--threads", "4", "--timeout", "60", "--graceful-timeout", "2",
        "--log-level", "warning",
    ], env=env)
    base = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        if not server.alive():
            pytest.fail(f"{name} exited:\n{server.output()[-3000:]}")
        try:
            with urllib.request.urlopen(base + "/accounts/login/", timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    wait_for(f"{name} to answer", answers, timeout=60, interval=0.2)
    return base


def test_two_web_servers_one_database_one_redis_keep_every_invariant(make_stack):
    stack = make_stack(reconcile_seconds=1)
    tournament_id = stack.dbtool(
        "create", "--levels", str(LEVELS), "--seconds", str(SECONDS), "--tables", str(TABLES),
        "--late-level", str(LEVELS),
    )["id"]
    stack.start_worker("worker-1")
    stack.start_beat()
    servers = [Web(start_web(stack, "web-a")), Web(start_web(stack, "web-b"))]
    for web in servers:
        web.log_in()

    # Registrations through both servers at once.
    def register(n: int) -> tuple[str, int]:
        name = f"Multi Player {n:03d}"
        status, _html = servers[n % 2].request(
            f"/t/{tournament_id}/registration/",
            {"name": name, "method": "cash", "confirm_new": "on"})
        return name, status

    with ThreadPoolExecutor(8) as pool:
        registered = list(pool.map(register, range(PLAYERS)))
    assert [s for _n, s in registered if not 200 <= s < 300] == [], registered
    names = Counter(name for (name,) in stack.query(
        "SELECT p.name FROM tournament_entry e JOIN tournament_player p ON p.id = e.player_id "
        "WHERE e.tournament_id = ?", (tournament_id,)))
    assert names == Counter(name for name, _s in registered), "a 2xx registration is missing or doubled"

    # The clock runs its levels while busts come in through both servers at once.
    stack.dbtool("start", str(tournament_id))
    entry_ids = [pk for (pk,) in stack.query(
        "SELECT id FROM tournament_entry WHERE tournament_id = ? AND status = 'seated' "
        "ORDER BY number", (tournament_id,))]
    victims = entry_ids[:BUSTS]

    def bust(index: int) -> tuple[int, int]:
        entry_id = victims[index]
        status, _html = servers[index % 2].request(
            f"/t/{tournament_id}/floor/entries/{entry_id}/bust/", {})
        return entry_id, status

    with ThreadPoolExecutor(8) as pool:
        busted = list(pool.map(bust, range(BUSTS)))
    assert [s for _e, s in busted if not 200 <= s < 300] == [], busted

    # Every 2xx bust is in the database once: the entry busted, one audit event for it.
    rows = stack.query(
        "SELECT id, status, finish_place FROM tournament_entry WHERE tournament_id = ?",
        (tournament_id,))
    status_of = {pk: status for pk, status, _place in rows}
    assert all(status_of[entry_id] == "busted" for entry_id, _s in busted)
    bust_events = Counter(p["entry"] if "entry" in p else p.get("entry_id")
                          for p, _at in stack.events(tournament_id, "entry_busted"))
    assert sorted(bust_events.values()) == [1] * BUSTS, bust_events
    # Places unique and consecutive: the first player out finishes last.
    places = sorted(place for _pk, _status, place in rows if place is not None)
    assert places == list(range(PLAYERS - BUSTS + 1, PLAYERS + 1))
    # No seat held twice.
    doubled = stack.query(
        "SELECT table_id, seat, COUNT(*) FROM tournament_entry WHERE tournament_id = ? "
        "AND status = 'seated' GROUP BY table_id, seat HAVING COUNT(*) > 1", (tournament_id,))
    assert doubled == []

    # Every level start recorded once (by the worker, beat's reconcile or a reading server).
    wait_for("every level start in the audit log",
             lambda: {i for i, _at in stack.level_starts(tournament_id)} >= set(range(1, LEVELS)),
             timeout=LEVELS * SECONDS + 30, interval=0.2)
    indices = [i for i, _at in stack.level_starts(tournament_id)]
    assert sorted(indices) == list(range(1, LEVELS)), indices
    for server in stack.services:
        assert " 500 " not in server.output() and "Traceback" not in server.output(), (
            f"{server.name}:\n{server.output()[-3000:]}")
