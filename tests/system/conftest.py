"""System-test fixtures: a real redis-server and Celery processes on a file database."""

from __future__ import annotations

import os

import pytest

from tests.system.helpers import ROOT, VENV_BIN, RedisServer, Stack, scratch_postgres


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    return redis_server.url


def _stack_env(tmp_path, redis_url: str, reconcile_seconds: int,
               database_url: str | None = None) -> dict[str, str]:
    data = tmp_path / "data"
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    if database_url:
        env["DATABASE_URL"] = database_url
    return env | {
        "DJANGO_SETTINGS_MODULE": "tournament.config.settings",
        "REDIS_URL": redis_url,
        "FLOORMAN_DATA_DIR": str(data),
        "SQLITE_PATH": str(data / "floorman.sqlite3"),
        "SECRET_KEY": "system-test",
        "CLOCK_RECONCILE_SECONDS": str(reconcile_seconds),
        "PYTHONPATH": str(ROOT),
        "LOG_LEVEL": "WARNING",
        # The webhook tests' receiver listens on this machine.
        "WEBHOOKS_ALLOW_PRIVATE_TARGETS": "1",
    }


@pytest.fixture
def stack_database():
    """The shared database's URL: a scratch PostgreSQL database on a PostgreSQL run, else None
    (a file SQLite database in the test's folder)."""
    server = os.environ.get("DATABASE_URL")
    if not server:
        yield None
        return
    with scratch_postgres(server) as url:
        yield url


@pytest.fixture
def make_stack(tmp_path, redis_url, stack_database):
    """Build the migrated shared database; processes started on it stop at teardown."""
    stacks: list[Stack] = []

    def make(reconcile_seconds: int = 1) -> Stack:
        stack = Stack(tmp_path, _stack_env(tmp_path, redis_url, reconcile_seconds,
                                           stack_database))
        stacks.append(stack)
        stack.run("manage.py", "migrate", "--noinput", "--verbosity", "0", timeout=120)
        return stack

    yield make
    for stack in stacks:
        stack.stop_all()


@pytest.fixture(autouse=True)
def _venv_has_celery():
    if not (VENV_BIN / "celery").exists():
        pytest.fail(f"{VENV_BIN / 'celery'} is missing: run `make setup-dev`")
