"""Forms of the festival pages: a table's counts, bags, colour-ups, end of day, events."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.bounds import AmountField, refuse_control_characters
from tournament.models import Event
from tournament.services.counts import BAG_LENGTH


class ChipsField(AmountField):
    """A stack: a whole number of chips, up to AMOUNT_MAX."""

    def __init__(self, *, minimum: int = 1, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", minimum)
        kwargs.setdefault("error_messages", {
            "invalid": _("Enter the chips as a whole number."),
            "min_value": _("A count is at least %(limit_value)s."),
        })
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off"})


class TableCountsForm(forms.Form):
    """One number input per occupied seat, prefilled with the last count; bags at day's end."""

    def __init__(self, *args: Any, sheet: list[dict[str, Any]], bagging: bool, **kwargs: Any):
        # Fresh ids per render: htmx settles attributes between elements of equal id,
        # and a strict Content-Security-Policy refuses the inline style that moves.
        kwargs.setdefault("auto_id", f"c{secrets.token_hex(3)}_%s")
        super().__init__(*args, **kwargs)
        self.rows = []
        for row in sheet:
            entry = row["entry"]
            if entry is None:
                continue
            count = row["count"] or {}
            chips = ChipsField(required=False, label=entry.player.name,
                               initial=count.get("chips"))
            chips.widget.attrs["data-seat"] = row["seat"]
            self.fields[f"chips_{entry.pk}"] = chips
            if bagging:
                bag = forms.CharField(required=False, max_length=BAG_LENGTH, label=_("Bag"),
                                      initial=count.get("bag", ""),
                                      validators=[refuse_control_characters])
                bag.widget.attrs.update({"size": 6, "autocomplete": "off"})
                self.fields[f"bag_{entry.pk}"] = bag
            self.rows.append({"seat": row["seat"], "entry": entry,
                              "chips": self[f"chips_{entry.pk}"],
                              "bag": self[f"bag_{entry.pk}"] if bagging else None,
                              "count": row["count"]})

    def counts(self) -> dict[int, int | None]:
        return {row["entry"].pk: self.cleaned_data.get(f"chips_{row['entry'].pk}")
                for row in self.rows}

    def bags(self) -> dict[int, str]:
        return {row["entry"].pk: self.cleaned_data.get(f"bag_{row['entry'].pk}", "")
                for row in self.rows if row["bag"] is not None}


class ChipRemovalForm(forms.Form):
    chips = ChipsField(label=_("Chips removed at the colour-up"))
    note = forms.CharField(label=_("Note"), max_length=200, required=False,
                           validators=[refuse_control_characters])


class ToleranceForm(forms.Form):
    tolerance = ChipsField(minimum=0, label=_("Count tolerance (chips)"))


class DayEndForm(forms.Form):
    when = forms.ChoiceField(choices=[("now", _("Now")),
                                      ("level", _("At the end of this level"))])


class BagCorrectionForm(forms.Form):
    number = forms.IntegerField(label=_("Entry number"), min_value=1, max_value=2_147_483_647)
    chips = ChipsField(label=_("Chips"))
    bag = forms.CharField(label=_("Bag"), max_length=BAG_LENGTH,
                          validators=[refuse_control_characters])
    reason = forms.CharField(label=_("Reason"), max_length=200,
                             validators=[refuse_control_characters])


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["name", "advance_rule", "day2_late_registration"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].validators.append(refuse_control_characters)


class FlightAddForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Tournament"), coerce=int, choices=())

    def __init__(self, *args: Any, tournaments=(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = [(t.pk, t.name) for t in tournaments]


class Day2Form(forms.Form):
    flights = forms.TypedMultipleChoiceField(label=_("Flights"), coerce=int, choices=(),
                                             widget=forms.CheckboxSelectMultiple)
    name = forms.CharField(label=_("Name"), max_length=120, required=False,
                           validators=[refuse_control_characters])

    def __init__(self, *args: Any, flights=(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["flights"].choices = [(t.pk, t.name) for t in flights]
        self.fields["flights"].initial = [t.pk for t in flights]


class SearchForm(forms.Form):
    """A name to look for, or a new flight's name."""

    name = forms.CharField(max_length=60, required=False, validators=[refuse_control_characters])
