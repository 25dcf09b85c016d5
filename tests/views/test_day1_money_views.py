"""The money reached on Day 1 through the client: the floor's bust, the event and flight results."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.models import Entry
from tournament.selectors.payouts import field_figures, payout_table

from ..services.test_day1_money import bag_and_seal, bust_one
from ..services.test_days_and_events import three_flights


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def floor_bust(client: Client, tournament, entry) -> str:
    response = client.post(reverse("bust", args=[tournament.pk, entry.pk]),
                           {"expected_table": entry.table.number, "expected_seat": entry.seat})
    assert response.status_code == 200
    return response.content.decode()


def next_out(tournament) -> Entry:
    return (Entry.objects.filter(tournament=tournament, status="seated").select_related("table")
            .order_by("-number").first())


def event_page_queries(event) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as ctx:
        page = Client().get(reverse("event_detail", args=[event.pk])).content.decode()
    return len(ctx.captured_queries), page


@pytest.mark.django_db
def test_event_and_flight_results_show_the_places_and_prizes_decided_on_day1(
        make_tournament, director, floor_user):
    event, (a, b) = three_flights(make_tournament, director, floor_user, sizes=(18, 18))
    for _ in range(14):
        bust_one(a, floor_user)
    bag_and_seal(a, director, floor_user)
    for _ in range(15):
        bust_one(b, floor_user)
    floor = client_for(floor_user)
    # 7 still in (4 bags and 3 in flight B) for 6 places paid.
    out = next_out(b)
    assert f"{out.player.name} is out on Day 1." in floor_bust(floor, b, out)
    before, page = event_page_queries(event)
    assert "No place is decided yet." in page
    sixth = next_out(b)
    assert f"{sixth.player.name} is out in place 6." in floor_bust(floor, b, sixth)
    prize = payout_table(b, field_figures(b))[5]["amount"]
    after, page = event_page_queries(event)
    assert after == before  # what the page costs does not grow with the places decided
    row = re.search(r'<tr data-place="6"[^>]*>(.*?)</tr>', page, re.S)
    assert row and sixth.player.name in row[1] and f"Day 1: {b.name}" in row[1]
    assert f"{prize:,}" in row[1]
    assert "data-day1-money" in page
    assert re.search(r"data-still-in>5<", page) and re.search(r"data-places-paid>6<", page)
    # The flight's public results: the place with its prize, the others out on Day 1.
    results = Client().get(reverse("results", args=[b.pk])).content.decode()
    assert results.count("data-out-day1") == 16
    first_row = re.search(r'<tr class="in-money"><td>6</td><td>(.*?)</tr>', results, re.S)
    assert first_row and sixth.player.name in first_row[1] and f"{prize:,}" in first_row[1]
    # The cashier pays it like any prize.
    cage = client_for(director).get(reverse("cashier", args=[b.pk])).content.decode()
    assert sixth.player.name in cage and f"{prize:,}" in cage
