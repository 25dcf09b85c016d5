"""Forms for deals, the cashier, webhooks and leagues."""

from __future__ import annotations

from datetime import date, timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.bounds import AmountField, refuse_control_characters
from tournament.models import Deal, League, Payment, Tournament, WebhookEndpoint


class DealForm(forms.Form):
    """Stacks of the players still in, the method and rounding; amounts once worked out."""

    method = forms.ChoiceField(label=_("Method"), choices=Deal.Method.choices, initial="icm")
    unit = AmountField(label=_("Round to"), min_value=1, initial=1)
    keep = AmountField(
        label=_("Left to play for"), min_value=0, initial=0,
        help_text=_("Taken from first place's prize; the winner collects it on top of their "
                    "share."))

    accept_chip_difference = forms.BooleanField(
        label=_("Record with the chip difference shown"), required=False)

    def __init__(self, *args, players=(), with_amounts: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        for entry in self.players:
            self.fields[f"stack_{entry.pk}"] = AmountField(
                label=entry.player.name, min_value=1,
                initial=entry.chips or None,
                error_messages={"required": _("Enter this player's chips.")})
            self.fields[f"amount_{entry.pk}"] = AmountField(
                label=entry.player.name, min_value=0,
                required=with_amounts)

    def rows(self):
        return [(entry, self[f"stack_{entry.pk}"], self[f"amount_{entry.pk}"])
                for entry in self.players]

    def stacks(self) -> dict[int, int]:
        return {e.pk: self.cleaned_data[f"stack_{e.pk}"] for e in self.players}

    def amounts(self) -> dict[int, int | None]:
        return {e.pk: self.cleaned_data.get(f"amount_{e.pk}") for e in self.players}


class PayForm(forms.Form):
    method = forms.ChoiceField(label=_("Paid by"), choices=Payment.Method.choices,
                               initial=Payment.Method.CASH)


class WebhookForm(forms.Form):
    url = forms.URLField(label=_("Address"), max_length=500, assume_scheme="https",
                         validators=[refuse_control_characters])
    events = forms.MultipleChoiceField(
        label=_("Events"), widget=forms.CheckboxSelectMultiple,
        choices=WebhookEndpoint.Event.choices,
        initial=[choice for choice, _label in WebhookEndpoint.Event.choices])


class _TournamentsField(forms.ModelMultipleChoiceField):
    """Tournament ids that cannot be a key (beyond 64 bits) are refused before any query
    (SQLite raises on them)."""

    def _check_values(self, value):
        for pk in value or ():
            if str(pk).strip().lstrip("-").isdigit() and abs(int(str(pk)[:30])) >= 2**63:
                raise forms.ValidationError(self.error_messages["invalid_pk_value"],
                                            code="invalid_pk_value", params={"pk": pk})
        return super()._check_values(value)


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120,
                           validators=[refuse_control_characters])
    scoring = forms.ChoiceField(label=_("Points"), choices=League.Scoring.choices,
                                widget=forms.RadioSelect, initial=League.Scoring.TABLE)
    points_table = forms.CharField(
        label=_("Points by place"), required=False, max_length=3000,
        help_text=_("1st place first, separated by spaces, like: 100 70 50 35 25"))
    multiplier = forms.IntegerField(label=_("Formula multiplier"), min_value=0,
                                    max_value=10_000, initial=10)
    tournaments = _TournamentsField(
        label=_("Tournaments"), queryset=Tournament.objects.all(), required=False,
        widget=forms.CheckboxSelectMultiple)
    preview_entries = forms.IntegerField(label=_("Example field"), min_value=1,
                                         max_value=100_000, initial=50, required=False)
    preview_buy_in = AmountField(label=_("Example buy-in"), initial=100, required=False)

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Enter a name."))
        return name

    def clean_points_table(self):
        text = self.cleaned_data["points_table"].replace(",", " ").split()
        try:
            values = [int(v) for v in text]
        except ValueError as exc:
            raise forms.ValidationError(
                _("Enter whole numbers separated by spaces, like: 100 70 50")) from exc
        if any(v < 0 or v > 10**9 for v in values):
            raise forms.ValidationError(_("Points must be between 0 and 1000000000."))
        return values

    def clean(self):
        data = super().clean()
        if data.get("scoring") == League.Scoring.TABLE and "points_table" in data \
                and not data["points_table"]:
            self.add_error("points_table", _("Enter at least the points of 1st place."))
        return data


class CountriesForm(forms.Form):
    """The country of each placed player, for the results export (one field a player)."""

    def __init__(self, *args, players=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for pk in players:
            self.fields[f"country_{pk}"] = forms.CharField(
                max_length=60, required=False, error_messages={
                    "max_length": _("A country has at most %(limit_value)s characters."),
                    "null_characters_not_allowed": _(
                        "A country cannot contain control characters.")})

    def countries(self) -> dict[int, str]:
        """What was posted, by player id (a field not posted is left as it is)."""
        return {int(name.removeprefix("country_")): value
                for name, value in self.cleaned_data.items() if name in self.data}


class CashDayForm(forms.Form):
    """The day of a daily cash report: a real date from 2000 to a year ahead."""

    FIRST = date(2000, 1, 1)

    day = forms.DateField(label=_("Day"), input_formats=["%Y-%m-%d"],
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                          error_messages={"required": _("Pick a day."),
                                          "invalid": _("Enter a real date (year-month-day).")})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.last = timezone.localdate() + timedelta(days=366)
        self.fields["day"].widget.attrs.update(min=self.FIRST.isoformat(),
                                               max=self.last.isoformat())

    def clean_day(self) -> date:
        day = self.cleaned_data["day"]
        if not self.FIRST <= day <= self.last:
            raise forms.ValidationError(
                _("Pick a day from %(first)s to %(last)s."),
                params={"first": self.FIRST.isoformat(), "last": self.last.isoformat()})
        return day
