"""Penalties: missed hands, a running timer, the player's history in the rulings log
(house rule 65)."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Ruling
from tournament.permissions import STAFF, has_role
from tournament.rulebook import penalties
from tournament.rulebook.catalog import Text
from tournament.rulings.calculators.base import (
    Calculator,
    CalculatorInput,
)


class PenaltyForm(forms.Form):
    players_at_table = forms.IntegerField(label=gettext_lazy("Players at the table (offender included)"),
                                          initial=9, min_value=-99, max_value=99)
    offence_number = forms.IntegerField(
        label=gettext_lazy("Offence number"), required=False, min_value=-99, max_value=99,
        help_text=gettext_lazy("1 for a first offence. Staff: leave empty to count from the rulings log."),
    )
    player = forms.CharField(
        label=gettext_lazy("Player"), required=False, max_length=80,
        help_text=gettext_lazy("Name or seat as written in the rulings log, for the player's history."),
    )


PENALTY_STEPS = {
    "verbal warning": gettext_lazy("verbal warning"),
    "one-round penalty": gettext_lazy("one-round penalty"),
    "two-round penalty": gettext_lazy("two-round penalty"),
    "three-round penalty": gettext_lazy("three-round penalty"),
    "disqualification": gettext_lazy("disqualification"),
}


def _penalty(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    history = None
    player = data["player"].strip()
    if player and has_role(request.user, *STAFF):
        history = list(
            Ruling.objects.exclude(penalty="")
            .filter(Q(facts__icontains=player) | Q(seats__iexact=player)
                    | Q(decision__icontains=player) | Q(penalty__icontains=player))
            .select_related("tournament")[:20]
        )
    offence = data["offence_number"]
    counted = offence is None
    if counted:
        offence = len(history or ()) + 1
    result = penalties.penalty(offence_number=offence, players_at_table=data["players_at_table"])
    return {
        "penalty": result, "offence": offence, "counted": counted, "history": history,
        "player": player, "step": PENALTY_STEPS.get(result.step.name, result.step.name),
        "minutes": round(result.seconds / 60),
    }


def _answer_penalty(result: dict) -> str:
    return _("%(step)s: %(hands)s hands missed (offence %(offence)s).") % {
        "step": result["step"], "hands": result["penalty"].hands, "offence": result["offence"]}


CALCULATOR = Calculator(
    slug="penalty",
    name=Text("Penalty", "处罚"),
    about=Text("Missed hands, a running timer, the player's history.",
               "停赛手数、处罚计时、选手违规记录。"),
    rules=("65",),
    form=PenaltyForm,
    compute=_penalty,
    answer=_answer_penalty,
    order=80,
)
