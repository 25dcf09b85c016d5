"""The floor console: tables and seats, bust-outs, moves, buttons, hand-for-hand."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tables.domain.seating import Table as SeatingTable
from tables.models import Move, Table
from tables.services import floor
from tables.services.buttons import age_of
from tables.services.tables import table_set_break_order, table_set_button, tables_add
from tournament.models import Entry
from tournament.permissions import DIRECTOR, FLOOR, role_required
from tournament.services.base import now
from tournament.services.bounties import bounty_notice
from tournament.views.common import HtmxHttpRequest, render_screen, run_service, tournament_or_404


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


SECTION_COOKIE = "floorman_floor_section"
DEFAULT_SECTION = 40  # tables shown before a floor person picks a section


def floor_section(request) -> tuple[int | None, int | None]:
    """The tables this floor person works (first, last), asked for or remembered on the device."""
    if "first" in request.GET or "last" in request.GET:
        values = request.GET.get("first"), request.GET.get("last")
    else:
        values = tuple(request.COOKIES.get(SECTION_COOKIE, "").partition("-")[::2])
    numbers = [_int(v) for v in values]
    return tuple(n if n is not None and 0 <= n <= 100_000 else None for n in numbers)


def floor_context(tournament, *, first: int | None = None, last: int | None = None) -> dict:
    """Everything the floor console shows for a section of tables, in a fixed number of queries.

    A section (tables ``first`` to ``last``) keeps a festival room of 560
    tables off a phone; the room's largest table still decides which are short.
    """
    in_section = Q()
    if first is not None:
        in_section &= Q(number__gte=first)
    if last is not None:
        in_section &= Q(number__lte=last)
    sectioned = first is not None or last is not None
    at = now()
    tables = list(Table.objects.filter(in_section, tournament=tournament,
                                       status=Table.Status.OPEN))
    if not sectioned and len(tables) > DEFAULT_SECTION:
        # Nothing chosen on this device yet: the first tables, not the whole room.
        tables, sectioned = tables[:DEFAULT_SECTION], True
        first, last = tables[0].number, tables[-1].number
    entries = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED,
                                        table__in=tables)
                   .select_related("player").only("pk", "number", "seat", "table_id",
                                                  "wait_for_button", "player__name"))
    pending = list(Move.objects.filter(tournament=tournament, status=Move.Status.PENDING)
                   .filter(Q(from_table__in=tables) | Q(to_table__in=tables))
                   .select_related("entry__player", "from_table", "to_table")
                   .order_by("created_at", "id"))
    moving_in = {(m.to_table_id, m.to_seat) for m in pending}
    by_table: dict[int, dict[int, Entry]] = {t.pk: {} for t in tables}
    for e in entries:
        by_table.setdefault(e.table_id, {})[e.seat] = e
    largest = max((len(s) for s in by_table.values()), default=0)
    room_players = len(entries)
    if sectioned:
        room = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                .values("table_id").annotate(n=Count("id")).values_list("n", flat=True))
        counts = list(room)
        largest, room_players = max(counts, default=0), sum(counts)
    grid = []
    for t in tables:
        seated = by_table.get(t.pk, {})
        domain_table = SeatingTable(number=t.number, capacity=t.capacity,
                                    seats={s: e.pk for s, e in seated.items()}, button=t.button)
        seats = [{"number": n, "entry": seated.get(n), "moving_in": (t.pk, n) in moving_in,
                  "role": role if (role := domain_table.role_of(n)) != "NBB" else "",
                  "blocked": n in (t.blocked_seats or ()),
                  "accessible": n in (t.accessible_seats or ())}
                 for n in range(1, t.capacity + 1)]
        grid.append({"table": t, "seats": seats, "count": len(seated),
                     "short": largest - len(seated) >= 3, "button": age_of(t, tournament, at)})
    return {"tournament": tournament, "grid": grid, "pending": pending,
            "buttons_wanted": [row for row in grid if row["table"].button_wanted],
            "players_left": room_players, "section": (first, last) if sectioned else None}


def _render_floor(request: HtmxHttpRequest, tournament, *, error: str | None = None,
                  notice: str | None = None, warnings=(), undo_entry: int | None = None
                  ) -> HttpResponse:
    first, last = floor_section(request)
    context = floor_context(tournament, first=first, last=last) | {
        "error": error, "notice": notice, "warnings": warnings, "undo_entry": undo_entry}
    response = render_screen(request, "tables/floor.html", "floor", context,
                             status=400 if error else 200)
    if request.method == "GET" and ("first" in request.GET or "last" in request.GET):
        response.set_cookie(SECTION_COOKIE, f"{first if first is not None else ''}-"
                            f"{last if last is not None else ''}", max_age=30 * 24 * 3600,
                            samesite="Lax")
    return response


@require_GET
@role_required(DIRECTOR, FLOOR)
def floor_console(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _render_floor(request, tournament_or_404(tournament_id))


@require_GET
@role_required(DIRECTOR, FLOOR)
def seat_dialog(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, pk=entry_id, status=Entry.Status.SEATED)
    tablemates = list(Entry.objects.filter(table=entry.table, status=Entry.Status.SEATED)
                      .exclude(pk=entry.pk).select_related("player").order_by("seat"))
    return render(request, "tables/floor.html#seat-dialog",
                  {"tournament": tournament, "entry": entry, "tablemates": tablemates,
                   "button": age_of(entry.table, tournament, now()),
                   "seat_numbers": range(1, entry.table.capacity + 1)})


@require_POST
@role_required(DIRECTOR, FLOOR)
def bust(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    chips = request.POST.get("chips_at_start", "").strip()
    chips_value = _int(chips)
    if chips and (chips_value is None or chips_value < 0):
        return _render_floor(request, tournament, error=_("Starting stack must be a whole number."))
    button_raw = request.POST.get("button", "")
    if button_raw and _int(button_raw) is None:
        return _render_floor(request, tournament, error=_("The button seat must be a number."))
    result, error = run_service(request, lambda: floor.entry_bust(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        busted_by_id=_int(request.POST.get("busted_by")), chips_at_start=chips_value,
        expected_table=_int(request.POST.get("expected_table")),
        expected_seat=_int(request.POST.get("expected_seat")), button=_int(button_raw)))
    notice = None
    if result:
        notice = _("%(name)s is out in place %(place)s.") % {"name": result.entry.player.name,
                                                             "place": result.entry.finish_place}
        notice = " ".join(filter(None, [notice, bounty_notice(result.event)]))
        if result.winner:
            notice += " " + _("%(name)s wins the tournament!") % {"name": result.winner.player.name}
        elif result.plan.final_table:
            notice += " " + _("The final table forms now at table %(table)s: everyone redraws.") % {
                "table": result.plan.final_table_number}
        elif result.plan.breaks:
            notice += " " + _("Break table(s) %(tables)s.") % {
                "tables": ", ".join(str(n) for n in result.plan.breaks)}
    return _render_floor(request, tournament_or_404(tournament_id), error=error, notice=notice,
                         undo_entry=result.entry.pk if result else None)


@require_POST
@role_required(DIRECTOR, FLOOR)
def bust_undo(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    undone, error = run_service(request, lambda: floor.entry_bust_undo(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id))
    notice = None
    if undone is not None:
        notice = _("Bust undone.")
        if not undone.payload["own_seat"] and undone.payload["table"]:
            notice += " " + _("Their seat is taken: they go to table %(table)s seat %(seat)s.") % {
                "table": undone.payload["table"], "seat": undone.payload["seat"]}
    return _render_floor(request, tournament_or_404(tournament_id), error=error, notice=notice,
                         warnings=undone.payload["warnings"] if undone else ())


@require_POST
@role_required(DIRECTOR, FLOOR)
def move_done(request: HtmxHttpRequest, tournament_id: int, move_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _move, error = run_service(request, lambda: floor.move_confirm(
        actor=request.user, tournament_id=tournament.pk, move_id=move_id,
        expected_to_table=_int(request.POST.get("expected_table")),
        expected_to_seat=_int(request.POST.get("expected_seat"))))
    return _render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR, FLOOR)
def move_entry(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    table_number, seat = _int(request.POST.get("table")), _int(request.POST.get("seat"))
    if table_number is None or seat is None:
        return _render_floor(request, tournament, error=_("Give a table and a seat."))
    button_raw = request.POST.get("button", "")
    if button_raw and _int(button_raw) is None:
        return _render_floor(request, tournament, error=_("The button seat must be a number."))
    _move, error = run_service(request, lambda: floor.entry_move(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        table_number=table_number, seat=seat,
        expected_table=_int(request.POST.get("expected_table")),
        expected_seat=_int(request.POST.get("expected_seat")), button=_int(button_raw)))
    return _render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR, FLOOR)
def table_button(request: HtmxHttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    raw = request.POST.get("seat", "")
    seat = _int(raw)
    if raw and seat is None:
        return _render_floor(request, tournament, error=_("The button seat must be a number."))
    _table, error = run_service(request, lambda: table_set_button(
        actor=request.user, tournament_id=tournament.pk, table_number=table_number, seat=seat))
    return _render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR)
def table_break_order(request: HtmxHttpRequest, tournament_id: int, table_number: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    order = _int(request.POST.get("break_order"))
    if order is None:
        return _render_floor(request, tournament, error=_("The break order must be a number."))
    _table, error = run_service(request, lambda: table_set_break_order(
        actor=request.user, tournament_id=tournament.pk, table_number=table_number, order=order))
    return _render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR)
def tables_add_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    count, capacity = _int(request.POST.get("count")), _int(request.POST.get("capacity"))
    if count is None:
        return _render_floor(request, tournament, error=_("Say how many tables to add."))
    _tables, error = run_service(request, lambda: tables_add(
        actor=request.user, tournament_id=tournament.pk, count=count, capacity=capacity))
    return _render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR, FLOOR)
def balance_now(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    event, error = run_service(request, lambda: floor.tables_balance(
        actor=request.user, tournament_id=tournament.pk,
        random_ok=request.POST.get("random") == "1"))
    notice = None
    if event is not None:
        moves = event.payload["plan"]["moves"]
        notice = _("%(n)s move(s) to make.") % {"n": moves} if moves else _("Tables are balanced.")
        if event.payload["plan"].get("buttons_wanted"):
            notice = _("A balance move is needed: tap the button seat first.")
    return _render_floor(request, tournament, error=error, notice=notice)


@require_POST
@role_required(DIRECTOR)
def hand_for_hand(request: HtmxHttpRequest, tournament_id: int, action: str) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    if action == "next":
        _t, error = run_service(request, lambda: floor.hand_next(
            actor=request.user, tournament_id=tournament.pk))
    else:
        _t, error = run_service(request, lambda: floor.hand_for_hand_set(
            actor=request.user, tournament_id=tournament.pk, on=action == "on"))
    return _render_floor(request, tournament_or_404(tournament_id), error=error)
