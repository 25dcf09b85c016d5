"""Signs of life of the Celery worker and beat, kept in the database for /healthz.

A thread in each background process stamps its `Heartbeat` row every
`HEARTBEAT_SECONDS`. The database, not Redis, holds it: /healthz must say how
long ago the worker and beat were alive precisely when Redis is away.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0
# Rows of processes gone for this long are removed by the live ones.
FORGET_AFTER = timedelta(days=1)

_stop = threading.Event()


def beat_once(name: str, role: str) -> None:
    from django.db import close_old_connections, connection
    from django.utils import timezone

    from tournament.models import Heartbeat

    close_old_connections()
    try:
        at = timezone.now()
        Heartbeat.objects.update_or_create(name=name, defaults={"role": role, "seen_at": at})
        Heartbeat.objects.filter(seen_at__lt=at - FORGET_AFTER).delete()
    finally:
        connection.close()


def _run(name: str, role: str) -> None:
    failing = False
    while not _stop.is_set():
        try:
            beat_once(name, role)
            if failing:
                log.warning("%s heartbeat written again", role)
            failing = False
        except Exception:
            if not failing:  # once per burst
                log.exception("%s heartbeat could not be written", role)
            failing = True
        _stop.wait(HEARTBEAT_SECONDS)


def start(role: str, name: str | None = None) -> threading.Thread:
    name = name or f"{role}:{socket.gethostname()}:{os.getpid()}"
    thread = threading.Thread(target=_run, args=(name, role), name=f"{role}-heartbeat",
                              daemon=True)
    thread.start()
    return thread


def stop() -> None:
    _stop.set()
