"""The record of one calculator, and what the calculators share (the reader's language,
the action words)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import HttpRequest, QueryDict
from django.utils.translation import get_language, gettext_lazy

from tournament.rulebook.betting_round import KIND_ZH
from tournament.rulebook.catalog import Text


def reader_language() -> str:
    """The language of the request being served (Django code), English outside one."""
    return get_language() or "en"


@dataclass(frozen=True)
class CalculatorInput:
    """What a calculator reads from a request: its query and the user (penalty history)."""

    GET: QueryDict
    user: Any


Compute = Callable[[dict, "HttpRequest | CalculatorInput"], dict]


@dataclass(frozen=True)
class Calculator:
    """One calculator, whole: every screen and the rulings log read this record.

    ``name``/``about``: its title and one-line blurb in English and Chinese (the pages
    show ``title``/``blurb``, in the reader's language). ``rules``: the house rules it
    applies, cited on its page. ``form``: a GET form; ``compute``: the form's cleaned
    data (and the request, or a ``CalculatorInput``) → the result's context, raising
    ``RulingInputError`` for facts that cannot happen; ``answer``: that result in one
    sentence, kept with a ruling. ``order``: its place in the list. ``template``: its
    result's template (by default ``rulebook/calc/<slug>.html`` when that exists, else
    the answer sentence alone, ``rulebook/calc/_answer.html``). ``tap``: the tap-first
    panel (``zh`` → what it offers), if it has one; ``cite``: the rule a logged ruling
    cites, from the result (by default the first two of ``rules``). ``answers_unbound``:
    shown with its default facts before anything is submitted.
    """

    slug: str
    name: Text
    about: Text
    rules: tuple[str, ...]
    form: type[forms.Form]
    compute: Compute
    answer: Callable[[dict], str]
    order: int
    template: str = ""
    tap: Callable[[bool], dict[str, Any]] | None = None
    cite: Callable[[dict], str] | None = None
    answers_unbound: bool = False

    @property
    def title(self) -> str:
        return self.name.get(reader_language())

    @property
    def blurb(self) -> str:
        return self.about.get(reader_language())

    def cited(self, result: dict) -> str:
        return self.cite(result) if self.cite else " ".join(self.rules[:2])


ACTION_LABELS = {
    "check": gettext_lazy("Check"), "call": gettext_lazy("Call"), "bet": gettext_lazy("Bet"),
    "raise": gettext_lazy("Raise"), "fold": gettext_lazy("Fold"),
    # Translators: posting a blind, as an action word in the betting calculator.
    "post": gettext_lazy("Blind"), "allin": gettext_lazy("All-in"),
}

# --- Tap-first panels: a table diagram, action words, a keypad ---------------------
# A panel writes the same typed lines a power user would (the form stays the single
# input), so a tapped and a typed dispute read the same.

TAP_SEATS = tuple(range(1, 11))
CHIP_DENOMINATIONS = (25, 100, 500, 1000, 5000, 25000)
TAP_KINDS = ("post", "check", "call", "bet", "raise", "allin", "fold")


def action_word(kind: str, zh: bool) -> str:
    """The action word written into the typed lines: Chinese for a Chinese reader."""
    return KIND_ZH[kind] if zh else kind


def tap_actions(kinds: tuple[str, ...], zh: bool, *, with_amount: tuple[str, ...]) -> list[dict]:
    return [{"key": kind, "label": ACTION_LABELS[kind], "word": action_word(kind, zh),
             "amount": kind in with_amount} for kind in kinds]
