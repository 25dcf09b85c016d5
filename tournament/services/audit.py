"""Audit events and the on-commit side effects every service shares."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from tournament.models import AuditEvent, Tournament


class ServiceError(Exception):
    """A user action that cannot be done; the message is shown to the user as is."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def now():
    """The time seam for services (tests travel with time_machine)."""
    return timezone.now()


def lock_tournament(tournament_id: int) -> Tournament:
    """Lock the tournament row for the rest of the transaction.

    PostgreSQL takes a row lock; SQLite's IMMEDIATE transactions already
    serialise writers, so the SELECT FOR UPDATE is a no-op there.
    """
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist as exc:
        raise ServiceError(str(_tournament_missing())) from exc


def _tournament_missing():
    from django.utils.translation import gettext

    return gettext("That tournament does not exist.")


def record(
    *,
    tournament: Tournament | None,
    actor,
    kind: str,
    payload: dict[str, Any] | None = None,
    at=None,
) -> AuditEvent:
    user = actor if getattr(actor, "is_authenticated", False) else None
    event = AuditEvent.objects.create(
        tournament=tournament,
        actor=user,
        kind=kind,
        payload=payload or {},
        created_at=at or now(),
    )
    if tournament is not None:
        changed_on_commit(tournament.pk)
        webhooks_on_commit(event)
    return event


def webhooks_on_commit(event: AuditEvent) -> None:
    from tournament.services.webhooks import webhooks_on_commit as queue

    queue(event)


def snapshot_key(tournament_id: int) -> str:
    return f"floorman:snapshot:{tournament_id}"


def due_key(tournament_id: int) -> str:
    return f"floorman:boundary-due:{tournament_id}"


def partial_key(tournament_id: int, language: str) -> str:
    return f"floorman:clock-partial:{tournament_id}:{language}"


def api_clock_key(tournament_id: int) -> str:
    return f"floorman:api-clock:{tournament_id}"


def changed_on_commit(tournament_id: int) -> None:
    """After commit, every screen's cached view of this tournament is stale."""

    def bump() -> None:
        keys = [snapshot_key(tournament_id), due_key(tournament_id)]
        keys += [partial_key(tournament_id, code) for code, _name in settings.LANGUAGES]
        keys.append(api_clock_key(tournament_id))
        cache.delete_many(keys)

    transaction.on_commit(bump)
