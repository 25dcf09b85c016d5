"""The read-only JSON API: resources, ETag/304, CORS, the schema, fixed query counts."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.services.test_floor import field
from tests.services.test_money import bust, down_to, start
from tournament.models import Player
from tournament.services import clock as clock_services

RESOURCES = ("", "clock/", "levels/", "payouts/", "seating/", "chips/", "results/", "bounties/",
             "line/", "reservations/")


def get(url, **headers):
    return Client().get(url, **headers)


@pytest.fixture
def running(make_tournament, director):
    t = make_tournament(buy_in=100, bounty=10, bounty_progressive=True)
    entries = field(t, director, 12, 2)
    start(t)
    clock_services.clock_start(tournament_id=t.pk, actor=director)
    bust(t, director, entries[0], by=entries[1])
    return t, entries


@pytest.mark.django_db
def test_every_resource_answers_json_with_an_etag_and_cors(running):
    t, _entries = running
    assert t.pk in [x["id"] for x in get("/api/v1/tournaments/").json()["tournaments"]]
    for suffix in RESOURCES:
        response = get(f"/api/v1/tournaments/{t.pk}/{suffix}")
        assert response.status_code == 200, suffix
        assert response["Content-Type"] == "application/json"
        assert response["Access-Control-Allow-Origin"] == "*"
        assert response["ETag"].startswith('"')
        json.loads(response.content)
    assert get("/api/v1/tournaments/999999/clock/").status_code == 404


@pytest.mark.django_db
def test_an_unchanged_resource_answers_304_and_a_change_a_new_etag(
        running, director, django_capture_on_commit_callbacks):
    t, _entries = running
    url = f"/api/v1/tournaments/{t.pk}/clock/"
    first = get(url)
    again = get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Access-Control-Allow-Origin"] == "*"
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.clock_pause(tournament_id=t.pk, actor=director)
    changed = get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert changed.json()["running"] is False
    assert changed["ETag"] != first["ETag"]


@pytest.mark.django_db
def test_the_clock_is_an_anchor_a_client_can_count_from(running):
    t, _entries = running
    data = get(f"/api/v1/tournaments/{t.pk}/clock/").json()
    assert data["running"] is True and data["anchor_at"] > 0
    assert [lv["starts_at_elapsed"] for lv in data["levels"][:3]] == [0, 600, 1200]
    assert data["players_left"] == 11 and data["entries"] == 12


@pytest.mark.django_db
def test_read_only_any_write_is_refused_and_preflight_is_answered(running):
    t, _entries = running
    url = f"/api/v1/tournaments/{t.pk}/results/"
    client = Client(enforce_csrf_checks=True)
    assert client.post(url, {}).status_code == 405
    assert client.delete(url).status_code == 405
    preflight = client.options(url, HTTP_ORIGIN="https://overlay.example",
                               HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET")
    assert preflight.status_code == 204
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "ETag" in preflight["Access-Control-Expose-Headers"]


@pytest.mark.django_db
def test_results_and_export_carry_place_name_country_prize(make_tournament, director):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 10, 2)
    Player.objects.filter(pk=entries[9].player_id).update(name="=HYPERLINK(1)", country="NZ")
    start(t)
    down_to(t, director, entries, 1)
    t.refresh_from_db()
    assert t.status == "finished"
    data = get(f"/api/v1/tournaments/{t.pk}/results/").json()["results"]
    assert [r["place"] for r in data] == list(range(1, 11))
    assert sum(r["prize"] for r in data) == 1000
    response = get(f"/api/v1/tournaments/{t.pk}/results.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["place", "name", "country", "prize"]
    assert rows[1][0] == "1" and rows[1][3] == "500"
    assert ["'=HYPERLINK(1)", "NZ"] in [r[1:3] for r in rows]


@pytest.mark.django_db
def test_the_schema_is_valid_openapi_and_lists_every_resource(running):
    from openapi_spec_validator import validate

    t, _entries = running
    spec = get("/api/v1/openapi.json").json()
    validate(spec)
    for suffix in RESOURCES:
        assert f"/api/v1/tournaments/{{tournament_id}}/{suffix}" in spec["paths"]


def _queries(url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(url).status_code == 200
    return len(captured)


@pytest.mark.django_db
def test_query_counts_do_not_grow_with_the_field(make_tournament, director):
    from django.core.cache import cache

    counts = {}
    for size in (12, 40):
        t = make_tournament(name=f"Field {size}", buy_in=100, bounty=10)
        entries = field(t, director, size, -(-size // 9))
        start(t)
        for e in entries[:3]:
            bust(t, director, e, by=entries[-1])
        cache.clear()
        counts[size] = {s: _queries(f"/api/v1/tournaments/{t.pk}/{s}") for s in RESOURCES}
    assert counts[12] == counts[40], counts
    # The clock comes from the cached snapshot: no query once it is built.
    t_id = t.pk
    assert _queries(f"/api/v1/tournaments/{t_id}/clock/") == 0


@pytest.mark.django_db
def test_director_sets_countries_before_the_export(make_tournament, director, floor_user):
    from tournament.models import AuditEvent

    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 10, 2)
    start(t)
    down_to(t, director, entries, 1)
    client = Client()
    client.force_login(director)
    winner = Player.objects.get(entries__tournament=t, entries__finish_place=1)
    page = client.get(f"/t/{t.pk}/results/export/")
    assert page.status_code == 200 and f'name="country_{winner.pk}"' in page.content.decode()
    saved = client.post(f"/t/{t.pk}/results/export/", {f"country_{winner.pk}": " New  Zealand "})
    assert "Countries saved." in saved.content.decode()
    winner.refresh_from_db()
    assert winner.country == "New Zealand"
    assert AuditEvent.objects.filter(kind="player_countries_set").count() == 1
    rows = list(csv.reader(io.StringIO(get(f"/api/v1/tournaments/{t.pk}/results.csv")
                                       .content.decode("utf-8-sig"))))
    assert rows[1][1:3] == [winner.name, "New Zealand"]
    bad = client.post(f"/t/{t.pk}/results/export/", {f"country_{winner.pk}": "x" * 61})
    assert bad.status_code == 400 and "at most 60" in bad.content.decode()
    bad = client.post(f"/t/{t.pk}/results/export/", {f"country_{winner.pk}": "N\x00Z"})
    assert bad.status_code == 400 and "control characters" in bad.content.decode()
    winner.refresh_from_db()
    assert winner.country == "New Zealand"
    floor_client = Client()
    floor_client.force_login(floor_user)
    assert floor_client.post(f"/t/{t.pk}/results/export/", {}).status_code == 403
