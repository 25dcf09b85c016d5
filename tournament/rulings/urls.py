"""Rulebook search, rule pages, calculators and the rulings log (issue: rulings helper)."""

from django.urls import path

from tournament.rulings import log, views

urlpatterns = [
    path("", views.rulebook_search, name="rulebook_search"),
    path("guide/", views.rulebook_guide, name="rulebook_guide"),
    path("guide/<slug:category_slug>/", views.rulebook_guide, name="rulebook_guide_category"),
    path("guide/<slug:category_slug>/<slug:situation_slug>/", views.rulebook_guide_situation,
         name="rulebook_guide_situation"),
    path("rule/<str:rule_number>/", views.rulebook_rule, name="rulebook_rule"),
    path("calc/<slug:slug>/", views.rulebook_calc, name="rulebook_calc"),
    path("rulings/", log.ruling_list, name="ruling_list"),
    path("rulings/new/", log.ruling_create, name="ruling_create"),
    path("rulings/export.csv", log.ruling_export, name="ruling_export"),
    path("rulings/learn/", views.ruling_learn, name="ruling_learn"),
    path("rulings/learn/teach/", views.ruling_teach, name="ruling_teach"),
    path("rulings/learn/<int:phrase_id>/forget/", views.ruling_forget, name="ruling_forget"),
    path("rulings/learn/phrases.csv", views.ruling_phrases_export, name="ruling_phrases_export"),
    path("rulings/<int:ruling_id>/slip/", log.ruling_slip, name="ruling_slip"),
]
