"""Issue 8 through the client: stale floor actions refused with what changed; the log
offers Undo only where it works."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import busts, floor, tables_add
from tournament.models import AuditEvent, Entry
from tournament.services.registration import entry_register


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_bust_from_a_screen_that_showed_an_old_seat_is_refused(tournament, director,
                                                                 floor_user):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    rng = random.Random(1)
    entries = [entry_register(actor=director, tournament_id=tournament.pk,
                              player_name=f"P{i}", rng=rng) for i in range(6)]
    entry = Entry.objects.get(pk=entries[0].pk)
    dialog = client_for(floor_user).get(reverse("seat_dialog", args=[tournament.pk, entry.pk]),
                                        HTTP_HX_REQUEST="true").content.decode()
    assert f'name="expected_seat" value="{entry.seat}"' in dialog
    other = 2 if entry.table.number == 1 else 1
    floor.entry_move(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                     table_number=other, seat=9)
    response = client_for(floor_user).post(
        reverse("bust", args=[tournament.pk, entry.pk]),
        {"expected_table": entry.table.number, "expected_seat": entry.seat},
        HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert f"has moved to table {other} seat 9 since your screen was loaded" in (
        response.content.decode())
    assert Entry.objects.get(pk=entry.pk).status == "seated"


@pytest.mark.django_db
def test_the_log_offers_undo_only_where_it_works(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    ada = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Bob")
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Cleo")
    bust = busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=ada.pk)
    registered = AuditEvent.objects.get(kind="entry_registered", payload__entry=ada.pk)
    page = client_for(director).get(reverse("audit_log", args=[tournament.pk])).content.decode()
    assert reverse("event_undo", args=[tournament.pk, bust.event.pk]) in page
    assert reverse("event_undo", args=[tournament.pk, registered.pk]) not in page


@pytest.mark.django_db
def test_the_log_undoes_a_mis_tapped_start_and_hides_it_once_a_bust_happened(tournament,
                                                                             director):
    from tournament.models import Tournament
    from tournament.services.clock import clock_start

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    rng = random.Random(4)
    for name in ("Ada", "Bob", "Cleo"):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    start = clock_start(tournament_id=tournament.pk, actor=director)
    client = client_for(director)
    undo_url = reverse("event_undo", args=[tournament.pk, start.pk])
    assert undo_url in client.get(reverse("audit_log", args=[tournament.pk])).content.decode()
    page = client.post(undo_url).content.decode()
    assert "Undone." in page and "Start undone" in page
    assert Tournament.objects.get(pk=tournament.pk).status == "planned"
    again = clock_start(tournament_id=tournament.pk, actor=director)
    ada = Entry.objects.get(tournament=tournament, player__name="Ada")
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=ada.pk)
    again_url = reverse("event_undo", args=[tournament.pk, again.pk])
    assert again_url not in client.get(reverse("audit_log", args=[tournament.pk])).content.decode()
    page = client.post(again_url).content.decode()
    assert "Hands have been played since the start: pause the clock instead." in page
    assert Tournament.objects.get(pk=tournament.pk).status == "running"
