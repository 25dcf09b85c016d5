"""The room at festival size: a floor section, the room overview, a room-wide search."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.models import Table
from tournament.models import Entry

from ..services.test_counts import seat_field
from .test_festival_views import client_for


@pytest.mark.django_db
def test_a_floor_section_shows_its_tables_and_is_remembered(tournament, director, floor_user):
    seat_field(tournament, director, 90)  # ten tables
    client = client_for(floor_user)
    url = reverse("floor_console", args=[tournament.pk])
    page = client.get(url, {"first": 3, "last": 5}).content.decode()
    assert page.count('class="floor-table') == 3 and 'data-table="6"' not in page
    assert "<strong>90</strong>" in page  # the room's count, not the section's
    again = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert again.count('class="floor-table') == 3
    whole = client.get(url, {"first": "1", "last": ""}).content.decode()
    assert whole.count('class="floor-table') == 10


@pytest.mark.django_db
def test_the_section_page_costs_the_same_at_any_field_size(make_tournament, director, floor_user):
    def measure(players: int) -> tuple[int, int]:
        t = make_tournament(name=f"S{players}")
        seat_field(t, director, players)
        client = client_for(floor_user)
        url = reverse("floor_console", args=[t.pk])
        client.get(url, {"first": 1, "last": 4})
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        return len(ctx.captured_queries), response.content.decode().count('class="floor-table')

    small, large = measure(36), measure(360)
    assert small == large and small[1] == 4


@pytest.mark.django_db
def test_room_overview_filters_and_search(tournament, director, floor_user):
    seat_field(tournament, director, 45)
    Table.objects.filter(tournament=tournament, number=2).update(halted=True)
    client = client_for(director)
    url = reverse("room_overview", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert page.count('<a class="tile') == 5
    halted = client.get(url, {"show": "halted"}).content.decode()
    assert halted.count('<a class="tile') == 1 and 'data-table="2"' in halted
    breaking = client.get(url, {"show": "breaking"}).content.decode()
    assert 'data-table="5"' in breaking and "✕1" in breaking
    someone = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, status="seated").first()
    found = client.get(reverse("floor_find", args=[tournament.pk]),
                       {"q": someone.player.name}, HTTP_HX_REQUEST="true").content.decode()
    assert f"table {someone.table.number} seat {someone.seat}" in found
    table = client.get(reverse("floor_find", args=[tournament.pk]), {"q": "3"},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "first=3" in table
    assert client_for(floor_user).get(url).status_code == 200
    from django.test import Client

    assert Client().get(url).status_code == 302


@pytest.mark.django_db
def test_a_large_room_opens_on_its_first_tables_until_a_section_is_chosen(make_tournament,
                                                                         director, floor_user):
    t = make_tournament(name="Large")
    seat_field(t, director, 450)  # 50 tables
    page = client_for(floor_user).get(reverse("floor_console", args=[t.pk])).content.decode()
    assert page.count('class="floor-table') == 40 and 'value="40"' in page
