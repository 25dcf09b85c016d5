"""Django's Redis cache, made to survive Redis: full mode's cache backend.

The cache is never the record, so an unreachable Redis must read as a cache
that holds nothing and keeps nothing, not as an error: every caller (the clock
screens, the API) then takes its database path, the login lock-out its
in-process count. Failures are reported to `tournament.runtime.cache.cache_outage`
(one log line per burst, and no call at all while it backs off); `ping` is the
one call that raises, for /healthz.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache


def _outage():
    from tournament.runtime.cache import CACHE_ERRORS, cache_outage

    return CACHE_ERRORS, cache_outage


class ResilientRedisCache(RedisCache):
    def _guard(self, doing: str, call: Callable[[], Any], default: Any) -> Any:
        errors, outage = _outage()
        if not outage.available():
            return default
        try:
            result = call()
        except errors as exc:
            outage.failed(exc, doing)
            return default
        outage.succeeded()
        return result

    def get(self, key, default=None, version=None):
        return self._guard(f"get {key}", lambda: RedisCache.get(self, key, default, version),
                           default)

    def get_many(self, keys, version=None):
        return self._guard("get_many", lambda: RedisCache.get_many(self, keys, version), {})

    def has_key(self, key, version=None):
        return self._guard("has_key", lambda: RedisCache.has_key(self, key, version), False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guard(f"set {key}", lambda: RedisCache.set(self, key, value, timeout, version),
                    None)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard("set_many",
                           lambda: RedisCache.set_many(self, data, timeout, version), list(data))

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(f"add {key}", lambda: RedisCache.add(self, key, value, timeout,
                                                                version), False)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard("touch", lambda: RedisCache.touch(self, key, timeout, version), False)

    def delete(self, key, version=None):
        return self._guard(f"delete {key}", lambda: RedisCache.delete(self, key, version), False)

    def delete_many(self, keys, version=None):
        self._guard("delete_many", lambda: RedisCache.delete_many(self, keys, version), None)

    def incr(self, key, delta=1, version=None):
        errors, outage = _outage()
        missing = ValueError(f"Key '{key}' not found (the cache is unreachable)")
        if not outage.available():
            raise missing
        try:
            result = RedisCache.incr(self, key, delta, version)
        except errors as exc:
            outage.failed(exc, f"incr {key}")
            raise missing from exc
        outage.succeeded()
        return result

    def clear(self):
        self._guard("clear", lambda: RedisCache.clear(self), None)

    def delete_many_now(self, keys) -> None:
        """Delete for real, whatever the back-off; raises when Redis is away."""
        RedisCache.delete_many(self, keys)

    def ping(self) -> bool:
        """Write and read a key for real, whatever the back-off; raises when Redis is away."""
        RedisCache.set(self, "floorman:healthz", 1, 10)
        return RedisCache.get(self, "floorman:healthz") == 1
