"""The button question and the button's age through the client (issue 16)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move, Table
from tables.services import tables_add
from tournament.models import AuditEvent, Entry
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, seats_draw


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def running(make_tournament, director):
    t = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(17)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(2))
    clock_start(tournament_id=t.pk, actor=director)
    return t


def short_table(t) -> int:
    counts = {n: Entry.objects.filter(table__tournament=t, table__number=n, status="seated").count()
              for n in (1, 2)}
    return min(counts, key=counts.get)


@pytest.mark.django_db
def test_a_bust_that_needs_a_balance_asks_for_the_buttons_and_skip_picks_at_random(
        running, floor_user):
    client = client_for(floor_user)
    short = short_table(running)
    victim = Entry.objects.filter(table__number=short, status="seated").order_by("seat").first()
    html = client.post(reverse("bust", args=[running.pk, victim.pk]),
                       HTTP_HX_REQUEST="true").content.decode()
    assert "Balance needed: where is the button?" in html
    assert html.count('class="table-diagram"') == 2 and "Moves to make" not in html
    page = client.get(reverse("floor_console", args=[running.pk])).content.decode()
    assert "Balance needed" in page and "BTN ?" in page
    room = client.get(reverse("room_overview", args=[running.pk])).content.decode()
    assert room.count('class="tile-button wanted"') == 2

    skipped = client.post(reverse("balance_now", args=[running.pk]), {"random": "1"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Balance needed" not in skipped and "picked at random, the button was not known" in skipped
    assert Move.objects.get().random_pick
    tv = client.get(reverse("clock_tv", args=[running.pk])).content.decode()
    assert "Recent moves" in tv and "BB rule" not in tv  # a random pick is not the rule's


@pytest.mark.django_db
def test_the_bust_dialog_records_the_button_and_refuses_a_seat_that_is_not_there(
        running, floor_user):
    client = client_for(floor_user)
    short = short_table(running)
    victim = Entry.objects.filter(table__number=short, status="seated").order_by("seat").first()
    dialog = client.get(reverse("seat_dialog", args=[running.pk, victim.pk]),
                        HTTP_HX_REQUEST="true").content.decode()
    assert dialog.count('name="button"') == 9
    bad = client.post(reverse("bust", args=[running.pk, victim.pk]), {"button": "x"},
                      HTTP_HX_REQUEST="true")
    assert bad.status_code == 400 and "The button seat must be a number." in bad.content.decode()
    far = client.post(reverse("bust", args=[running.pk, victim.pk]), {"button": "12"},
                      HTTP_HX_REQUEST="true")
    assert far.status_code == 400 and "seats 1 to 9" in far.content.decode()
    assert not AuditEvent.objects.filter(kind="entry_busted").exists()
    ok = client.post(reverse("bust", args=[running.pk, victim.pk]), {"button": "3"},
                     HTTP_HX_REQUEST="true").content.decode()
    assert "is out in place 17" in ok and "BTN 3" in ok
    assert Table.objects.get(tournament=running, number=short).button == 3


@pytest.mark.django_db
def test_anonymous_cannot_tap_a_button(running):
    response = Client().post(reverse("table_button", args=[running.pk, 1]), {"seat": "2"})
    assert response.status_code in (302, 403)
    assert Table.objects.get(tournament=running, number=1).button is None


@pytest.mark.django_db
def test_the_floor_console_costs_the_same_with_buttons_known(running, floor_user, director,
                                                             django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tables.services.tables import table_set_button

    client = client_for(floor_user)
    url = reverse("floor_console", args=[running.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    for number in (1, 2):
        table_set_button(actor=director, tournament_id=running.pk, table_number=number, seat=1)
    with django_assert_num_queries(len(before.captured_queries)):
        page = client.get(url).content.decode()
    assert page.count('class="button-age known"') == 2


@pytest.mark.django_db
def test_a_move_records_the_button_of_the_table_left(running, floor_user):
    client = client_for(floor_user)
    mover = Entry.objects.filter(table__tournament=running, table__number=1,
                                 status="seated").order_by("seat").first()
    target = Table.objects.get(tournament=running, number=2)
    taken = set(Entry.objects.filter(table=target, status="seated").values_list("seat", flat=True))
    free = next(n for n in range(1, 10) if n not in taken)
    response = client.post(reverse("move_entry", args=[running.pk, mover.pk]),
                           {"table": "2", "seat": str(free), "button": "5"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "BTN 5" in response.content.decode()
    assert Table.objects.get(tournament=running, number=1).button == 5
    assert AuditEvent.objects.get(kind="entry_moved").payload["button"] == 5


@pytest.mark.django_db
def test_the_director_sets_how_long_a_button_stays_known(running, director):
    from tournament.services.base import ServiceError
    from tournament.services.tournaments import tournament_update

    with pytest.raises(ServiceError):
        tournament_update(actor=director, tournament_id=running.pk,
                          values={"button_fresh_minutes": 0})
    tournament_update(actor=director, tournament_id=running.pk,
                      values={"button_fresh_minutes": 45})
    running.refresh_from_db()
    assert running.button_fresh_minutes == 45


@pytest.mark.django_db
def test_a_button_from_the_level_before_shows_stale_on_the_floor_and_the_room(
        running, floor_user, director):
    from tables.services.tables import table_set_button
    from tournament.services.clock import clock_next_level

    table_set_button(actor=director, tournament_id=running.pk, table_number=1, seat=2)
    client = client_for(floor_user)
    floor_page = reverse("floor_console", args=[running.pk])
    room_page = reverse("room_overview", args=[running.pk])
    assert "BTN 2" in client.get(floor_page).content.decode()
    assert 'data-button-known="2"' in client_for(director).get(room_page).content.decode()
    clock_next_level(tournament_id=running.pk, actor=director)  # level 2, a minute later at most
    page = client.get(floor_page).content.decode()
    assert "BTN 2" not in page and page.count("BTN stale") == 1
    assert 'data-button-known="2"' not in client_for(director).get(room_page).content.decode()
