"""Rulebook search, rule pages, calculators and the rulings log (issue: rulings helper)."""

from django.urls import path

urlpatterns: list = []
