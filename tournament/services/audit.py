"""The audit event every service writes, one per user action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournament.models import AuditEvent, Tournament
from tournament.runtime.cache import changed_on_commit
from tournament.services.base import ServiceError, acting_user, lock_tournament, now

__all__ = ["ServiceError", "acting_user", "after_record", "lock_tournament", "now", "record"]

# What else follows an audit event (webhooks, tournament.services.webhooks). The
# modules that react register here from TournamentConfig.ready(): they import
# ``record`` themselves, so ``record`` cannot import them.
_AFTER_RECORD: list[Callable[[AuditEvent], None]] = []


def after_record(hook: Callable[[AuditEvent], None]) -> None:
    """Call ``hook(event)`` for every event recorded against a tournament (once per hook)."""
    if hook not in _AFTER_RECORD:
        _AFTER_RECORD.append(hook)


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
        for hook in _AFTER_RECORD:
            hook(event)
    return event
