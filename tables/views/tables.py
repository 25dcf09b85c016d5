"""The floor's tables: added and removed, a table's button and break order, its seats
blocked or accessible. Each answers with the whole floor, as the console's actions do."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tables.forms import (
    MANY_TABLES,
    BreakOrderForm,
    ButtonForm,
    SeatMarkForm,
    TableRemoveForm,
    TablesAddForm,
)
from tables.selectors import floor as selectors
from tables.services.tables import (
    table_mark_seat,
    table_set_break_order,
    table_set_button,
    tables_add,
    tables_remove,
)
from tables.views.floor import render_floor
from tournament.models import Tournament
from tournament.permissions import DIRECTOR, FLOOR, role_required
from tournament.views.common import (
    HtmxHttpRequest,
    run_service,
    tournament_or_404,
)


def _table_form_response(request: HtmxHttpRequest, tournament: Tournament, table_number: int,
                         form, error: str | None = None) -> HttpResponse:
    """The floor with a table's form error shown under that form."""
    errors = [str(e) for field in form.errors.values() for e in field]
    return render_floor(request, tournament, error=error or " ".join(errors),
                         table_errors={table_number: errors})


@require_POST
@role_required(DIRECTOR, FLOOR)
def table_button(request: HtmxHttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = ButtonForm(request.POST)
    if request.POST.get("back") == "counts":
        # From the count sheet (a plain form): back to it, with what happened.
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
        if not error:
            _table, error = run_service(request, lambda: table_set_button(
                actor=request.user, tournament_id=tournament.pk, table_number=table_number,
                seat=form.cleaned_data["seat"]))
        if error:
            messages.error(request, error)
        return redirect("counts_table", tournament.pk, table_number)
    if not form.is_valid():
        return _table_form_response(request, tournament, table_number, form)
    _table, error = run_service(request, lambda: table_set_button(
        actor=request.user, tournament_id=tournament.pk, table_number=table_number,
        seat=form.cleaned_data["seat"]), form=form)
    if error:
        return _table_form_response(request, tournament, table_number, form, error)
    return render_floor(request, tournament)


@require_POST
@role_required(DIRECTOR)
def table_break_order(request: HtmxHttpRequest, tournament_id: int, table_number: int
                      ) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = BreakOrderForm(request.POST)
    if not form.is_valid():
        return _table_form_response(request, tournament, table_number, form)
    _table, error = run_service(request, lambda: table_set_break_order(
        actor=request.user, tournament_id=tournament.pk, table_number=table_number,
        order=form.cleaned_data["break_order"]), form=form, fields={"order": "break_order"})
    if error:
        return _table_form_response(request, tournament, table_number, form, error)
    return render_floor(request, tournament)


@require_POST
@role_required(DIRECTOR)
def tables_add_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = TablesAddForm(request.POST)
    if not form.is_valid():
        errors = [str(e) for field in form.errors.values() for e in field]
        return render_floor(request, tournament, error=" ".join(errors), add_form=form)
    if form.needs_confirmation:
        return render_floor(request, tournament, add_form=form, confirm_add=form.cleaned_data,
                             many_tables=MANY_TABLES)
    _tables, error = run_service(request, lambda: tables_add(
        actor=request.user, tournament_id=tournament.pk, count=form.cleaned_data["count"],
        capacity=form.cleaned_data["capacity"]), form=form)
    return render_floor(request, tournament, error=error, add_form=form if error else None)


@require_POST
@role_required(DIRECTOR)
def table_remove(request: HtmxHttpRequest, tournament_id: int, table_number: int
                 ) -> HttpResponse:
    """Take an empty table away (added by mistake): asked once more, then done;
    undone from the log."""
    tournament = tournament_or_404(tournament_id)
    form = TableRemoveForm(request.POST)
    if not (form.is_valid() and form.cleaned_data["confirm"]):
        problem = selectors.table_removal_problem(tournament, table_number)
        if problem:
            return render_floor(request, tournament, error=problem)
        return render_floor(request, tournament, confirm_remove=table_number)
    event, error = run_service(request, lambda: tables_remove(
        actor=request.user, tournament_id=tournament.pk, numbers=[table_number]))
    notice = None if error else _("Table %(number)s removed.") % {"number": table_number}
    return render_floor(request, tournament, error=error, notice=notice,
                         removed_event=event.pk if event else None)


SEAT_MARK_NOTICES = {
    "blocked": gettext_lazy("Table %(table)s seat %(seat)s is blocked: no one is seated there."),
    "accessible": gettext_lazy("Table %(table)s seat %(seat)s is accessible."),
    "normal": gettext_lazy("Table %(table)s seat %(seat)s is a normal seat again."),
}


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def table_seats(request: HtmxHttpRequest, tournament_id: int, table_number: int
                ) -> HttpResponse:
    """The seat editor of one table (house rule 8 / TDA 2024 9): tap a seat to block it
    (a broken chair, a camera position), keep it accessible, or make it normal again."""
    tournament = tournament_or_404(tournament_id)
    if request.method == "GET":
        editor = selectors.seat_editor(tournament, table_number)
        if editor is None:
            raise Http404
        if request.htmx:
            return render(request, "tables/floor.html#seat-editor",
                          {"tournament": tournament, "editor": editor, "mark": "blocked"})
        return render_floor(request, tournament, editor=editor, mark="blocked")
    form = SeatMarkForm(request.POST)
    mark = form.data.get("mark") if form.data.get("mark") in SEAT_MARK_NOTICES else "blocked"
    if not form.is_valid():
        errors = " ".join(str(e) for field in form.errors.values() for e in field)
        return render_floor(request, tournament, error=errors, mark=mark,
                             editor=selectors.seat_editor(tournament, table_number))
    seat = form.cleaned_data["seat"]
    _event, error = run_service(request, lambda: table_mark_seat(
        actor=request.user, tournament_id=tournament.pk, table_number=table_number, seat=seat,
        mark=mark), form=form)
    notice = None if error else str(SEAT_MARK_NOTICES[mark]) % {"table": table_number,
                                                                  "seat": seat}
    return render_floor(request, tournament, error=error, notice=notice, mark=mark,
                         editor=selectors.seat_editor(tournament, table_number))

