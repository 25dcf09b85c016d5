"""Celery tasks: thin, idempotent, version-guarded (DESIGN §2, §7)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready

from tournament.domain import clock as clock_domain
from tournament.floor_port import floor
from tournament.models import Clock, Entry, Tournament
from tournament.runtime import broker
from tournament.runtime.cache import cache_add, cache_delete_many, cache_repair
from tournament.services.base import now
from tournament.services.clock import clock_record_boundaries, clock_state, tournament_levels
from tournament.services.webhooks import webhooks_reconcile

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
    With the cache away the task is sent all the same (a duplicate records
    nothing twice); with the broker away the mark is taken back, so that the
    reconcile schedules the boundary again when the broker is back.
    """
    delay = next_boundary_in(tournament_id)
    if delay is None:
        return
    eta = now() + timedelta(seconds=delay + 0.05)
    key = f"floorman:boundary:{tournament_id}:{version}:{eta.timestamp():.0f}"
    if force:
        cache_delete_many([key])
    if cache_add(key, 1, timeout=int(delay) + 300) is False:
        return
    if not broker.enqueue(clock_boundary.name, args=(tournament_id, version), eta=eta):
        cache_delete_many([key])


@shared_task(name="tournament.tasks.clock_schedule_boundary", ignore_result=True)
def clock_schedule_boundary(tournament_id: int, version: int) -> None:
    """Sent by the clock services on commit: schedule the changed clock's next boundary."""
    schedule_next_boundary(tournament_id, version)


@shared_task(name="tournament.tasks.clock_boundary", acks_late=True, ignore_result=True)
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


@shared_task(name="tournament.tasks.clock_reconcile_all", ignore_result=True)
def clock_reconcile_all(force: bool = False) -> int:
    """Safety net run by beat every 30 s: record any boundary an ETA task missed.

    ``force`` (at a worker's start) schedules the next boundary even when one
    is already marked as scheduled: that task may have died with a worker.
    The same round makes good what a Redis outage left behind: the players'
    messages and webhooks the broker could not take or lost, and cached
    screens a change could not drop.
    """
    recorded = 0
    for tournament_id, version in Clock.objects.filter(running=True).values_list(
        "tournament_id", "version"
    ):
        recorded += len(clock_record_boundaries(tournament_id=tournament_id))
        # Restarts a boundary chain lost with a dead worker or an unreachable broker.
        schedule_next_boundary(tournament_id, version, force=force)
    broker.resend_pending_notifications()
    webhooks_reconcile()
    cache_repair(list(Tournament.objects.exclude(status=Tournament.Status.FINISHED)
                      .values_list("pk", flat=True)))
    return recorded


@worker_ready.connect
def reconcile_when_a_worker_starts(sender=None, **kwargs) -> None:
    # A worker that replaces a dead one catches up at once instead of waiting for beat.
    try:
        clock_reconcile_all.delay(force=True)
    except Exception:  # a worker must start even if the broker hiccups
        log.exception("reconcile at worker start failed")


@shared_task(name="tournament.tasks.notify_seat",
             bind=True, acks_late=True, ignore_result=True, max_retries=5)
def notify_seat(self, entry_id: int, move_id: int | None = None,
                pending_id: int | None = None) -> str:
    """Email a player their seat (or their new seat after a move), with retries.

    ``pending_id`` is the kept copy of the message (`PendingNotification`):
    the task that claims it sends and then deletes it; a copy resent by the
    reconcile meanwhile does not send. The message is written before the
    claim, so a worker killed after claiming has as little as possible left
    to do: one that dies before it sent leaves the copy for the reconcile.
    At least once: one that dies after its send and before the delete leaves
    it to be sent again, as the same message (one Message-ID per kept copy).
    """
    from django.core.mail import EmailMessage
    from django.utils import translation
    from django.utils.translation import gettext as _

    entry = Entry.objects.select_related("player", "table", "tournament").filter(pk=entry_id).first()
    if entry is None or not entry.player.email or entry.table is None:
        broker.notification_sent(pending_id)
        return "nothing to send"
    # The language the player chose when reserving (issue 23); English otherwise.
    with translation.override(entry.player.language or "en"):
        # Why the player moves, with its rule (tables/explain.py, through the port).
        notice = floor().move_notice(move_id) if move_id is not None else None
        where = {"table": entry.table.number, "seat": entry.seat}
        if notice is None:
            subject = _("Your seat: table %(table)s, seat %(seat)s") % where
        elif notice.withdrawn:
            subject = _("Your move is withdrawn: you stay at table %(table)s, seat %(seat)s") % where
        else:
            subject = _("You move to table %(table)s, seat %(seat)s") % where
        body = _("%(tournament)s, entry #%(number)s: table %(table)s, seat %(seat)s.") % {
            "tournament": entry.tournament.name, "number": entry.number, **where}
        if notice is not None and not notice.withdrawn:
            body += "\n" + _("Why: %(why)s.") % {"why": notice.why}
    # A copy sent again (a worker killed after its send) is the same message.
    headers = ({"Message-ID": broker.notice_message_id(pending_id, entry_id, move_id)}
               if pending_id is not None else {})
    message = EmailMessage(subject, body, None, [entry.player.email], headers=headers)
    if not broker.claim_notification(pending_id):
        return "already sent"
    try:
        message.send()
    except Exception as exc:  # a mail server down: try again later
        if pending_id is not None:  # the reconcile sends the kept copy again
            broker.notification_unsent(pending_id)
            log.warning("seat message for entry %s not sent, kept for the reconcile: %s",
                        entry_id, exc)
            return "kept"
        raise self.retry(exc=exc, countdown=min(600, 10 * 2 ** self.request.retries)) from exc
    broker.notification_sent(pending_id)
    return "sent"

# Webhook deliveries (a module of their own).
from tournament.tasks import webhooks  # noqa: E402, F401
