"""Reservations made before the day from the public page or the entrance kiosk (issue 23)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Reservation(models.Model):
    """A player's name, contact and language, given ahead; the desk takes the money.

    It holds no seat and no money. Used once: ``entry`` is the buy-in the desk made
    from it (a registration taken back frees it again). When it lapses is
    ``tournament.domain.reservations``'s rule.
    """

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE,
                                   related_name="reservations")
    name = models.CharField(_("name"), max_length=120)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=10, default="en")
    # Six characters from tournament.domain.reservations.CODE_ALPHABET, shown under the QR.
    code = models.CharField(max_length=8)
    # Names of known players that look like this one (the desk's look-alike rule), for staff.
    look_alikes = models.JSONField(default=list, blank=True)
    at_kiosk = models.BooleanField(default=False)
    made_at = models.DateTimeField()
    expires_at = models.DateTimeField(null=True, blank=True)
    entry = models.OneToOneField("tournament.Entry", on_delete=models.SET_NULL, null=True,
                                 blank=True, related_name="reservation")
    used_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-made_at", "-id"]
        verbose_name = _("reservation")
        verbose_name_plural = _("reservations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="reservation_code_unique"),
        ]
        indexes = [models.Index(fields=["tournament", "name"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"
