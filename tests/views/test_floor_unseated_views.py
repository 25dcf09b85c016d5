"""Issue 22 items 6 and 10 (the floor's lines): the floor shows every live player
without a seat and seats them in one tap; a stale tap on a busted player says
what became of him instead of a raw "Not Found"; a busted row at the desk has a
Re-enter button where re-entry is allowed."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import busts, tables_add
from tournament.models import Entry
from tournament.services.registration import entry_register


@pytest.fixture
def full_room(make_tournament, director):
    """Two two-seat tables, four seated, one alternate waiting; re-entry allowed."""
    t = make_tournament(seats_per_table=2, final_table_size=2, re_entry_allowed=True)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    for i in range(5):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}",
                       rng=random.Random(i))
    return t


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_floor_shows_players_without_a_seat_and_seats_one_in_a_tap(full_room, floor_user):
    client = _client(floor_user)
    waiting = Entry.objects.get(tournament=full_room, status="waiting")
    page = client.get(reverse("floor_console", args=[full_room.pk])).content.decode()
    assert "without a seat" in page and waiting.player.name in page
    assert "1 player without a seat" in page  # next to "4 seated": the clock says 5 left
    url = reverse("entry_seat_now", args=[full_room.pk, waiting.pk])
    assert url in page
    answer = client.post(url, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    waiting.refresh_from_db()
    assert waiting.status == "seated"
    html = answer.content.decode()
    assert "one over the table&#x27;s size" in html or "one over the table's size" in html
    assert "without a seat" not in html
    assert "seat 3 is extra" in html


@pytest.mark.django_db
def test_a_stale_tap_on_a_busted_player_says_he_is_out_not_not_found(full_room, floor_user,
                                                                       director):
    victim = Entry.objects.filter(tournament=full_room, status="seated").first()
    busts.entry_bust(actor=director, tournament_id=full_room.pk, entry_id=victim.pk)
    victim.refresh_from_db()
    answer = _client(floor_user).get(reverse("seat_dialog", args=[full_room.pk, victim.pk]),
                                     HTTP_HX_REQUEST="true", HTTP_HX_TARGET="seat-dialog")
    html = answer.content.decode()
    assert "Not Found" not in html
    assert f"{victim.player.name} is out, in place {victim.finish_place}" in html
    assert answer.headers["HX-Retarget"] == "#floor"  # the whole floor, as it is now
    assert 'id="floor"' in html


@pytest.mark.django_db
def test_a_busted_row_at_the_desk_has_a_re_enter_button_that_re_enters(full_room, director,
                                                                       cashier):
    victim = Entry.objects.filter(tournament=full_room, status="seated").first()
    busts.entry_bust(actor=director, tournament_id=full_room.pk, entry_id=victim.pk)
    client = _client(cashier)
    desk = client.get(reverse("registration_desk", args=[full_room.pk])).content.decode()
    assert 'data-action="re-enter"' in desk and f'value="{victim.player_id}"' in desk
    client.post(reverse("registration_desk", args=[full_room.pk]),
                {"player": victim.player_id, "method": "card", "name": ""})
    again = Entry.objects.filter(tournament=full_room, player=victim.player).latest("number")
    assert again.pk != victim.pk and again.attempt == 2
    desk = client.get(reverse("registration_desk", args=[full_room.pk])).content.decode()
    assert 'data-action="re-enter"' not in desk  # a live entry again: nothing to re-enter


@pytest.mark.django_db
def test_no_re_enter_button_where_re_entry_is_not_allowed(make_tournament, director, cashier):
    t = make_tournament(seats_per_table=2, final_table_size=2)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}")
               for i in range(3)]
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    desk = _client(cashier).get(reverse("registration_desk", args=[t.pk])).content.decode()
    assert 'data-action="re-enter"' not in desk
