"""Misdeal: is it one, or has substantial action happened (house rules 33, 34)."""

from __future__ import annotations

import re

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from tournament.rulebook import misdeal
from tournament.rulebook.betting_round import action_kind
from tournament.rulebook.catalog import Text
from tournament.rulebook.misdeal import ACTION_KINDS
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
)
from tournament.rulings.calculators.fields import (
    action_parts,
    words,
)


class MisdealForm(forms.Form):
    boxed_cards = forms.IntegerField(label=gettext_lazy("Boxed cards found on the first deal"), initial=0,
                                     min_value=-99, max_value=52)
    first_card_wrong_seat = forms.BooleanField(label=gettext_lazy("First card to the wrong seat"),
                                               required=False)
    dealt_to_ineligible_seat = forms.BooleanField(
        label=gettext_lazy("Cards dealt to a seat not entitled to a hand"), required=False)
    eligible_seat_skipped = forms.BooleanField(label=gettext_lazy("A seat entitled to a hand was dealt out"),
                                               required=False)
    button_misplaced = forms.BooleanField(label=gettext_lazy("Button in the wrong place"), required=False)
    two_cards_to_button = forms.BooleanField(label=gettext_lazy("The button got two cards in a row"),
                                             required=False)
    exposed_positions = forms.CharField(
        label=gettext_lazy("Exposed down cards (deal positions)"), required=False, max_length=60,
        help_text=gettext_lazy("1 is the first card off the deck; like: 1 or 5 9"),
    )
    actions = forms.CharField(
        label=gettext_lazy("Actions taken since the deal"), required=False, max_length=200,
        help_text=gettext_lazy("In order, like: fold call raise (blinds and antes do not count)"),
    )

    def clean_exposed_positions(self) -> list[int]:
        given = words(self.cleaned_data["exposed_positions"])
        if not all(re.fullmatch(r"-?\d+", w) for w in given):
            raise forms.ValidationError(gettext_lazy("Enter deal positions as whole numbers, like: 5 9"))
        return [int(w) for w in given]

    def clean_actions(self) -> list[str]:
        words = [action_kind(w) or w.lower() for w in action_parts(self.cleaned_data["actions"])]
        for word in words:
            if word not in ACTION_KINDS:
                raise forms.ValidationError(
                    gettext_lazy("“%(word)s” is not an action; use check, bet, raise, call, fold or allin."),
                    params={"word": word},
                )
        return words


def _misdeal(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    return {"ruling": misdeal.misdeal(**data)}


def _answer_misdeal(result: dict) -> str:
    return result["ruling"].explanation


CALCULATOR = Calculator(
    slug="misdeal",
    name=Text("Misdeal", "误发牌"),
    about=Text("Is it a misdeal, or has substantial action happened?",
               "是否误发牌，或是否已发生实质性行动？"),
    rules=("33", "34"),
    form=MisdealForm,
    compute=_misdeal,
    answer=_answer_misdeal,
    order=50,
)
