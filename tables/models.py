"""Tables of one tournament, and the moves between them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tables.explain import explain_move, no_accessible_seat_action, rule_label


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("In play")
        BROKEN = "broken", _("Broken")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveIntegerField(_("table number"))
    capacity = models.PositiveSmallIntegerField(_("seats"))
    # House rule 9-B: a predetermined order; the highest value breaks first.
    break_order = models.IntegerField(_("break order"), default=0)
    button = models.PositiveSmallIntegerField(_("button seat"), null=True, blank=True)
    # The button's age (tables.domain.buttons): when and at which level it was
    # last tapped or advanced; older than the tournament's setting is unknown.
    button_set_at = models.DateTimeField(null=True, blank=True)
    button_set_level = models.PositiveSmallIntegerField(null=True, blank=True)
    # The blinds of the last hand when the button was advanced by the
    # dead-button rule (house 30 / TDA 2024 32); None: read them from the button.
    small_blind = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind = models.PositiveSmallIntegerField(null=True, blank=True)
    # A balance move needs this table's button: the floor is asked to tap it.
    button_wanted = models.BooleanField(default=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    # House rule 9-C / TDA 2024 11-D: 3 or more short of the largest table, play
    # stops here until the players moved in have arrived.
    halted = models.BooleanField(default=False)
    # House rule 8 / TDA 2024 9: seats the director takes out of play (a broken
    # chair, a camera position), and accessible seats kept for players who need one.
    blocked_seats = models.JSONField(_("blocked seats"), default=list, blank=True)
    accessible_seats = models.JSONField(_("accessible seats"), default=list, blank=True)
    # A player put back in play with every seat taken (a bust undone): the
    # table with the fewest players takes them in this seat, one over its size,
    # until the next balance or break (``tables.services.extra_seats``).
    extra_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # Added while play runs and no hand dealt here yet: a balance into it
    # draws the seat at random instead of asking for its button (house 9-C).
    fresh = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique"),
            models.CheckConstraint(
                condition=Q(capacity__gte=2) & Q(capacity__lte=12), name="table_capacity_range"
            ),
            models.CheckConstraint(
                condition=Q(button__isnull=True) | Q(button__lte=models.F("capacity")),
                name="table_button_within_capacity",
            ),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class Move(models.Model):
    class Reason(models.TextChoices):
        BREAK = "break", _("Table break")
        BALANCE = "balance", _("Balancing")
        FINAL = "final", _("Final table")
        REDRAW = "redraw", _("Redraw")
        MANUAL = "manual", _("Moved by the floor")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DONE = "done", _("Done")
        CANCELLED = "cancelled", _("Withdrawn")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="moves"
    )
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="moves")
    from_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves_out")
    from_seat = models.PositiveSmallIntegerField()
    to_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves_in")
    to_seat = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=8, choices=Reason.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    random_pick = models.BooleanField(default=False)
    # The balance at the clock's start: no hand dealt, no button anywhere, so the
    # mover was drawn at random as house rule 9-C allows (said so, not "unknown button").
    before_first_hand = models.BooleanField(default=False)
    wait_for_button = models.BooleanField(default=False)
    # The rule that made the move, as "<edition>:<number>" ("house:9-C", "tda2024:11").
    rule = models.CharField(max_length=24, blank=True, default="")
    # The table that broke, for a break move (a pending move updated by a break
    # still leaves from the seat the player never left, at another table).
    broken_table = models.PositiveIntegerField(null=True, blank=True)
    # House rule 9 two-step draw: the high card the player was dealt ("As").
    high_card = models.CharField(max_length=2, blank=True, default="")
    # House rule 8 / TDA 2024 9: the player needs an accessible seat and none was
    # open at the break or the final redraw; the floor moves them when one frees.
    no_accessible_seat = models.BooleanField(default=False)
    caused_by = models.ForeignKey(
        "tournament.AuditEvent", on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField()
    done_at = models.DateTimeField(null=True, blank=True)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"T{self.from_table_id}s{self.from_seat} → T{self.to_table_id}s{self.to_seat}"

    @property
    def rule_label(self) -> str:
        """The rule that made the move, translated: "house rule 9-C", "TDA 2024 rule 11"."""
        return rule_label(self.rule)

    @property
    def no_accessible_seat_action(self) -> str:
        """What the floor does for this move when no accessible seat was open, else ""."""
        return no_accessible_seat_action() if self.no_accessible_seat else ""

    @property
    def why(self) -> str:
        """Why the player moves, in a few words with the rule (for the floor, the TV,
        the seat page and the move email). Uses ``from_table`` (select it)."""
        return explain_move(self)


# --- Dealers: people of the venue, shared by every tournament running at once ------------


def _dealer_token() -> str:
    import secrets

    return secrets.token_urlsafe(16)


class DealerRules(models.Model):
    """The venue's rotation rules (one row): also the lock every dealer change takes."""

    down_minutes = models.PositiveSmallIntegerField(_("down (minutes)"), default=30)
    min_downs = models.PositiveSmallIntegerField(_("downs before a break, at least"), default=2)
    max_downs = models.PositiveSmallIntegerField(_("downs before a break, at most"), default=3)
    break_minutes = models.PositiveSmallIntegerField(_("break (minutes)"), default=20)
    # House RP-7: no push in the last 90 seconds before a level change or a break.
    quiet_seconds = models.PositiveSmallIntegerField(_("quiet before a level change (s)"),
                                                     default=90)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(down_minutes__gte=10) & Q(down_minutes__lte=120),
                                   name="dealer_rules_down_range"),
            models.CheckConstraint(condition=Q(min_downs__gte=1) & Q(max_downs__gte=models.F(
                "min_downs")) & Q(max_downs__lte=8), name="dealer_rules_downs_range"),
        ]

    def __str__(self) -> str:
        return str(_("Dealer rotation rules"))


class Dealer(models.Model):
    """A dealer of the venue, and where the rotation has them now.

    The rotation's state (``status`` .. ``early_out``) mirrors
    ``tables.domain.dealers.Dealer``; only ``tables.services.dealers`` writes it.
    """

    class Status(models.TextChoices):
        OFF = "off", _("Off shift")
        OUT = "out", _("In the pool")
        DEALING = "dealing", _("Dealing")
        BREAK = "break", _("On break")

    class Language(models.TextChoices):
        EN = "en", "English"
        ZH = "zh-hans", "简体中文"

    name = models.CharField(_("name"), max_length=80)
    name_zh = models.CharField(_("Chinese name"), max_length=40, blank=True, default="")
    games = models.JSONField(_("games dealt"), default=list)
    language = models.CharField(_("language"), max_length=8, choices=Language.choices,
                                default=Language.EN)
    phone = models.CharField(_("phone"), max_length=32, blank=True, default="")
    # The dealer's own link (their phone page and clock-in): a secret, not a login.
    token = models.CharField(max_length=32, unique=True, default=_dealer_token)
    active = models.BooleanField(default=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OFF)
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="dealers_now")
    since = models.DateTimeField(null=True, blank=True)
    due = models.DateTimeField(null=True, blank=True)
    until = models.DateTimeField(null=True, blank=True)
    stint = models.PositiveSmallIntegerField(default=0)
    last_table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    early_out = models.BooleanField(default=False)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table"], condition=Q(status="dealing"),
                                    name="dealer_one_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.name_zh}".strip()


class DealerShift(models.Model):
    """A dealer's time on shift: clocked in and out at the desk or by their link."""

    class Via(models.TextChoices):
        DESK = "desk", _("Dealer desk")
        LINK = "link", _("Own link")

    dealer = models.ForeignKey(Dealer, on_delete=models.CASCADE, related_name="shifts")
    clocked_in_at = models.DateTimeField()
    clocked_out_at = models.DateTimeField(null=True, blank=True)
    via_in = models.CharField(max_length=4, choices=Via.choices)
    via_out = models.CharField(max_length=4, choices=Via.choices, blank=True, default="")
    early_out = models.BooleanField(default=False)

    class Meta:
        ordering = ["-clocked_in_at"]
        constraints = [
            models.UniqueConstraint(fields=["dealer"], condition=Q(clocked_out_at__isnull=True),
                                    name="dealer_one_open_shift"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} {self.clocked_in_at:%H:%M}"


class DealerDown(models.Model):
    """The ledger: one down of one dealer at one table (dealers are paid per down)."""

    # Payroll outlives the event: a tournament or table deleted leaves its downs counted.
    dealer = models.ForeignKey(Dealer, on_delete=models.CASCADE, related_name="downs")
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, related_name="downs")
    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.SET_NULL, null=True,
                                   related_name="dealer_downs")
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["started_at", "id"]
        indexes = [models.Index(fields=["dealer", "started_at"])]

    def __str__(self) -> str:
        return f"{self.dealer} T{self.table_id} {self.started_at:%H:%M}"


class DealerBreak(models.Model):
    """The ledger: a break a dealer took."""

    dealer = models.ForeignKey(Dealer, on_delete=models.CASCADE, related_name="breaks")
    started_at = models.DateTimeField()
    until = models.DateTimeField()

    class Meta:
        ordering = ["started_at", "id"]

    def __str__(self) -> str:
        return f"{self.dealer} {self.started_at:%H:%M}-{self.until:%H:%M}"
