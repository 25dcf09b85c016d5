"""What every form shares: the ranges of PostgreSQL's integer columns, and the check that
free text is plain (the one player names, event names and rulings make, ``str.isprintable``).

SQLite stores any integer and any character; PostgreSQL refuses a number beyond its
column and a NUL byte, and answers with a server error. So the forms refuse them first.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

SMALLINT_MAX = 32_767  # PostgreSQL smallint (PositiveSmallIntegerField)
INTEGER_MAX = 2_147_483_647  # PostgreSQL integer (IntegerField, PositiveIntegerField)
BIGINT_MAX = 2**63 - 1  # PostgreSQL bigint (BigIntegerField, PositiveBigIntegerField)


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
