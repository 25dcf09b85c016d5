"""Redis away, for real: the cache and the broker point at a port where nothing listens.

The Redis client and Celery's producer then fail exactly as they do when the
server is killed (connection refused); nothing is stubbed.
"""

from __future__ import annotations

import socket

import pytest

from tournament.config.celery import app as celery_app
from tournament.runtime import broker
from tournament.runtime import cache as floorman_cache
from tournament.views import health


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _forget_process_state() -> None:
    floorman_cache.cache_outage.reset()
    floorman_cache.memo.clear()
    broker.broker_outage.reset()
    health._last_report = None
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def redis_away(settings):
    """Full mode with Redis unreachable: cache, broker, and tasks not run in process."""
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    settings.FULL_MODE = True
    settings.CACHES = {"default": {
        "BACKEND": "tournament.runtime.cache_backend.ResilientRedisCache", "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}
    saved = {key: celery_app.conf[key] for key in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=url, task_always_eager=False)
    _forget_process_state()
    yield url
    assert broker.sender.drain(30), "the sender thread is stuck"
    celery_app.conf.update(saved)
    _forget_process_state()


@pytest.fixture
def fresh_process_state():
    _forget_process_state()
    yield
    _forget_process_state()
