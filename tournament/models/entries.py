"""Players, their entries in a tournament, and the money each entry paid or received."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.models.tournaments import Tournament


class Player(models.Model):
    """A person, reusable across tournaments."""

    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    country = models.CharField(_("country"), max_length=60, blank=True)
    # The language the player chose when reserving ("" when never asked).
    language = models.CharField(_("language"), max_length=10, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["name"])]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.name} ({self.nickname})" if self.nickname else self.name


class Entry(models.Model):
    """One buy-in of one player in one tournament."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting list")
        SEATED = "seated", _("Seated")
        BUSTED = "busted", _("Busted")
        UNREGISTERED = "unregistered", _("Unregistered")

    #: Still in the tournament: at a table or on the waiting list.
    LIVE_STATUSES = (Status.SEATED, Status.WAITING)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("entry number"))
    attempt = models.PositiveSmallIntegerField(_("re-entry number"), default=1)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.WAITING)
    table = models.ForeignKey(
        "tables.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # House rule 8 / TDA 2024 9: a player who needs an accessible seat keeps one.
    needs_accessible_seat = models.BooleanField(_("needs an accessible seat"), default=False)
    # House rules 7 and 9: seated between the small blind and the button only
    # because no other seat was open; not dealt in until the button passes.
    wait_for_button = models.BooleanField(default=False)
    waiting_since = models.DateTimeField(null=True, blank=True)
    finish_place = models.PositiveIntegerField(null=True, blank=True)
    # Hand-for-hand busts in one hand share the places they cover: the best of them.
    tied_place = models.PositiveIntegerField(null=True, blank=True)
    busted_at = models.DateTimeField(null=True, blank=True)
    busted_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="knockouts"
    )
    bust_hand = models.PositiveIntegerField(null=True, blank=True)
    chips = models.PositiveBigIntegerField(null=True, blank=True)
    payout = models.PositiveBigIntegerField(default=0)
    payout_paid = models.BooleanField(default=False)
    rebuys = models.PositiveSmallIntegerField(default=0)
    addons = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament_id", "number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        indexes = [
            models.Index(fields=["tournament", "status"]),
            models.Index(fields=["tournament", "player"]),
        ]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique"),
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=Q(status="seated"),
                name="entry_seat_unique",
            ),
            models.UniqueConstraint(
                fields=["tournament", "finish_place"],
                condition=Q(finish_place__isnull=False),
                name="entry_finish_place_unique",
            ),
            models.CheckConstraint(
                condition=~Q(status="seated") | (Q(table__isnull=False) & Q(seat__isnull=False)),
                name="entry_seated_has_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.player.name}"

    def get_absolute_url(self) -> str:
        return reverse("entry_seat", args=[self.tournament_id, self.number])


class Payment(models.Model):
    """Money in (buy-in, rebuy, add-on) or out (refund, prize), per entry."""

    class Kind(models.TextChoices):
        BUY_IN = "buyin", _("Buy-in")
        REBUY = "rebuy", _("Rebuy")
        ADDON = "addon", _("Add-on")
        REFUND = "refund", _("Refund")
        PRIZE = "prize", _("Prize paid")
        BOUNTY = "bounty", _("Bounty paid")

    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        CARD = "card", pgettext_lazy("payment method", "Card")
        TRANSFER = "transfer", _("Transfer")
        VOUCHER = "voucher", _("Voucher")
        COMP = "comp", _("Complimentary")

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="payments")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="payments")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.CASH)
    # Signed: refunds and prizes are negative; the prize-pool share and the fee apart.
    amount = models.BigIntegerField(default=0)
    fee = models.BigIntegerField(default=0)
    # Bounty money taken with a buy-in or rebuy: paid out by knockouts, never in the prize pool.
    bounty = models.BigIntegerField(default=0)
    chips = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["tournament", "kind"])]
        constraints = [
            # Two cashiers at once can't pay the same prize twice.
            models.UniqueConstraint(fields=["entry"], condition=Q(kind="prize"),
                                    name="payment_one_prize_per_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"
