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
    from tables.services import floor as floor_services
    from tables.services import tables_add
    from tournament.services.registration import entry_register

    t = make_tournament()
    tables_add(actor=director, tournament_id=t.pk, count=1)
    names = ["=HYPERLINK(\"http://evil\",\"win\")", "@SUM(1)", "李明"]
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=n) for n in names]
    for entry in entries[:2]:
        floor_services.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk)
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
