"""The Celery app. In the embedded default tasks run in process (always eager)."""

import os

from celery import Celery
from celery.signals import beat_init, worker_ready, worker_shutdown
from kombu.transport import redis as kombu_redis
from kombu.transport import virtual as kombu_virtual

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

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


class QoS(kombu_redis.QoS):
    """Kombu's Redis QoS, where a message of a connection already gone is let go.

    A task that ends after the worker lost Redis is acknowledged on the new
    event loop through the old, closed channel; kombu then reaches for that
    channel's connection (None) and the worker dies of it ("Unrecoverable error:
    AttributeError: 'NoneType' object has no attribute 'client'"), seen when Redis
    is killed and started again. Nothing is lost by letting it go: the claim of a
    message went with that connection, Redis hands an unacknowledged message out
    again after its visibility timeout, and every task here is safe to run twice.
    """

    def _gone(self) -> bool:
        return self.channel.connection is None

    def ack(self, delivery_tag):
        if self._gone():
            return kombu_virtual.QoS.ack(self, delivery_tag)
        return super().ack(delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        if self._gone():
            return kombu_virtual.QoS.ack(self, delivery_tag)
        return super().reject(delivery_tag, requeue=requeue)


kombu_redis.Channel.QoS = QoS


@worker_ready.connect
def _worker_heartbeat(sender=None, **kwargs) -> None:
    from tournament.runtime import heartbeats

    heartbeats.start("worker", f"worker:{getattr(sender, 'hostname', '')}:{os.getpid()}")


@beat_init.connect
def _beat_heartbeat(sender=None, **kwargs) -> None:
    from tournament.runtime import heartbeats

    heartbeats.start("beat")


@worker_shutdown.connect
def _stop_heartbeat(sender=None, **kwargs) -> None:
    from tournament.runtime import heartbeats

    heartbeats.stop()
