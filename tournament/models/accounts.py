"""Failed staff logins, counted where a cache outage cannot lose them."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LoginFailure(models.Model):
    """Failed logins of one account or one address within a lock-out window.

    One row per key (``user:<name>`` or ``addr:<address>``), shared by every web
    process through the database: Redis going away neither lifts a lock-out nor
    lets each process count on its own. A row past ``expires_at`` counts nothing.
    """

    key = models.CharField(max_length=220, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("failed login count")
        verbose_name_plural = _("failed login counts")

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
