"""Tournament data: structures, the clock anchor, players, entries, money, audit, rulings.

Models are thin: fields, choices, constraints and simple properties. Every
change of tournament state goes through a service in ``tournament.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.domain.structures import LevelSpec


class Structure(models.Model):
    """A list of levels. Templates are reusable; a tournament owns its own copy."""

    name = models.CharField(_("name"), max_length=120)
    is_template = models.BooleanField(_("template"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("structure")
        verbose_name_plural = _("structures")

    def __str__(self) -> str:
        return self.name


class Level(models.Model):
    class Kind(models.TextChoices):
        PLAY = "play", _("Level")
        BREAK = "break", _("Break")

    class AnteType(models.TextChoices):
        NONE = "none", _("No ante")
        BIG_BLIND = "bba", _("Big-blind ante")
        CLASSIC = "classic", _("Classic ante")

    structure = models.ForeignKey(Structure, on_delete=models.CASCADE, related_name="levels")
    order = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PLAY)
    # Chip amounts are 64-bit: a long structure's blinds pass PostgreSQL's 32-bit integer.
    small_blind = models.PositiveBigIntegerField(default=0)
    big_blind = models.PositiveBigIntegerField(default=0)
    ante = models.PositiveBigIntegerField(default=0)
    ante_type = models.CharField(max_length=8, choices=AnteType.choices, default=AnteType.NONE)
    duration = models.PositiveIntegerField(help_text=_("seconds"))
    color_up = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["structure_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["structure", "order"], name="level_order_unique"),
            models.CheckConstraint(condition=Q(duration__gt=0), name="level_duration_positive"),
            models.CheckConstraint(
                condition=Q(big_blind__gte=models.F("small_blind")), name="level_bb_ge_sb"
            ),
        ]

    def __str__(self) -> str:
        if self.is_break:
            return str(_("Break"))
        return f"{self.small_blind}/{self.big_blind}"

    @property
    def is_break(self) -> bool:
        return self.kind == self.Kind.BREAK

    @classmethod
    def from_spec(cls, spec: LevelSpec, *, structure: Structure, order: int) -> Level:
        """An unsaved level of ``structure`` at ``order``, from the domain's spec."""
        return cls(structure=structure, order=order, kind=spec.kind,
                   small_blind=spec.small_blind, big_blind=spec.big_blind, ante=spec.ante,
                   ante_type=spec.ante_type, duration=spec.duration,
                   color_up=list(spec.color_up))

    def to_spec(self) -> LevelSpec:
        """The domain's spec of this level (``from_spec`` goes the other way)."""
        return LevelSpec(
            kind=self.kind,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            ante_type=self.ante_type,
            duration=self.duration,
            color_up=tuple(self.color_up or ()),
        )


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
    starting_stack = models.PositiveIntegerField(_("starting stack"), default=20000)
    buy_in = models.PositiveIntegerField(_("buy-in (to the prize pool)"), default=100)
    fee = models.PositiveIntegerField(_("fee (to the house)"), default=0)
    re_entry_allowed = models.BooleanField(_("re-entry allowed"), default=False)
    re_entry_limit = models.PositiveSmallIntegerField(
        _("re-entries per player"), default=0, help_text=_("0 means no limit")
    )
    rebuy_allowed = models.BooleanField(_("rebuys allowed"), default=False)
    rebuy_amount = models.PositiveIntegerField(_("rebuy price"), default=0)
    rebuy_chips = models.PositiveIntegerField(_("rebuy chips"), default=0)
    addon_allowed = models.BooleanField(_("add-on allowed"), default=False)
    addon_amount = models.PositiveIntegerField(_("add-on price"), default=0)
    addon_chips = models.PositiveIntegerField(_("add-on chips"), default=0)
    bounty = models.PositiveIntegerField(_("bounty per entry"), default=0)
    bounty_progressive = models.BooleanField(
        _("progressive knockout"), default=False,
        help_text=_("Half of each bounty won goes onto the winner's own bounty."),
    )
    late_reg_end_level = models.PositiveSmallIntegerField(
        _("late registration ends after level"), default=6
    )
    chip_set = models.JSONField(_("chip denominations"), default=list)
    guarantee = models.PositiveIntegerField(_("guaranteed prize pool"), default=0)
    payout_unit = models.PositiveIntegerField(_("round payouts to"), default=1)
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
    structure = models.OneToOneField(
        Structure, on_delete=models.PROTECT, related_name="tournament", null=True
    )
    # A Day 1 flight or the Day 2 of a festival event (tournament.models_festival).
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


class Player(models.Model):
    """A person, reusable across tournaments."""

    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    country = models.CharField(_("country"), max_length=60, blank=True)
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
    chips = models.PositiveIntegerField(null=True, blank=True)
    payout = models.PositiveIntegerField(default=0)
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
    amount = models.IntegerField(default=0)
    fee = models.IntegerField(default=0)
    # Bounty money taken with a buy-in or rebuy: paid out by knockouts, never in the prize pool.
    bounty = models.IntegerField(default=0)
    chips = models.PositiveIntegerField(default=0)
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


class AuditEvent(models.Model):
    """One row per change; undo writes a new event and links the old one to it."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(db_index=True)
    undone_by = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undoes"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "kind"])]

    def __str__(self) -> str:
        return f"{self.kind} @ {self.created_at:%H:%M:%S}"


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


class PendingNotification(models.Model):
    """A player's seat or move message, kept until a worker takes it to send.

    Written with the change; the task deletes it as it sends. The beat's
    reconcile sends again what the broker did not take (`enqueued_at` empty)
    or lost (a Redis restart, a killed worker): Redis is never the record.
    """

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    move_id = models.PositiveBigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("pending notification")
        verbose_name_plural = _("pending notifications")

    def __str__(self) -> str:
        return f"entry {self.entry_id} move {self.move_id or '-'}"


class Heartbeat(models.Model):
    """The last sign of life of a background process (a Celery worker, beat), for /healthz."""

    class Role(models.TextChoices):
        WORKER = "worker", _("worker")
        BEAT = "beat", _("beat")

    name = models.CharField(max_length=200, unique=True)
    role = models.CharField(max_length=8, choices=Role.choices)
    seen_at = models.DateTimeField()

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name} @ {self.seen_at:%H:%M:%S}"


# Models of later features live in their own modules (festival, deals, bounties, webhooks,
# leagues).
from tournament.models_festival import (  # noqa: E402, F401
    Advance,
    ChipCount,
    ChipRemoval,
    Event,
    Flight,
)
from tournament.models_leagues import League  # noqa: E402, F401
from tournament.models_money import BountyAward, Deal, DealShare  # noqa: E402, F401
from tournament.models_webhooks import WebhookDelivery, WebhookEndpoint  # noqa: E402, F401
