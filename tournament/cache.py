"""What screens read from the cache, and how a committed change reaches them.

Every screen of a tournament reads two things from here: the clock snapshot
(and the partials rendered from it), and the tournament's *version*: the id of
its latest audit event. Every service writes exactly one audit event, so the
version changes with every committed change, and a staff screen that polls
the version knows at the cost of one cache read whether it must refetch.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max

VERSION_TIMEOUT = 24 * 3600


def snapshot_key(tournament_id: int) -> str:
    return f"floorman:snapshot:{tournament_id}"


def due_key(tournament_id: int) -> str:
    return f"floorman:boundary-due:{tournament_id}"


def partial_key(tournament_id: int, language: str) -> str:
    return f"floorman:clock-partial:{tournament_id}:{language}"


def version_key(tournament_id: int) -> str:
    return f"floorman:version:{tournament_id}"


def tournament_version(tournament_id: int) -> int:
    """The id of the tournament's latest audit event (0 before any).

    One cache read when cached; otherwise one query, stored with `add` so a
    reader that raced a commit never overwrites the newer version set by it.
    """
    version = cache.get(version_key(tournament_id))
    if version is not None:
        return version
    from tournament.models import AuditEvent

    version = AuditEvent.objects.filter(tournament_id=tournament_id).aggregate(
        latest=Max("id"))["latest"] or 0
    cache.add(version_key(tournament_id), version, timeout=VERSION_TIMEOUT)
    return version


def changed_on_commit(tournament_id: int, *, version: int | None = None) -> None:
    """After commit, every screen's cached view of this tournament is stale.

    `version` is the audit event that made the change; without one the next
    read of the version counts it again from the database.
    """

    def bump() -> None:
        keys = [snapshot_key(tournament_id), due_key(tournament_id)]
        keys += [partial_key(tournament_id, code) for code, _name in settings.LANGUAGES]
        if version is None:
            keys.append(version_key(tournament_id))
        cache.delete_many(keys)
        if version is not None:
            cache.set(version_key(tournament_id), version, timeout=VERSION_TIMEOUT)

    transaction.on_commit(bump)
