"""Public pages of the room: a player's own seat and the seating chart."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tables.domain.table import break_rank
from tables.models import Move, Table
from tournament.domain.names import sort_key
from tournament.models import Entry
from tournament.views.cached import cached_fragment
from tournament.views.common import HtmxHttpRequest, render_screen, tournament_or_404


@require_GET
def entry_seat(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The public seat lookup by entry number (the name search and the chart link here).

    It shows what the seating chart shows of the entry (name, table, seat, a move
    to make, a finish) and never a contact. The QR of a receipt or seat card opens
    the player's own page instead (``/me/<signed link>/``); this page leads there by
    name and the printed code.
    """
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, number=number)
    pending = (Move.objects.filter(entry=entry, status=Move.Status.PENDING)
               .select_related("from_table", "to_table").first())
    context = {"tournament": tournament, "entry": entry, "pending": pending}
    return render_screen(request, "public/entry_seat.html", "seat", context)


TABLES_PER_PAGE = 40
NAMES_PER_PAGE = 500


def _page(request: HtmxHttpRequest, pages: int) -> int:
    try:
        page = int(request.GET.get("page", "1"))
    except ValueError:
        page = 1
    return min(max(page, 1), max(pages, 1))


@require_GET
@cached_fragment("chart")
def seating_chart(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every seat, by table or by name, a page at a time; four queries whatever the field size.

    A festival room has 5,000 players: the chart pages by table range (40
    tables) and by name (500 names), and its polls are served from the cache
    per change of the tournament (``cached_fragment``).
    """
    tournament = tournament_or_404(tournament_id)
    view = "names" if request.GET.get("view") == "names" else "tables"
    tables = list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)
                  .order_by("number"))
    counts = dict(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                  .values_list("table_id").annotate(n=Count("id")).values_list("table_id", "n"))
    waiting = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.WAITING)
                   .select_related("player").only("number", "player__name")
                   .order_by("waiting_since", "number"))
    occupied = [t for t in tables if counts.get(t.pk)]
    context = {
        "break_order": [t.number for t in sorted(occupied, key=break_rank)],
        "tournament": tournament,
        "waiting": waiting,
        "view": view,
    }
    if view == "names":
        seated = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                  .values_list("player__name", "table__number", "seat", "number"))
        rows = [row[:3] for row in sorted(seated, key=lambda r: (sort_key(r[0]), r[3]))]
        chunks = [rows[i:i + NAMES_PER_PAGE] for i in range(0, len(rows), NAMES_PER_PAGE)]
        page = _page(request, len(chunks))
        context |= {"alphabetical": chunks[page - 1] if chunks else [], "page": page,
                    "pages": [(i + 1, f"{c[0][0][:2]}–{c[-1][0][:2]}")
                              for i, c in enumerate(chunks)] if len(chunks) > 1 else []}
    else:
        chunks = [tables[i:i + TABLES_PER_PAGE] for i in range(0, len(tables), TABLES_PER_PAGE)]
        page = _page(request, len(chunks))
        shown = chunks[page - 1] if chunks else []
        by_table: dict[int, list] = {t.pk: [] for t in shown}
        for e in (Entry.objects.filter(table__in=shown, status=Entry.Status.SEATED)
                  .select_related("player").only("number", "seat", "table_id",
                                                 "wait_for_button", "player__name")
                  .order_by("seat")):
            by_table[e.table_id].append(e)
        context |= {"tables": [(t, by_table[t.pk]) for t in shown], "page": page,
                    "pages": [(i + 1, f"{c[0].number}–{c[-1].number}")
                              for i, c in enumerate(chunks)] if len(chunks) > 1 else []}
    return render_screen(request, "public/chart.html", "chart", context)
