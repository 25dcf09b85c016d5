"""The betting round: the amount to call, the minimum raise, whether a seat may raise
(house rules 42, 43, 47, 49)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.rulebook.betting import round_state
from tournament.rulebook.betting_round import LIMITS
from tournament.rulebook.catalog import Text
from tournament.rulings.calculators.base import (
    ACTION_LABELS,
    TAP_KINDS,
    TAP_SEATS,
    Calculator,
    CalculatorInput,
    tap_actions,
)
from tournament.rulings.calculators.fields import (
    chips_field,
    parse_action_lines,
    seat_field,
)


class BettingForm(forms.Form):
    actions = forms.CharField(
        label=gettext_lazy("Actions in order, one per line"),
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "1 post 100\n2 post 200\n3 raise 600"}),
        help_text=gettext_lazy("Seat, action (post, check, call, bet, raise, allin, fold) and the seat's "
                    "total for the round, like “3 raise 600”."),
    )
    big_blind = chips_field(gettext_lazy("Big blind"), initial=200)
    small_blind = chips_field(gettext_lazy("Small blind"), required=False,
                         help_text=gettext_lazy("Leave empty for half the big blind; a dead small blind is "
                                     "“1 post 0”."))
    limit = forms.ChoiceField(
        label=gettext_lazy("Betting structure"),
        choices=[("no-limit", gettext_lazy("No-limit")), ("pot-limit", gettext_lazy("Pot-limit")),
                 ("limit", gettext_lazy("Fixed limit"))],
        initial="no-limit",
    )
    pot = chips_field(gettext_lazy("Pot before this round"), required=False,
                 help_text=gettext_lazy("Earlier rounds and antes; for the pot-limit maximum."))
    seat = seat_field(gettext_lazy("Seat to check"), required=False,
                 help_text=gettext_lazy("May this seat raise? Leave empty to skip."))

    def clean_actions(self) -> list[tuple[int, str, int | None]]:
        parsed = parse_action_lines(self.cleaned_data["actions"])
        if not parsed:
            raise forms.ValidationError(gettext_lazy("Enter at least one action."))
        return parsed

    def clean_limit(self) -> str:
        limit = self.cleaned_data["limit"]
        assert limit in LIMITS
        return limit


def _betting(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    state = round_state(data["actions"], big_blind=data["big_blind"], limit=data["limit"],
                        pot=data["pot"] or 0, small_blind=data.get("small_blind"))
    seats = sorted({seat for seat, _kind, _amount in data["actions"]})
    rows = [
        {"seat": s, "in": state.committed.get(s, 0), "to_call": state.to_call(s),
         "folded": s in state.folded, "all_in": s in state.all_in,
         "may_raise": state.reopened_for(s)}
        for s in seats
    ]
    seat = data["seat"]
    return {
        "state": state,
        "rows": rows,
        "lines": [(s, ACTION_LABELS[kind], amount) for s, kind, amount in data["actions"]],
        "seat": seat,
        "reopened": state.reopened_for(seat) if seat else None,
        "max_raise_to": state.max_raise_to(seat or 0) if state.limit != "no-limit" else None,
    }


def _answer_betting(result: dict) -> str:
    state = result["state"]
    parts = [_("To call %(bet)s; minimum raise to %(minimum)s")
             % {"bet": state.current_bet, "minimum": state.min_raise_to}]
    if result["max_raise_to"] is not None:
        parts.append(_("maximum raise to %(maximum)s") % {"maximum": result["max_raise_to"]})
    if result["seat"]:
        parts.append(
            (_("seat %(seat)s may raise") if result["reopened"]
             else _("seat %(seat)s may only call or fold")) % {"seat": result["seat"]}
        )
    return "; ".join(str(part) for part in parts) + "."


def _tap(zh: bool) -> dict[str, Any]:
    return {"mode": "betting", "seats": TAP_SEATS,
            "actions": tap_actions(TAP_KINDS, zh, with_amount=("post", "bet", "raise", "allin"))}


CALCULATOR = Calculator(
    slug="betting",
    name=Text("Betting round", "下注轮"),
    about=Text("Amount to call, minimum raise, and whether a seat may raise.",
               "跟注额、最小加注，以及某座位能否加注。"),
    rules=("42", "43", "47", "49"),
    form=BettingForm,
    compute=_betting,
    answer=_answer_betting,
    order=10,
    tap=_tap,
)
