"""Reading a wager: what the player said and pushed, a call, a raise or a bet, and how much."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.rulebook.betting import read_wager_in, round_state
from tournament.rulebook.catalog import Text
from tournament.rulebook.wager import read_wager
from tournament.rulings.calculators.base import (
    ACTION_LABELS,
    CHIP_DENOMINATIONS,
    TAP_KINDS,
    TAP_SEATS,
    Calculator,
    CalculatorInput,
    tap_actions,
)
from tournament.rulings.calculators.fields import (
    NumberListField,
    chips_field,
    parse_action_lines,
    seat_field,
)


class WagerForm(forms.Form):
    current_bet = chips_field(gettext_lazy("Bet to call (total for the round)"), initial=0, required=False,
                         help_text=gettext_lazy("0 when nobody has bet yet."))
    big_blind = chips_field(gettext_lazy("Big blind"), initial=200)
    said = forms.CharField(label=gettext_lazy("What the player said"), required=False, max_length=60,
                           help_text=gettext_lazy("Empty, call, raise, raise to 1200, 800, pot, all-in…"))
    chips = NumberListField(label=gettext_lazy("Chips pushed (denominations)"), required=False,
                            help_text=gettext_lazy("Each chip's value, like: 1000 500 500"))
    already_in = chips_field(gettext_lazy("Already in this round"), required=False,
                        help_text=gettext_lazy("A blind or an earlier call."))
    stack = chips_field(gettext_lazy("Stack behind before pushing"), required=False)
    raise_size = chips_field(gettext_lazy("Last full bet or raise"), required=False,
                        help_text=gettext_lazy("Leave empty when the bet faced is the opening bet."))
    opening_bet = chips_field(
        gettext_lazy("Opening bet, when only short all-ins topped it up"), required=False,
        help_text=gettext_lazy("For an undercall: the round's first bet when the bet to call is that bet "
                    "plus short all-ins."),
    )
    order = forms.ChoiceField(
        label=gettext_lazy("What came first"),
        choices=[("words", gettext_lazy("Words first, or together")), ("chips", gettext_lazy("Chips first"))],
        initial="words",
    )
    heads_up = forms.BooleanField(label=gettext_lazy("Heads-up"), required=False)
    facing_raise = forms.BooleanField(label=gettext_lazy("The bet faced is a raise (not the opening bet)"),
                                      required=False)
    wanted_change = forms.BooleanField(label=gettext_lazy("Pushed chips expecting change"), required=False)
    # The round so far (the tap panel's table diagram writes it): when given, the bet to
    # call, the chips already in, the last raise and the opening bet come from it.
    actions = forms.CharField(
        label=gettext_lazy("The round so far, one action per line"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "1 post 100\n2 post 200\n3 raise 600"}),
        help_text=gettext_lazy("Optional, as in the betting calculator; the bet to call, the chips already "
                    "in and the last raise then come from the round."),
    )
    seat = seat_field(gettext_lazy("Seat of the player in dispute"), required=False,
                 help_text=gettext_lazy("Needed with the round so far."))
    limit = forms.ChoiceField(
        label=gettext_lazy("Betting structure"),
        choices=[("no-limit", gettext_lazy("No-limit")), ("pot-limit", gettext_lazy("Pot-limit")),
                 ("limit", gettext_lazy("Fixed limit"))],
        initial="no-limit", required=False,
    )

    def clean_actions(self) -> list[tuple[int, str, int | None]]:
        return parse_action_lines(self.cleaned_data["actions"])

    def clean_limit(self) -> str:
        return self.cleaned_data["limit"] or "no-limit"

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("actions"):
            seat = data.get("seat")
            if seat is None:
                self.add_error("seat", gettext_lazy("Give the seat of the player in dispute."))
            elif any(s == seat and kind == "fold" for s, kind, _amount in data["actions"]):
                self.add_error("seat", gettext_lazy("Seat %(seat)s has folded in the round so far.")
                               % {"seat": seat})
        elif data.get("current_bet") is None:
            self.add_error("current_bet", gettext_lazy("Give the bet to call, or the round so far."))
        return data


def _wager(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    if data.get("actions"):
        return _wager_in_round(data)
    reading = read_wager(
        current_bet=data["current_bet"], big_blind=data["big_blind"], said=data["said"] or None,
        chips=data["chips"], already_in=data["already_in"] or 0, stack=data["stack"],
        raise_size=data["raise_size"] or None, spoke_first=data["order"] == "words",
        heads_up=data["heads_up"],
        facing_opening_bet=not data["facing_raise"] and not data.get("opening_bet"),
        wanted_change=data["wanted_change"], opening_bet=data.get("opening_bet") or None,
    )
    return {"reading": reading, "action": ACTION_LABELS.get(reading.action, reading.action)}


def _wager_in_round(data: dict) -> dict:
    """The wager of the seat in dispute, the bet facts read from the round so far."""
    state = round_state(data["actions"], big_blind=data["big_blind"], limit=data["limit"])
    seat = data["seat"]
    facts: dict[str, Any] = {}
    if data["heads_up"]:
        facts["heads_up"] = True
    if data["facing_raise"]:
        facts["facing_opening_bet"] = False
    reading = read_wager_in(
        state, seat, said=data["said"] or None, chips=data["chips"], stack=data["stack"],
        spoke_first=data["order"] == "words", wanted_change=data["wanted_change"], **facts,
    )
    return {
        "reading": reading,
        "action": ACTION_LABELS.get(reading.action, reading.action),
        "round": {"seat": seat, "current_bet": state.current_bet,
                  "already_in": state.committed.get(seat, 0), "raise_size": state.full_raise},
    }


def _answer_wager(result: dict) -> str:
    reading = result["reading"]
    text = _("%(action)s, total %(total)s (house rule %(rule)s).") % {
        "action": result["action"], "total": reading.total, "rule": reading.rule}
    if reading.all_in:
        text = _("%(action)s all-in, total %(total)s (house rule %(rule)s).") % {
            "action": result["action"], "total": reading.total, "rule": reading.rule}
    if reading.discretion:
        text += " " + _("Floor's decision.")
    return text


def _tap(zh: bool) -> dict[str, Any]:
    # The round so far on the table diagram (as in the betting calculator), then the
    # seat in dispute, its chips and its words.
    return {
        "mode": "wager",
        "seats": TAP_SEATS,
        "fields": [("stack", gettext_lazy("Stack")), ("big_blind", gettext_lazy("Big blind"))],
        "chips": CHIP_DENOMINATIONS,
        "actions": tap_actions(TAP_KINDS, zh, with_amount=("post", "bet", "raise", "allin"))
        + [{"key": "dispute", "label": gettext_lazy("In dispute"), "word": "", "amount": False}],
        "said": tap_actions(("call", "check", "fold", "raise", "bet", "allin"), zh,
                            with_amount=("raise", "bet")),
    }


def _cite(result: dict) -> str:
    """The rule the reading applied."""
    return result["reading"].rule


CALCULATOR = Calculator(
    slug="wager",
    name=Text("Reading a wager", "判定下注"),
    about=Text("What the player said and pushed: call, raise or bet, and how much.",
               "根据选手的宣告和推出的筹码：判定跟注、加注或下注，以及金额。"),
    rules=("36", "38", "40", "41", "42", "44", "45", "55"),
    form=WagerForm,
    compute=_wager,
    answer=_answer_wager,
    order=20,
    tap=_tap,
    cite=_cite,
)
