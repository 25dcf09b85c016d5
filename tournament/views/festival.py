"""Chip counts on a phone, end of day and bags, the public leaderboard."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.floor_port import floor
from tournament.forms.festival import (
    BagCorrectionForm,
    ChipRemovalForm,
    DayEndForm,
    SearchForm,
    TableCountsForm,
    ToleranceForm,
)
from tournament.models import AuditEvent, Entry, Flight
from tournament.permissions import DIRECTOR, FLOOR, STAFF, role_required
from tournament.selectors.festival import (
    bag_report,
    flight_status,
    leaderboard,
    stack_figures,
    table_sheet,
)
from tournament.services import counts, days
from tournament.services.base import now
from tournament.views.common import form_errors, run_service, tournament_or_404
from tournament.views.printouts import paper_choice
from tournament.views.section import floor_section, remember_floor_section

LEADERBOARD_SIZE = 50


def _table_overview(tournament, first: int | None, last: int | None) -> list[dict]:
    """Each open table with how many sit there and how many are counted (one query)."""
    seated = Q(entries__status=Entry.Status.SEATED)
    current = seated & Q(entries__chip_counts__current=True)
    tables = floor().open_tables(tournament)
    if first is not None:
        tables = tables.filter(number__gte=first)
    if last is not None:
        tables = tables.filter(number__lte=last)
    return list(tables.order_by("number").annotate(
        seated=Count("entries", filter=seated, distinct=True),
        counted=Count("entries__chip_counts", filter=current),
        bagged=Count("entries__chip_counts", filter=current & ~Q(entries__chip_counts__bag="")),
    ).values("number", "seated", "counted", "bagged"))


def _counts_context(request: HttpRequest, tournament, **extra) -> dict:
    first, last = floor_section(request)
    return {
        # One reverse for every tile: ".../counts/table/0/" less its "0/".
        "table_url": reverse("counts_table", args=[tournament.pk, 0])[:-2],
        "tournament": tournament,
        "flight": flight_status(tournament),
        "figures": stack_figures(tournament, leaders=10),
        "tables": _table_overview(tournament, first, last),
        "first": first, "last": last,
        "removal_form": ChipRemovalForm(),
        "tolerance_form": ToleranceForm(),
        "day_form": DayEndForm(),
        "correction_form": BagCorrectionForm(),
        "error": None, "notice": None,
    } | extra


@require_GET
@role_required(DIRECTOR, FLOOR)
def counts_home(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The floor picks a table to count; the director runs the end of the day."""
    tournament = tournament_or_404(tournament_id)
    response = render(request, "festival/counts.html", _counts_context(request, tournament))
    return remember_floor_section(request, response)


def _render_home(request, tournament, error: str | None, notice: str) -> HttpResponse:
    request.method = "GET"
    tournament = tournament_or_404(tournament.pk)  # as the action left it
    context = _counts_context(request, tournament, error=error, notice=None if error else notice)
    return render(request, "festival/counts.html", context, status=400 if error else 200)


def _table_context(tournament, table, *, form=None, **extra) -> dict:
    flight = flight_status(tournament)
    bagging = flight is not None and flight.status == Flight.Status.BAGGING
    sheet = table_sheet(tournament, table)
    numbers = list(floor().open_tables(tournament).filter(number__gt=table.number)
                   .order_by("number").values_list("number", flat=True)[:1])
    return {"tournament": tournament, "table": table, "flight": flight, "bagging": bagging,
            "form": form or TableCountsForm(sheet=sheet, bagging=bagging),
            "total": sum(r["count"]["chips"] for r in sheet if r["count"]),
            "figures": stack_figures(tournament, leaders=0),
            "next_table": numbers[0] if numbers else None,
            "button": floor().button_age(table, tournament, now()), "seat_numbers": range(1, table.capacity + 1),
            "error": None, "notice": None, "undo_event": None} | extra


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR, FLOOR)
def counts_table(request: HttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    """A table's seats with number inputs, prefilled with the last count; saving is one action."""
    tournament = tournament_or_404(tournament_id)
    table = floor().open_tables(tournament).filter(number=table_number).first()
    if table is None:
        return render(request, "festival/counts_table.html",
                      {"tournament": tournament, "table": None,
                       "error": _("There is no table %(number)s in play.")
                       % {"number": table_number}}, status=404)
    template = "festival/counts_table.html#sheet" if request.htmx else "festival/counts_table.html"
    if request.method == "GET":
        return render(request, template, _table_context(tournament, table))
    flight = flight_status(tournament)
    form = TableCountsForm(request.POST, sheet=table_sheet(tournament, table),
                           bagging=flight is not None and flight.status == Flight.Status.BAGGING)
    if not form.is_valid():
        return render(request, template, _table_context(tournament, table, form=form),
                      status=400)
    event, error = run_service(request, lambda: counts.table_counts_enter(
        actor=request.user, tournament_id=tournament.pk, table_number=table.number,
        counts=form.counts(), bags=form.bags()))
    if error:
        return render(request, template, _table_context(tournament, table, form=form,
                                                        error=error), status=400)
    return render(request, template, _table_context(
        tournament, table, notice=_("Table %(number)s: %(n)s counts saved.")
        % {"number": table.number, "n": event.payload["entries"]}, undo_event=event))


@require_POST
@role_required(DIRECTOR, FLOOR)
def counts_undo(request: HttpRequest, tournament_id: int, event_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    event = AuditEvent.objects.filter(pk=event_id, tournament=tournament).first()
    _result, error = run_service(request, lambda: counts.chip_counts_undo(
        actor=request.user, tournament_id=tournament.pk, event_id=event_id))
    table = tournament.tables.filter(
        number=(event.payload.get("table") if event else None)).first()
    if table is None:
        return _render_home(request, tournament, error or _("That action cannot be undone."), "")
    template = "festival/counts_table.html#sheet" if request.htmx else "festival/counts_table.html"
    return render(request, template, _table_context(
        tournament, table, error=error, notice=None if error else _("Counts taken back.")),
        status=400 if error else 200)


@require_POST
@role_required(DIRECTOR, FLOOR)
def chips_removed(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = ChipRemovalForm(request.POST)
    if not form.is_valid():
        return _render_home(request, tournament, form_errors(form) if "note" in form.errors
                            else _("Enter the chips removed as a whole number."), "")
    _result, error = run_service(request, lambda: counts.chips_removed_record(
        actor=request.user, tournament_id=tournament.pk, chips=form.cleaned_data["chips"],
        note=form.cleaned_data["note"]))
    return _render_home(request, tournament, error, _("Colour-up recorded."))


@require_POST
@role_required(DIRECTOR)
def tolerance_set(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = ToleranceForm(request.POST)
    if not form.is_valid():
        return _render_home(request, tournament, _("The tolerance is a whole number of chips, 0 or more."), "")
    _result, error = run_service(request, lambda: counts.count_tolerance_set(
        actor=request.user, tournament_id=tournament.pk,
        tolerance=form.cleaned_data["tolerance"]))
    return _render_home(request, tournament, error, _("Tolerance saved."))


DAY_ACTIONS = ("end", "resume", "seal")


@require_POST
@role_required(DIRECTOR)
def day_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """End the day (now or at the end of the level), take it back, or seal the bags."""
    if action not in DAY_ACTIONS:
        raise Http404
    tournament = tournament_or_404(tournament_id)
    if action == "end":
        form = DayEndForm(request.POST)
        after_level = form.is_valid() and form.cleaned_data["when"] == "level"
        call = lambda: days.day_end(actor=request.user, tournament_id=tournament.pk,  # noqa: E731
                                    after_level=after_level)
        notice = (_("The day ends when this level is over.") if after_level
                  else _("Play has stopped: enter every stack with its bag number."))
    elif action == "resume":
        call = lambda: days.day_resume(actor=request.user, tournament_id=tournament.pk)  # noqa: E731
        notice = _("The day goes on.")
    else:  # seal
        if request.POST.get("confirm_difference") != "1" and (
                difference := _bags_off_by(tournament)):
            # Sealing is final: bags that do not add up to the chips in play are
            # shown with their difference and sealed only once confirmed.
            request.method = "GET"
            return render(request, "festival/counts.html", _counts_context(
                request, tournament, seal_difference=difference,
                seal_off_by=abs(difference)))
        call = lambda: days.day_seal(actor=request.user, tournament_id=tournament.pk)  # noqa: E731
        notice = _("The flight is bagged.")
    _result, error = run_service(request, call)
    return _render_home(request, tournament, error, notice)


def _bags_off_by(tournament) -> int:
    """The chips the bags hold less the chips in play (0 when they agree)."""
    reconciliation = stack_figures(tournament, leaders=0).reconciliation
    return reconciliation.difference if reconciliation is not None else 0


@require_POST
@role_required(DIRECTOR)
def bag_correct(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = BagCorrectionForm(request.POST)
    if not form.is_valid():
        request.method = "GET"
        context = _counts_context(request, tournament, correction_form=form,
                                  error=_("Check the correction."))
        return render(request, "festival/counts.html", context, status=400)
    entry = Entry.objects.filter(tournament=tournament, number=form.cleaned_data["number"]).first()
    if entry is None:
        return _render_home(request, tournament, _("There is no entry with that number."), "")
    _result, error = run_service(request, lambda: days.bag_correct(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry.pk,
        chips=form.cleaned_data["chips"], bag=form.cleaned_data["bag"],
        reason=form.cleaned_data["reason"]))
    return _render_home(request, tournament, error, _("Bag corrected."))


@require_GET
@role_required(*STAFF)
def bag_slips(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Printable: one slip per bag (name, bag number, chips, signature line)."""
    tournament = tournament_or_404(tournament_id)
    return render(request, "festival/bag_slips.html",
                  {"tournament": tournament, "tables": bag_report(tournament),
                   "flight": flight_status(tournament)} | paper_choice(request))


@require_GET
@role_required(*STAFF)
def count_report(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Printable: every stack by table, the table totals and the reconciliation line."""
    tournament = tournament_or_404(tournament_id)
    return render(request, "festival/count_report.html",
                  {"tournament": tournament, "tables": bag_report(tournament),
                   "figures": stack_figures(tournament, leaders=0),
                   "flight": flight_status(tournament)} | paper_choice(request))


@require_GET
def public_leaderboard(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Public: the chip leaders, or a search for a player with their rank."""
    tournament = tournament_or_404(tournament_id)
    form = SearchForm(request.GET)
    query = " ".join(form.cleaned_data["name"].split()) if form.is_valid() else ""
    rows = leaderboard(tournament, query=query if len(query) >= 2 else "",
                       limit=LEADERBOARD_SIZE)
    context = {"tournament": tournament, "rows": rows, "query": query,
               "figures": stack_figures(tournament, leaders=0)}
    template = "festival/leaderboard.html#board" if request.htmx else "festival/leaderboard.html"
    return render(request, template, context)
