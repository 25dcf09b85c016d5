"""What every form shares: the ranges of PostgreSQL's integer columns, the largest amount
of money or chips, and the check that free text is plain (the one player names, event
names and rulings make, ``str.isprintable``).

SQLite stores any integer and any character; PostgreSQL refuses a number beyond its
column and a NUL byte, and answers with a server error. So the forms refuse them first.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from tournament.domain.amounts import AMOUNT_MAX

SMALLINT_MAX = 32_767  # PostgreSQL smallint (PositiveSmallIntegerField)
INTEGER_MAX = 2_147_483_647  # PostgreSQL integer (IntegerField, PositiveIntegerField)
BIGINT_MAX = 2**63 - 1  # PostgreSQL bigint (BigIntegerField, PositiveBigIntegerField)
# Every amount of money and every stack of chips (bigint columns): AMOUNT_MAX, 10**15
# (tournament.domain.amounts says why).


def amount_refusal(value: int) -> str | None:
    """Why an amount of money or chips is refused (None when it fits): the services'
    check, for amounts that did not come through a form."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(_("Enter a whole number."))
    if value < 0:
        return str(_("An amount cannot be negative."))
    if value > AMOUNT_MAX:
        return str(_("Enter at most %(most)s.") % {"most": grouped(AMOUNT_MAX)})
    return None


def grouped(value: int) -> str:
    """A whole number with the active language's thousands separator (1,000,000)."""
    return number_format(value, force_grouping=True)


class AmountField(forms.IntegerField):
    """Money or chips: a whole number from ``min_value`` (0 unless given) to AMOUNT_MAX,
    refused above with the limit written out (1,000,000,000,000,000)."""

    def __init__(self, *, min_value: int = 0, **kwargs: Any) -> None:
        kwargs.pop("max_value", None)
        super().__init__(min_value=min_value, max_value=AMOUNT_MAX, **kwargs)
        # The limit is checked in validate(), with its own message (the validator's
        # would print the limit without separators).
        self.validators = [v for v in self.validators
                           if getattr(v, "code", None) != "max_value"]

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value not in self.empty_values and value > AMOUNT_MAX:
            raise ValidationError(_("Enter at most %(most)s."), code="max_value",
                                  params={"most": grouped(AMOUNT_MAX)})


def is_plain_text(text: str, *, lines: bool = False) -> bool:
    """No control character (NUL, escape, bell ...): printable characters and spaces
    (an ideographic space too), and with ``lines`` line breaks and tabs."""
    allowed = "\n\r\t" if lines else ""
    return all(c.isprintable() or c in allowed or unicodedata.category(c) == "Zs"
               for c in text)


def refuse_control_characters(value: str) -> None:
    """A form validator for one-line text."""
    if value and not is_plain_text(str(value)):
        raise ValidationError(_("Control characters are not allowed."), code="control_characters")
