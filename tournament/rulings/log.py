"""The rulings log: staff read it, filter it and export it; Director and Floor write a
ruling (through ``services.rulings``), with a calculator's answer attached when they
used one; a ruling prints as a slip."""


from __future__ import annotations

import csv

from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Ruling
from tournament.permissions import DIRECTOR, FLOOR, STAFF, has_role, role_required
from tournament.rulebook.catalog import (
    normalize_number,
    rule_by_number,
)
from tournament.rulebook.errors import RulingInputError
from tournament.rulings.forms import RulingFilterForm, RulingForm
from tournament.rulings.registry import (
    CALCULATORS,
    calculator_answer,
    reader_language,
)
from tournament.services.base import ServiceError
from tournament.services.rulings import (
    ruling_log,
)
from tournament.views.common import done


def rulings_matching(filters: RulingFilterForm) -> QuerySet[Ruling]:
    """The log filtered by text, rule cited, table and tournament (two queries a page)."""
    rulings = Ruling.objects.select_related("staff", "tournament")
    if not filters.is_valid():
        return rulings
    data = filters.cleaned_data
    if text := data["q"].strip():
        rulings = rulings.filter(
            Q(facts__icontains=text) | Q(decision__icontains=text)
            | Q(penalty__icontains=text) | Q(seats__icontains=text)
        )
    if data["rule"].strip():
        number = normalize_number(data["rule"]) or data["rule"].strip()
        # Rules are stored as a JSON list of canonical numbers: match the quoted number.
        rulings = rulings.filter(rules__icontains=f'"{number}"')
    if data["table"] is not None:
        rulings = rulings.filter(table_number=data["table"])
    if data["tournament"] is not None:
        rulings = rulings.filter(tournament=data["tournament"])
    return rulings


def _attached(form: RulingForm, request: HttpRequest) -> tuple[str, str, str] | None:
    """The calculator attached to a ruling form: (slug, query, answer), re-run to be sure."""
    data = form.cleaned_data if form.is_bound and form.is_valid() else form.initial
    slug = (data.get("calculator") or "").strip()
    if not slug:
        return None
    query, answer = calculator_answer(slug, data.get("calculator_query") or "",
                                      user=request.user)
    return slug, query, answer


def _log_page(request: HttpRequest, form: RulingForm | None, status: int = 200) -> HttpResponse:
    filters = RulingFilterForm(request.GET)
    page = Paginator(rulings_matching(filters), 50).get_page(request.GET.get("page"))
    may_write = has_role(request.user, DIRECTOR, FLOOR)
    if may_write and form is None:
        form = RulingForm(initial={"rules": request.GET.get("cite", ""),
                                   "calculator": request.GET.get("calc", "")[:20],
                                   "calculator_query": request.GET.get("calc_query", "")[:1000]})
    attached = None
    if may_write and form is not None:
        try:
            attached = _attached(form, request)
        except RulingInputError as error:
            form.add_error(None, str(error))
    context = {"filters": filters, "page": page, "form": form if may_write else None,
               "export_query": request.GET.urlencode(), "attached": attached}
    if request.htmx and request.method == "POST":
        return render(request, "rulebook/_ruling_form.html", context, status=status)
    template = "rulebook/_ruling_rows.html" if request.htmx else "rulebook/rulings.html"
    return render(request, template, context, status=status)


@require_GET
@role_required(*STAFF)
def ruling_list(request: HttpRequest) -> HttpResponse:
    return _log_page(request, None)


@require_POST
@role_required(DIRECTOR, FLOOR)
def ruling_create(request: HttpRequest) -> HttpResponse:
    form = RulingForm(request.POST)
    if not form.is_valid():
        return _log_page(request, form, status=400)
    data = form.cleaned_data
    tournament = data["tournament"]
    try:
        calculator, query, answer = _attached(form, request) or ("", "", "")
    except RulingInputError as error:
        form.add_error(None, str(error))
        return _log_page(request, form, status=400)
    try:
        ruling_log(
            actor=request.user, facts=data["facts"], decision=data["decision"],
            rules=data["rules"], table_number=data["table_number"], seats=data["seats"],
            penalty=data["penalty"], tournament_id=tournament.pk if tournament else None,
            calculator=calculator, calculator_query=query, calculator_result=answer,
        )
    except ServiceError as error:
        form.add_error(error.field, error.message)
        return _log_page(request, form, status=400)
    return done(request, reverse("ruling_list"), _("Ruling logged."))


@require_GET
@role_required(*STAFF)
def ruling_slip(request: HttpRequest, ruling_id: int) -> HttpResponse:
    """One ruling as a printable slip: the facts, the decision, the rules cited in full."""
    ruling = Ruling.objects.select_related("staff", "tournament").filter(pk=ruling_id).first()
    if ruling is None:
        raise Http404(_("No such ruling."))
    lang = reader_language()
    rules = [(number, rule.label(lang), rule.text(lang))
             for number in ruling.rules if (rule := rule_by_number(number))]
    calculator = CALCULATORS.get(ruling.calculator)
    return render(request, "rulebook/ruling_slip.html",
                  {"ruling": ruling, "rules": rules, "calculator": calculator})


def csv_cell(value: object) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@require_GET
@role_required(*STAFF)
def ruling_export(request: HttpRequest) -> HttpResponse:
    rulings = rulings_matching(RulingFilterForm(request.GET))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="rulings.csv"'
    response.write("\ufeff")  # spreadsheets read the Chinese text as UTF-8 with a BOM
    writer = csv.writer(response)
    writer.writerow([_("Time"), _("Tournament"), _("Table"), _("Seats"), _("Rules cited"),
                     _("Facts"), _("Decision"), _("Penalty"), _("Staff"),
                     _("Calculator answer"), _("Calculator link")])
    for ruling in rulings.iterator(chunk_size=500):
        writer.writerow([csv_cell(v) for v in (
            timezone.localtime(ruling.created_at).strftime("%Y-%m-%d %H:%M"),
            ruling.tournament.name if ruling.tournament else "",
            ruling.table_number, ruling.seats, " ".join(ruling.rules), ruling.facts,
            ruling.decision, ruling.penalty, ruling.staff.get_username() if ruling.staff else "",
            ruling.calculator_result,
            request.build_absolute_uri(ruling.calculator_url) if ruling.calculator else "",
        )])
    return response
