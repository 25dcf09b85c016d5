"""Work handed to the Celery worker, without ever failing a change that has committed.

Services enqueue on commit. When the broker cannot take a task, the change has
happened all the same: the failure is logged once per burst, and what was lost
is made good later. A player's message is kept as a `PendingNotification` row,
written with the change and deleted by the task that sends it, so the beat's
reconcile sends whatever the broker did not take or lost; a level boundary is
found again by the reconcile (and recorded meanwhile by the screens' lazy path). Tasks are sent by
name, so the services never import the tasks module (which imports them).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournament.outages import Outage

log = logging.getLogger(__name__)

NOTIFY_SEAT = "tournament.tasks.notify_seat"
SCHEDULE_BOUNDARY = "tournament.tasks.clock_schedule_boundary"
# A failed send costs about half a second of retries: after one, a process
# waits this long before it tries the broker again.
broker_outage = Outage("Celery broker", retry_seconds=5.0)


def _task(task_name: str):
    """The registered task (Celery registers the tasks modules when a worker starts;
    a web process loads them here, at its first send)."""
    if task_name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[task_name]


def enqueue(task_name: str, *, args: tuple = (), eta: datetime | None = None) -> bool:
    """Send a task; False (logged once per burst) when the broker did not take it."""
    if current_app.conf.task_always_eager:
        # Embedded mode runs the task here and now: its failure is the task's own.
        try:
            _task(task_name).apply_async(args=args, eta=eta)
        except Exception:
            log.exception("task %s failed in process", task_name)
            return False
        return True
    if not broker_outage.available():
        return False
    try:
        _task(task_name).apply_async(args=args, eta=eta)
    except Exception as exc:  # kombu's OperationalError, redis' errors, a full disk...
        broker_outage.failed(exc, f"send {task_name}")
        return False
    broker_outage.succeeded()
    return True


def seat_notice_on_commit(entry_id: int, move_id: int | None = None) -> None:
    """Keep the player's message with the change, and send it once the change commits."""
    if current_app.conf.task_always_eager:
        transaction.on_commit(lambda: enqueue(NOTIFY_SEAT, args=(entry_id, move_id)))
        return
    from tournament.models import PendingNotification

    kept = PendingNotification.objects.create(entry_id=entry_id, move_id=move_id,
                                              enqueued_at=timezone.now())
    transaction.on_commit(lambda: _send_kept(kept.pk, entry_id, move_id))


def send_seat_notice(entry_id: int, move_id: int | None = None) -> None:
    """After commit: keep the player's message and send it. Never raises."""
    if current_app.conf.task_always_eager:
        enqueue(NOTIFY_SEAT, args=(entry_id, move_id))
        return
    from tournament.models import PendingNotification

    try:
        kept = PendingNotification.objects.create(entry_id=entry_id, move_id=move_id,
                                                  enqueued_at=timezone.now())
    except Exception:  # the database too: send without a copy
        log.exception("could not keep the message for entry %s", entry_id)
        enqueue(NOTIFY_SEAT, args=(entry_id, move_id))
        return
    _send_kept(kept.pk, entry_id, move_id)


def _send_kept(pk: int, entry_id: int, move_id: int | None) -> None:
    if enqueue(NOTIFY_SEAT, args=(entry_id, move_id, pk)):
        return
    from tournament.models import PendingNotification

    try:  # for the reconcile: send at once when the broker is back
        PendingNotification.objects.filter(pk=pk).update(enqueued_at=None)
    except Exception:
        log.exception("could not mark the message for entry %s as not sent", entry_id)


def resend_pending_notifications(limit: int = 500) -> int:
    """Send again the messages the broker did not take, or took and lost (beat's reconcile).

    A message the broker took is left `NOTIFY_RESEND_SECONDS` to its worker
    first; a copy sent twice is sent once, by whichever task claims the row.
    """
    from tournament.models import PendingNotification

    at = timezone.now()
    due = Q(enqueued_at__isnull=True) | Q(
        enqueued_at__lt=at - timedelta(seconds=settings.NOTIFY_RESEND_SECONDS))
    sent = []
    for pk, entry_id, move_id in (PendingNotification.objects.filter(due).order_by("id")
                                  .values_list("pk", "entry_id", "move_id")[:limit]):
        if not enqueue(NOTIFY_SEAT, args=(entry_id, move_id, pk)):
            break
        sent.append(pk)
    if sent:
        PendingNotification.objects.filter(pk__in=sent).update(enqueued_at=at)
    return len(sent)


def claim_notification(pk: int | None) -> bool:
    """The task's claim on a kept message: False when another copy already sent it."""
    if pk is None:
        return True
    from tournament.models import PendingNotification

    deleted, _per_model = PendingNotification.objects.filter(pk=pk).delete()
    return bool(deleted)


def broker_reachable(timeout: float = 1.0) -> bool:
    """Connect to the broker now (for /healthz); True in embedded mode (no broker)."""
    if current_app.conf.task_always_eager:
        return True
    try:
        with current_app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1, timeout=timeout)
    except Exception as exc:
        broker_outage.failed(exc, "connect")
        return False
    broker_outage.succeeded()
    return True
