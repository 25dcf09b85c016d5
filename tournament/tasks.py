"""Celery tasks: thin, idempotent, version-guarded (DESIGN §2, §7)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.core.cache import cache

from tournament.domain import clock as clock_domain
from tournament.models import Clock
from tournament.services.base import now
from tournament.services.clock import clock_record_boundaries, clock_state, tournament_levels

log = logging.getLogger(__name__)


def next_boundary_in(tournament_id: int) -> float | None:
    """Seconds until the running clock's next level start or late-registration close."""
    clock = Clock.objects.select_related("tournament").filter(tournament_id=tournament_id).first()
    if clock is None or not clock.running:
        return None
    levels = tournament_levels(clock.tournament)
    if not levels:
        return None
    elapsed = clock_state(clock).elapsed(now())
    reading = clock_domain.clock_at(levels, elapsed)
    candidates = []
    if reading.next_level_index is not None:
        candidates.append(reading.seconds_left)
    closes_at = clock_domain.late_registration_closes_at(
        levels, clock.tournament.late_reg_end_level
    )
    if closes_at is not None and closes_at > elapsed:
        candidates.append(closes_at - elapsed)
    return min(candidates) if candidates else None


def schedule_next_boundary(tournament_id: int, version: int, *, force: bool = False) -> None:
    """Enqueue one ETA task for the next boundary of this clock version.

    The cache's atomic add keeps the boundary chain single when the reconcile,
    a new worker and the chain itself all try to schedule the same boundary.
    """
    delay = next_boundary_in(tournament_id)
    if delay is None:
        return
    eta = now() + timedelta(seconds=delay + 0.05)
    key = f"floorman:boundary:{tournament_id}:{version}:{eta.timestamp():.0f}"
    if force:
        cache.set(key, 1, timeout=int(delay) + 300)
    elif not cache.add(key, 1, timeout=int(delay) + 300):
        return
    clock_boundary.apply_async(args=(tournament_id, version), eta=eta)


@shared_task(acks_late=True, ignore_result=True)
def clock_boundary(tournament_id: int, version: int) -> str:
    """At a level boundary: record it, then schedule the next one.

    A task carrying an old clock version is stale (the director changed the
    clock since) and does nothing; the change scheduled its own task.
    """
    clock = Clock.objects.filter(tournament_id=tournament_id).only("version").first()
    if clock is None or clock.version != version:
        return "stale"
    clock_record_boundaries(tournament_id=tournament_id)
    schedule_next_boundary(tournament_id, version)
    return "recorded"


@shared_task(ignore_result=True)
def clock_reconcile_all(force: bool = False) -> int:
    """Safety net run by beat every 30 s: record any boundary an ETA task missed.

    ``force`` (at a worker's start) schedules the next boundary even when one
    is already marked as scheduled: that task may have died with a worker.
    """
    recorded = 0
    for tournament_id, version in Clock.objects.filter(running=True).values_list(
        "tournament_id", "version"
    ):
        recorded += len(clock_record_boundaries(tournament_id=tournament_id))
        # Restarts a boundary chain lost with a dead worker (deduplicated).
        schedule_next_boundary(tournament_id, version, force=force)
    return recorded


@worker_ready.connect
def reconcile_when_a_worker_starts(sender=None, **kwargs) -> None:
    # A worker that replaces a dead one catches up at once instead of waiting for beat.
    try:
        clock_reconcile_all.delay(force=True)
    except Exception:  # a worker must start even if the broker hiccups
        log.exception("reconcile at worker start failed")


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=5)
def notify_seat(self, entry_id: int, move_id: int | None = None) -> str:
    """Email a player their seat (or their new seat after a move), with retries."""
    from django.core.mail import send_mail
    from django.utils import translation
    from django.utils.translation import gettext as _

    from tournament.models import Entry

    entry = Entry.objects.select_related("player", "table", "tournament").filter(pk=entry_id).first()
    if entry is None or not entry.player.email or entry.table is None:
        return "nothing to send"
    with translation.override("en"):
        if move_id is None:
            subject = _("Your seat: table %(table)s, seat %(seat)s")
        else:
            subject = _("You move to table %(table)s, seat %(seat)s")
        subject %= {"table": entry.table.number, "seat": entry.seat}
        body = _("%(tournament)s, entry #%(number)s: table %(table)s, seat %(seat)s.") % {
            "tournament": entry.tournament.name, "number": entry.number,
            "table": entry.table.number, "seat": entry.seat,
        }
    try:
        send_mail(subject, body, None, [entry.player.email])
    except Exception as exc:  # a mail server down: try again later, backing off
        raise self.retry(exc=exc, countdown=min(600, 10 * 2 ** self.request.retries)) from exc
    return "sent"

# Webhook deliveries (a module of their own).
from tournament import tasks_webhooks  # noqa: E402, F401
