"""Rulebook search, rule pages, calculators and the rulings log (issue: rulings helper)."""

from django.urls import path

from tournament.views import rulebook, rulings

urlpatterns = [
    path("", rulebook.rulebook_search, name="rulebook_search"),
    path("rule/<str:rule_number>/", rulebook.rulebook_rule, name="rulebook_rule"),
    path("calc/<slug:slug>/", rulebook.rulebook_calc, name="rulebook_calc"),
    path("rulings/", rulings.ruling_list, name="ruling_list"),
    path("rulings/new/", rulings.ruling_create, name="ruling_create"),
    path("rulings/export.csv", rulings.ruling_export, name="ruling_export"),
]
