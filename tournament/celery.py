"""The Celery app. In the embedded default tasks run in process (always eager)."""

import os

from celery import Celery
from celery.signals import beat_init, worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("floorman")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
