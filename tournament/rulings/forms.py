"""Forms of the rulings helper: rulebook search and the rulings log (each calculator's
form is in its own module, ``tournament.rulings.calculators``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament
from tournament.rulings.calculators.fields import words
from tournament.services.rulings import DECISION_MAX, FACTS_MAX


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search the rulebook"), required=False, max_length=200)


# --- Rulings log ----------------------------------------------------------------


class RulingFilterForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100)
    rule = forms.CharField(label=_("Rule"), required=False, max_length=12)
    table = forms.IntegerField(label=_("Table"), required=False, min_value=0, max_value=10**6)
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), required=False, queryset=Tournament.objects.order_by("-id"),
        empty_label=_("All"),
    )


class RulingForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), required=False, queryset=Tournament.objects.order_by("-id"),
        empty_label=_("None"),
    )
    table_number = forms.IntegerField(label=_("Table"), required=False, min_value=1,
                                      max_value=10**6)
    seats = forms.CharField(label=_("Seats"), required=False, max_length=60)
    rules = forms.CharField(label=_("Rules cited"), required=False, max_length=100,
                            help_text=_("Rule numbers, like: 38 42 9-C"))
    facts = forms.CharField(label=_("Facts"), max_length=FACTS_MAX,
                            widget=forms.Textarea(attrs={"rows": 3}))
    decision = forms.CharField(label=_("Decision"), max_length=DECISION_MAX,
                               widget=forms.Textarea(attrs={"rows": 2}))
    penalty = forms.CharField(label=_("Penalty"), required=False, max_length=200)
    # Set by "Log a ruling with this answer" on a calculator page; re-checked on save.
    calculator = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    calculator_query = forms.CharField(required=False, max_length=1000,
                                       widget=forms.HiddenInput)

    def clean_rules(self) -> list[str]:
        return words(self.cleaned_data["rules"])


class TeachPhraseForm(forms.Form):
    """A director attaches a phrase (usually a search that found nothing useful) to a rule."""

    phrase = forms.CharField(label=_("Phrase"), max_length=200)
    rule = forms.CharField(label=_("Rule"), max_length=12)
