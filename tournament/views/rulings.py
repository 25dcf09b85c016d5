"""The rulings log: staff read and search it, Director and Floor write it, CSV export."""

from __future__ import annotations

import csv

from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.forms_rulebook import RulingFilterForm, RulingForm
from tournament.models import Ruling
from tournament.permissions import DIRECTOR, FLOOR, STAFF, has_role, role_required
from tournament.rulebook.catalog import normalize_number
from tournament.services.base import ServiceError
from tournament.services.rulings import ruling_log
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


def _log_page(request: HttpRequest, form: RulingForm | None, status: int = 200) -> HttpResponse:
    filters = RulingFilterForm(request.GET)
    page = Paginator(rulings_matching(filters), 50).get_page(request.GET.get("page"))
    may_write = has_role(request.user, DIRECTOR, FLOOR)
    if may_write and form is None:
        form = RulingForm(initial={"rules": request.GET.get("cite", "")})
    context = {"filters": filters, "page": page, "form": form if may_write else None,
               "export_query": request.GET.urlencode()}
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
        ruling_log(
            actor=request.user, facts=data["facts"], decision=data["decision"],
            rules=data["rules"], table_number=data["table_number"], seats=data["seats"],
            penalty=data["penalty"], tournament_id=tournament.pk if tournament else None,
        )
    except ServiceError as error:
        form.add_error(error.field, error.message)
        return _log_page(request, form, status=400)
    return done(request, reverse("ruling_list"), _("Ruling logged."))


def _cell(value: object) -> str:
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
                     _("Facts"), _("Decision"), _("Penalty"), _("Staff")])
    for ruling in rulings.iterator(chunk_size=500):
        writer.writerow([_cell(v) for v in (
            timezone.localtime(ruling.created_at).strftime("%Y-%m-%d %H:%M"),
            ruling.tournament.name if ruling.tournament else "",
            ruling.table_number, ruling.seats, " ".join(ruling.rules), ruling.facts,
            ruling.decision, ruling.penalty, ruling.staff.get_username() if ruling.staff else "",
        )])
    return response
