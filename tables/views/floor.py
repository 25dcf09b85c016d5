"""The floor console: tables and seats, bust-outs, moves, a balance, hand-for-hand (the
tables themselves, added, removed, their button, break order and seats: ``tables.py``).

Every action answers with the whole floor as it is now, so a refused action
(a stale screen, a seat just taken) also refreshes what the user sees.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from tables.explain import no_accessible_seat_notice
from tables.forms import (
    BustForm,
    MoveDoneForm,
    MoveEntryForm,
)
from tables.selectors import floor as selectors
from tables.selectors.floor import hand_out_at_table
from tables.services import busts, busts_undo, floor, reseat
from tables.services.plans import no_accessible_seat
from tables.services.state import age_of
from tournament.models import Entry, Tournament
from tournament.permissions import DIRECTOR, FLOOR, role_required
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.services.base import now
from tournament.services.bounties import bounty_notice
from tournament.views.common import (
    HtmxHttpRequest,
    render_screen,
    run_service,
    tournament_or_404,
)
from tournament.views.live import live_screen
from tournament.views.section import floor_section, remember_floor_section

HAND_FOR_HAND_ACTIONS = ("on", "off", "next")


def _int(value: str | None) -> int | None:
    """A whole number that fits the database's integer columns, else None."""
    try:
        number = int(value) if value not in (None, "") and len(value) <= 20 else None
    except ValueError:
        return None
    return number if number is not None and -(2**31) < number < 2**31 else None


def _dialog(tournament: Tournament, entry_id: int, **forms: Any) -> dict[str, Any] | None:
    """The seat dialog of one seated entry: the player, tablemates, the bust and move forms."""
    entry = (Entry.objects.select_related("player", "table")
             .filter(tournament=tournament, pk=entry_id, status=Entry.Status.SEATED).first())
    if entry is None:
        return None
    tablemates = list(Entry.objects.filter(table=entry.table, status=Entry.Status.SEATED)
                      .exclude(pk=entry.pk).select_related("player").order_by("seat"))
    bust_form = forms.get("bust_form") or BustForm()
    move_form = forms.get("move_form") or MoveEntryForm()
    button = age_of(entry.table, tournament, now())
    # The button row: the seat tapped in a refused post, else the button as known.
    posted = (bust_form.data.get("button") if bust_form.is_bound
              else move_form.data.get("button") if move_form.is_bound else None)
    return {"entry": entry, "tablemates": tablemates, "bust_form": bust_form,
            "hand_out": hand_out_at_table(tournament, entry.table.number),
            "move_form": move_form, "button": button,
            "button_picked": _int((posted or "")[:3]) if posted else button.seat,
            "button_errors": [*bust_form.errors.get("button", ()),
                              *move_form.errors.get("button", ())],
            "seat_numbers": range(1, entry.table.capacity + 1)}


def render_floor(request: HtmxHttpRequest, tournament: Tournament, *, error: str | None = None,
                  notice: str | None = None, warnings=(), undo_entry: int | None = None,
                  dialog: dict[str, Any] | None = None, status: int | None = None,
                  **extra: Any) -> HttpResponse:
    first, last = floor_section(request)
    context = selectors.floor_context(tournament, first=first, last=last) | {
        "error": error, "notice": notice, "warnings": warnings, "undo_entry": undo_entry,
        "dialog": dialog, **extra}
    if status is None:
        status = 400 if error else 200
    response = render_screen(request, "tables/floor.html", "floor", context, status=status)
    return remember_floor_section(request, response)


@require_GET
@role_required(DIRECTOR, FLOOR)
@live_screen
def floor_console(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return render_floor(request, tournament_or_404(tournament_id))


@require_GET
@role_required(DIRECTOR, FLOOR)
def seat_dialog(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    dialog = _dialog(tournament, entry_id)
    if dialog is None:
        # A screen older than the room (Back, then Forward): the floor as it is now,
        # saying what became of the player, in place of the dialog.
        response = render_floor(request, tournament, error=_no_longer_seated(tournament,
                                                                              entry_id))
        return reswap(retarget(response, "#floor"), "outerHTML") if request.htmx else response
    return render_screen(request, "tables/floor.html", "seat-dialog",
                         {"tournament": tournament, "dialog": dialog})


def _no_longer_seated(tournament: Tournament, entry_id: int) -> str:
    """What became of a player the screen still shows seated."""
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None or entry.status == Entry.Status.UNREGISTERED:
        return _("That player is no longer in the tournament; the floor is shown as it is now.")
    names = {"name": entry.player.name, "place": entry.finish_place}
    if entry.status == Entry.Status.BUSTED and entry.finish_place:
        return _("%(name)s is out, in place %(place)s; the floor is shown as it is now.") % names
    if entry.status == Entry.Status.BUSTED:
        return _("%(name)s is out; the floor is shown as it is now.") % names
    return _("%(name)s has no seat now; the floor is shown as it is now.") % names


@require_POST
@role_required(DIRECTOR, FLOOR)
def bust(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = BustForm(request.POST)
    if not form.is_valid():
        return render_floor(request, tournament, dialog=_dialog(tournament, entry_id,
                                                                 bust_form=form), status=400)
    data = form.cleaned_data
    result, error = run_service(request, lambda: busts.entry_bust(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        busted_by_id=data["busted_by"], chips_at_start=data["chips_at_start"],
        expected_table=data["expected_table"], expected_seat=data["expected_seat"],
        button=data["button"], same_hand=form.same_hand(), hand_stacks=form.hand_stacks()),
        form=form, fields={"busted_by_id": "busted_by"})
    tournament = tournament_or_404(tournament_id)
    if form.errors:
        return render_floor(request, tournament, error=error,
                             dialog=_dialog(tournament, entry_id, bust_form=form))
    notice = None
    if result:
        if result.entry.finish_place is None:
            notice = _("%(name)s is out on Day 1.") % {"name": result.entry.player.name}
        else:
            notice = _("%(name)s is out in place %(place)s.") % {
                "name": result.entry.player.name, "place": result.entry.finish_place}
        notice = " ".join(filter(None, [notice, _hand_notice(result), bounty_notice(result.event)]))
        if result.winner:
            notice += " " + _("%(name)s wins the tournament!") % {"name": result.winner.player.name}
        elif result.plan.final_table:
            notice += " " + _("The final table forms now at table %(table)s: everyone redraws.") % {
                "table": result.plan.final_table_number}
        elif result.plan.breaks:
            notice += " " + _("Break table(s) %(tables)s.") % {
                "tables": ", ".join(str(n) for n in result.plan.breaks)}
        notice = _with_access_notice(notice, no_accessible_seat(result.plan))
    return render_floor(request, tournament, error=error, notice=notice,
                         undo_entry=result.entry.pk if result else None)


def _hand_notice(result) -> str:
    """What the bust did to its hand: a place shared, and hand-for-hand ended at the bubble."""
    parts = []
    if result.event.payload.get("tied"):
        parts.append(_("Out in the same hand as another player: they share places from "
                       "%(place)s.") % {"place": result.event.payload["tied"]})
    if result.event.payload.get("hand_for_hand_ended"):
        parts.append(_("The bubble burst: hand-for-hand is over."))
    return " ".join(parts)


def _with_access_notice(notice: str, entry_ids: list[int]) -> str:
    """The notice, and who needs an accessible seat and got none (house rule 8): one query."""
    if not entry_ids:
        return notice
    names = list(Entry.objects.filter(pk__in=entry_ids).order_by("number")
                 .values_list("player__name", flat=True))
    return f"{notice} {no_accessible_seat_notice(names)}"


@require_POST
@role_required(DIRECTOR, FLOOR)
def bust_undo(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    undone, error = run_service(request, lambda: busts_undo.entry_bust_undo(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id))
    notice = None
    if undone is not None:
        notice = _("Bust undone.")
        if not undone.payload["own_seat"] and undone.payload["table"]:
            notice += " " + _("Their seat is taken: they go to table %(table)s seat %(seat)s.") % {
                "table": undone.payload["table"], "seat": undone.payload["seat"]}
    return render_floor(request, tournament_or_404(tournament_id), error=error, notice=notice,
                         warnings=undone.payload["warnings"] if undone else ())


@require_POST
@role_required(DIRECTOR, FLOOR)
def entry_seat_now(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """One tap seats a live player who has none (``tables.services.reseat.entry_seat``)."""
    tournament = tournament_or_404(tournament_id)
    event, error = run_service(request, lambda: reseat.entry_seat(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id))
    notice = None
    if event is not None:
        p = event.payload
        notice = p["notice"] or _("%(name)s: table %(table)s seat %(seat)s.") % {
            "name": p["name"], "table": p["table"], "seat": p["seat"]}
    return render_floor(request, tournament, error=error, notice=notice)


@require_POST
@role_required(DIRECTOR, FLOOR)
def move_done(request: HtmxHttpRequest, tournament_id: int, move_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = MoveDoneForm(request.POST)
    if not form.is_valid():  # the screen's table and seat are what make a stale move safe
        return render_floor(request, tournament, error=_(
            "This screen sent a table or seat that does not exist, so the move was not "
            "confirmed: reload the page and try again."))
    shown = form.cleaned_data
    _event, error = run_service(request, lambda: floor.move_confirm(
        actor=request.user, tournament_id=tournament.pk, move_id=move_id,
        expected_to_table=shown.get("expected_to_table"),
        expected_to_seat=shown.get("expected_to_seat")))
    return render_floor(request, tournament, error=error)


@require_POST
@role_required(DIRECTOR, FLOOR)
def move_entry(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = MoveEntryForm(request.POST)
    if not form.is_valid():
        return render_floor(request, tournament, dialog=_dialog(tournament, entry_id,
                                                                 move_form=form), status=400)
    data = form.cleaned_data
    _event, error = run_service(request, lambda: floor.entry_move(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        table_number=data["table"], seat=data["seat"], expected_table=data["expected_table"],
        expected_seat=data["expected_seat"], button=data["button"]),
        form=form, fields={"table_number": "table"})
    dialog = _dialog(tournament, entry_id, move_form=form) if error else None
    return render_floor(request, tournament, error=error, dialog=dialog)


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
        notice = _with_access_notice(notice, event.payload["plan"].get("no_accessible_seat", []))
    return render_floor(request, tournament, error=error, notice=notice)


@require_POST
@role_required(DIRECTOR)
def hand_for_hand(request: HtmxHttpRequest, tournament_id: int, action: str) -> HttpResponse:
    if action not in HAND_FOR_HAND_ACTIONS:
        raise Http404
    tournament = tournament_or_404(tournament_id)
    if action == "next":
        _t, error = run_service(request, lambda: floor.hand_next(
            actor=request.user, tournament_id=tournament.pk))
    else:
        _t, error = run_service(request, lambda: floor.hand_for_hand_set(
            actor=request.user, tournament_id=tournament.pk, on=action == "on"))
    tournament = tournament_or_404(tournament_id)
    if request.POST.get("back") == "console":
        # From the director's clock console: its hand-for-hand part, or the page again.
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect("tournament_console", tournament.pk)
        return render(request, "clock/console.html#bubble", {
            "tournament": tournament, "bubble": hand_for_hand_bubble(tournament),
            "bubble_error": error}, status=400 if error else 200)
    return render_floor(request, tournament, error=error)
