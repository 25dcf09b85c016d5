"""A break that finds no accessible seat open says so where the floor acts (house rule 8)."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from tables.models import Move
from tables.services.tables import table_set_seats, tables_add
from tournament.models import Entry
from tournament.services import registration as reg
from tournament.services import unregister


def login(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def about_to_break(make_tournament, director):
    """19 players on three tables of 9 (9, 9 and 1 before the start): the next bust
    breaks table 3, which breaks first.

    One player at table 3 needs an accessible seat; the only accessible seat
    (table 1 seat 1) is taken.
    """
    t = make_tournament(seats_per_table=9)
    tables_add(actor=director, tournament_id=t.pk, count=3, capacity=9)
    rng = random.Random(5)
    for i in range(19):
        reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i:02d}",
                           rng=rng)
    table_set_seats(actor=director, tournament_id=t.pk, table_number=1, blocked=[],
                    accessible=[1])
    if not Entry.objects.filter(tournament=t, table__number=1, seat=1).exists():
        pytest.fail("the draw left table 1 seat 1 open: pick another seed")
    t.status = "running"
    t.save(update_fields=["status"])
    wheels = Entry.objects.filter(tournament=t, table__number=3).order_by("seat").first()
    reg.entry_set_accessible(actor=director, tournament_id=t.pk, entry_id=wheels.pk,
                             needed=True)
    wheels.player.name = "Wheels Wong"
    wheels.player.save(update_fields=["name"])
    victim = Entry.objects.filter(tournament=t, table__number=1).exclude(seat=1).first()
    return t, wheels, victim


@pytest.mark.django_db
def test_the_bust_that_breaks_a_table_says_who_got_no_accessible_seat(about_to_break,
                                                                      floor_user):
    t, wheels, victim = about_to_break
    client = login(floor_user)
    page = client.post(f"/t/{t.pk}/floor/entries/{victim.pk}/bust/",
                       {"expected_table": victim.table.number, "expected_seat": victim.seat})
    html = page.content.decode()
    assert page.status_code == 200 and "Break table(s) 3." in html
    assert ("No accessible seat was open for Wheels Wong: move them to one when it frees "
            "(house rule 8).") in html
    move = Move.objects.get(entry=wheels, status="pending")
    assert move.no_accessible_seat and move.reason == "break"
    # The move itself says it, on the floor, for as long as it is pending.
    row = html.split(f'data-move="{move.pk}"', 1)[1].split("</li>", 1)[0]
    assert "no accessible seat was open" in row
    assert "Move them to an accessible seat when one frees (house rule 8)." in row
    again = client.get(f"/t/{t.pk}/floor/").content.decode()
    assert "Move them to an accessible seat when one frees" in again
    # The player's seat page gives the reason too.
    seat_page = Client().get(f"/t/{t.pk}/seat/{wheels.number}/")
    assert seat_page.status_code == 200
    assert "no accessible seat was open" in seat_page.content.decode()


@pytest.mark.django_db
def test_a_break_with_an_accessible_seat_open_says_nothing_of_it(about_to_break, director,
                                                                 floor_user):
    t, wheels, victim = about_to_break
    # The seat the bust frees is accessible: the player who needs one takes it.
    table_set_seats(actor=director, tournament_id=t.pk, table_number=1, blocked=[],
                    accessible=[1, victim.seat])
    page = login(floor_user).post(f"/t/{t.pk}/floor/entries/{victim.pk}/bust/",
                                  {"expected_table": victim.table.number,
                                   "expected_seat": victim.seat})
    html = page.content.decode()
    move = Move.objects.get(entry=wheels, status="pending")
    assert (move.to_table.number, move.to_seat) == (1, victim.seat) and not move.no_accessible_seat
    assert "No accessible seat was open" not in html
    assert "accessible seat when one frees" not in html


@pytest.mark.django_db
def test_the_notice_reads_in_chinese(about_to_break, floor_user):
    t, _wheels, victim = about_to_break
    page = login(floor_user).post(f"/t/{t.pk}/floor/entries/{victim.pk}/bust/",
                                  {"expected_table": victim.table.number,
                                   "expected_seat": victim.seat},
                                  HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = page.content.decode()
    assert "Wheels Wong" in html and "No accessible seat was open" not in html
    assert "无障碍座位" in html


@pytest.mark.django_db
def test_balance_now_that_breaks_a_table_says_so_too(about_to_break, director, floor_user):
    t, wheels, victim = about_to_break
    # A registration taken back (no plan runs) leaves 18: the next balance breaks table 3.
    unregister.entry_unregister(actor=director, tournament_id=t.pk, entry_id=victim.pk,
                                correcting=True)
    page = login(floor_user).post(f"/t/{t.pk}/floor/balance/")
    html = page.content.decode()
    assert page.status_code == 200 and "1 move(s) to make." in html
    assert "No accessible seat was open for Wheels Wong" in html
    assert Move.objects.get(entry=wheels, status="pending").no_accessible_seat
