"""What a player's phone asked for: Web Push subscriptions (no account, keyed by entry)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """A browser's Web Push subscription for one entry's page (RFC 8030 / 8291 keys)."""

    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, null=True,
                              blank=True, related_name="push_subscriptions")
    # A phone in the alternate line (no entry yet); the entry is added once it pays.
    spot = models.ForeignKey("tournament.LineSpot", on_delete=models.CASCADE, null=True,
                             blank=True, related_name="push_subscriptions")
    endpoint = models.URLField(_("push endpoint"), max_length=500)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    language = models.CharField(max_length=10, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "endpoint"], name="push_one_per_browser"),
            models.UniqueConstraint(fields=["spot", "endpoint"], condition=Q(spot__isnull=False),
                                    name="push_one_per_browser_in_line"),
            models.CheckConstraint(condition=Q(entry__isnull=False) | Q(spot__isnull=False),
                                   name="push_for_an_entry_or_a_spot"),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.endpoint[:40]}"
