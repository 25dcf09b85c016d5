"""The registration desk at any size: search, paging, paid chip purchases, CSV pre-registration."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.services import busts, tables_add
from tournament.models import AuditEvent, Entry, Payment, Player
from tournament.services.registration import entries_import, entry_register, seats_draw

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def pre_register(tournament, director, players: int, tables: int) -> None:
    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:03d}" for i in range(1, players + 1)])
    seats_draw(actor=director, tournament_id=tournament.pk)


def rows(html: str) -> int:
    return html.count("<tr data-entry=")


def test_every_entry_is_reachable_by_page_name_number_or_table(tournament, director, cashier):
    pre_register(tournament, director, 120, 14)
    client = client_for(cashier)
    url = reverse("registration_desk", args=[tournament.pk])
    first = client.get(url).content.decode()
    assert rows(first) == 50 and 'data-entry="120"' in first and "Page 1 of 3" in first
    last = client.get(url, {"page": 3}).content.decode()
    assert rows(last) == 20 and 'data-entry="1"' in last
    by_name = client.get(url, {"q": "player 007"}, HTTP_HX_REQUEST="true",
                         HTTP_HX_TARGET="desk-results").content.decode()
    assert by_name.startswith('<div id="desk-results"') and rows(by_name) == 1
    assert 'data-entry="7"' in by_name
    assert rows(client.get(url, {"q": "#33"}).content.decode()) == 1
    seated_at_3 = Entry.objects.filter(tournament=tournament, table__number=3).count()
    assert rows(client.get(url, {"q": "T3"}).content.decode()) == seated_at_3 > 0
    nobody = client.get(url, {"q": "Zebulon"}).content.decode()
    assert rows(nobody) == 0 and "No entry matches" in nobody
    assert client.get(url, {"page": "x" * 50, "q": "y" * 500}).status_code == 200


def _desk_queries(make_tournament, director, cashier, players: int) -> int:
    tournament = make_tournament(name=f"{players}")
    pre_register(tournament, director, players, players // 9 + 1)
    client = client_for(cashier)
    url = reverse("registration_desk", args=[tournament.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        client.get(url, HTTP_HX_REQUEST="true")
    return len(ctx.captured_queries)


def test_the_desk_costs_the_same_queries_for_60_and_600_entries(make_tournament, director,
                                                                cashier):
    assert (_desk_queries(make_tournament, director, cashier, 60)
            == _desk_queries(make_tournament, director, cashier, 600))


def test_a_rebuy_asks_the_payment_method_then_records_it(make_tournament, director, cashier):
    tournament = make_tournament(rebuy_allowed=True, rebuy_amount=50, rebuy_chips=10000)
    pre_register(tournament, director, 3, 1)
    entry = Entry.objects.filter(tournament=tournament).first()
    client = client_for(cashier)
    url = reverse("entry_buy_chips", args=[tournament.pk, entry.pk, "rebuy"])
    ask = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert f"Rebuy for {entry.player.name} (#{entry.number}): 50 for 10,000 chips." in ask
    assert 'name="method" value="card"' in ask
    assert not Payment.objects.filter(kind="rebuy").exists()
    refused = client.post(url, {"confirm": "1", "method": "gold"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and not Payment.objects.filter(kind="rebuy").exists()
    done = client.post(url, {"confirm": "1", "method": "card"}, HTTP_HX_REQUEST="true")
    assert done.status_code == 200
    assert f"Rebuy for {entry.player.name} (#{entry.number}): 50 paid by Card." in (
        done.content.decode())
    payment = Payment.objects.get(kind="rebuy")
    assert (payment.method, payment.amount, payment.entry_id) == ("card", 50, entry.pk)
    # The desk with the rebuy question and the import open: every id once (labels,
    # screen readers and scripts find the field they mean).
    client.force_login(director)
    asked = client.post(url, HTTP_HX_REQUEST="true")
    desk = client.get(reverse("registration_desk", args=[tournament.pk]))
    seen = set()
    for page in (asked, desk):
        assert page.status_code == 200
        ids = re.findall(r'\bid="([^"]+)"', page.content.decode())
        assert [i for i in set(ids) if ids.count(i) > 1] == []
        seen |= set(ids)
    assert {"id_method", "import_method", "buy_method_0"} <= seen


def test_chip_purchases_take_only_rebuy_or_addon(tournament, director, cashier):
    pre_register(tournament, director, 2, 1)
    entry = Entry.objects.filter(tournament=tournament).first()
    response = client_for(cashier).post(
        reverse("entry_buy_chips", args=[tournament.pk, entry.pk, "refund"]),
        {"confirm": "1", "method": "cash"})
    assert response.status_code == 404


CSV = ("name,email,phone\n"
       "Ada Chen,ada@example.com,+44 20 7946 0000\n"
       "\n"
       "Bruno Diaz,,\n"
       "Ada  Chen,,\n")


def test_csv_import_previews_look_alikes_then_imports(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    Player.objects.create(name="Bruno Dias")
    client = client_for(director)
    url = reverse("entries_import", args=[tournament.pk])
    upload = SimpleUploadedFile("players.csv", CSV.encode(), content_type="text/csv")
    preview = client.post(url, {"csv_file": upload, "method": "cash"}, HTTP_HX_REQUEST="true")
    html = preview.content.decode()
    assert preview.status_code == 200 and "Import 3 players" in html
    assert "Looks like Bruno Dias" in html and "Looks like line 2" in html
    assert Entry.objects.filter(tournament=tournament).count() == 0  # a preview writes nothing
    done = client.post(url, {"csv_text": CSV, "method": "cash", "confirm": "1"},
                       HTTP_HX_REQUEST="true")
    assert done.status_code == 200 and "3 players imported to the waiting list" in (
        done.content.decode())
    assert Entry.objects.filter(tournament=tournament, status="waiting").count() == 3
    ada = Entry.objects.filter(tournament=tournament).order_by("number").first().player
    assert (ada.email, ada.phone) == ("ada@example.com", "+44 20 7946 0000")  # kept, not dropped
    drawn = client.post(reverse("seats_draw", args=[tournament.pk]), HTTP_HX_REQUEST="true")
    assert "3 players seated by the draw." in drawn.content.decode()
    assert Entry.objects.filter(tournament=tournament, status="seated").count() == 3


@pytest.mark.parametrize("text, message", [
    ("Ada Chen\n,bob@example.com\n", "Line 2: the name is missing."),
    ("Ada Chen,not-an-email\n", "Line 1: “not-an-email” is not an email address."),
    ("Ada Chen,,call me\n", "Line 1: a phone number has digits"),
    ("Ada Chen,,,extra\n", "Line 1: at most three columns"),
    ("Ada\x07Chen\n", "Line 1: control characters are not allowed."),
    ("x" * 121 + "\n", "Line 1: a name has at most 120 characters."),
    ("name\n", "No player in the file."),
    ("\n".join(f"P{i}" for i in range(1001)), "At most 1000 players at once"),
])
def test_a_bad_csv_gets_line_numbered_messages_and_imports_nothing(tournament, director, text,
                                                                   message):
    before = AuditEvent.objects.count()
    response = client_for(director).post(reverse("entries_import", args=[tournament.pk]),
                                         {"csv_text": text, "method": "cash", "confirm": "1"},
                                         HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and message in response.content.decode()
    assert AuditEvent.objects.count() == before and not Entry.objects.exists()


def test_a_file_that_is_not_utf8_is_refused(tournament, director):
    upload = SimpleUploadedFile("players.csv", "Zoë\n".encode("utf-16"), content_type="text/csv")
    response = client_for(director).post(reverse("entries_import", args=[tournament.pk]),
                                         {"csv_file": upload, "method": "cash"})
    assert response.status_code == 400 and "UTF-8" in response.content.decode()


def test_only_the_director_imports_and_draws(tournament, director, cashier):
    client = client_for(cashier)
    assert client.post(reverse("entries_import", args=[tournament.pk]),
                       {"csv_text": "Ada\n", "method": "cash"}).status_code == 403
    assert client.post(reverse("seats_draw", args=[tournament.pk])).status_code == 403
    desk = client.get(reverse("registration_desk", args=[tournament.pk])).content.decode()
    assert "data-import" not in desk


def test_the_console_of_a_finished_tournament_offers_no_resume(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    a = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Bruno Diaz")
    from tournament.services.clock import clock_start

    clock_start(actor=director, tournament_id=tournament.pk)
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=a.pk)
    html = client_for(director).get(reverse("tournament_console", args=[tournament.pk]))
    html = html.content.decode()
    assert "Finished" in html and "data-clock-finished" in html
    assert 'data-action="resume"' not in html and 'data-action="next"' not in html
