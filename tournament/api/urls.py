"""/api/v1/: included from tournament.config.urls with one line."""

from django.urls import path

from tournament.api import views

urlpatterns = [
    path("api/v1/", views.api_index, name="api_index"),
    path("api/v1/openapi.json", views.openapi, name="api_openapi"),
    path("api/v1/tournaments/", views.tournaments, name="api_tournaments"),
    path("api/v1/tournaments/<int:tournament_id>/", views.tournament, name="api_tournament"),
    path("api/v1/tournaments/<int:tournament_id>/clock/", views.clock, name="api_clock"),
    path("api/v1/tournaments/<int:tournament_id>/levels/", views.levels, name="api_levels"),
    path("api/v1/tournaments/<int:tournament_id>/payouts/", views.payouts, name="api_payouts"),
    path("api/v1/tournaments/<int:tournament_id>/seating/", views.seating, name="api_seating"),
    path("api/v1/tournaments/<int:tournament_id>/chips/", views.chips, name="api_chips"),
    path("api/v1/tournaments/<int:tournament_id>/results/", views.results, name="api_results"),
    path("api/v1/tournaments/<int:tournament_id>/results.csv", views.results_export,
         name="api_results_export"),
    path("api/v1/tournaments/<int:tournament_id>/bounties/", views.bounties,
         name="api_bounties"),
    path("api/v1/tournaments/<int:tournament_id>/line/", views.line, name="api_line"),
    path("api/v1/tournaments/<int:tournament_id>/reservations/", views.reservations,
         name="api_reservations"),
]
