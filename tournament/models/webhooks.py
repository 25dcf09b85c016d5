"""Webhooks: where to send tournament events, and the log of every delivery."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class WebhookEndpoint(models.Model):
    class Event(models.TextChoices):
        BUST = "bust", _("Bust-out")
        MOVE = "move", _("Player move")
        LEVEL = "level", _("Level start")
        BREAK = "break", _("Break")
        FINISH = "finish", _("Tournament finished")
        LINE = "line", _("Alternate line")
        RESERVATION = "reservation", _("Reservation made or cancelled")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE,
                                   related_name="webhooks")
    url = models.URLField(_("address"), max_length=500)
    secret = models.CharField(_("signing secret"), max_length=128)
    events = models.JSONField(_("events"), default=list)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["tournament_id", "id"]

    def __str__(self) -> str:
        return self.url

    @property
    def event_labels(self) -> list[str]:
        labels = dict(self.Event.choices)
        return [str(labels[e]) for e in self.events if e in labels]


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RETRYING = "retrying", _("Retrying")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE,
                                   related_name="webhook_deliveries")
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE,
                                 related_name="deliveries")
    event = models.CharField(max_length=20, choices=WebhookEndpoint.Event.choices)
    audit_event = models.ForeignKey("tournament.AuditEvent", on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+")
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField()
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["endpoint", "status"])]

    def __str__(self) -> str:
        return f"{self.event} → {self.endpoint_id} ({self.status})"
