"""Leagues: points by table or formula with a preview, standings page and CSV, a player's history."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.services.test_floor import field
from tests.services.test_money import down_to, start
from tournament.models import AuditEvent, Entry, League, Player
from tournament.services.leagues import league_save


def login(user):
    client = Client()
    client.force_login(user)
    return client


def finished(make_tournament, director, name, players):
    t = make_tournament(name=name, buy_in=100)
    entries = field(t, director, players, -(-players // 9))
    start(t)
    down_to(t, director, entries, 1)
    return t


@pytest.fixture
def two_events(make_tournament, director):
    # field() names players "Player 000"...: each name is a new Player per tournament,
    # so the same person plays both by reusing the Player rows.
    a = finished(make_tournament, director, "Week 1", 10)
    b = make_tournament(name="Week 2", buy_in=100)
    from tables.services import tables_add
    from tournament.services.registration import entry_register

    tables_add(actor=director, tournament_id=b.pk, count=2)
    for player in Player.objects.order_by("pk")[:10]:
        entry_register(actor=director, tournament_id=b.pk, player_id=player.pk)
    start(b)
    down_to(b, director, list(Entry.objects.filter(tournament=b).order_by("number")), 1)
    return a, b


@pytest.mark.django_db
def test_director_creates_a_league_with_a_preview_then_standings_add_up(two_events, director):
    a, b = two_events
    client = login(director)
    data = {"name": "Monday League", "scoring": "table", "points_table": "100 70 50",
            "multiplier": "10", "tournaments": [a.pk, b.pk], "preview_entries": "20",
            "preview_buy_in": "100"}
    preview = client.post("/leagues/new/", data | {"action": "preview"})
    assert preview.status_code == 200 and not League.objects.exists()
    assert "<td class=\"num\">70</td>" in preview.content.decode()
    client.post("/leagues/new/", data | {"action": "save"})
    league = League.objects.get()
    assert AuditEvent.objects.filter(kind="league_created").exists()
    page = Client().get(f"/leagues/{league.pk}/").content.decode()
    winners = {Entry.objects.get(tournament=t, finish_place=1).player for t in (a, b)}
    assert all(p.name in page for p in winners)
    rows = list(csv.reader(io.StringIO(
        Client().get(f"/leagues/{league.pk}/standings.csv").content.decode("utf-8-sig"))))
    assert rows[0] == ["rank", "player", "points", "events", "wins", "best_place"]
    assert sum(float(r[2]) for r in rows[1:]) == 2 * (100 + 70 + 50)
    top = rows[1]
    player = Player.objects.get(name=top[1])
    history = Client().get(f"/leagues/{league.pk}/players/{player.pk}/").content.decode()
    assert "Week 1" in history and "Week 2" in history


@pytest.mark.django_db
def test_formula_points_follow_entries_buy_in_and_place(two_events, director):
    a, _b = two_events
    league = league_save(actor=director, name="Formula", scoring="formula", points_table=[],
                         multiplier=10, tournament_ids=[a.pk])
    rows = list(csv.reader(io.StringIO(
        Client().get(f"/leagues/{league.pk}/standings.csv").content.decode("utf-8-sig"))))
    # 10 entries, buy-in 100: 10 × √10 × 3.00108 = 94.90 for 1st.
    assert rows[1][2] == "94.90"


@pytest.mark.django_db
@pytest.mark.parametrize(("data", "message"), [
    ({"points_table": "100 abc"}, "whole numbers"),
    ({"points_table": ""}, "points of 1st place"),
    ({"points_table": "100 -5"}, "between 0 and"),
    ({"multiplier": "-1"}, "greater than or equal to 0"),
    ({"name": "   "}, "required"),
    ({"preview_entries": "0"}, "greater than or equal to 1"),
])
def test_bad_league_input_gets_a_message(director, data, message):
    base = {"name": "L", "scoring": "table", "points_table": "10", "multiplier": "10",
            "action": "save"}
    response = login(director).post("/leagues/new/", base | data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not League.objects.exists()


@pytest.mark.django_db
def test_standings_cost_the_same_queries_whatever_the_field(make_tournament, director):
    counts = []
    for size in (10, 30):
        t = finished(make_tournament, director, f"Field {size}", size)
        league = league_save(actor=director, name=f"L{size}", scoring="formula",
                             points_table=[], multiplier=10, tournament_ids=[t.pk])
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(f"/leagues/{league.pk}/").status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.django_db
def test_only_the_director_edits_leagues(floor_user, cashier):
    for user in (floor_user, cashier):
        assert login(user).post("/leagues/new/", {"name": "x"}).status_code == 403
