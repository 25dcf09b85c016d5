"""What every service shares: the error users see, the time seam, the tournament lock."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils import timezone
from django.utils.translation import gettext

from tournament.domain.clock import ClockState
from tournament.models import Clock, Flight, Level, Tournament


class ServiceError(Exception):
    """A user action that cannot be done; the message is shown to the user as is."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# Who acts, in every service's signature: a signed-in user, the anonymous
# visitor of a public page, or None (a task, the system).
Actor = AbstractBaseUser | AnonymousUser | None


def acting_user(actor: Actor) -> AbstractBaseUser | None:
    """The user to record as having acted, or None (a task, the system, an anonymous caller)."""
    return actor if getattr(actor, "is_authenticated", False) else None


def now():
    """The time seam for services (tests travel with time_machine)."""
    return timezone.now()


def lock_tournament(tournament_id: int, *, bagged_ok: bool = False) -> Tournament:
    """Lock the tournament row for the rest of the transaction.

    PostgreSQL takes a row lock; SQLite's IMMEDIATE transactions already
    serialise writers, so the SELECT FOR UPDATE is a no-op there. A flight
    bagged at the end of its day refuses every change but the director's
    correction (``bagged_ok``); the check costs a query only once finished.
    """
    try:
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist as exc:
        raise ServiceError(gettext("That tournament does not exist.")) from exc
    if (tournament.status == Tournament.Status.FINISHED and not bagged_ok
            and Flight.objects.filter(tournament=tournament, status=Flight.Status.BAGGED).exists()):
        raise ServiceError(gettext(
            "This flight is bagged: only the director's correction can change it."))
    return tournament


def tournament_levels(tournament: Tournament) -> list[Level]:
    """The tournament's levels in order (the clock's, and every reader of the clock's)."""
    return list(Level.objects.filter(structure_id=tournament.structure_id).order_by("order"))


def clock_state(clock: Clock) -> ClockState:
    """The stored clock as the pure domain reads it (``tournament.domain.clock``).

    Here rather than in ``services/clock.py`` so that the table services, which
    ``services/clock.py`` imports, can read the clock without an import cycle.
    """
    return ClockState(
        running=clock.running,
        anchor_at=clock.anchor_at,
        elapsed_at_anchor=clock.elapsed_at_anchor,
        version=clock.version,
    )
