"""Leagues: included from tournament.config.urls without a prefix."""

from django.urls import path

from tournament.views import leagues

urlpatterns = [
    path("leagues/", leagues.league_list, name="league_list"),
    path("leagues/new/", leagues.league_create, name="league_create"),
    path("leagues/<int:league_id>/", leagues.league_standings, name="league_standings"),
    path("leagues/<int:league_id>/edit/", leagues.league_edit, name="league_edit"),
    path("leagues/<int:league_id>/standings.csv", leagues.league_standings_csv,
         name="league_standings_csv"),
    path("leagues/<int:league_id>/players/<int:player_id>/", leagues.league_player,
         name="league_player"),
]
