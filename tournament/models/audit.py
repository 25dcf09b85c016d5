"""The audit log: one event per action, the source of undo and of every screen's version."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournament.models.tournaments import Tournament


class AuditEvent(models.Model):
    """One row per change; undo writes a new event and links the old one to it."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(db_index=True)
    undone_by = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undoes"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "kind"])]

    def __str__(self) -> str:
        return f"{self.kind} @ {self.created_at:%H:%M:%S}"
