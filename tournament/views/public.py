"""Public pages: seat lookup and results (a player's seat and the seating chart: tables.views.public)."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.domain.names import long_enough
from tournament.exports import csv_response
from tournament.models import Entry
from tournament.selectors.clock import lookup_entries
from tournament.selectors.festival import is_day1_flight
from tournament.selectors.money import (
    bounties_won,
    deal_terms,
    payouts_with_deal,
    prizes_by_entry,
)
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.players import search_text
from tournament.views.common import HtmxHttpRequest, render_screen, tournament_or_404


@require_GET
def seat_lookup(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """A player types their name and finds their seat."""
    tournament = tournament_or_404(tournament_id)
    query = search_text(request.GET.get("name", ""))
    found = lookup_entries(tournament, query)
    # One Latin letter searches nothing yet: no "nobody by that name" while typing.
    context = {"tournament": tournament, "query": query, "found": found,
               "searched": long_enough(query)}
    return render_screen(request, "public/lookup.html", "results", context)


def _results(tournament):
    """Placed entries with their prizes (the ledger's); a Day 1 flight's busts before the
    money after them."""
    table = payout_table(tournament, field_figures(tournament))
    placed = list(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                  .select_related("player", "busted_by__player").order_by("finish_place"))
    day1 = is_day1_flight(tournament)
    prizes = prizes_by_entry(tournament, table)
    rows = [{"entry": e, "place": e.finish_place, "tied": e.tied_place,
             "prize": prizes.get(e.pk, 0), "knockouts": 0} for e in placed]
    if day1:
        rows += [{"entry": e, "place": None, "tied": None, "prize": 0, "knockouts": 0}
                 for e in Entry.objects.filter(tournament=tournament, status=Entry.Status.BUSTED,
                                               finish_place__isnull=True)
                 .select_related("player").order_by("-busted_at", "-number")]
    knockouts = dict(Entry.objects.filter(tournament=tournament, busted_by__isnull=False)
                     .values_list("busted_by").annotate(n=Count("id")).values_list("busted_by", "n"))
    for row in rows:
        row["knockouts"] = knockouts.get(row["entry"].pk, 0)
    _money_columns(tournament, rows)
    return rows, table


def _money_columns(tournament, rows) -> None:
    """Which prizes are a deal's shares; bounties won beside them."""
    deal, bounties = deal_terms(tournament), bounties_won(tournament)
    for row in rows:
        pk = row["entry"].pk
        row["deal"] = deal is not None and pk in deal.shares
        row["bounties"] = bounties.get(pk, 0)


@require_GET
def results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    rows, table = _results(tournament)
    return render(request, "public/results.html",
                  {"tournament": tournament, "rows": rows,
                   "payouts": payouts_with_deal(tournament, table)})


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
