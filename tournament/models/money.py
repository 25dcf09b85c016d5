"""Money after the cards: deals at the final table and bounties (knockouts).

Thin models; the services in ``tournament.services.deals`` and
``tournament.services.bounties`` write them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Deal(models.Model):
    """A deal the remaining players agreed: each share replaces their payout."""

    class Method(models.TextChoices):
        ICM = "icm", _("ICM")
        CHIP = "chip", _("Chip chop")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE,
                                   related_name="deals")
    method = models.CharField(max_length=4, choices=Method.choices)
    unit = models.PositiveBigIntegerField(default=1)
    money_left = models.PositiveBigIntegerField()
    # Left to play for: the winner of the tournament collects it on top of their share.
    keep = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              blank=True, related_name="+")
    event = models.OneToOneField("tournament.AuditEvent", on_delete=models.SET_NULL, null=True,
                                 blank=True, related_name="deal")
    undone = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # At most one deal in force per tournament.
            models.UniqueConstraint(fields=["tournament"], condition=Q(undone=False),
                                    name="deal_one_in_force"),
        ]

    def __str__(self) -> str:
        return f"deal {self.method} {self.money_left} @ {self.tournament_id}"


class DealShare(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="shares")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE,
                              related_name="deal_shares")
    stack = models.PositiveBigIntegerField()
    equity = models.FloatField()
    amount = models.PositiveBigIntegerField()

    class Meta:
        ordering = ["-stack", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "entry"], name="deal_share_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.amount}"


class BountyAward(models.Model):
    """Bounty money a bust moved: paid to the player who won the hand, or onto their head.

    In a progressive knockout half goes to each; the winner collects their own.
    """

    class Kind(models.TextChoices):
        CASH = "cash", _("Bounty won")
        HEAD = "head", _("Added to own bounty")
        OWN = "own", _("Own bounty (winner)")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE,
                                   related_name="bounty_awards")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE,
                              related_name="bounty_awards")
    source = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE,
                               related_name="bounty_given")
    kind = models.CharField(max_length=4, choices=Kind.choices)
    amount = models.PositiveBigIntegerField()
    event = models.ForeignKey("tournament.AuditEvent", on_delete=models.CASCADE,
                              related_name="bounty_awards")
    payment = models.OneToOneField("tournament.Payment", on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="bounty_award")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["tournament", "kind"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} to {self.entry_id}"
