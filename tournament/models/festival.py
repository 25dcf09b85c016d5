"""The festival: events of Day 1 flights and a Day 2, the state of a day, chip counts, bags.

Imported by ``tournament.models``; thin models like the rest, changed only
through ``tournament.services.counts``, ``days`` and ``events``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    """Several Day 1 flights (each a tournament) and the Day 2 drawn from their bags."""

    class AdvanceRule(models.TextChoices):
        BEST = "best", _("Only the biggest bag of a player advances")
        EVERY = "every", _("Every bag advances")

    name = models.CharField(_("name"), max_length=120)
    advance_rule = models.CharField(
        _("players who bag in several flights"), max_length=8,
        choices=AdvanceRule.choices, default=AdvanceRule.BEST,
    )
    day2_late_registration = models.BooleanField(
        _("late registration into Day 2"), default=False,
        help_text=_("New players may buy in to Day 2 with a starting stack."),
    )
    day2 = models.OneToOneField(
        "tournament.Tournament", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="day2_of",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event_detail", args=[self.pk])


class Flight(models.Model):
    """The day of play of one tournament: playing, ended and bagging, or bagged."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        BAGGING = "bagging", _("Day ended: bagging")
        BAGGED = "bagged", _("Bagged")

    tournament = models.OneToOneField(
        "tournament.Tournament", on_delete=models.CASCADE, primary_key=True, related_name="flight"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    count_tolerance = models.BigIntegerField(
        _("count tolerance"), default=0,
        help_text=_("Counted chips may differ from the chips in play by this much without a warning."),
    )
    # The day ends when this level (structure index) is over.
    end_after_level = models.IntegerField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_level = models.IntegerField(null=True, blank=True)
    bagged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(count_tolerance__gte=0),
                                   name="flight_count_tolerance_non_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.status}"


class ChipCount(models.Model):
    """One count of one entry's stack; the entry's current count is its latest row.

    A count entered at the end of the day carries the bag number.
    """

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="chip_counts"
    )
    entry = models.ForeignKey(
        "tournament.Entry", on_delete=models.CASCADE, related_name="chip_counts"
    )
    chips = models.BigIntegerField(_("chips"))
    level_index = models.IntegerField(null=True, blank=True)
    counted_at = models.DateTimeField()
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    bag = models.CharField(_("bag number"), max_length=20, blank=True)
    current = models.BooleanField(default=True)
    replaces = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    action = models.ForeignKey("tournament.AuditEvent", on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="+")

    class Meta:
        ordering = ["-counted_at", "-id"]
        indexes = [models.Index(fields=["tournament", "current", "chips"])]
        constraints = [
            models.UniqueConstraint(fields=["entry"], condition=Q(current=True),
                                    name="chip_count_one_current"),
            models.CheckConstraint(condition=Q(chips__gte=0), name="chip_count_non_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.chips}"


class ChipRemoval(models.Model):
    """Chips taken out of play at a colour-up (the denominations raced off)."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="chip_removals"
    )
    chips = models.BigIntegerField(_("chips removed"))
    level_index = models.IntegerField(null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(chips__gt=0), name="chip_removal_positive"),
        ]

    def __str__(self) -> str:
        return f"-{self.chips}"


class Advance(models.Model):
    """A Day 1 bag that goes on to Day 2, and the Day 2 entry that plays it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="advances")
    from_entry = models.OneToOneField(
        "tournament.Entry", on_delete=models.CASCADE, related_name="advance"
    )
    to_entry = models.OneToOneField(
        "tournament.Entry", on_delete=models.CASCADE, null=True, blank=True,
        related_name="carried_from",
    )
    chips = models.BigIntegerField(_("chips"))
    bag = models.CharField(_("bag number"), max_length=20, blank=True)

    class Meta:
        ordering = ["-chips", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(chips__gt=0), name="advance_chips_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.from_entry_id} → {self.to_entry_id}: {self.chips}"
