"""The outcome of each staff write sent with an idempotency key, kept for a day."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class IdempotentRequest(models.Model):
    """One staff write named by the key its page made (`tournament.config.idempotency`).

    The row is claimed (``done`` false) before the view acts, in its own
    transaction, so a duplicate of the key finds it and never acts; once the
    view has answered, the answer is kept here and a repeat gets it again.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    # The method and path the key was first used for: a key sent again for
    # another action is refused rather than answered with the first one's result.
    fingerprint = models.CharField(max_length=300)
    created_at = models.DateTimeField(db_index=True)
    done = models.BooleanField(default=False)
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    headers = models.JSONField(default=dict, blank=True)
    body = models.BinaryField(blank=True, default=b"")  # zlib-compressed

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"],
                                               name="idempotent_request_user_key")]
        verbose_name = _("idempotent request")
        verbose_name_plural = _("idempotent requests")

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"
