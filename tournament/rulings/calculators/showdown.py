"""Showdown order: who shows first, and when every hand is tabled (house rules 14-16)."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from tournament.rulebook import showdown
from tournament.rulebook.catalog import Text
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
)
from tournament.rulings.calculators.fields import (
    SeatListField,
    seat_field,
)


class ShowdownForm(forms.Form):
    in_hand = SeatListField(label=gettext_lazy("Seats still in the hand"))
    button = seat_field(gettext_lazy("Button seat"))
    last_aggressor = seat_field(gettext_lazy("Last to bet or raise on the final round"), required=False,
                           help_text=gettext_lazy("Leave empty if the river was checked through."))
    all_in = SeatListField(label=gettext_lazy("Seats all-in"), required=False)


def _showdown(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    return {"order": showdown.showdown_order(
        data["in_hand"], button=data["button"], last_aggressor=data["last_aggressor"],
        all_in=data["all_in"])}


def _answer_showdown(result: dict) -> str:
    return result["order"].explanation


CALCULATOR = Calculator(
    slug="showdown",
    name=Text("Showdown order", "摊牌顺序"),
    about=Text("Who shows first, and when every hand is tabled.",
               "谁先亮牌，以及何时所有手牌都要亮开。"),
    rules=("14", "15", "16"),
    form=ShowdownForm,
    compute=_showdown,
    answer=_answer_showdown,
    order=40,
)
