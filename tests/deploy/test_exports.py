"""CSV downloads open safely in a spreadsheet: a BOM first, and no cell runs as a formula."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tournament.exports import csv_text, safe_cell

HOSTILE = ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "\uff1d1+1"]


@pytest.mark.parametrize("value", HOSTILE)
def test_formula_like_text_is_written_as_text(value):
    assert safe_cell(value) == "'" + value


@pytest.mark.parametrize("value", [-5, 0, 12.5, "Ann", "李明", "", "a=b", "1-2"])
def test_numbers_and_plain_text_are_kept(value):
    assert safe_cell(value) == value


def test_the_document_starts_with_a_bom_and_reads_back():
    text = csv_text(["name", "prize"], [["=cmd|' /C calc'!A0", -10], ["李明", 300]])
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows == [["name", "prize"], ["'=cmd|' /C calc'!A0", "-10"], ["李明", "300"]]


@pytest.mark.django_db
def test_the_public_results_csv_neutralises_a_hostile_name(make_tournament, director):
    from tables.services import busts, tables_add
    from tournament.services.registration import entry_register

    t = make_tournament()
    tables_add(actor=director, tournament_id=t.pk, count=1)
    names = ["=HYPERLINK(\"http://evil\",\"win\")", "@SUM(1)", "李明"]
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=n) for n in names]
    for entry in entries[:2]:
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk)
    response = Client().get(reverse("results_csv", args=[t.pk]))
    assert response.status_code == 200
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    players = {row[3] for row in rows[1:]}
    assert players == {"'=HYPERLINK(\"http://evil\",\"win\")", "'@SUM(1)", "李明"}
    assert not any(cell[:1] in "=+-@" for row in rows for cell in row if cell)


@pytest.mark.django_db
def test_the_structure_csv_has_a_bom_and_imports_back(tournament, client, director):
    client.force_login(director)
    response = client.get(reverse("structure_export", args=[tournament.pk, "csv"]))
    assert response.status_code == 200
    assert response.content.startswith("\ufeff".encode())
    assert response.content.decode().splitlines()[0].endswith(
        "kind,small_blind,big_blind,ante,ante_type,minutes,color_up")


def _read(response) -> list[list[str]]:
    """The rows of a CSV download, after checking it starts with a BOM."""
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))


def _no_formula(rows: list[list[str]]) -> None:
    assert not any(cell[:1] in "=+@" or (cell[:1] == "-" and not cell[1:].isdigit())
                   for row in rows for cell in row if cell)


def _finished_with_hostile_names(make_tournament, director):
    from tests.services.test_floor import field
    from tests.services.test_money import down_to, start
    from tournament.models import Player

    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 6, 1)
    Player.objects.filter(pk=entries[0].player_id).update(name="=HYPERLINK(\"http://evil\")",
                                                          country="+NZ")
    Player.objects.filter(pk=entries[1].player_id).update(name="李明", country="中国")
    start(t)
    down_to(t, director, entries, 1)
    return t


@pytest.mark.django_db
def test_the_league_standings_csv_neutralises_a_hostile_name(make_tournament, director):
    from tournament.services.leagues import league_save

    t = _finished_with_hostile_names(make_tournament, director)
    league = league_save(actor=director, name="Monday", scoring="table",
                         points_table=[100, 70, 50, 30, 20, 10], multiplier=1,
                         tournament_ids=[t.pk])
    rows = _read(Client().get(reverse("league_standings_csv", args=[league.pk])))
    assert rows[0] == ["rank", "player", "points", "events", "wins", "best_place"]
    players = {row[1] for row in rows[1:]}
    assert "'=HYPERLINK(\"http://evil\")" in players and "李明" in players
    _no_formula(rows)


@pytest.mark.django_db
def test_the_api_results_export_neutralises_a_hostile_name_and_country(make_tournament,
                                                                        director):
    t = _finished_with_hostile_names(make_tournament, director)
    rows = _read(Client().get(reverse("api_results_export", args=[t.pk])))
    assert rows[0] == ["place", "name", "country", "prize"]
    assert ["'=HYPERLINK(\"http://evil\")", "'+NZ"] in [r[1:3] for r in rows]
    assert ["李明", "中国"] in [r[1:3] for r in rows]
    assert sum(int(r[3]) for r in rows[1:]) == 600
    _no_formula(rows)


@pytest.mark.django_db
def test_the_cash_report_csv_neutralises_a_hostile_cashier_name(make_tournament, director,
                                                                  groups):
    from django.contrib.auth.models import User
    from django.utils import timezone

    from tables.services import tables_add
    from tournament.permissions import REGISTRATION
    from tournament.services.registration import entry_register

    t = make_tournament(buy_in=100)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    for username in ("@SUM(A1)", "李明"):
        user = User.objects.create_user(username=username, password="pw")
        user.groups.add(groups[REGISTRATION])
        entry_register(actor=user, tournament_id=t.pk, player_name=f"Player {username}")
    client = Client()
    client.force_login(director)
    day = timezone.localdate().isoformat()
    for url in (reverse("cash_report", args=[t.pk]), reverse("cash_report_day", args=[day])):
        rows = _read(client.get(url + "?format=csv"))
        cashiers = {row[1]: row[2] for row in rows if row[0] == "cashier"}
        assert cashiers == {"'@SUM(A1)": "100", "李明": "100"}
        _no_formula(rows)
