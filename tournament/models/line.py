"""The alternate line: players who have not paid yet, waiting for a place in a capped or full flight.

Not the waiting list (``Entry.Status.WAITING``: paid entries waiting for a seat).
A spot becomes an entry only when its player pays at the desk.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.tournaments import Tournament


class LineSpot(models.Model):
    """One player's place in a tournament's alternate line."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("In line")
        CALLED = "called", _("Called")
        SEATED = "seated", _("Paid and seated")
        PASSED = "passed", _("Passed over")
        REMOVED = "removed", _("Removed")
        CLOSED = "closed", _("Line closed")

    #: Still holding a place: in line, or called and not yet at the desk.
    OPEN_STATUSES = (Status.WAITING, Status.CALLED)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="line")
    name = models.CharField(_("name"), max_length=120)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=10, default="en")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    joined_at = models.DateTimeField()
    called_at = models.DateTimeField(null=True, blank=True)
    call_deadline = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The entry bought at the desk once called (status seated).
    entry = models.OneToOneField("tournament.Entry", on_delete=models.SET_NULL, null=True,
                                 blank=True, related_name="line_spot")

    class Meta:
        ordering = ["tournament_id", "joined_at", "id"]
        verbose_name = _("alternate")
        verbose_name_plural = _("alternate line")
        indexes = [models.Index(fields=["tournament", "status", "joined_at"])]
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="called") | Q(call_deadline__isnull=False),
                name="line_called_has_deadline",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"
