"""Leagues: a series of tournaments with points per finish."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class League(models.Model):
    class Scoring(models.TextChoices):
        TABLE = "table", _("Points by place")
        FORMULA = "formula", _("Formula of entries, buy-in and place")

    name = models.CharField(_("name"), max_length=120)
    scoring = models.CharField(_("points"), max_length=8, choices=Scoring.choices,
                               default=Scoring.TABLE)
    points_table = models.JSONField(_("points by place"), default=list, blank=True)
    multiplier = models.PositiveIntegerField(_("formula multiplier"), default=10)
    tournaments = models.ManyToManyField("tournament.Tournament", related_name="leagues",
                                         blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("league")

    def __str__(self) -> str:
        return self.name
