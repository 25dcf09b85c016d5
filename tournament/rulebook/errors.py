"""What every rulebook module shares: the error, the translation markers, the checks.

Messages are short plain-English sentences meant for a floor page. The
rulebook is pure (it cannot import Django), so it translates through a
replaceable function: ``_()`` calls whatever ``set_translator`` installed
(Django's ``gettext``, from ``TournamentConfig.ready``), and is the identity
until then. ``_()`` must run when the message is used, in the reader's
language: module-level constants are marked with ``N_()`` (which never
translates, so they stay English whenever the module is imported) and
translated at use, ``_(MSG_X).format(...)``. Both markers are extracted by
``makemessages``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# One marker for every pure module of the project (tournament.domain.errors).
from tournament.domain.errors import N_

__all__ = ["MSG_BIG_BLIND", "N_", "RulingInputError", "_", "is_whole", "join_sentences",
           "require_whole", "set_translator"]


def _identity(message: str) -> str:
    return message


_translator: Callable[[str], str] = _identity


def set_translator(fn: Callable[[str], str] | None) -> None:
    """Install ``fn`` as the translator of ``_()`` (``None``: back to English)."""
    global _translator
    _translator = fn if fn is not None else _identity


def _(message: str) -> str:
    """Translate ``message`` (a literal English msgid) in the current language."""
    return _translator(message)


def join_sentences(*sentences: str) -> str:
    """Join translated sentences into one explanation, empty ones skipped.

    The joint is translatable: English puts a space between sentences,
    Chinese none.
    """
    text = ""
    for sentence in sentences:
        if not sentence:
            continue
        if not text:
            text = sentence
        else:
            # Translators: joins two sentences of a ruling's explanation; Chinese needs no space.
            text = _("{sentence} {next_sentence}").format(sentence=text, next_sentence=sentence)
    return text


class RulingInputError(ValueError):
    """The facts given to a rulebook calculator cannot happen at a poker table.

    ``str(error)`` is a short sentence saying what is wrong, fit to show to
    floor staff on a form.
    """


# Messages more than one calculator gives.
MSG_BIG_BLIND = N_("The big blind must be a whole number of chips above zero.")


def is_whole(value: Any) -> bool:
    """True for a whole number of chips or seats: an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_whole(value: Any, message: str, *, minimum: int = 0, **params: Any) -> int:
    """``value`` when it is a whole number of at least ``minimum``.

    Otherwise raise ``RulingInputError`` with ``message`` (an ``N_`` constant)
    translated and filled with ``params``: the one check every calculator
    makes of the chips, seats and counts it is given.
    """
    if not is_whole(value) or value < minimum:
        raise RulingInputError(_(message).format(**params))
    return value
