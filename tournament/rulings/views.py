"""The rulings helper's pages: search, rule pages, the guide, calculators, and what the
rulebook learns from use (the rulings log itself: ``log.py``).

Search, rule pages and calculators are public and read-only; the rulings log
is for staff (Director and Floor write it, through ``services.rulings``).

Calculators are GET forms: the answer is a pure function of the facts typed,
so a result is a link that can be shared, and nothing here writes. The
calculators themselves are one module each in ``calculators/``, read through
``registry.py``.

This module, ``forms.py``, ``urls.py``, ``registry.py`` and ``calculators/`` are the Django
side of the rulings helper; every other module of ``tournament.rulebook``
is pure (no Django import) and none of them imports these.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from tournament.models import Ruling, TaughtPhrase
from tournament.permissions import DIRECTOR, FLOOR, STAFF, has_role, role_required
from tournament.rulebook.catalog import (
    Rule,
    language_code,
    load_rules,
    rule_by_number,
)
from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.guide import GUIDE, category, situation
from tournament.rulebook.one_line import one_line
from tournament.rulebook.search import search
from tournament.rulings.forms import SearchForm, TeachPhraseForm
from tournament.rulings.log import csv_cell
from tournament.rulings.registry import (
    ANSWER_TEMPLATE,
    CALCULATORS,
    reader_language,
    result_template,
    tap_panel,
)
from tournament.selectors.rulings import taught_phrases, unchosen_searches
from tournament.services.base import ServiceError
from tournament.services.rulings import (
    phrase_forget,
    phrase_teach,
    search_choice,
    search_note,
)
from tournament.views.common import done

# --- Rules as the templates see them ------------------------------------------------


@dataclass(frozen=True)
class RuleView:
    """A rule's text in the reader's language, ready for a template."""

    number: str
    label: str
    title: str
    section: str
    summary: str
    tda2024: str | None
    tda2024_differs: str | None
    examples: tuple[tuple[str, str], ...]
    see_also: tuple[tuple[str, str], ...]
    calculator: str | None
    parts: tuple[tuple[str, str], ...]
    # The one-line ruling a floor person reads out (one_line.py), and the rule's
    # text in the other language, for a player who reads that one.
    ruling: str = ""
    other_summary: str = ""
    other_lang: str = ""


def rule_view(rule: Rule, lang: str) -> RuleView:
    related = []
    for number in rule.see_also:
        other = rule_by_number(number)
        if other is not None:
            related.append((other.number, other.label(lang)))
    return RuleView(
        number=rule.number,
        label=rule.label(lang),
        title=rule.text(lang, "title"),
        section=rule.text(lang, "section"),
        summary=rule.text(lang, "summary"),
        tda2024=rule.tda2024,
        tda2024_differs=rule.tda2024_differs.get(lang) if rule.tda2024_differs else None,
        examples=tuple((e.title.get(lang), e.summary.get(lang)) for e in rule.examples),
        see_also=tuple(related),
        calculator=rule.calculator if rule.calculator in CALCULATORS else None,
        parts=tuple((p.number, p.label(lang)) for p in load_rules() if p.parent == rule.number),
        ruling=one_line(rule, lang),
        other_summary=rule.summary.en if language_code(lang) == "zh" else rule.summary.zh,
        other_lang="en" if language_code(lang) == "zh" else "zh-hans",
    )


def snippet(text: str, query: str, width: int = 170) -> SafeString:
    """A piece of ``text`` around the first query word found in it, that word marked."""
    lowered = text.lower()
    terms = sorted({t for t in re.split(r"\s+", query.strip().lower()) if len(t) >= 2},
                   key=len, reverse=True)
    position, found = -1, ""
    for term in terms:
        position = lowered.find(term)
        if position >= 0:
            found = text[position : position + len(term)]
            break
    start = max(0, position - 60) if position >= 0 else 0
    piece = text[start : start + width]
    html = escape(piece)
    if found and found in piece:
        html = html.replace(escape(found), f"<mark>{escape(found)}</mark>", 1)
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(text) else ""
    return mark_safe(prefix + html + suffix)  # noqa: S308 - every piece escaped above


# --- Search and rule pages ---------------------------------------------------------


@require_GET
@vary_on_headers("HX-Request")
def rulebook_search(request: HttpRequest) -> HttpResponse:
    """Search as you type (htmx swaps the results); a plain GET form without JavaScript."""
    form = SearchForm(request.GET)
    query = form.cleaned_data["q"].strip() if form.is_valid() else ""
    lang = reader_language()
    hits = search(query, lang=lang, limit=15, taught=taught_phrases()) if query else []
    results = [
        {"rule": rule_view(hit.rule, lang), "snippet": snippet(hit.rule.text(lang), query)}
        for hit in hits
    ]
    # Staff searches are logged, so a director sees those that found nothing chosen.
    noted = None
    if query and has_role(request.user, *STAFF):
        noted = search_note(actor=request.user, query=query, lang=lang,
                            top_rule=hits[0].rule.number if hits else "")
    context = {"form": form, "query": query, "results": results,
               "search_id": noted.pk if noted else None}
    if request.htmx:
        return render(request, "rulebook/_results.html", context)
    if not query:
        context["all_rules"] = [(r.number, r.label(lang), r.text(lang, "section"))
                                for r in load_rules()]
    context["calculators"] = CALCULATORS.values()
    return render(request, "rulebook/search.html", context)


@require_GET
def rulebook_rule(request: HttpRequest, rule_number: str) -> HttpResponse:
    rule = rule_by_number(rule_number)
    if rule is None:
        raise Http404(_("No such rule."))
    rulings = None
    chosen_from = request.GET.get("s", "")
    if chosen_from.isdigit() and len(chosen_from) < 12 and has_role(request.user, *STAFF):
        search_choice(actor=request.user, search_id=int(chosen_from), rule=rule.number)
    if has_role(request.user, *STAFF):
        rulings = (Ruling.objects.filter(rules__icontains=f'"{rule.number}"')
                   .select_related("staff", "tournament")[:25])
    context = {"rule": rule_view(rule, reader_language()), "rulings": rulings,
               "calculator": CALCULATORS.get(rule.calculator or "")}
    return render(request, "rulebook/rule.html", context)


@require_GET
def rulebook_guide(request: HttpRequest, category_slug: str | None = None) -> HttpResponse:
    """The situation guide: eight categories, then the situations of one category."""
    lang = reader_language()
    chosen = None
    if category_slug is not None:
        chosen = category(category_slug)
        if chosen is None:
            raise Http404(_("No such category."))
    context = {
        "categories": [(c.slug, c.title.get(lang), len(c.situations)) for c in GUIDE],
        "category": chosen and {"slug": chosen.slug, "title": chosen.title.get(lang)},
        "situations": chosen and [(s.slug, s.title.get(lang)) for s in chosen.situations],
    }
    return render(request, "rulebook/guide.html", context)


@require_GET
def rulebook_guide_situation(
    request: HttpRequest, category_slug: str, situation_slug: str
) -> HttpResponse:
    """One situation: its rules' one-line rulings, a worked example, TDA 2024, calculator."""
    found = situation(category_slug, situation_slug)
    if found is None:
        raise Http404(_("No such situation."))
    chosen_category, chosen = found
    lang = reader_language()
    rules = [rule_view(rule, lang) for number in chosen.rules if (rule := rule_by_number(number))]
    context = {
        "category": {"slug": chosen_category.slug, "title": chosen_category.title.get(lang)},
        "situation": {"slug": chosen.slug, "title": chosen.title.get(lang)},
        "rules": rules,
        "calculator": CALCULATORS.get(chosen.calculator or ""),
    }
    return render(request, "rulebook/guide_situation.html", context)


def _log_link(request: HttpRequest, slug: str, result: dict | None) -> str | None:
    """ "Log a ruling with this answer": the log's form with the calculator attached."""
    if result is None or not has_role(request.user, DIRECTOR, FLOOR):
        return None
    cite = CALCULATORS[slug].cited(result)
    query = result.get("replay_query") or request.GET.urlencode()
    params = QueryDict(mutable=True)
    params.update({"calc": slug, "calc_query": query, "cite": cite})
    return f"{reverse('ruling_list')}?{params.urlencode()}#log-form"


@require_GET
@vary_on_headers("HX-Request")
def rulebook_calc(request: HttpRequest, slug: str) -> HttpResponse:
    """One calculator: a GET form; htmx swaps the form and its answer in place."""
    calculator = CALCULATORS.get(slug)
    if calculator is None:
        raise Http404(_("No such calculator."))
    submitted = any(name in request.GET for name in calculator.form.base_fields)
    form = calculator.form(request.GET if submitted else None)
    result, status = None, 200
    if submitted and form.is_valid():
        data = form.cleaned_data
    elif not submitted and calculator.answers_unbound:
        data = {name: field.initial for name, field in form.fields.items()}
    else:
        data = None
        status = 400 if submitted else 200
    if data is not None:
        try:
            result = calculator.compute(data, request)
        except RulingInputError as error:
            form.add_error(None, str(error))
            status = 400
    lang = language_code(reader_language())
    template = result_template(calculator)
    context = {
        "calculator": calculator,
        "form": form,
        "result": result,
        "answer": calculator.answer(result) if result and template == ANSWER_TEMPLATE else None,
        "rules": [(n, r.label(lang)) for n in calculator.rules if (r := rule_by_number(n))],
        "result_template": template,
        "tap": tap_panel(calculator, reader_language()),
        "log_link": _log_link(request, calculator.slug, result),
    }
    template = "rulebook/_calc.html" if request.htmx else "rulebook/calc.html"
    return render(request, template, context, status=status)


# --- Learning from use (issue 25) ---------------------------------------------------


def _learn_page(request: HttpRequest, form: TeachPhraseForm | None = None,
                status: int = 200) -> HttpResponse:
    context = {
        "searches": unchosen_searches(),
        "taught_rows": TaughtPhrase.objects.select_related("taught_by").order_by("phrase"),
        "form": form or TeachPhraseForm(),
    }
    return render(request, "rulebook/learn.html", context, status=status)


@require_GET
@role_required(DIRECTOR)
def ruling_learn(request: HttpRequest) -> HttpResponse:
    """Searches that ended without a chosen rule, and the phrases taught to the search."""
    return _learn_page(request)


@require_POST
@role_required(DIRECTOR)
def ruling_teach(request: HttpRequest) -> HttpResponse:
    form = TeachPhraseForm(request.POST)
    if not form.is_valid():
        return _learn_page(request, form, status=400)
    try:
        taught = phrase_teach(actor=request.user, phrase=form.cleaned_data["phrase"],
                              rule=form.cleaned_data["rule"])
    except ServiceError as error:
        form.add_error(error.field, error.message)
        return _learn_page(request, form, status=400)
    return done(request, reverse("ruling_learn"),
                _("The search now finds rule %(rule)s for “%(phrase)s”.")
                % {"rule": taught.rule, "phrase": taught.phrase})


@require_POST
@role_required(DIRECTOR)
def ruling_forget(request: HttpRequest, phrase_id: int) -> HttpResponse:
    try:
        phrase_forget(actor=request.user, phrase_id=phrase_id)
    except ServiceError as error:
        messages.error(request, error.message)
        return done(request, reverse("ruling_learn"))
    return done(request, reverse("ruling_learn"), _("Phrase removed."))


@require_GET
@role_required(DIRECTOR)
def ruling_phrases_export(request: HttpRequest) -> HttpResponse:
    """The taught phrases as CSV: phrase, rule, who taught it, when."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="taught-phrases.csv"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow([_("Phrase"), _("Rule"), _("Taught by"), _("Time")])
    for taught in TaughtPhrase.objects.select_related("taught_by").order_by("phrase"):
        writer.writerow([csv_cell(v) for v in (
            taught.phrase, taught.rule,
            taught.taught_by.get_username() if taught.taught_by else "",
            timezone.localtime(taught.created_at).strftime("%Y-%m-%d %H:%M"),
        )])
    return response
