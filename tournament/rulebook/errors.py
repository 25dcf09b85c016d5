"""The error every rulebook calculator raises for impossible input.

Messages are short plain-English sentences meant for a floor page. They go
through ``_()`` so that gettext can be swapped in later without touching the
callers (Django's ``gettext`` cannot be imported here: the rulebook is pure).
"""

from __future__ import annotations


def _(message: str) -> str:
    """Mark ``message`` for translation (identity until gettext is wired in)."""
    return message


class RulingInputError(ValueError):
    """The facts given to a rulebook calculator cannot happen at a poker table.

    ``str(error)`` is a short sentence saying what is wrong, fit to show to
    floor staff on a form.
    """
