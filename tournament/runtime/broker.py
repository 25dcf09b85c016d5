"""Work handed to the Celery worker, without ever failing a change that has committed.

Services enqueue on commit. When the broker cannot take a task, the change has
happened all the same: the failure is logged once per burst, and what was lost
is made good later. A player's message is kept as a `PendingNotification` row,
written with the change and deleted once a task has sent it, so the beat's
reconcile sends whatever the broker did not take or lost; a level boundary is
found again by the reconcile (and recorded meanwhile by the screens' lazy path).
After a commit the send runs on the process's `Sender` thread: a broker that
hangs rather than refuses slows no answer. Tasks are sent by
name, so the services never import the tasks module (which imports them).
"""

from __future__ import annotations

import atexit
import importlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from celery import current_app
from celery.exceptions import Retry
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournament.models import PendingNotification
from tournament.runtime.outages import Outage

log = logging.getLogger(__name__)

NOTIFY_SEAT = "tournament.tasks.notify_seat"
SCHEDULE_BOUNDARY = "tournament.tasks.clock_schedule_boundary"
WEBHOOK_DELIVER = "tournament.tasks_webhooks.webhook_deliver"
# A failed send can take seconds (a broker that hangs is only given up after
# its socket timeout and the publish retries): after one, a process waits this
# long before it tries the broker again.
broker_outage = Outage("Celery broker", retry_seconds=5.0)


def _task(task_name: str):
    """The registered task, for the embedded mode that runs it in process.

    Imported by name: a Celery worker imports the tasks modules at its start,
    a web process at its first task.
    """
    if task_name not in current_app.tasks:
        importlib.import_module("tournament.tasks")  # registers every task (names kept)
    return current_app.tasks[task_name]


def enqueue(task_name: str, *, args: tuple = (), eta: datetime | None = None) -> bool:
    """Send a task now; False (logged once per burst) when the broker did not take it."""
    if current_app.conf.task_always_eager:
        # Embedded mode runs the task here and now: its failure is the task's own.
        try:
            _task(task_name).apply_async(args=args, eta=eta)
        except Retry:
            return True  # it ran; in process, its retry is left to the next reconcile
        except Exception:
            log.exception("task %s failed in process", task_name)
            return False
        return True
    if not broker_outage.available():
        return False
    try:
        current_app.send_task(task_name, args=args, eta=eta)
    except Exception as exc:  # kombu's OperationalError, redis' errors, a full disk...
        broker_outage.failed(exc, f"send {task_name}")
        return False
    broker_outage.succeeded()
    return True


class Sender:
    """Sends a process's tasks from a thread of its own.

    A broker that hangs instead of refusing (a frozen or partitioned Redis)
    holds a send for seconds: no request waits for that. What the thread could
    not send is left to the reconcile (`on_failure` marks it); at exit the
    thread is given a few seconds to empty its queue.
    """

    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, task_name: str, args: tuple, on_failure: Callable[[], None] | None = None
               ) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="floorman-sender",
                                                daemon=True)
                self._thread.start()
        self._queue.put((task_name, args, on_failure))

    def drain(self, timeout: float) -> bool:
        """Wait until everything submitted was sent or given up; True when it was."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def _run(self) -> None:
        from django.db import close_old_connections, connections

        while True:
            task_name, args, on_failure = self._queue.get()
            try:
                if not enqueue(task_name, args=args) and on_failure is not None:
                    close_old_connections()
                    on_failure()
            except Exception:
                log.exception("sending %s failed", task_name)
            finally:
                connections.close_all()  # this thread's own connections
                self._queue.task_done()


sender = Sender()
atexit.register(sender.drain, 5.0)


def enqueue_on_commit(task_name: str, *, args: tuple = ()) -> None:
    """After commit, send a task without making the request wait for the broker."""
    def send() -> None:
        if current_app.conf.task_always_eager:
            enqueue(task_name, args=args)
        else:
            sender.submit(task_name, args)

    transaction.on_commit(send)


def seat_notice_on_commit(entry_id: int, move_id: int | None = None) -> None:
    """Keep the player's message with the change, and send it once the change commits."""
    if current_app.conf.task_always_eager:
        transaction.on_commit(lambda: enqueue(NOTIFY_SEAT, args=(entry_id, move_id)))
        return

    kept = PendingNotification.objects.create(entry_id=entry_id, move_id=move_id,
                                              enqueued_at=timezone.now())
    transaction.on_commit(lambda: _send_kept(kept.pk, entry_id, move_id))


def _send_kept(pk: int, entry_id: int, move_id: int | None) -> None:
    def not_sent() -> None:  # for the reconcile: send at once when the broker is back
        PendingNotification.objects.filter(pk=pk).update(enqueued_at=None)

    sender.submit(NOTIFY_SEAT, (entry_id, move_id, pk), on_failure=not_sent)


def _claim_expired(at: datetime) -> Q:
    """A claim older than `NOTIFY_CLAIM_SECONDS`: its worker died before it said it had sent."""
    return Q(claimed_at__lt=at - timedelta(seconds=settings.NOTIFY_CLAIM_SECONDS))


def resend_pending_notifications(limit: int = 500) -> int:
    """Send again the messages the broker did not take, or took and lost (beat's reconcile).

    A message the broker took is left `NOTIFY_RESEND_SECONDS` to its worker
    first; a message a worker claimed is left to it for `NOTIFY_CLAIM_SECONDS`
    (a live worker may still be sending it). A copy queued twice is sent once,
    by whichever task holds the claim.
    """

    at = timezone.now()
    stale = at - timedelta(seconds=settings.NOTIFY_RESEND_SECONDS)
    due = (Q(claimed_at__isnull=True) & (Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=stale))
           | _claim_expired(at))
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
    """The task's claim on a kept message: False when another copy holds it or sent it.

    A claim is the row's `claimed_at`; the row stays until the message is sent
    (`notification_sent`), so a worker killed between its claim and its send
    leaves the message for the reconcile, which gives it to another worker
    once the claim is `NOTIFY_CLAIM_SECONDS` old. A live worker, however slow,
    is never doubled by then.

    At least once, not exactly once: a worker killed after the mail server took
    the message and before `notification_sent` leaves it to be sent again. The
    copy is the same message (`notice_message_id`), which mail programs show once.
    """
    if pk is None:
        return True

    at = timezone.now()
    return bool(PendingNotification.objects.filter(pk=pk).filter(
        Q(claimed_at__isnull=True) | _claim_expired(at)).update(claimed_at=at))


def notice_message_id(pk: int, entry_id: int, move_id: int | None) -> str:
    """The Message-ID of a kept message: every copy of it carries the same one."""
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2].strip("> ") or "floorman"
    return f"<notice.{pk}.{entry_id}.{move_id or 0}@{domain}>"


def notification_sent(pk: int | None) -> None:
    """The kept message went out: forget it."""
    if pk is not None:
        PendingNotification.objects.filter(pk=pk).delete()


def notification_unsent(pk: int) -> None:
    """The send failed: the reconcile sends it again in `NOTIFY_RESEND_SECONDS`."""
    PendingNotification.objects.filter(pk=pk).update(claimed_at=None, enqueued_at=timezone.now())


def broker_reachable(timeout: float = 1.0) -> bool:
    """Connect to the broker now (for /healthz); True in embedded mode (no broker)."""
    if current_app.conf.task_always_eager:
        return True
    try:
        with current_app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=0, timeout=timeout)
    except Exception as exc:
        broker_outage.failed(exc, "connect")
        return False
    broker_outage.succeeded()
    return True
