"""What the floor console posts, bounded before any service sees it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tables.domain.dealers import RULE_BOUNDS
from tournament.bounds import INTEGER_MAX, AmountField

# Bounds that fit the columns they end up in (PostgreSQL integer, seats 1..12).
MAX_TABLE_NUMBER = 99_999
MAX_SEAT = 12
MAX_BREAK_ORDER = 99_999
MANY_TABLES = 20


def _number(label: str, *, min_value: int, max_value: int, required: bool = True
            ) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, min_value=min_value, max_value=max_value, required=required,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class ExpectedSeatForm(forms.Form):
    """Where the screen showed the player: a move made since then makes the action stale."""

    expected_table = forms.IntegerField(min_value=1, max_value=MAX_TABLE_NUMBER, required=False,
                                     widget=forms.HiddenInput)
    expected_seat = forms.IntegerField(min_value=1, max_value=MAX_SEAT, required=False,
                                    widget=forms.HiddenInput)


class MoveDoneForm(forms.Form):
    """Where the screen showed the move going: a move changed since then is not confirmed."""

    expected_to_table = forms.IntegerField(min_value=1, max_value=MAX_TABLE_NUMBER,
                                           required=False, widget=forms.HiddenInput)
    expected_to_seat = forms.IntegerField(min_value=1, max_value=MAX_SEAT, required=False,
                                          widget=forms.HiddenInput)


class ButtonSeatForm(forms.Form):
    """The button seat tapped in the seat dialog (optional); the service checks it
    against the table's capacity."""

    button = forms.IntegerField(label=_("Button"), min_value=1, max_value=MAX_SEAT,
                                required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["button"].error_messages["invalid"] = _("The button seat must be a number.")


class BustForm(ExpectedSeatForm, ButtonSeatForm):
    busted_by = forms.IntegerField(label=_("Knocked out by"), min_value=1,
                                   max_value=INTEGER_MAX, required=False)
    chips_at_start = AmountField(label=_("Chips at the start of the hand (optional)"),
                                 required=False,
                                 widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    # The hand of the bust (issue 21): "" the usual (the hand in play in hand-for-hand, else
    # a hand of its own), "same" the hand of the bust before, "new" a later hand.
    hand = forms.ChoiceField(choices=[("", ""), ("same", "same"), ("new", "new")],
                             required=False)
    # The starting stacks of the others out at this table in this hand: ``stack_<entry id>``.
    STACK_PREFIX = "stack_"
    MAX_OTHERS = 12

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["chips_at_start"].error_messages["invalid"] = _(
            "Starting stack must be a whole number.")
        names = [k for k in (self.data or {}) if k.startswith(self.STACK_PREFIX)]
        for name in names[: self.MAX_OTHERS]:
            if name[len(self.STACK_PREFIX):].isdigit() and len(name) < 20:
                self.fields[name] = AmountField(label=_("Chips at the start of the hand"),
                                                required=False)

    def same_hand(self) -> bool | None:
        return {"same": True, "new": False}.get(self.cleaned_data.get("hand") or "")

    def hand_stacks(self) -> dict[int, int]:
        return {int(name[len(self.STACK_PREFIX):]): value
                for name, value in self.cleaned_data.items()
                if name.startswith(self.STACK_PREFIX) and value is not None}


class MoveEntryForm(ExpectedSeatForm, ButtonSeatForm):
    table = _number(_("Move to table"), min_value=1, max_value=MAX_TABLE_NUMBER)
    seat = _number(_("seat"), min_value=1, max_value=MAX_SEAT)


class ButtonForm(forms.Form):
    seat = _number(_("Button"), min_value=1, max_value=MAX_SEAT, required=False)
    # The count sheet taps the button too, and goes back to itself.
    back = forms.ChoiceField(choices=[("", ""), ("counts", "counts")], required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].error_messages["invalid"] = _("The button seat must be a number.")


class BreakOrderForm(forms.Form):
    break_order = _number(_("Break order"), min_value=-MAX_BREAK_ORDER, max_value=MAX_BREAK_ORDER)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["break_order"].error_messages["invalid"] = _(
            "The break order must be a number.")
        self.fields["break_order"].error_messages["required"] = _(
            "The break order must be a number.")


class TablesAddForm(forms.Form):
    count = _number(_("Add tables"), min_value=1, max_value=5000)
    capacity = _number(_("Seats"), min_value=2, max_value=MAX_SEAT, required=False)
    confirm_many = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["count"].error_messages["required"] = _("Say how many tables to add.")

    @property
    def needs_confirmation(self) -> bool:
        """More than 20 tables at once is more likely a slip than a plan."""
        return (self.is_valid() and self.cleaned_data["count"] > MANY_TABLES
                and not self.cleaned_data["confirm_many"])


class SeatMarkForm(forms.Form):
    """One seat tapped in the seat editor, and what it becomes (house rule 8 / TDA 2024 9);
    the service checks the seat against the table's capacity."""

    MARKS = [("blocked", _("Blocked")), ("accessible", _("Accessible")), ("normal", _("Normal"))]

    mark = forms.ChoiceField(label=_("Mark the seat"), choices=MARKS)
    seat = _number(_("Seat"), min_value=1, max_value=MAX_SEAT)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].error_messages["required"] = _("Tap a seat.")
        self.fields["seat"].error_messages["invalid"] = _("The seat must be a number.")
        self.fields["mark"].error_messages["required"] = _(
            "Mark a seat blocked, accessible or normal.")
        self.fields["mark"].error_messages["invalid_choice"] = _(
            "Mark a seat blocked, accessible or normal.")


class TableRemoveForm(forms.Form):
    """Removing a table is asked once more before it is done."""

    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


# --- Dealers ------------------------------------------------------------------------------

DEALER_GAMES = (("nlhe", _("No-limit hold'em")), ("plo", _("Pot-limit Omaha")),
                ("lhe", _("Limit hold'em")), ("mixed", _("Mixed games")))


class DealerForm(forms.Form):
    """A dealer joins the roster."""

    name = forms.CharField(label=_("Name"), max_length=80)
    name_zh = forms.CharField(label=_("Chinese name"), max_length=40, required=False)
    games = forms.MultipleChoiceField(label=_("Games dealt"), choices=DEALER_GAMES,
                                      initial=["nlhe"], widget=forms.CheckboxSelectMultiple)
    language = forms.ChoiceField(label=_("Language"), choices=(("en", "English"),
                                                               ("zh-hans", "简体中文")))
    phone = forms.CharField(label=_("Phone (optional)"), max_length=32, required=False)


class DealerPickForm(forms.Form):
    dealer = forms.IntegerField(min_value=1, max_value=2_147_483_647)


class DealerClockForm(DealerPickForm):
    action = forms.ChoiceField(choices=(("in", "in"), ("out", "out"), ("home", "home"),
                                        ("early", "early"), ("not_early", "not_early")))


class DealerSwapForm(DealerPickForm):
    table = forms.IntegerField(min_value=1, max_value=2_147_483_647)


def _rule(name: str, label: str) -> forms.IntegerField:
    low, high = RULE_BOUNDS[name]
    return _number(label, min_value=low, max_value=high)


class DealerRulesForm(forms.Form):
    """The director sets the venue's rotation rules (bounds: ``RULE_BOUNDS``)."""

    down_minutes = _rule("down_minutes", _("Down (minutes)"))
    min_downs = _rule("min_downs", _("Downs before a break, at least"))
    max_downs = _rule("max_downs", _("Downs before a break, at most"))
    break_minutes = _rule("break_minutes", _("Break (minutes)"))
    quiet_seconds = _rule("quiet_seconds", _("No push before a level change (seconds)"))

    def clean(self):
        cleaned = super().clean()
        low, high = cleaned.get("min_downs"), cleaned.get("max_downs")
        if low is not None and high is not None and high < low:
            self.add_error("max_downs", _("The most downs before a break cannot be fewer than "
                                          "the least."))
        return cleaned


class PushConfirmForm(forms.Form):
    """The push the board showed: a push changed since then is not confirmed."""

    expected_at = forms.DateTimeField()
