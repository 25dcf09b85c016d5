"""Issue 22 item 7: one explanation of a move, the same on every screen: the floor,
the TV, the player's seat page, the move email and the log (the rule of the
rulebook edition in force, the wait for the button)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tables.domain.table import Table as SeatingTable
from tables.models import Move, Table
from tables.port import move_notice
from tables.services import floor, tables_add
from tournament.models import Entry
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register

WAITS = "dealt in once the button has passed"


@pytest.fixture
def tda(make_tournament, director):
    """A TDA 2024 tournament whose start moved two players (6/6/2 on six-seat tables)."""
    t = make_tournament(seats_per_table=6, final_table_size=6, rulebook_edition="tda2024")
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _seat_item(html: str, entry_id: int) -> str:
    match = re.search(rf'<li class="seat[^"]*">(?:(?!</li>).)*data-entry="{entry_id}"(?:(?!</li>).)*</li>',
                      html, re.S)
    assert match, "the player's seat is on the floor"
    return match.group(0)


@pytest.mark.django_db
def test_the_tv_cites_the_rule_of_the_edition_in_force_as_the_floor_does(tda, floor_user):
    move = Move.objects.filter(tournament=tda, status="pending").select_related(
        "entry", "from_table").first()
    assert move.rule.startswith("tda2024:")
    staff = Client()
    staff.force_login(floor_user)
    floor_page = _page(staff, reverse("floor_console", args=[tda.pk]))
    tv = _page(Client(), reverse("clock_state", args=[tda.pk]))
    seat = _page(Client(), reverse("entry_seat", args=[tda.pk, move.entry.number]))
    why = move.why
    assert "TDA 2024 rule" in why
    for html in (floor_page, tv, seat):
        assert why in html
        assert "house rule 9-C" not in html
    assert move_notice(move.pk).why == why  # the email


@pytest.mark.django_db
def test_a_player_who_waits_for_the_button_is_not_labelled_a_blind_and_every_screen_says_so(
        tda, floor_user):
    move = Move.objects.filter(tournament=tda, status="pending").select_related(
        "entry", "to_table", "from_table").first()
    entry, table = move.entry, move.to_table
    occupied = dict(Entry.objects.filter(table=table, status="seated").values_list("seat", "pk"))
    # A button that makes her seat the big blind were she dealt in: the seat she took lies
    # between the small blind and the big blind, so she waits for the button to pass.
    button = next(b for b in occupied if b != entry.seat and SeatingTable(
        table.number, table.capacity, occupied, button=b).role_of(entry.seat) == "BB")
    Table.objects.filter(pk=table.pk).update(button=button)
    Move.objects.filter(pk=move.pk).update(wait_for_button=True)
    Entry.objects.filter(pk=entry.pk).update(wait_for_button=True)
    move.refresh_from_db()

    staff = Client()
    staff.force_login(floor_user)
    floor_page = _page(staff, reverse("floor_console", args=[tda.pk]))
    item = _seat_item(floor_page, entry.pk)
    assert "waits for the button" in item and ">BB<" not in item
    tv = _page(Client(), reverse("clock_state", args=[tda.pk]))
    seat = _page(Client(), reverse("entry_seat", args=[tda.pk, entry.number]))
    assert WAITS in move.why
    for html in (floor_page, tv, seat):
        assert move.why in html
    assert seat.count("once the button has passed") == 1  # said once, with the move
    assert WAITS in move_notice(move.pk).why  # the email


@pytest.mark.django_db
def test_the_log_shows_where_a_moved_player_came_from_and_went(tda, director):
    entry = Entry.objects.filter(tournament=tda, status="seated", table__number=1).first()
    before = entry.seat
    open_seat = next(s for s in range(1, 7) if not Entry.objects.filter(
        table__number=2, table__tournament=tda, seat=s, status="seated").exists())
    floor.entry_move(actor=director, tournament_id=tda.pk, entry_id=entry.pk, table_number=2,
                     seat=open_seat)
    staff = Client()
    staff.force_login(director)
    log = _page(staff, reverse("audit_log", args=[tda.pk]))
    assert f"From: table 1 seat {before}" in log
    assert f"To: table 2 seat {open_seat}" in log
