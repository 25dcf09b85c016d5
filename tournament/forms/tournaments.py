"""Forms: validation of what staff type, before any service is called."""

from __future__ import annotations

import math
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.bounds import (
    SMALLINT_MAX,
    AmountField,
    refuse_control_characters,
)
from tournament.domain import structures as structure_domain
from tournament.models import Level, Structure, Tournament
from tournament.services.structures import template_display_name
from tournament.services.tournaments import EDITABLE_FIELDS, EVENT_WIDE


def parse_numbers(text: str) -> list[int]:
    """'25 100, 500' → [25, 100, 500]; raises ValueError on anything else (including numbers
    beyond 64 bits, and more than 100 of them)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) > 100 or any(not p.isascii() or not p.isdigit() or len(p) > 19 for p in parts):
        raise ValueError
    numbers = [int(p) for p in parts]
    if any(n <= 0 or n > structure_domain.MAX_AMOUNT for n in numbers):
        raise ValueError
    return numbers


class NumberListField(forms.CharField):
    default_error_messages = {
        "invalid": _("Enter positive whole numbers separated by spaces, like: 25 100 500 1000"),
    }

    def to_python(self, value):
        value = super().to_python(value)
        if isinstance(value, list):
            return value
        try:
            return sorted(set(parse_numbers(value or "")))
        except ValueError as exc:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return " ".join(str(v) for v in value)
        return value


class PercentListField(forms.CharField):
    default_error_messages = {
        "invalid": _("Enter percentages separated by spaces, like: 50 30 20 (they must add up to 100)."),
    }

    def to_python(self, value):
        value = super().to_python(value)
        if isinstance(value, list):
            return value
        text = (value or "").replace(",", " ").split()
        try:
            if len(text) > 1000 or any(len(p) > 12 for p in text):
                raise ValueError
            numbers = [float(p) for p in text]
        except ValueError as exc:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
        # NaN and inf are refused here: NaN compares false to everything, and neither is JSON.
        if numbers and (any(not math.isfinite(n) or not 0 <= n <= 100 for n in numbers)
                        or abs(sum(numbers) - 100) > 0.01):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return numbers

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return " ".join(f"{v:g}" for v in value)
        return value


# The range of every whole-number setting: what its PostgreSQL column holds (smallint),
# narrower where the game says so. Not the model's own checks, which depend on the
# database (SQLite has none).
SETTING_RANGES = {
    "seats_per_table": (2, 12),
    "re_entry_limit": (0, SMALLINT_MAX),
    "late_reg_end_level": (0, SMALLINT_MAX),
    "balance_tight_at_tables": (0, SMALLINT_MAX),
    "hand_for_hand_at": (0, 10_000),
    "entry_cap": (1, 100_000),
    "line_call_minutes": (1, 60),
}
# Money and chips (bigint columns): 0 (or the minimum here) to AMOUNT_MAX.
AMOUNT_SETTINGS = {
    "buy_in": 0, "fee": 0, "rebuy_amount": 0, "rebuy_chips": 0, "addon_amount": 0,
    "addon_chips": 0, "bounty": 0, "guarantee": 0, "payout_unit": 1,
}


def _bounded_formfield(model_field, **kwargs):
    if model_field.name in AMOUNT_SETTINGS:
        kwargs["min_value"] = AMOUNT_SETTINGS[model_field.name]
        return model_field.formfield(form_class=AmountField, **kwargs)
    if model_field.name in SETTING_RANGES:
        kwargs["min_value"], kwargs["max_value"] = SETTING_RANGES[model_field.name]
    if model_field.name == "name":
        kwargs["validators"] = [refuse_control_characters]
    return model_field.formfield(**kwargs)


# The settings a director sets for every tournament; the New tournament form shows them
# first and keeps the rest behind one tap.
EVERY_TIME = ("name", "template", "buy_in", "starting_stack", "scheduled_start", "tables")


class TournamentForm(forms.ModelForm):
    chip_set = NumberListField(label=_("Chip denominations"), required=False)
    payout_percentages = PercentListField(
        label=_("Payout percentages"), required=False,
        # xgettext:no-python-format
        help_text=_("Leave empty for the standard curve (about 15% of the field paid)."),
    )
    final_table_size = forms.IntegerField(
        label=_("Final table size"), required=False, min_value=2, max_value=12,
        help_text=_("Leave empty for the rulebook edition's default."),
    )

    starting_stack = AmountField(label=_("Starting stack"), min_value=1, initial=20000)
    scheduled_start = forms.DateTimeField(
        label=_("Scheduled start"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text=_("The TV counts down to it until the clock starts."),
    )

    button_fresh_minutes = forms.IntegerField(
        label=_("a button counts as known for (minutes)"), min_value=1, max_value=1440,
        initial=30, required=False,
        help_text=_("A button seat set longer ago than this counts as unknown for balancing."),
    )

    line_call_minutes = forms.IntegerField(
        label=_("minutes a called alternate has to pay"), min_value=1, max_value=60,
        initial=5, required=False,
        help_text=_("A called player who has not paid at the desk by then is passed over."),
    )
    reservation_hold_hours = forms.IntegerField(
        label=_("a reservation holds for (hours)"), min_value=0, max_value=720, initial=0,
        required=False, help_text=_("0: until late registration closes."),
    )

    class Meta:
        model = Tournament
        fields = list(EDITABLE_FIELDS)
        formfield_callback = _bounded_formfield

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.event_id:  # a festival flight or Day 2: one pool for the event
            shared = _("Shared by every flight of the event and Day 2: a change here "
                       "changes them all.")
            for name in EVENT_WIDE:
                field = self.fields[name]
                field.help_text = f"{field.help_text} {shared}".strip()

    def every_time_fields(self) -> list[forms.BoundField]:
        """What a director sets for every tournament, shown first."""
        return [self[name] for name in EVERY_TIME if name in self.fields]

    def more_fields(self) -> list[forms.BoundField]:
        """The other settings, one tap away (their defaults make a sound tournament)."""
        return [self[name] for name in self.fields if name not in EVERY_TIME]

    def more_open(self) -> bool:
        """Show the other settings open when one of them (or the whole form) was refused."""
        return bool(self.non_field_errors()) or any(field.errors for field in self.more_fields())

    def clean(self):
        data = super().clean()
        if data.get("rebuy_allowed") and not data.get("rebuy_chips"):
            self.add_error("rebuy_chips", _("Say how many chips a rebuy gives."))
        if data.get("addon_allowed") and not data.get("addon_chips"):
            self.add_error("addon_chips", _("Say how many chips an add-on gives."))
        return data


class TemplateChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return template_display_name(obj.name)


class NewTournamentForm(TournamentForm):
    template = TemplateChoiceField(
        label=_("Structure"),
        queryset=Structure.objects.filter(is_template=True),
        empty_label=None,
    )
    tables = forms.IntegerField(
        label=_("Tables available"), min_value=0, max_value=1000, initial=2, required=False,
        help_text=_("Numbered from 1; you can change them later."),
    )

    # The built-in structure a new tournament starts from: its starting stack is the form's.
    DEFAULT_TEMPLATE = "Regular"

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("initial", {})
        # Every built-in structure is made for these chips: the defaults always fit.
        kwargs["initial"].setdefault("chip_set", list(structure_domain.DEFAULT_CHIP_SET))
        super().__init__(*args, **kwargs)
        if "template" not in self.initial:
            self.initial["template"] = (
                Structure.objects.filter(is_template=True, name=self.DEFAULT_TEMPLATE)
                .values_list("pk", flat=True).first())
        self.order_fields(EVERY_TIME)


class LevelForm(forms.Form):
    kind = forms.ChoiceField(choices=Level.Kind.choices, initial=Level.Kind.PLAY)
    # Blinds and antes are chips: bigint columns, up to AMOUNT_MAX.
    small_blind = AmountField(required=False, initial=0)
    big_blind = AmountField(required=False, initial=0)
    ante = AmountField(required=False, initial=0)
    ante_type = forms.ChoiceField(choices=Level.AnteType.choices, initial=Level.AnteType.NONE)
    minutes = forms.DecimalField(min_value=0, max_value=24 * 60, max_digits=6, decimal_places=2,
                                 initial=20)
    color_up = NumberListField(required=False)

    def to_spec(self) -> structure_domain.LevelSpec:
        d = self.cleaned_data
        is_break = d["kind"] == Level.Kind.BREAK
        return structure_domain.LevelSpec(
            kind=d["kind"],
            small_blind=0 if is_break else d.get("small_blind") or 0,
            big_blind=0 if is_break else d.get("big_blind") or 0,
            ante=0 if is_break else d.get("ante") or 0,
            ante_type=Level.AnteType.NONE if is_break else d["ante_type"],
            duration=int(round(float(d["minutes"]) * 60)),
            color_up=tuple(d.get("color_up") or ()) if is_break else (),
        )

    @staticmethod
    def initial_from(spec: structure_domain.LevelSpec) -> dict:
        return {
            "kind": spec.kind,
            "small_blind": spec.small_blind,
            "big_blind": spec.big_blind,
            "ante": spec.ante,
            "ante_type": spec.ante_type,
            "minutes": f"{spec.duration / 60:g}",
            "color_up": list(spec.color_up),
        }


MAX_LEVELS = 300
LevelFormSet = forms.formset_factory(LevelForm, extra=0, can_delete=True, max_num=MAX_LEVELS,
                                     validate_max=True)


class GeneratorForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120,
                           validators=[refuse_control_characters])
    starting_stack = forms.IntegerField(label=_("Starting stack"), min_value=100,
                                        max_value=2_000_000_000, initial=20000)
    target_minutes = forms.IntegerField(
        label=_("Target length (minutes)"), min_value=30, max_value=48 * 60, initial=360
    )
    level_minutes = forms.IntegerField(
        label=_("Level length (minutes)"), min_value=1, max_value=240, initial=20
    )
    chip_set = NumberListField(label=_("Chip denominations"), initial="25 100 500 1000 5000")
    ante_from_level = forms.IntegerField(
        label=_("Antes from level"), min_value=1, max_value=MAX_LEVELS, required=False,
        initial=4,
        help_text=_("Leave empty for no antes."),
    )
    ante_type = forms.ChoiceField(
        label=_("Ante"), choices=[c for c in Level.AnteType.choices if c[0] != "none"],
        initial=Level.AnteType.BIG_BLIND,
    )
    break_every_minutes = forms.IntegerField(
        label=_("Break every (minutes)"), min_value=30, max_value=24 * 60, initial=120
    )

    def clean_chip_set(self):
        chips = self.cleaned_data["chip_set"]
        if not chips:
            raise forms.ValidationError(_("Give at least one chip denomination."))
        return chips


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV or JSON file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 512 * 1024:
            raise forms.ValidationError(_("That file is too large for a structure."))
        data = upload.read()
        # UTF-8 (with Excel's BOM or without), else what Excel saves in a Chinese
        # Windows (GB18030, a superset of GBK).
        for encoding in ("utf-8-sig", "gb18030"):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                continue
            if "\x00" not in text:
                return text
        raise forms.ValidationError(_("The file is not UTF-8 text."))


class TimeLeftForm(forms.Form):
    time_left = forms.CharField(label=_("Time left (mm:ss)"), max_length=8)

    # mm:ss, or minutes alone (decimals allowed): digits only, so no sign, NaN or inf.
    PATTERN = re.compile(r"(?:(\d{1,4}):([0-5]?\d)|(\d{1,4})(?:\.(\d{1,2}))?)")
    MAX_SECONDS = 24 * 3600

    def clean_time_left(self) -> int:
        text = self.cleaned_data["time_left"].strip()
        if text.startswith("-"):
            raise forms.ValidationError(_("Time left cannot be negative."))
        match = self.PATTERN.fullmatch(text)
        if not match:
            raise forms.ValidationError(_("Write the time as minutes:seconds, like 12:30."))
        minutes, seconds, whole, fraction = match.groups()
        if whole is not None:
            total = int(whole) * 60 + round(int((fraction or "0").ljust(2, "0")) * 60 / 100)
        else:
            total = int(minutes) * 60 + int(seconds)
        if total > self.MAX_SECONDS:
            raise forms.ValidationError(_("Time left cannot be more than 24 hours."))
        return total


class AddTimeForm(forms.Form):
    """The director's +1 min / −1 min buttons (and any whole number of seconds)."""

    seconds = forms.IntegerField(min_value=-3600, max_value=3600, error_messages={
        "required": _("Say how many seconds to add."),
        "invalid": _("Say how many seconds to add."),
        "min_value": _("Add or remove at most an hour at once."),
        "max_value": _("Add or remove at most an hour at once."),
    })


class AnnouncementForm(forms.Form):
    text = forms.CharField(label=_("Announcement"), max_length=200, required=False,
                           strip=True, validators=[refuse_control_characters])
    minutes = forms.IntegerField(
        label=_("Countdown (minutes)"), min_value=1, max_value=24 * 60, required=False,
    )


class LogoForm(forms.Form):
    logo = forms.FileField(label=_("Logo (PNG, JPEG, GIF or WebP, at most 512 KB)"),
                           required=False)
    remove = forms.BooleanField(label=_("Remove the logo"), required=False)

    def clean_logo(self):
        upload = self.cleaned_data.get("logo")
        if upload is None:
            return None
        if upload.size > 512 * 1024:
            raise forms.ValidationError(_("A logo is at most 512 KB."))
        return upload.read()
