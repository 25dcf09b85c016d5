"""Work handed to the Celery worker, without ever failing a change that has committed.

Services enqueue on commit. When the broker cannot take a task, the change has
happened all the same: the failure is logged once per burst, and what was lost
is made good later. A player's message is kept as a `PendingNotification` row
that the beat's reconcile sends; a level boundary is found again by the
reconcile (and recorded meanwhile by the screens' lazy path). Tasks are sent by
name, so the services never import the tasks module (which imports them).
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import current_app
from django.db import transaction

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
    """After commit, message the player their seat (or their move)."""
    transaction.on_commit(lambda: send_seat_notice(entry_id, move_id))


def send_seat_notice(entry_id: int, move_id: int | None = None) -> None:
    """Enqueue the message now, or keep it for the reconcile. Never raises."""
    if enqueue(NOTIFY_SEAT, args=(entry_id, move_id)):
        return
    if current_app.conf.task_always_eager:
        return  # the task ran and failed in process; its own retries are done
    from tournament.models import PendingNotification

    try:
        PendingNotification.objects.create(entry_id=entry_id, move_id=move_id)
    except Exception:  # the database too: nothing is left to keep it in
        log.exception("could not keep the message for entry %s", entry_id)


def resend_pending_notifications(limit: int = 500) -> int:
    """Send the kept messages (beat's reconcile); each is deleted once the broker took it."""
    from tournament.models import PendingNotification

    sent = 0
    with transaction.atomic():
        rows = list(PendingNotification.objects.select_for_update(skip_locked=True)
                    .order_by("id").values_list("pk", "entry_id", "move_id")[:limit])
        done = []
        for pk, entry_id, move_id in rows:
            if not enqueue(NOTIFY_SEAT, args=(entry_id, move_id)):
                break
            done.append(pk)
        if done:
            PendingNotification.objects.filter(pk__in=done).delete()
            sent = len(done)
    return sent


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
