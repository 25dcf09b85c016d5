"""Registration desk, public seat pages and the floor console through the client."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tables.services import tables_add
from tournament.models import AuditEvent, Entry
from tournament.player_links import player_page_path
from tournament.services.registration import entries_import, entry_register, seats_draw


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_migrations_match_the_models(db):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_cashier_registers_with_htmx_and_sees_the_seat(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    client = client_for(cashier)
    response = client.post(reverse("registration_desk", args=[tournament.pk]),
                           {"name": "Ada Chen", "method": "cash"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    entry = Entry.objects.get(player__name="Ada Chen")
    assert f"table {entry.table.number}, seat {entry.seat}" in html
    assert "<html" not in html


@pytest.mark.django_db
def test_the_desk_registers_a_player_who_needs_an_accessible_seat_into_one(tournament, director,
                                                                           cashier):
    from tables.services.tables import table_set_seats

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    table_set_seats(actor=director, tournament_id=tournament.pk, table_number=1, blocked=[],
                    accessible=[4])
    client = client_for(cashier)
    page = client.get(reverse("registration_desk", args=[tournament.pk])).content.decode()
    assert "Needs an accessible seat" in page
    response = client.post(reverse("registration_desk", args=[tournament.pk]),
                           {"name": "Ada Chen", "method": "cash", "accessible": "on"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    entry = Entry.objects.get(player__name="Ada Chen")
    assert entry.needs_accessible_seat and entry.seat == 4
    assert "table 1, seat 4" in response.content.decode()


@pytest.mark.django_db
def test_a_look_alike_name_warns_before_creating_a_second_player(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    client = client_for(cashier)
    url = reverse("registration_desk", args=[tournament.pk])
    response = client.post(url, {"name": "ada  chen", "method": "cash"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "look like the same person" in response.content.decode()
    assert Entry.objects.count() == 1
    response = client.post(url, {"name": "ada  chen", "method": "cash", "confirm_new": "1"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and Entry.objects.count() == 2


@pytest.mark.django_db
def test_bad_payment_method_and_empty_name_change_nothing(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    client = client_for(cashier)
    url = reverse("registration_desk", args=[tournament.pk])
    response = client.post(url, {"name": "", "method": "cash"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "Type the player" in response.content.decode()
    response = client.post(url, {"name": "Bob", "method": "gold bars"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_seat_email_is_sent_in_process(tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    with django_capture_on_commit_callbacks(execute=True):
        entry = entry_register(actor=director, tournament_id=tournament.pk,
                               player_name="Ada Chen", email="ada@example.com")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["ada@example.com"]
    assert f"table {entry.table.number}, seat {entry.seat}" in mail.outbox[0].subject


@pytest.mark.django_db
def test_seat_card_has_a_qr_code_to_the_players_page(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    html = client_for(cashier).get(reverse("seat_card", args=[tournament.pk, entry.number])
                                   ).content.decode()
    # The signed link of the player's own page (tournament.player_links), not a guessable number.
    assert "<svg" in html and player_page_path(tournament_id=tournament.pk, entry_id=entry.pk) in html
    assert f"/t/{tournament.pk}/seat/{entry.number}/" not in html


@pytest.mark.django_db
def test_public_lookup_finds_the_seat(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    response = Client().get(reverse("seat_lookup", args=[tournament.pk]), {"name": "ada"},
                            HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "Ada Chen" in html and f"Table {entry.table.number} · Seat {entry.seat}" in html
    page = Client().get(reverse("entry_seat", args=[tournament.pk, entry.number])).content.decode()
    assert f"data-seat>{entry.seat}<" in page


def _chart_queries(tournament, director, players):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"P{i}" for i in range(players)])
    seats_draw(actor=director, tournament_id=tournament.pk)
    for view in ("tables", "names"):
        with CaptureQueriesContext(connection) as ctx:
            response = Client().get(reverse("seating_chart", args=[tournament.pk]), {"view": view})
        assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_seating_chart_queries_do_not_grow_with_the_field(make_tournament, director):
    small = make_tournament(name="small")
    tables_add(actor=director, tournament_id=small.pk, count=3)
    large = make_tournament(name="large")
    tables_add(actor=director, tournament_id=large.pk, count=40)
    assert _chart_queries(small, director, 20) == _chart_queries(large, director, 350)


@pytest.mark.django_db
def test_floor_busts_from_the_console_and_confirms_moves(make_tournament, director, floor_user,
                                                         monkeypatch):
    import random

    # The production draw is cryptographic; a seeded one makes the plan repeatable here.
    monkeypatch.setattr("tables.services.plans.system_rng", lambda: random.Random(11))
    monkeypatch.setattr("tables.services.seating.system_rng", lambda: random.Random(12))
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i}" for i in range(13)])
    seats_draw(actor=director, tournament_id=t.pk)
    client = client_for(floor_user)
    page = client.get(reverse("floor_console", args=[t.pk]))
    assert page.status_code == 200 and 'data-table="3"' in page.content.decode()
    victim = Entry.objects.filter(tournament=t, status="seated", table__number=3).first()
    dialog = client.get(reverse("seat_dialog", args=[t.pk, victim.pk]), HTTP_HX_REQUEST="true")
    assert "Bust this player" in dialog.content.decode()
    response = client.post(reverse("bust", args=[t.pk, victim.pk]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "is out in place 13" in html
    assert "Break table(s)" in html and "Moves to make" in html
    again = client.post(reverse("bust", args=[t.pk, victim.pk]), HTTP_HX_REQUEST="true")
    assert again.status_code == 400 and "already out" in again.content.decode()
    move = Move.objects.filter(tournament=t, status="pending").first()
    client.post(reverse("move_done", args=[t.pk, move.pk]), HTTP_HX_REQUEST="true")
    move.refresh_from_db()
    assert move.status == "done"
    undo = client.post(reverse("bust_undo", args=[t.pk, victim.pk]), HTTP_HX_REQUEST="true")
    assert undo.status_code == 200 and "has already moved" in undo.content.decode()


@pytest.mark.django_db
def test_cashier_cannot_bust(tournament, director, cashier):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    assert client_for(cashier).post(reverse("bust", args=[tournament.pk, entry.pk])).status_code == 403
    entry.refresh_from_db()
    assert entry.status == "seated"


@pytest.mark.django_db
def test_registration_is_undone_from_the_log(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    event = AuditEvent.objects.get(kind="entry_registered")
    client = client_for(director)
    response = client.post(reverse("event_undo", args=[tournament.pk, event.pk]))
    assert response.status_code == 200 and "Undone." in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "unregistered"
    unregistered = AuditEvent.objects.get(kind="entry_unregistered")
    client.post(reverse("event_undo", args=[tournament.pk, unregistered.pk]))
    entry.refresh_from_db()
    assert entry.status == "seated"
    again = client.post(reverse("event_undo", args=[tournament.pk, event.pk]))
    assert again.status_code == 400 and "undone already" in again.content.decode()


@pytest.mark.django_db
def test_results_page_and_csv(make_tournament, director):
    from tables.services import busts

    t = make_tournament(final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    names = ["Amber Ash", "Boris Birch", "Cleo Cedar"]
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=n) for n in names]
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[1].pk)
    html = Client().get(reverse("results", args=[t.pk])).content.decode()
    assert html.index("Cleo Cedar") < html.index("Boris Birch") < html.index("Amber Ash")
    csv_text = Client().get(reverse("results_csv", args=[t.pk])).content.decode()
    assert csv_text.splitlines()[1].startswith("1,,3,Cleo Cedar,300")
