"""The audit event every service writes, one per user action."""

from __future__ import annotations

from typing import Any

from tournament.cache import changed_on_commit
from tournament.models import AuditEvent, Tournament
from tournament.services.base import ServiceError, acting_user, lock_tournament, now

__all__ = ["ServiceError", "acting_user", "lock_tournament", "now", "record"]


def record(
    *,
    tournament: Tournament | None,
    actor,
    kind: str,
    payload: dict[str, Any] | None = None,
    at=None,
) -> AuditEvent:
    """Write the action's audit event; every screen of the tournament refreshes on commit."""
    event = AuditEvent.objects.create(
        tournament=tournament,
        actor=acting_user(actor),
        kind=kind,
        payload=payload or {},
        created_at=at or now(),
    )
    if tournament is not None:
        changed_on_commit(tournament.pk, version=event.pk)
        webhooks_on_commit(event)
    return event


def webhooks_on_commit(event: AuditEvent) -> None:
    # Webhooks carry some of these events out, once the change has committed.
    from tournament.services.webhooks import webhooks_on_commit as queue

    queue(event)
