"""Public pages: seat lookup, a player's own seat, the seating chart and results."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tables.domain.seating import break_rank
from tables.models import Move, Table
from tournament.domain.payouts import prize_by_entry
from tournament.exports import csv_response
from tournament.models import Entry
from tournament.selectors import field_figures, payout_table
from tournament.views.common import HtmxHttpRequest, render_screen, tournament_or_404

LIVE = Entry.LIVE_STATUSES


@require_GET
def seat_lookup(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """A player types their name and finds their seat."""
    tournament = tournament_or_404(tournament_id)
    query = " ".join(request.GET.get("name", "").split())
    found = []
    if len(query) >= 2:
        found = list(
            Entry.objects.filter(tournament=tournament)
            .filter(Q(player__name__icontains=query) | Q(player__nickname__icontains=query))
            .exclude(status=Entry.Status.UNREGISTERED)
            .select_related("player", "table").order_by("player__name", "-number")[:20]
        )
    context = {"tournament": tournament, "query": query, "found": found}
    return render_screen(request, "public/lookup.html", "results", context)


@require_GET
def entry_seat(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The page a seat card's QR code opens: this entry's seat, kept up to date."""
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, number=number)
    pending = (Move.objects.filter(entry=entry, status=Move.Status.PENDING)
               .select_related("from_table", "to_table").first())
    context = {"tournament": tournament, "entry": entry, "pending": pending}
    return render_screen(request, "public/entry_seat.html", "seat", context)


@require_GET
def seating_chart(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every seat, by table and alphabetically; three queries whatever the field size."""
    tournament = tournament_or_404(tournament_id)
    tables = list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN))
    entries = list(
        Entry.objects.filter(tournament=tournament, status__in=LIVE)
        .select_related("player").only("number", "seat", "table_id", "status",
                                       "wait_for_button", "player__name", "player__nickname")
        .order_by("player__name", "number")
    )
    by_table: dict[int, list] = {t.pk: [] for t in tables}
    waiting = []
    for e in entries:
        if e.status == Entry.Status.SEATED and e.table_id in by_table:
            by_table[e.table_id].append(e)
        else:
            waiting.append(e)
    table_rows = [(t, sorted(by_table[t.pk], key=lambda e: e.seat)) for t in tables]
    numbers = {t.pk: t.number for t in tables}
    occupied = [t for t in tables if by_table[t.pk]]
    break_order = [t.number for t in sorted(occupied, key=lambda t: break_rank(t))]
    context = {
        "break_order": break_order,
        "tournament": tournament,
        "tables": table_rows,
        "alphabetical": [(e, numbers.get(e.table_id)) for e in entries if e.status == Entry.Status.SEATED],
        "waiting": waiting,
        "view": request.GET.get("view", "tables"),
    }
    return render_screen(request, "public/chart.html", "chart", context)


def _results(tournament):
    table = payout_table(tournament, field_figures(tournament))
    placed = list(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                  .select_related("player", "busted_by__player").order_by("finish_place"))
    prizes = dict(prize_by_entry([(e.pk, e.finish_place, e.tied_place) for e in placed],
                                 [row["amount"] for row in table]))
    rows = [{"entry": e, "place": e.finish_place, "tied": e.tied_place,
             "prize": e.payout if tournament.status == "finished" else prizes.get(e.pk, 0),
             "knockouts": 0} for e in placed]
    knockouts = dict(Entry.objects.filter(tournament=tournament, busted_by__isnull=False)
                     .values_list("busted_by").annotate(n=Count("id")).values_list("busted_by", "n"))
    for row in rows:
        row["knockouts"] = knockouts.get(row["entry"].pk, 0)
    _money_columns(tournament, rows)
    return rows, table


def _money_columns(tournament, rows) -> None:
    """A deal in force replaces its players' prizes; bounties won beside them."""
    from tournament.selectors_money import bounties_won, deal_payouts

    deal, bounties = deal_payouts(tournament), bounties_won(tournament)
    for row in rows:
        pk = row["entry"].pk
        row["deal"] = pk in deal
        if pk in deal:
            row["prize"] = deal[pk]
        row["bounties"] = bounties.get(pk, 0)


@require_GET
def results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    rows, table = _results(tournament)
    return render(request, "public/results.html",
                  {"tournament": tournament, "rows": rows, "payouts": table})


@require_GET
def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    rows, _table = _results(tournament)
    return csv_response(
        f"results-{tournament.pk}.csv",
        ["place", "tied_from", "entry", "player", "prize", "knockouts"],
        ([row["place"], row["tied"] or "", row["entry"].number, row["entry"].player.name,
          row["prize"], row["knockouts"]] for row in rows),
    )
