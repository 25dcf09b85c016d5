"""What the background workers keep: seat messages waiting to be sent, and heartbeats."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.entries import Entry


class PendingNotification(models.Model):
    """A player's seat or move message, kept until a worker takes it to send.

    Written with the change; the task claims it (`claimed_at`), sends, then
    deletes it. The beat's reconcile sends again what the broker did not take
    (`enqueued_at` empty) or lost (a Redis restart, a killed worker), and what a
    worker claimed and died with before it had sent: Redis is never the record.
    """

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    move_id = models.PositiveBigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("pending notification")
        verbose_name_plural = _("pending notifications")

    def __str__(self) -> str:
        return f"entry {self.entry_id} move {self.move_id or '-'}"


class Heartbeat(models.Model):
    """The last sign of life of a background process (a Celery worker, beat), for /healthz."""

    class Role(models.TextChoices):
        WORKER = "worker", _("worker")
        BEAT = "beat", _("beat")

    name = models.CharField(max_length=200, unique=True)
    role = models.CharField(max_length=8, choices=Role.choices)
    seen_at = models.DateTimeField()

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name} @ {self.seen_at:%H:%M:%S}"
