"""What the registration desk posts: entry search, chip purchases, the pre-registration CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Payment, Player
from tournament.services.contacts import PHONE_CHARACTERS, PHONE_MAX

NAME_MAX = Player._meta.get_field("name").max_length
EMAIL_MAX = Player._meta.get_field("email").max_length
IMPORT_MAX_ROWS = 1000
IMPORT_MAX_BYTES = 256 * 1024
HEADER_NAMES = {"name", "player", "player name", "姓名", "名字"}


class DeskSearchForm(forms.Form):
    """Find any entry: by name, by entry number ("12" or "#12") or by table ("T3")."""

    q = forms.CharField(label=gettext_lazy("Find an entry"), max_length=120, required=False)
    page = forms.IntegerField(min_value=1, max_value=100_000, required=False)

    def query(self) -> str:
        return " ".join(self.cleaned_data.get("q", "").split()) if self.is_valid() else ""

    def page_number(self) -> int:
        return (self.cleaned_data.get("page") or 1) if self.is_valid() else 1


class BuyChipsForm(forms.Form):
    """A rebuy or add-on: how it is paid, then a confirmation."""

    method = forms.ChoiceField(label=gettext_lazy("Payment"), choices=Payment.Method.choices,
                               widget=forms.RadioSelect, required=False)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "buy_%s")
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        if data.get("confirm") and not data.get("method"):
            self.add_error("method", _("Choose how the player pays."))
        return data


@dataclass
class ImportRow:
    line: int
    name: str
    email: str = ""
    phone: str = ""
    look_alikes: list[str] = field(default_factory=list)
    # The number of the live entry a player of this name already has: the row is not imported.
    live_entry: int | None = None


class ImportForm(forms.Form):
    """Pre-registration from a CSV: name, optional email and phone, one player a line.

    A first line naming the columns (name, email, phone) is read as a header;
    without one the columns are taken in that order.
    """

    csv_file = forms.FileField(label=gettext_lazy("CSV file"), required=False)
    csv_text = forms.CharField(label=gettext_lazy("Or paste the lines"), required=False,
                               max_length=IMPORT_MAX_BYTES,
                               widget=forms.Textarea(attrs={"rows": 4}))
    method = forms.ChoiceField(label=gettext_lazy("Payment"), choices=Payment.Method.choices,
                               initial=Payment.Method.CASH)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        # The desk shows this form beside the registration form: ids of its own.
        kwargs.setdefault("auto_id", "import_%s")
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        upload = data.get("csv_file")
        text = data.get("csv_text") or ""
        if upload is not None:
            if upload.size > IMPORT_MAX_BYTES:
                raise ValidationError(_("The file is over %(kb)s KB: split it in parts.")
                                      % {"kb": IMPORT_MAX_BYTES // 1024})
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise ValidationError(_("Save the file as UTF-8 CSV and try again.")) from exc
        if not text.strip():
            raise ValidationError(_("Choose a CSV file or paste the lines."))
        data["csv_text"] = text
        data["rows"] = parse_rows(text)
        return data


def parse_rows(text: str) -> list[ImportRow]:
    """The rows of a pre-registration CSV; every problem named with its line number."""
    errors: list[str] = []
    rows: list[ImportRow] = []
    columns = ("name", "email", "phone")
    reader = csv.reader(io.StringIO(text.replace("\x00", "")))
    try:
        for lineno, cells in enumerate(reader, start=1):
            cells = [c.strip() for c in cells]
            if not any(cells):
                continue
            if not rows and not errors and cells[0].lower() in HEADER_NAMES:
                columns = tuple(c.lower() for c in cells)
                continue
            row = _row(lineno, dict(zip(columns, cells, strict=False)), len(cells),
                       len(columns), errors)
            if row is not None:
                rows.append(row)
            if len(rows) > IMPORT_MAX_ROWS:
                raise ValidationError(_("At most %(n)s players at once: split the file.")
                                      % {"n": IMPORT_MAX_ROWS})
    except csv.Error:
        errors.append(_("Line %(line)s: this is not CSV the desk can read.")
                      % {"line": reader.line_num})
    if errors:
        raise ValidationError(errors)
    if not rows:
        raise ValidationError(_("No player in the file."))
    return rows


def _row(lineno: int, cells: dict[str, str], width: int, expected: int,
         errors: list[str]) -> ImportRow | None:
    problems = []
    name = " ".join(cells.get("name", "").split())
    email = cells.get("email", "")
    phone = cells.get("phone", "")
    if width > max(expected, 3):
        problems.append(_("Line %(line)s: at most three columns: name, email, phone."))
    if not name:
        problems.append(_("Line %(line)s: the name is missing."))
    elif len(name) > NAME_MAX:
        problems.append(_("Line %(line)s: a name has at most %(max)s characters."))
    if not all(c.isprintable() for c in name + email + phone):
        problems.append(_("Line %(line)s: control characters are not allowed."))
    if email:
        try:
            if len(email) > EMAIL_MAX:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError:
            problems.append(_("Line %(line)s: “%(email)s” is not an email address."))
    if phone and (len(phone) > PHONE_MAX or not PHONE_CHARACTERS.match(phone)):
        problems.append(_("Line %(line)s: a phone number has digits, spaces and + ( ) - . / "
                          "only, at most %(phone_max)s."))
    values = {"line": lineno, "max": NAME_MAX, "email": email[:60], "phone_max": PHONE_MAX}
    errors.extend(p % values for p in problems)
    return None if problems else ImportRow(line=lineno, name=name, email=email, phone=phone)


class AccessibleSeatForm(forms.Form):
    """House rule 8 / TDA 2024 9: the desk marks or clears a player's need for an
    accessible seat."""

    needed = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1",
                                    widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for key in ("required", "invalid_choice"):
            self.fields["needed"].error_messages[key] = _(
                "Say whether the player needs an accessible seat.")


class UnregisterForm(forms.Form):
    """The director's Unregister: the refund goes back as it was paid, or by the method
    the desk chooses."""

    refund_method = forms.ChoiceField(
        label=gettext_lazy("Refund"), required=False,
        choices=[("", gettext_lazy("as paid"))] + list(Payment.Method.choices))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["refund_method"].error_messages["invalid_choice"] = _(
            "Choose how the refund is paid.")
