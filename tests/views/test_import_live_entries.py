"""CSV pre-registration keeps the desk's rule: no second paid entry for a player already in
(issue 22.2: importing "Alice Martin" while entry #1 Alice sat created a second paid entry)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.models import Entry, Payment, Player
from tournament.services.base import ServiceError
from tournament.services.registration import entries_import, entry_register

pytestmark = pytest.mark.django_db

CSV = "name,email\nalice  MARTIN,alice@example.com\nBen Okafor,\n"


@pytest.fixture
def alice_seated(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    return entry_register(actor=director, tournament_id=tournament.pk, player_name="Alice Martin")


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_preview_says_who_already_has_a_live_entry_and_the_import_skips_them(
        tournament, director, alice_seated):
    assert alice_seated.status == Entry.Status.SEATED and alice_seated.number == 1
    client = client_for(director)
    url = reverse("entries_import", args=[tournament.pk])
    preview = client.post(url, {"csv_text": CSV, "method": "cash"}, HTTP_HX_REQUEST="true")
    html = preview.content.decode()
    assert preview.status_code == 200
    assert "alice MARTIN already has a live entry in this tournament (#1): not imported." in html
    assert "Import 1 player" in html
    done = client.post(url, {"csv_text": CSV, "method": "cash", "confirm": "1"},
                       HTTP_HX_REQUEST="true")
    text = done.content.decode()
    assert done.status_code == 200
    assert "1 player imported to the waiting list" in text
    assert "already in with a live entry: alice MARTIN (#1)" in text
    assert list(Entry.objects.filter(tournament=tournament).order_by("number")
                .values_list("player__name", flat=True)) == ["Alice Martin", "Ben Okafor"]
    assert Payment.objects.filter(entry__player__name__iexact="alice martin").count() == 1
    assert Player.objects.filter(name__iexact="alice  martin").count() == 0


def test_a_file_of_players_all_in_already_imports_nobody(tournament, director, alice_seated):
    client = client_for(director)
    url = reverse("entries_import", args=[tournament.pk])
    preview = client.post(url, {"csv_text": "Alice Martin\n", "method": "cash"})
    assert "nobody to import" in preview.content.decode()
    assert 'data-action="import"' not in preview.content.decode()
    done = client.post(url, {"csv_text": "Alice Martin\n", "method": "cash", "confirm": "1"})
    assert done.status_code == 400
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_the_service_refuses_a_second_buy_in_for_a_player_already_in(
        tournament, director, alice_seated):
    with pytest.raises(ServiceError, match="Alice Martin already has a live entry"):
        entries_import(actor=director, tournament_id=tournament.pk,
                       names=["Ben Okafor", "Alice Martin"], method="card")
    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert not Player.objects.filter(name="Ben Okafor").exists()


def test_a_busted_or_unregistered_player_may_be_imported_again(tournament, director):
    entries_import(actor=director, tournament_id=tournament.pk, names=["Cleo Park"])
    entry = Entry.objects.get(tournament=tournament)
    from tournament.services.unregister import entry_unregister

    entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)
    entries_import(actor=director, tournament_id=tournament.pk, names=["Cleo Park"])
    assert Entry.objects.filter(tournament=tournament, status="waiting").count() == 1
