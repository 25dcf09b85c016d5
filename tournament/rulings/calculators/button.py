"""The button and blinds of the next hand after busts and moves (house rules 30, 32)."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.rulebook.button import next_hand
from tournament.rulebook.catalog import Text
from tournament.rulebook.errors import RulingInputError
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
)
from tournament.rulings.calculators.fields import (
    SeatListField,
    seat_field,
)


class ButtonForm(forms.Form):
    occupied = SeatListField(label=gettext_lazy("Seats with a player for the next hand"))
    button = seat_field(gettext_lazy("Button of the hand just played"))
    previous_big_blind = seat_field(gettext_lazy("Big blind of the hand just played"), required=False,
                               help_text=gettext_lazy("Needed when a player has left since."))
    previous_small_blind = seat_field(gettext_lazy("Small blind of the hand just played"), required=False)
    capacity = forms.IntegerField(label=gettext_lazy("Seats at the table"), required=False, min_value=2,
                                  max_value=99)


def _button(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    occupied = data["occupied"]
    if len(occupied) < 2:
        raise RulingInputError(_("A hand needs at least two players."))
    capacity = data["capacity"]
    mentioned = [*occupied, data["button"], data["previous_big_blind"] or 0,
                 data["previous_small_blind"] or 0]
    if capacity is not None and max(mentioned) > capacity:
        raise RulingInputError(_("Seat %(seat)s is beyond the table's %(capacity)s seats.")
                               % {"seat": max(mentioned), "capacity": capacity})
    try:
        positions = next_hand(occupied, button=data["button"],
                              previous_big_blind=data["previous_big_blind"],
                              previous_small_blind=data["previous_small_blind"],
                              capacity=capacity)
    except ValueError as error:
        raise RulingInputError(str(error)) from error
    return {"positions": positions}


def _answer_button(result: dict) -> str:
    positions = result["positions"]
    return _("Button %(button)s, small blind %(small)s, big blind %(big)s.") % {
        "button": positions.button, "small": positions.small_blind, "big": positions.big_blind}


CALCULATOR = Calculator(
    slug="button",
    name=Text("Button and blinds", "庄位和盲注"),
    about=Text("Next hand's button and blinds after busts and moves.",
               "淘汰和换桌后，下一手的庄位和盲注。"),
    rules=("30", "32"),
    form=ButtonForm,
    compute=_button,
    answer=_answer_button,
    order=90,
)
