"""Leagues: public standings (page and CSV), a player's history; the director's editor."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournament.exports import csv_response
from tournament.forms.money import LeagueForm
from tournament.models import League, Player
from tournament.permissions import DIRECTOR, has_role, role_required
from tournament.services import leagues
from tournament.views.common import done, run_service


@require_GET
def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/list.html", {
        "leagues": League.objects.all(), "can_edit": has_role(request.user, DIRECTOR)})


@require_GET
def league_standings(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    return render(request, "leagues/standings.html", {
        "league": league, "rows": leagues.league_standings(league),
        "tournaments": list(league.tournaments.order_by("created_at", "id")),
        "can_edit": has_role(request.user, DIRECTOR)})


@require_GET
def league_standings_csv(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    return csv_response(
        f"league-{league.pk}.csv", ["rank", "player", "points", "events", "wins", "best_place"],
        ([row["rank"], row["name"], row["points"], row["events"], row["wins"], row["best"]]
         for row in leagues.league_standings(league)))


@require_GET
def league_player(request: HttpRequest, league_id: int, player_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    player = get_object_or_404(Player, pk=player_id)
    history = leagues.league_player_history(league, player.pk)
    return render(request, "leagues/player.html", {
        "league": league, "player": player, "history": history,
        "total": sum((h.points for h in history), start=0)})


def _editor(request: HttpRequest, league: League | None) -> HttpResponse:
    initial = {}
    if league is not None:
        initial = {"name": league.name, "scoring": league.scoring,
                   "points_table": " ".join(str(v) for v in league.points_table),
                   "multiplier": league.multiplier,
                   "tournaments": list(league.tournaments.values_list("pk", flat=True))}
    form = LeagueForm(request.POST or None, initial=initial)
    preview = None
    error = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if request.POST.get("action") == "preview":
            preview, error = run_service(request, lambda: leagues.league_preview(
                scoring=data["scoring"], points_table=data["points_table"],
                multiplier=data["multiplier"], entries=data["preview_entries"] or 50,
                buy_in=data["preview_buy_in"] if data["preview_buy_in"] is not None else 100))
        else:
            saved, error = run_service(request, lambda: leagues.league_save(
                actor=request.user, league_id=league.pk if league else None, name=data["name"],
                scoring=data["scoring"], points_table=data["points_table"],
                multiplier=data["multiplier"],
                tournament_ids=[t.pk for t in data["tournaments"]]))
            if saved is not None:
                return done(request, reverse("league_standings", args=[saved.pk]),
                            _("League saved."))
        if error:
            form.add_error(None, error)
    return render(request, "leagues/edit.html",
                  {"form": form, "league": league, "preview": preview},
                  status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def league_create(request: HttpRequest) -> HttpResponse:
    return _editor(request, None)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def league_edit(request: HttpRequest, league_id: int) -> HttpResponse:
    return _editor(request, get_object_or_404(League, pk=league_id))
