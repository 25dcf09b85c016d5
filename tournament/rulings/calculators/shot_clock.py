"""The shot clock: a clock call's seconds and final countdown in each edition (house rule 26)."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.rulebook.catalog import Text
from tournament.rulebook.editions import EDITIONS
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
    reader_language,
)


class ShotClockForm(forms.Form):
    edition = forms.ChoiceField(
        label=gettext_lazy("Rulebook edition"),
        choices=[(key, key) for key in EDITIONS],
        initial="house",
    )

    def __init__(self, *args, lang: str | None = None, **kwargs):
        """The editions named in ``lang``, by default the reader's."""
        super().__init__(*args, **kwargs)
        lang = lang or reader_language()
        self.fields["edition"].choices = [
            (key, edition.label_for(lang)) for key, edition in EDITIONS.items()
        ]


def _shot_clock(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    edition = EDITIONS[data.get("edition") or "house"]
    return {"edition": edition, "edition_label": edition.label_for(reader_language())}


def _answer_shot_clock(result: dict) -> str:
    edition = result["edition"]
    return _("%(edition)s: %(seconds)s seconds, then a %(countdown)s-second countdown.") % {
        "edition": result["edition_label"], "seconds": edition.clock_seconds,
        "countdown": edition.clock_countdown_seconds}


CALCULATOR = Calculator(
    slug="shot-clock",
    name=Text("Shot clock", "计时"),
    about=Text("A clock call: the edition's seconds and final countdown.",
               "叫时间：该版本的秒数和最后倒计时。"),
    rules=("26",),
    form=ShotClockForm,
    compute=_shot_clock,
    answer=_answer_shot_clock,
    order=70,
    answers_unbound=True,
)
