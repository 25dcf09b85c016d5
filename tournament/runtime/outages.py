"""What a process knows about an unreachable Redis: one log line per burst, and a back-off.

Redis is the cache and the Celery broker in full mode, never the record: when
it is away, reads fall back to the database and writes still answer. Each
process keeps one `Outage` per dependency. The first failure of a burst is
logged with its traceback, the ones after it only counted, and the return is
logged with the burst's length; between failures the process does not knock on
a dead server at every request, only again after `retry_seconds`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger("tournament.runtime.outages")


class Outage:
    def __init__(self, name: str, *, retry_seconds: float) -> None:
        self.name = name
        self.retry_seconds = retry_seconds
        self._lock = threading.Lock()
        self._since: float | None = None
        self._retry_at = 0.0
        self._failures = 0
        self._on_recovery: list[Callable[[], None]] = []

    @property
    def down(self) -> bool:
        return self._since is not None

    def available(self) -> bool:
        """False while backing off after a failure: skip the call, take the fallback."""
        return self._since is None or time.monotonic() >= self._retry_at

    def failed(self, exc: BaseException, doing: str) -> None:
        with self._lock:
            now = time.monotonic()
            first = self._since is None
            if first:
                self._since = now
            self._failures += 1
            self._retry_at = now + self.retry_seconds
        if first:
            log.warning("%s unreachable (%s: %s); carrying on without it, retrying every %.0f s",
                        self.name, doing, exc, self.retry_seconds, exc_info=exc)

    def succeeded(self) -> None:
        if self._since is None:
            return
        with self._lock:
            if self._since is None:
                return
            lasted, failures = time.monotonic() - self._since, self._failures
            self._since, self._failures, self._retry_at = None, 0, 0.0
            callbacks = list(self._on_recovery)
        log.warning("%s reachable again after %.1f s (%d failed calls)", self.name, lasted,
                    failures)
        for callback in callbacks:
            try:
                callback()
            except Exception:  # a repair that fails is retried at the next recovery
                log.exception("repair after the %s came back failed", self.name)

    def on_recovery(self, callback: Callable[[], None]) -> None:
        self._on_recovery.append(callback)

    def reset(self) -> None:
        """Forget any outage (tests, and a process that switches configuration)."""
        with self._lock:
            self._since, self._failures, self._retry_at = None, 0, 0.0


class Memo:
    """A short in-process memory of values computed from the database.

    While the shared cache is away every process computes what the cache would
    have held; the memo keeps each answer for a fraction of a second, so the
    database serves one computation per process and key, however many screens poll.
    """

    def __init__(self, max_items: int = 2000) -> None:
        self._items: dict[str, tuple[float, object]] = {}
        self._max_items = max_items

    def get(self, key: str) -> object | None:
        hit = self._items.get(key)
        if hit is None or hit[0] <= time.monotonic():
            return None
        return hit[1]

    def set(self, key: str, value: object, seconds: float) -> None:
        if len(self._items) >= self._max_items:
            self._items.clear()
        self._items[key] = (time.monotonic() + seconds, value)

    def drop(self, keys: list[str] | tuple[str, ...]) -> None:
        for key in keys:
            self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()
