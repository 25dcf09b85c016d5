"""The room at festival size: the director's overview of every table, and a room-wide search.

Neither sends seats: the overview is one compact tile per table, the search
at most twenty rows. Both cost a fixed number of queries whatever the field.
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tables.domain.table import break_rank
from tables.models import Move, Table
from tables.services.state import age_of, current_level
from tournament.models import Entry
from tournament.permissions import DIRECTOR, FLOOR, role_required
from tournament.services.base import now
from tournament.services.players import search_text
from tournament.views.common import HtmxHttpRequest, tournament_or_404

BREAKING_NEXT = 3
FILTERS = ("all", "halted", "short", "moves", "breaking")


def room_tiles(tournament) -> list[dict]:
    """One line per open table: count, halted, short, breaking next, moves in and out."""
    tables = list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)
                  .order_by("number"))
    counts = dict(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                  .values_list("table_id").annotate(n=Count("id")).values_list("table_id", "n"))
    moves_out: dict[int, int] = {}
    moves_in: dict[int, int] = {}
    for from_id, to_id in Move.objects.filter(tournament=tournament, status=Move.Status.PENDING
                                              ).values_list("from_table_id", "to_table_id"):
        moves_out[from_id] = moves_out.get(from_id, 0) + 1
        moves_in[to_id] = moves_in.get(to_id, 0) + 1
    occupied = [t for t in tables if counts.get(t.pk)]
    order = {t.pk: i + 1 for i, t in enumerate(sorted(occupied, key=break_rank)[:BREAKING_NEXT])}
    largest = max(counts.values(), default=0)
    at = now()
    level = current_level(tournament, at)  # once for every tile's button age
    return [{"number": t.number, "count": counts.get(t.pk, 0), "capacity": t.capacity,
             "halted": t.halted, "short": largest - counts.get(t.pk, 0) >= 2 and counts.get(t.pk),
             "breaks": order.get(t.pk), "in": moves_in.get(t.pk, 0),
             "out": moves_out.get(t.pk, 0), "button": age_of(t, tournament, at, level),
             "wanted": t.button_wanted} for t in tables]


def _keep(tile: dict, show: str) -> bool:
    return {"all": True, "halted": tile["halted"], "short": bool(tile["short"]),
            "moves": bool(tile["in"] or tile["out"]),
            "breaking": tile["breaks"] is not None}[show]


@require_GET
@role_required(DIRECTOR, FLOOR)
def room_overview(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every table of the room on one laptop screen, filterable; a tile opens its section."""
    tournament = tournament_or_404(tournament_id)
    show = request.GET.get("show", "all")
    show = show if show in FILTERS else "all"
    tiles = room_tiles(tournament)
    shown = [t for t in tiles if _keep(t, show)]
    context = {"tournament": tournament, "tiles": shown, "show": show,
               "floor_url": reverse("floor_console", args=[tournament.pk]),
               "players": sum(t["count"] for t in tiles), "tables": len(tiles),
               "halted": sum(1 for t in tiles if t["halted"]),
               "moves": sum(t["out"] for t in tiles)}
    name = "festival/room.html#room" if request.htmx else "festival/room.html"
    return render(request, name, context)


@require_GET
@role_required(DIRECTOR, FLOOR)
def floor_find(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Search the whole room: a table number, or a player's name (at most 20 rows)."""
    tournament = tournament_or_404(tournament_id)
    query = search_text(request.GET.get("q", ""), limit=60)
    entries, table = [], None
    if query.isdigit():
        table = Table.objects.filter(tournament=tournament, number=int(query)).first()
    elif len(query) >= 2:
        entries = list(Entry.objects.filter(tournament=tournament,
                                            status__in=Entry.LIVE_STATUSES)
                       .filter(Q(player__name__icontains=query)
                               | Q(player__nickname__icontains=query))
                       .select_related("player", "table").order_by("player__name")[:20])
    context = {"tournament": tournament, "query": query, "entries": entries, "table": table}
    name = "festival/floor_find.html#found" if request.htmx else "festival/floor_find.html"
    return render(request, name, context)
