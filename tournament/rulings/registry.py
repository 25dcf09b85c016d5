"""The one registry of the rulebook's calculators, read by every screen and the rulings log.

``CALCULATORS`` holds the ``CALCULATOR`` record of every module of
``tournament.rulings.calculators`` (found, not listed: adding a calculator is adding
its module, with its test), by slug, in their ``order``. The search page lists them,
a rule or a guide situation links to the one it names, the calculator page runs one,
and the rulings log re-runs one to keep its answer (``calculator_answer``); the
rulings service learns the slugs from here at start-up (``TournamentConfig.ready()``).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from django.http import QueryDict
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _

from tournament.models import Ruling
from tournament.rulebook.catalog import language_code
from tournament.rulebook.errors import RulingInputError
from tournament.rulings import calculators
from tournament.rulings.calculators.base import Calculator, CalculatorInput, reader_language

MAX_QUERY = Ruling._meta.get_field("calculator_query").max_length
MAX_ANSWER = Ruling._meta.get_field("calculator_result").max_length
ANSWER_TEMPLATE = "rulebook/calc/_answer.html"


def _found() -> dict[str, Calculator]:
    """Every calculator module's record, by slug, in order; two records with one slug
    are refused at start-up."""
    records: list[Calculator] = []
    for module in pkgutil.iter_modules(calculators.__path__):
        loaded = importlib.import_module(f"{calculators.__name__}.{module.name}")
        if isinstance(record := getattr(loaded, "CALCULATOR", None), Calculator):
            records.append(record)
    slugs = [record.slug for record in records]
    if len(set(slugs)) != len(slugs):
        raise ValueError(f"two calculators share a slug: {sorted(slugs)}")
    return {record.slug: record for record in sorted(records, key=lambda r: (r.order, r.slug))}


CALCULATORS: dict[str, Calculator] = _found()


def calculator_known(slug: str) -> bool:
    return slug in CALCULATORS


def result_template(calculator: Calculator) -> str:
    """The calculator's own result template, or the answer sentence alone."""
    if calculator.template:
        return calculator.template
    own = f"rulebook/calc/{calculator.slug}.html"
    try:
        get_template(own)
    except TemplateDoesNotExist:
        return ANSWER_TEMPLATE
    return own


def tap_panel(calculator: Calculator, lang: str) -> dict[str, Any] | None:
    """What the calculator's tap-first panel offers, in the reader's language."""
    return calculator.tap(language_code(lang) == "zh") if calculator.tap else None


def calculator_answer(slug: str, query: str, *, user: Any = None) -> tuple[str, str]:
    """Re-run calculator ``slug`` on ``query`` (its GET query string) and say its answer.

    Returns the query that reproduces the answer (a chip race gets its deal
    number) and the answer in one sentence. Raises ``RulingInputError`` when
    the calculator is unknown or the facts do not make an answer, so a
    ruling never carries a link that does not reproduce what it says.
    """
    calculator = CALCULATORS.get(slug)
    if calculator is None:
        raise RulingInputError(_("No such calculator."))
    if len(query) > MAX_QUERY:
        raise RulingInputError(_("The calculator's inputs are too long to keep with a ruling."))
    params = QueryDict(query)
    form = calculator.form(params)
    if not form.is_valid():
        raise RulingInputError(_("The calculator's inputs do not make an answer."))
    result = calculator.compute(form.cleaned_data, CalculatorInput(GET=params, user=user))
    known = set(calculator.form.base_fields)
    kept = QueryDict(mutable=True)
    for name, values in QueryDict(result.get("replay_query", query)).lists():
        if name in known:
            kept.setlist(name, values)
    answer = " ".join(calculator.answer(result).split())
    return kept.urlencode()[:MAX_QUERY], answer[:MAX_ANSWER]


__all__ = ["CALCULATORS", "Calculator", "calculator_answer", "calculator_known",
           "reader_language", "result_template", "tap_panel"]
