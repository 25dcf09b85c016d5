"""Issue 22 item 8: a festival Day 1 flight has no final table, and sealing bags
that do not add up to the chips in play shows the difference and asks first."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move, Table
from tests.services.test_counts import seat_field
from tournament.models import Entry, Flight
from tournament.selectors.festival import chips_in_play
from tournament.services.clock import clock_start
from tournament.services.counts import table_counts_enter
from tournament.services.days import day_end
from tournament.services.events import event_create, event_flight_add


@pytest.fixture
def flight(make_tournament, director):
    """A Day 1 flight of 12 on two nine-seat tables (6 and 6), the clock running."""
    event = event_create(actor=director, name="Main Event")
    t = make_tournament(name="Day 1A", seats_per_table=9, final_table_size=9)
    event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
    seat_field(t, director, 12)
    clock_start(tournament_id=t.pk, actor=director)
    t.refresh_from_db()
    return t


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _bust_from_the_floor(client, t) -> str:
    entry = Entry.objects.filter(tournament=t, status="seated").order_by("-number").first()
    answer = client.post(reverse("bust", args=[t.pk, entry.pk]),
                         {"expected_table": entry.table.number, "expected_seat": entry.seat},
                         HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.django_db
def test_a_day1_flight_down_to_the_final_table_size_announces_no_final_table(flight,
                                                                              floor_user):
    client = _client(floor_user)
    for _ in range(3):
        html = _bust_from_the_floor(client, flight)
    assert Entry.objects.filter(tournament=flight, status="seated").count() == 9
    assert "final table" not in html.lower()
    assert not Move.objects.filter(tournament=flight, reason="final").exists()
    # Nine players fit at one table: the other breaks in the posted order (house 9-B).
    assert "Break table(s)" in html
    assert Table.objects.filter(tournament=flight, status="open").count() == 1


def _bag_short(t, floor_user, short: int) -> None:
    players = list(Entry.objects.filter(tournament=t, status="seated").order_by("number"))
    total = chips_in_play(t) - short
    share, rest = divmod(total, len(players))
    chips = {e.pk: share + (rest if i == 0 else 0) for i, e in enumerate(players)}
    for table in Table.objects.filter(tournament=t, status="open"):
        here = [e for e in players if e.table_id == table.pk]
        table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=table.number,
                           counts={e.pk: chips[e.pk] for e in here},
                           bags={e.pk: f"B{e.number}" for e in here})


@pytest.mark.django_db
def test_sealing_bags_short_of_the_chips_in_play_shows_the_difference_and_asks_first(
        flight, director, floor_user):
    day_end(actor=director, tournament_id=flight.pk)
    _bag_short(flight, floor_user, 1000)
    client = _client(director)
    url = reverse("day_action", args=[flight.pk, "seal"])
    asked = client.post(url).content.decode()
    assert "1,000 fewer than the" in asked and "Seal the bags anyway" in asked
    assert Flight.objects.get(tournament=flight).status == "bagging"  # nothing sealed yet
    client.post(url, {"confirm_difference": "1"})
    assert Flight.objects.get(tournament=flight).status == "bagged"


@pytest.mark.django_db
def test_bags_that_add_up_seal_at_once(flight, director, floor_user):
    day_end(actor=director, tournament_id=flight.pk)
    _bag_short(flight, floor_user, 0)
    _client(director).post(reverse("day_action", args=[flight.pk, "seal"]))
    assert Flight.objects.get(tournament=flight).status == "bagged"
