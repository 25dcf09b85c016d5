"""The Celery app. In the embedded default tasks run in process (always eager)."""

import os

from celery import Celery
from celery.signals import beat_init, worker_ready, worker_shutdown
from kombu.transport import redis as kombu_redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("floorman")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# When the worker loses Redis while it holds a message (always, while a clock
# runs: the next boundary's ETA task), kombu's Redis transport puts it back on
# the connection it has just lost and dies of it ("Unrecoverable error:
# AttributeError ... 'hostname'"): the worker exits for good. Nothing here
# needs that restore: the reconcile reschedules boundaries, a player's message
# is resent from its PendingNotification row, and Redis itself restores what
# it still holds after the visibility timeout.
kombu_redis.QoS.restore_at_shutdown = False


@worker_ready.connect
def _worker_heartbeat(sender=None, **kwargs) -> None:
    from tournament import heartbeats

    heartbeats.start("worker", f"worker:{getattr(sender, 'hostname', '')}:{os.getpid()}")


@beat_init.connect
def _beat_heartbeat(sender=None, **kwargs) -> None:
    from tournament import heartbeats

    heartbeats.start("beat")


@worker_shutdown.connect
def _stop_heartbeat(sender=None, **kwargs) -> None:
    from tournament import heartbeats

    heartbeats.stop()
