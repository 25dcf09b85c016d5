"""Hand-for-hand at the bubble on the floor console and the director's clock console (issue 8 item 7)."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.services import busts, tables_add
from tournament.models import Entry, Tournament
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, seats_draw


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def running(make_tournament, director, players: int, tables: int, **values) -> Tournament:
    t = make_tournament(seats_per_table=9, final_table_size=9, **values)
    tables_add(actor=director, tournament_id=t.pk, count=tables)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:03d}" for i in range(players)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(2))
    clock_start(tournament_id=t.pk, actor=director)
    return t


def bust_down_to(t, director, left: int) -> None:
    rng = random.Random(4)
    while (seated := list(Entry.objects.filter(tournament=t, status="seated")
                          .order_by("number"))) and len(seated) > left:
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=seated[0].pk, rng=rng)


def screens(t, director, floor_user) -> dict[str, str]:
    return {
        "floor": client_for(floor_user).get(reverse("floor_console", args=[t.pk])).content.decode(),
        "floor (director)": client_for(director).get(
            reverse("floor_console", args=[t.pk])).content.decode(),
        "console": client_for(director).get(
            reverse("tournament_console", args=[t.pk])).content.decode(),
    }


@pytest.fixture
def twelve(make_tournament, director):
    """12 entries pay 2 places: the bubble is at 3 players left."""
    return running(make_tournament, director, 12, 2)


@pytest.mark.django_db
def test_the_consoles_prompt_hand_for_hand_at_the_bubble_and_not_before(
        twelve, director, floor_user):
    bust_down_to(twelve, director, 4)
    for name, html in screens(twelve, director, floor_user).items():
        assert "data-bubble" not in html and "players left" not in html, name
    bust_down_to(twelve, director, 3)
    shown = screens(twelve, director, floor_user)
    for name, html in shown.items():
        assert 'data-bubble="due"' in html and "3 players left, 2 paid:" in html, name
    assert 'data-action="hand-for-hand-on"' in shown["console"]
    assert shown["floor (director)"].count("Start hand-for-hand") == 1  # in the prompt only
    # The floor person is told who starts it; the button is the director's.
    assert "the director starts hand-for-hand." in shown["floor"]
    assert 'data-action="hand-for-hand-on"' not in shown["floor"]


@pytest.mark.django_db
def test_start_on_the_console_then_the_bust_that_bursts_the_bubble_ends_it(
        twelve, director, floor_user):
    bust_down_to(twelve, director, 3)
    director_client = client_for(director)
    on = director_client.post(reverse("hand_for_hand", args=[twelve.pk, "on"]),
                              {"back": "console"}, HTTP_HX_REQUEST="true")
    html = on.content.decode()
    assert on.status_code == 200 and html.startswith('<section id="bubble"')
    assert 'data-bubble="on"' in html and "Hand-for-hand · hand 1" in html
    twelve.refresh_from_db()
    assert twelve.hand_for_hand

    # Issue 21: the bust that bursts the bubble ends hand-for-hand by itself (TDA), so a
    # later bust is never folded into the bubble hand; no Next hand is needed.
    bust_down_to(twelve, director, 2)
    twelve.refresh_from_db()
    assert not twelve.hand_for_hand
    for name, html in screens(twelve, director, floor_user).items():
        assert "data-bubble" not in html and "The bubble burst" not in html, name
        assert "Hand-for-hand · hand" not in html, name


@pytest.mark.django_db
def test_the_console_button_without_javascript_comes_back_to_the_console(
        twelve, director, floor_user):
    bust_down_to(twelve, director, 3)
    url = reverse("hand_for_hand", args=[twelve.pk, "on"])
    response = client_for(director).post(url, {"back": "console"})
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament_console", args=[twelve.pk])
    # Only the director starts it; anonymous users change nothing.
    assert client_for(floor_user).post(url, {"back": "console"}).status_code == 403
    assert Client().post(url, {"back": "console"}).status_code in (302, 403)
    twelve.refresh_from_db()
    assert twelve.hand_for_hand and twelve.hand_number == 1


def _floor_queries(t, director) -> int:
    client = client_for(director)
    url = reverse("floor_console", args=[t.pk])
    client.get(url)  # session warm
    with CaptureQueriesContext(connection) as ctx:
        html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'data-bubble="due"' in html
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_the_prompt_costs_the_same_queries_at_2_and_12_tables(make_tournament, director):
    # The director's own number brings the prompt at once, whatever the field.
    small = running(make_tournament, director, 17, 2, hand_for_hand_at=17, name="small")
    large = running(make_tournament, director, 105, 12, hand_for_hand_at=105, name="large")
    assert _floor_queries(small, director) == _floor_queries(large, director)


@pytest.mark.django_db
def test_next_hand_from_a_stale_console_says_why_in_the_consoles_part(twelve, director):
    response = client_for(director).post(reverse("hand_for_hand", args=[twelve.pk, "next"]),
                                         {"back": "console"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 400 and html.startswith('<section id="bubble"')
    assert "Hand-for-hand is not on." in html
    twelve.refresh_from_db()
    assert not twelve.hand_for_hand and twelve.hand_number == 0
