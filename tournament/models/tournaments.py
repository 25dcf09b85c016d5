"""A tournament and its settings, and the anchor of its clock (``tournament.domain.clock``)."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.models.structures import Structure


class Tournament(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Game(models.TextChoices):
        NLHE = "nlhe", _("No-limit hold'em")
        PLO = "plo", _("Pot-limit Omaha")
        LHE = "lhe", _("Limit hold'em")
        MIXED = "mixed", _("Mixed games")

    class Edition(models.TextChoices):
        HOUSE = "house", _("House rulebook (TDA adaptation)")
        TDA2024 = "tda2024", _("Poker TDA 2024")

    name = models.CharField(_("name"), max_length=120)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    game = models.CharField(_("game"), max_length=8, choices=Game.choices, default=Game.NLHE)
    rulebook_edition = models.CharField(
        _("rulebook edition"), max_length=10, choices=Edition.choices, default=Edition.HOUSE
    )
    seats_per_table = models.PositiveSmallIntegerField(_("seats per table"), default=9)
    final_table_size = models.PositiveSmallIntegerField(_("final table size"), default=9)
    # Money and chips are 64-bit (a ₩3,000,000,000 guarantee passes 2**31); forms and
    # services bound them to tournament.bounds.AMOUNT_MAX.
    starting_stack = models.PositiveBigIntegerField(_("starting stack"), default=20000)
    buy_in = models.PositiveBigIntegerField(_("buy-in (to the prize pool)"), default=100)
    fee = models.PositiveBigIntegerField(_("fee (to the house)"), default=0)
    re_entry_allowed = models.BooleanField(_("re-entry allowed"), default=False)
    re_entry_limit = models.PositiveSmallIntegerField(
        _("re-entries per player"), default=0, help_text=_("0 means no limit")
    )
    rebuy_allowed = models.BooleanField(_("rebuys allowed"), default=False)
    rebuy_amount = models.PositiveBigIntegerField(_("rebuy price"), default=0)
    rebuy_chips = models.PositiveBigIntegerField(_("rebuy chips"), default=0)
    addon_allowed = models.BooleanField(_("add-on allowed"), default=False)
    addon_amount = models.PositiveBigIntegerField(_("add-on price"), default=0)
    addon_chips = models.PositiveBigIntegerField(_("add-on chips"), default=0)
    bounty = models.PositiveBigIntegerField(_("bounty per entry"), default=0)
    bounty_progressive = models.BooleanField(
        _("progressive knockout"), default=False,
        help_text=_("Half of each bounty won goes onto the winner's own bounty."),
    )
    late_reg_end_level = models.PositiveSmallIntegerField(
        _("late registration ends after level"), default=6
    )
    # The alternate line (tournament.models.line): a flight may be capped at a number of
    # entries; a called alternate has this long to pay at the desk.
    entry_cap = models.PositiveIntegerField(
        _("maximum entries"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100_000)],
        help_text=_("Leave empty for no cap. Once reached, players join the alternate line."),
    )
    line_call_minutes = models.PositiveSmallIntegerField(
        _("minutes a called alternate has to pay"), default=5,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
    )
    chip_set = models.JSONField(_("chip denominations"), default=list)
    guarantee = models.PositiveBigIntegerField(_("guaranteed prize pool"), default=0)
    payout_unit = models.PositiveBigIntegerField(_("round payouts to"), default=1)
    payout_percentages = models.JSONField(
        _("payout percentages"), default=list, blank=True,
        help_text=_("Leave empty for the standard curve."),
    )
    # House rule 9-C / TDA 2024 11: tables stay within one player of each other;
    # the director may allow two while many tables remain.
    balance_tolerance = models.PositiveSmallIntegerField(
        _("balance tolerance"), default=1, choices=[(1, "1"), (2, "2")],
        help_text=_("How many players the largest table may have over the smallest."),
    )
    balance_tight_at_tables = models.PositiveSmallIntegerField(
        _("back to a tolerance of 1 at"), default=0,
        help_text=_("With a tolerance of 2: from this many tables left, tables stay within one."),
    )
    button_fresh_minutes = models.PositiveSmallIntegerField(
        _("a button counts as known for (minutes)"), default=30,
        validators=[MinValueValidator(1), MaxValueValidator(1440)],
        help_text=_("A button seat set longer ago than this counts as unknown for balancing."),
    )
    scheduled_start = models.DateTimeField(
        _("scheduled start"), null=True, blank=True,
        help_text=_("The TV counts down to it until the clock starts."),
    )
    # The line the director puts on every TV, with an optional countdown.
    announcement = models.CharField(_("announcement"), max_length=200, blank=True)
    announcement_until = models.DateTimeField(null=True, blank=True)
    # The event's logo, stored in the database so every web worker serves it.
    logo = models.BinaryField(null=True, blank=True, editable=False)
    logo_type = models.CharField(max_length=20, blank=True, editable=False)
    logo_version = models.PositiveIntegerField(default=0, editable=False)
    hand_for_hand = models.BooleanField(_("hand-for-hand"), default=False)
    # Hand-for-hand near the money (DESIGN §5): the consoles prompt at this many
    # players left; 0 means the places paid plus one (the bubble).
    hand_for_hand_at = models.PositiveSmallIntegerField(
        _("prompt hand-for-hand at"), default=0, blank=True,
        help_text=_("Players left; 0 means one more than the places paid."),
    )
    hand_for_hand_pauses_clock = models.BooleanField(
        _("clock stops during hand-for-hand"), default=False,
        help_text=_("The clock stands still from the start of hand-for-hand to its end."),
    )
    hand_number = models.PositiveIntegerField(default=0)
    # Issue 23: players reserve from a public page (and the kiosk); the desk takes the money.
    reservations_open = models.BooleanField(
        _("public registration page open"), default=False,
        help_text=_("Players reserve their entry online (name, contact, language) and pay at "
                    "the desk."),
    )
    reservation_hold_hours = models.PositiveSmallIntegerField(
        _("a reservation holds for (hours)"), default=0,
        validators=[MaxValueValidator(720)],
        help_text=_("0: until late registration closes."),
    )
    structure = models.OneToOneField(
        Structure, on_delete=models.PROTECT, related_name="tournament", null=True
    )
    # A Day 1 flight or the Day 2 of a festival event (tournament.models.festival).
    event = models.ForeignKey(
        "tournament.Event", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="tournaments",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(seats_per_table__gte=2) & Q(seats_per_table__lte=12),
                name="tournament_seats_range",
            ),
            models.CheckConstraint(
                condition=Q(final_table_size__gte=2), name="tournament_final_table_size_min"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament_console", args=[self.pk])


class Clock(models.Model):
    """The anchor of DESIGN §6; one per tournament."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="clock")
    running = models.BooleanField(default=False)
    started = models.BooleanField(default=False)
    anchor_at = models.DateTimeField(null=True, blank=True)
    elapsed_at_anchor = models.FloatField(default=0.0)
    version = models.PositiveIntegerField(default=0)
    # Highest level index whose start was recorded: the compare-and-set that
    # makes "each level start recorded exactly once" hold across workers.
    recorded_level = models.IntegerField(default=-1)
    late_reg_close_recorded = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(elapsed_at_anchor__gte=0), name="clock_elapsed_non_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"clock of {self.tournament_id}"
