"""Form fields the calculators share: seat lists, numbers, "seat amount" lines, action lines.

They only parse what the floor types; whether the facts can happen at a table is the
rulebook modules' business, and their ``RulingInputError`` is shown on the form.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy

from tournament.rulebook.betting_round import action_kind

_SEPARATORS = re.compile(r"[\s,;]+")


def words(text: str) -> list[str]:
    return [w for w in _SEPARATORS.split(text.strip()) if w]


_CJK_RUN = re.compile(r"([\u3400-\u9fff]+)")


def action_parts(line: str) -> list[str]:
    """ "3 raise 600", "3 加注 600", "3加注600", "座位3 加注 600" → ["3", "raise"|"加注", "600"]."""
    text = line.strip().lower().replace("座位", " ").replace("号", " ")
    text = _CJK_RUN.sub(r" \1 ", text)
    return [w for w in _SEPARATORS.split(text.strip()) if w]


class SeatListField(forms.CharField):
    """ "1 3 5" or "1, 3, 5" → [1, 3, 5]: seat numbers, each at least 1, no repeats."""

    default_error_messages = {
        "invalid": gettext_lazy("Enter seat numbers separated by spaces, like: 1 4 7"),
        "repeat": gettext_lazy("Seat %(seat)s is listed twice."),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        seats: list[int] = []
        for word in words(text):
            if not word.isdigit() or int(word) < 1 or int(word) > 99:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            if int(word) in seats:
                raise forms.ValidationError(
                    self.error_messages["repeat"], code="repeat", params={"seat": word}
                )
            seats.append(int(word))
        return seats


class NumberListField(forms.CharField):
    """ "1000 1000 500" → [1000, 1000, 500]: whole numbers above zero, repeats allowed."""

    default_error_messages = {
        "invalid": gettext_lazy("Enter whole numbers above zero separated by spaces, like: 1000 500 500"),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        numbers = []
        for word in words(text):
            if not word.isdigit() or int(word) <= 0:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            numbers.append(int(word))
        return numbers


class SeatAmountsField(forms.CharField):
    """One "seat amount" per line ("3 1500", "3: 1500" or "3=1500") → {3: 1500}."""

    widget = forms.Textarea(attrs={"rows": 5})
    default_error_messages = {
        "invalid": gettext_lazy("Line %(line)s: write a seat and a whole number of chips, like “3 1500”."),
        "repeat": gettext_lazy("Seat %(seat)s is listed twice."),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        amounts: dict[int, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            parts = [p for p in re.split(r"[\s:=,]+", line.strip()) if p]
            if not parts:
                continue
            if len(parts) != 2 or not parts[0].isdigit() or not re.fullmatch(r"-?\d+", parts[1]):
                raise forms.ValidationError(
                    self.error_messages["invalid"], code="invalid", params={"line": number}
                )
            seat = int(parts[0])
            if seat in amounts:
                raise forms.ValidationError(
                    self.error_messages["repeat"], code="repeat", params={"seat": seat}
                )
            # Negative amounts pass through: the rulebook explains why they are impossible.
            amounts[seat] = int(parts[1])
        return amounts


def seat_field(label, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=1, max_value=99, **kwargs)


def chips_field(label, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=10**12, **kwargs)



LIMIT_CHOICES = [("no-limit", gettext_lazy("No-limit")), ("pot-limit", gettext_lazy("Pot-limit")),
                 ("limit", gettext_lazy("Fixed limit"))]


def parse_action_lines(text: str) -> list[tuple[int, str, int | None]]:
    """ "3 raise 600" (or "3 加注 600") per line → [(3, "raise", 600)]; empty lines skipped."""
    parsed = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = action_parts(line)
        if not parts:
            continue
        kind = action_kind(parts[1]) if len(parts) in (2, 3) else None
        if (
            kind is None
            or not parts[0].isdigit()
            or (len(parts) == 3 and not parts[2].isdigit())
        ):
            raise forms.ValidationError(
                gettext_lazy("Line %(line)s: write a seat, an action and an amount, like “3 raise 600”."),
                params={"line": number},
            )
        seat, amount = int(parts[0]), int(parts[2]) if len(parts) == 3 else None
        if seat < 1 or seat > 99 or (amount is not None and amount > 10**12):
            raise forms.ValidationError(
                gettext_lazy("Line %(line)s: seats run from 1 to 99 and amounts up to 10¹²."),
                params={"line": number},
            )
        parsed.append((seat, kind, amount))
    return parsed
