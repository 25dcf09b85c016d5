"""The public seating chart at festival size: paged, and its polls served per change."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import busts
from tournament.models import Entry

from ..services.test_counts import seat_field

POLL = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.django_db
def test_an_unchanged_poll_costs_no_query_and_answers_304(
        tournament, director, floor_user, django_assert_num_queries,
        django_capture_on_commit_callbacks):
    seat_field(tournament, director, 27)
    url = reverse("seating_chart", args=[tournament.pk])
    first = Client().get(url, {"view": "tables"}, **POLL)
    tag = first["ETag"]
    assert first.status_code == 200 and tag and "no-cache" in first["Cache-Control"]
    with django_assert_num_queries(0):
        again = Client().get(url, {"view": "tables"}, **POLL)
        same = Client().get(url, {"view": "tables"}, HTTP_IF_NONE_MATCH=tag, **POLL)
    assert again.content == first.content and again["ETag"] == tag
    assert same.status_code == 304 and not same.content
    # A bust changes the chart: a new ETag and the player is gone.
    victim = Entry.objects.filter(tournament=tournament, status="seated").select_related(
        "player").first()
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=tournament.pk, entry_id=victim.pk)
    changed = Client().get(url, {"view": "tables"}, HTTP_IF_NONE_MATCH=tag, **POLL)
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert victim.player.name not in changed.content.decode()


@pytest.mark.django_db
def test_the_cached_poll_follows_the_language(tournament, director):
    seat_field(tournament, director, 9)
    url = reverse("seating_chart", args=[tournament.pk])
    english = Client().get(url, **POLL).content.decode()
    chinese = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(url, **POLL).content.decode()
    assert "Table 1" in english and "Table 1" not in chinese


@pytest.mark.django_db
def test_a_large_chart_pages_by_table_range_and_by_name(make_tournament, director):
    t = make_tournament(name="Big")
    seat_field(t, director, 900)  # 100 tables: three pages of 40 tables; two of 500 names
    url = reverse("seating_chart", args=[t.pk])
    first = Client().get(url).content.decode()
    assert first.count('class="chart-table"') == 40
    assert "1–40" in first and "81–100" in first
    last = Client().get(url, {"page": 3}).content.decode()
    assert last.count('class="chart-table"') == 20 and "Table 100" in last
    names = Client().get(url, {"view": "names", "page": 2}).content.decode()
    assert names.count("<tr><td>") == 400 and "Player 0899" in names
    assert "Player 0000" not in names
    assert Client().get(url, {"page": "x"}).status_code == 200
