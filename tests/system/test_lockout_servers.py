"""Login lock-outs hold across 2 servers x 3 workers while Redis is away.

Two gunicorn servers of three worker processes each share one database; Redis is
killed. Wrong passwords for one account, each from a fresh browser on either server
(so on whichever worker takes it), lock the account at the limit, not at the limit
once per process, and the right password is refused afterwards.
"""

from __future__ import annotations

import re

import pytest

from tests.system.helpers import VENV_BIN, Stack, free_port, wait_for
from tests.system.test_multi_server import Web

pytestmark = pytest.mark.system

LOCKED = "Too many failed logins"
WRONG = "Please enter a correct"


def start_server(stack: Stack, name: str) -> str:
    port = free_port()
    env = stack.env | {"FLOORMAN_PLAIN_STATIC": "1", "ALLOWED_HOSTS": "127.0.0.1"}
    server = stack.spawn(name, [
        str(VENV_BIN / "gunicorn"), "tournament.config.wsgi:application", "--bind", f"127.0.0.1:{port}",
        "--workers", "3", "--threads", "2", "--timeout", "60", "--log-level", "warning",
    ], env=env)
    base = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        if not server.alive():
            pytest.fail(f"{name} exited:\n{server.output()[-3000:]}")
        try:
            return Web(base).request("/accounts/login/")[0] == 200
        except OSError:
            return False

    wait_for(f"{name} to answer", answers, timeout=90, interval=0.3)
    return base


def attempt(base: str, password: str) -> str:
    web = Web(base)
    status, html = web.request("/accounts/login/")
    assert status == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    status, html = web.request("/accounts/login/", {
        "csrfmiddlewaretoken": token, "username": "director", "password": password,
        "next": "/"})
    assert status == 200, (status, html[-500:])
    logged_in = any(c.name == "sessionid" for c in web.jar)
    return "in" if logged_in else ("locked" if LOCKED in html else
                                   "wrong" if WRONG in html else html[-300:])


def test_five_wrong_passwords_across_six_processes_lock_the_account(make_stack, redis_server):
    stack = make_stack()
    stack.dbtool("create", "--levels", "2", "--seconds", "600", "--late-level", "1")
    servers = [start_server(stack, "web-a"), start_server(stack, "web-b")]
    redis_server.kill()
    answers = [attempt(servers[n % 2], f"wrong-{n}") for n in range(12)]
    # LOGIN_FAILURES_PER_ACCOUNT is 5: four plain refusals; the fifth reaches the limit
    # and says so; all later ones too.
    assert answers == ["wrong"] * 4 + ["locked"] * 8, answers
    assert attempt(servers[0], "pw") == "locked"
    assert attempt(servers[1], "pw") == "locked"
