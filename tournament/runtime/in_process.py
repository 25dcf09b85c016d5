"""Embedded mode's worker: tasks run on a thread of the process, retried after their backoff.

With no Celery worker (``CELERY_TASK_ALWAYS_EAGER``) a task sent on commit would
run in the request that committed, and a retry it asks for would be lost (an
eager run has no queue to put it back on). Work a request must not wait for
(the players' Web Push, which talks to outside push services) goes here
instead: one thread runs the tasks in the order they came, by name as a worker
would, and a task that asks for a retry is run again once its countdown has
passed, with its retry count, so ``max_retries`` and the backoff hold as in
full mode. Nothing here survives the process: what was not sent is lost, as
a notice to a phone may be.
"""

from __future__ import annotations

import logging
import queue
import threading
import time

from celery.exceptions import Retry

from tournament.runtime.broker import _task

log = logging.getLogger(__name__)


class InProcessWorker:
    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._waiting = 0  # retries whose countdown runs

    def submit(self, task_name: str, args: tuple, *, retries: int = 0) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="floorman-in-process",
                                                daemon=True)
                self._thread.start()
        self._queue.put((task_name, args, retries))

    def drain(self, timeout: float) -> bool:
        """Wait until every task submitted ran, retries included; True when they did."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks or self._waiting:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def _retry_later(self, task_name: str, args: tuple, retries: int, countdown: float) -> None:
        def due() -> None:
            self.submit(task_name, args, retries=retries)
            with self._lock:
                self._waiting -= 1

        with self._lock:
            self._waiting += 1
        timer = threading.Timer(countdown, due)
        timer.daemon = True
        timer.start()

    def _run(self) -> None:
        from django.db import connections

        while True:
            task_name, args, retries = self._queue.get()
            try:
                _task(task_name).apply(args=args, retries=retries, throw=True)
            except Retry as retry:
                sig_args = tuple(retry.sig.args) if retry.sig is not None else args
                self._retry_later(task_name, sig_args, retries + 1, float(retry.when or 0))
            except Exception:
                log.exception("task %s failed in process", task_name)
            finally:
                connections.close_all()  # this thread's own connections
                self._queue.task_done()


worker = InProcessWorker()
