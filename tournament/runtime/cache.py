"""What screens read from the cache, and how a committed change reaches them.

Every screen of a tournament reads two things from here: the clock snapshot
(and the partials rendered from it), and the tournament's *version*: the id of
its latest audit event. Every service writes exactly one audit event, so the
version changes with every committed change, and a staff screen that polls
the version knows at the cost of one cache read whether it must refetch.

The cache is never the record. When it cannot be reached (full mode, Redis
away: `tournament.runtime.cache_backend` then reads as empty) the readers here answer
from the database, remembered for `MEMO_SECONDS`
in the process (`memo`), and a change's drop is kept and made when the cache is
back; the beat's `cache_repair` catches what a process could not.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max

from tournament.runtime.outages import Memo, Outage

VERSION_TIMEOUT = 24 * 3600
# How long a process answers from its own memory while the cache is away: far
# inside the two seconds a change may take to reach every screen.
MEMO_SECONDS = 1.0

try:
    from redis.exceptions import RedisError

    CACHE_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError)
except ImportError:  # pragma: no cover - redis is a runtime dependency
    CACHE_ERRORS = (OSError,)

# Each retry may wait for the socket timeout (a hung Redis): seldom, then.
cache_outage = Outage("Redis cache", retry_seconds=5.0)
memo = Memo()


def snapshot_key(tournament_id: int) -> str:
    return f"floorman:snapshot:{tournament_id}"


def due_key(tournament_id: int) -> str:
    return f"floorman:boundary-due:{tournament_id}"


def partial_key(tournament_id: int, language: str) -> str:
    return f"floorman:clock-partial:{tournament_id}:{language}"


def version_key(tournament_id: int) -> str:
    return f"floorman:version:{tournament_id}"


def tournament_keys(tournament_id: int) -> list[str]:
    """Every key a change of the tournament makes stale (the version last)."""
    keys = [snapshot_key(tournament_id), due_key(tournament_id)]
    keys += [partial_key(tournament_id, code) for code, _name in settings.LANGUAGES]
    return keys + [version_key(tournament_id)]


# --- Cache calls that say whether the cache answered ------------------------------
# In full mode the backend (tournament.runtime.cache_backend) never raises: an
# unreachable Redis reads as a miss and writes as a no-op, and is reported to
# `cache_outage`, which these helpers consult to tell a miss from an outage.


def _answered() -> bool:
    return not cache_outage.down


def cache_read(key: str) -> tuple[bool, Any]:
    """(reachable, value): value is None on a miss, and when the cache is away."""
    value = cache.get(key)
    reachable = _answered()
    return reachable, value if reachable else None


def cache_write_many(values: dict[str, Any], timeout: int) -> bool:
    cache.set_many(values, timeout=timeout)
    return _answered()


def cache_add(key: str, value: Any, timeout: int) -> bool | None:
    """True when added, False when the key was there, None when the cache is away."""
    added = cache.add(key, value, timeout=timeout)
    return added if _answered() else None


def cache_delete_many(keys: list[str]) -> bool:
    cache.delete_many(keys)
    return _answered()


# --- The version --------------------------------------------------------------------


def latest_audit_event_id(tournament_id: int) -> int:
    from tournament.models import AuditEvent

    return AuditEvent.objects.filter(tournament_id=tournament_id).aggregate(
        latest=Max("id"))["latest"] or 0


def tournament_version(tournament_id: int) -> int:
    """The id of the tournament's latest audit event (0 before any).

    One cache read when cached; otherwise one query, stored with `add` so a
    reader that raced a commit never overwrites the newer version set by it.
    With the cache away: one query per process every `MEMO_SECONDS`.
    """
    key = version_key(tournament_id)
    reachable, version = cache_read(key)
    if version is not None:
        return version
    if not reachable and (remembered := memo.get(key)) is not None:
        return remembered
    version = latest_audit_event_id(tournament_id)
    if reachable:
        cache_add(key, version, timeout=VERSION_TIMEOUT)
    else:
        memo.set(key, version, MEMO_SECONDS)
    return version


# --- Values built from the database, tagged with the version they were built at ----
# A screen that reads the database just before a change commits, and stores what
# it built just after that change dropped the key, would put the old screen back
# in the cache until the next change. Values written with `cache_write_current`
# carry the version read *before* the database was; `cache_read_current` reads a
# value of an older version as a miss, in the same round trip as the version.


def cache_read_current(key: str, tournament_id: int) -> tuple[bool, Any]:
    """(reachable, value) of a value written by `cache_write_current`; stale reads as a miss."""
    vkey = version_key(tournament_id)
    values = cache.get_many([key, vkey])
    if not _answered():
        return False, None
    stored = values.get(key)
    if stored is None:
        return True, None
    version = values.get(vkey)
    if version is None:
        version = tournament_version(tournament_id)
    built_at, value = stored
    return True, value if built_at == version else None


def cache_write_current(values: dict[str, Any], *, version: int, timeout: int) -> bool:
    """Store values built after reading `version` (see `cache_read_current`)."""
    return cache_write_many({key: (version, value) for key, value in values.items()},
                            timeout=timeout)


# --- A committed change ---------------------------------------------------------------

# Tournaments changed while the cache was away. Their keys must go as soon as
# Redis answers again (a Redis that comes back with its old data would serve
# the old screens to every process): a thread of this process tries every
# `FLUSH_RETRY_SECONDS`, whatever requests it gets; a request that finds the
# cache back flushes them at once too.
FLUSH_RETRY_SECONDS = 1.0
_pending_drops: set[int] = set()
_pending_lock = threading.Lock()
_flusher: threading.Thread | None = None


def changed_on_commit(tournament_id: int, *, version: int | None = None) -> None:
    """After commit, every screen's cached view of this tournament is stale.

    `version` is the audit event that made the change; without one the next
    read of the version counts it again from the database. Never raises: the
    change is committed whatever the cache does.
    """
    transaction.on_commit(lambda: _drop(tournament_id, version))


def _drop(tournament_id: int, version: int | None) -> None:
    keys = tournament_keys(tournament_id)
    memo.drop(keys)  # this process's own answers from the outage
    if version is None:
        done = cache_delete_many(keys)
    else:
        done = cache_delete_many(keys[:-1]) and cache_write_many(
            {version_key(tournament_id): version}, timeout=VERSION_TIMEOUT)
    if not done:
        _keep_pending(tournament_id)


def _keep_pending(tournament_id: int) -> None:
    global _flusher
    with _pending_lock:
        _pending_drops.add(tournament_id)
        if _flusher is None or not _flusher.is_alive():
            _flusher = threading.Thread(target=_flush_until_done, name="floorman-cache-flush",
                                        daemon=True)
            _flusher.start()


def _flush_until_done() -> None:
    global _flusher
    while True:
        time.sleep(FLUSH_RETRY_SECONDS)
        with _pending_lock:
            if not _pending_drops:
                _flusher = None
                return
        _drop_pending(now=True)


def _drop_pending(now: bool = False) -> None:
    """Drop every pending tournament's keys, the version too (another process may
    have stored a newer one since). ``now``: past the back-off (the flusher)."""
    with _pending_lock:
        pending = list(_pending_drops)
        _pending_drops.clear()
    if not pending:
        return
    keys = [key for tournament_id in pending for key in tournament_keys(tournament_id)]
    if now and hasattr(cache, "delete_many_now"):
        try:
            cache.delete_many_now(keys)
            done = True
        except CACHE_ERRORS as exc:
            cache_outage.failed(exc, "delete_many")
            done = False
    else:
        done = cache_delete_many(keys)
    if not done:
        with _pending_lock:
            _pending_drops.update(pending)
    elif now:
        cache_outage.succeeded()


cache_outage.on_recovery(_drop_pending)


def cache_repair(tournament_ids: list[int]) -> list[int]:
    """Drop the keys of every tournament whose cached version is behind the database.

    The beat's safety net for a change whose drop no process could make (the
    process died while the cache was away). Two queries and one cache read.
    """
    from tournament.models import AuditEvent

    if not tournament_ids:
        return []
    latest = dict(AuditEvent.objects.filter(tournament_id__in=tournament_ids)
                  .values("tournament_id").annotate(latest=Max("id"))
                  .values_list("tournament_id", "latest"))
    if not latest:
        return []
    cached = cache.get_many([version_key(pk) for pk in latest])
    if not _answered():
        return []
    stale = [pk for pk, newest in latest.items()
             if cached.get(version_key(pk)) not in (None, newest)]
    keys = [key for pk in stale for key in tournament_keys(pk)]
    if keys:
        cache.delete_many(keys)
    return stale
