"""Floor rulings, logged with the rule applied (``tournament.rulebook``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.models.tournaments import Tournament


class Ruling(models.Model):
    """A floor decision, logged."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="rulings"
    )
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    seats = models.CharField(_("seats"), max_length=60, blank=True)
    rules = models.JSONField(_("rules cited"), default=list, blank=True)
    facts = models.TextField(_("facts"))
    decision = models.TextField(_("decision"))
    penalty = models.CharField(_("penalty"), max_length=200, blank=True)
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(db_index=True)
    # A rulebook calculator's facts and answer, when the ruling leaned on one: the
    # calculator's slug, its GET query (a link that reproduces it) and the answer.
    calculator = models.CharField(_("calculator"), max_length=20, blank=True)
    calculator_query = models.CharField(_("calculator inputs"), max_length=1000, blank=True)
    calculator_result = models.CharField(_("calculator answer"), max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")

    def __str__(self) -> str:
        return f"{self.created_at:%H:%M} T{self.table_number} {self.decision[:40]}"

    @property
    def calculator_url(self) -> str:
        """The calculator page with the same facts, or "" when none was attached."""
        if not self.calculator:
            return ""
        return f"{reverse('rulebook_calc', args=[self.calculator])}?{self.calculator_query}"


class RulebookSearch(models.Model):
    """A staff member's rulebook search and the rule chosen from its results, if any.

    Typing is coalesced: while one search grows or shrinks ("gu", "guy", "guy th...")
    it stays one row (``services.rulings.search_note``). A search with no chosen
    rule a minute after its last keystroke "ended without a chosen rule".
    """

    query = models.CharField(_("search"), max_length=200)
    lang = models.CharField(max_length=10, default="en")
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField(db_index=True)
    top_rule = models.CharField(_("first result"), max_length=10, blank=True)
    chosen_rule = models.CharField(_("rule chosen"), max_length=10, blank=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.query


class TaughtPhrase(models.Model):
    """A phrase a director attached to a rule: the search then finds that rule for it."""

    phrase = models.CharField(_("phrase"), max_length=200, unique=True)
    rule = models.CharField(_("rule"), max_length=10)
    taught_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["phrase"]

    def __str__(self) -> str:
        return f"{self.phrase} -> {self.rule}"
