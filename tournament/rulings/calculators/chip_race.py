"""The chip race: colouring up, the exchanges, the race deal, nobody raced out (house rule 22)."""

from __future__ import annotations

import random
import secrets

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from tournament.rulebook.catalog import Text
from tournament.rulebook.chiprace import chip_race
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
)
from tournament.rulings.calculators.fields import (
    SeatAmountsField,
    SeatListField,
)


class ChipRaceForm(forms.Form):
    removed = SeatAmountsField(
        label=gettext_lazy("Chips removed, per seat"),
        help_text=gettext_lazy("Number of chips of the removed denomination, like “3 7”."),
    )
    old_denomination = forms.IntegerField(label=gettext_lazy("Denomination removed"), min_value=1,
                                          initial=25, max_value=10**9)
    new_denomination = forms.IntegerField(label=gettext_lazy("New lowest denomination"), min_value=1,
                                          initial=100, max_value=10**9)
    busted_seats = SeatListField(
        label=gettext_lazy("Seats with no other chips"), required=False,
        help_text=gettext_lazy("These players may not be raced out (house rule 22-A)."),
    )
    seed = forms.IntegerField(label=gettext_lazy("Deal number"), required=False, min_value=0,
                              max_value=2**31, help_text=gettext_lazy("Leave empty for a fresh shuffle."))


def _chip_race(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    seed = data["seed"] if data["seed"] is not None else secrets.randbelow(2**31)
    removed = data["removed"]
    remaining = None
    if data["busted_seats"]:
        remaining = {seat: 0 if seat in data["busted_seats"] else 1 for seat in removed}
    race = chip_race(removed, old_denomination=data["old_denomination"],
                     new_denomination=data["new_denomination"], rng=random.Random(seed),
                     remaining=remaining)
    replay = request.GET.copy()
    replay["seed"] = str(seed)
    return {"race": race, "seed": seed, "replay_query": replay.urlencode(),
            "explanation": race.explanation()}


def _answer_chip_race(result: dict) -> str:
    return result["explanation"]


CALCULATOR = Calculator(
    slug="chip-race",
    name=Text("Chip race", "比筹码"),
    about=Text("Colour up: exchanges, the race deal, nobody raced out.",
               "筹码升级：兑换、比筹码发牌，不让任何人被比出局。"),
    rules=("22",),
    form=ChipRaceForm,
    compute=_chip_race,
    answer=_answer_chip_race,
    order=60,
)
