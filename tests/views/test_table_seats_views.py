"""The director removes an empty table and marks blocked and accessible seats from the floor
(house rule 8 / TDA 2024 9); the floor grid shows the marks."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.models import Table
from tables.services.tables import table_set_seats
from tournament.models import AuditEvent, Entry

from ..services.test_counts import seat_field
from .test_festival_views import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(tournament, director):
    """Five players at table 1 (seats drawn at random), table 2 empty; nine seats each."""
    seat_field(tournament, director, 5)
    from tables.services import tables_add

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    return tournament


def state(t) -> list[tuple]:
    """What an action could change: the tables, their seats, the log."""
    return [*Table.objects.filter(tournament=t).order_by("number").values_list(
        "number", "status", "blocked_seats", "accessible_seats"),
        AuditEvent.objects.filter(tournament=t).count()]


def floor_html(client, t) -> str:
    return client.get(reverse("floor_console", args=[t.pk])).content.decode()


def open_seat(t, number: int = 1) -> int:
    taken = set(Entry.objects.filter(table__tournament=t, table__number=number,
                                     status="seated").values_list("seat", flat=True))
    return min(set(range(1, 10)) - taken)


def taken_seat(t, number: int = 1) -> int:
    return Entry.objects.filter(table__tournament=t, table__number=number,
                                status="seated").order_by("seat").first().seat


# --- Remove table ------------------------------------------------------------------------

def test_the_director_removes_an_empty_table_after_confirming_and_the_log_undoes_it(
        room, director):
    client = client_for(director)
    html = floor_html(client, room)
    remove_2 = reverse("table_remove", args=[room.pk, 2])
    # Only the empty table offers it.
    assert f'action="{remove_2}"' in html
    assert f'action="{reverse("table_remove", args=[room.pk, 1])}"' not in html
    asked = client.post(remove_2)
    page = asked.content.decode()
    assert asked.status_code == 200 and "Remove table 2? Nobody sits there" in page
    assert Table.objects.filter(tournament=room, number=2).exists()
    done = client.post(remove_2, {"confirm": "1"})
    page = done.content.decode()
    assert done.status_code == 200 and "Table 2 removed." in page
    assert not Table.objects.filter(tournament=room, number=2).exists()
    event = AuditEvent.objects.get(tournament=room, kind="tables_removed")
    assert f'action="{reverse("event_undo", args=[room.pk, event.pk])}"' in page
    undone = client.post(reverse("event_undo", args=[room.pk, event.pk]))
    assert undone.status_code == 200 and "Undone." in undone.content.decode()
    assert Table.objects.get(tournament=room, number=2).status == "open"


@pytest.mark.parametrize("confirm", ["", "1"])
def test_a_table_where_players_sit_is_not_removed(room, director, confirm):
    before = state(room)
    response = client_for(director).post(reverse("table_remove", args=[room.pk, 1]),
                                         {"confirm": confirm})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Table 1 is not empty: players sit there." in page
    assert "Remove table 1?" not in page
    assert state(room) == before


@pytest.mark.parametrize("confirm", ["", "1"])
def test_removing_an_unknown_table_says_so(room, director, confirm):
    before = state(room)
    response = client_for(director).post(reverse("table_remove", args=[room.pk, 99]),
                                         {"confirm": confirm})
    assert response.status_code == 400
    assert "There is no table 99." in response.content.decode()
    assert state(room) == before


def test_floor_staff_and_strangers_cannot_remove_a_table(room, floor_user, cashier):
    before = state(room)
    url = reverse("table_remove", args=[room.pk, 2])
    assert f'action="{url}"' not in floor_html(client_for(floor_user), room)
    for client in (client_for(floor_user), client_for(cashier)):
        assert client.post(url, {"confirm": "1"}).status_code == 403
    assert Client().post(url, {"confirm": "1"}).status_code == 403
    assert state(room) == before


# --- The seat editor ---------------------------------------------------------------------

def test_the_director_taps_seats_blocked_accessible_and_normal_again(room, director):
    client = client_for(director)
    url = reverse("table_seats", args=[room.pk, 1])
    assert f'hx-get="{url}"' in floor_html(client, room)
    editor = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="dialog seat-editor"' in editor and editor.count('name="seat"') == 9
    free, taken = open_seat(room), taken_seat(room)
    response = client.post(url, {"mark": "blocked", "seat": free})
    assert response.status_code == 200
    assert f"Table 1 seat {free} is blocked" in response.content.decode()
    response = client.post(url, {"mark": "accessible", "seat": taken})
    assert response.status_code == 200
    table = Table.objects.get(tournament=room, number=1)
    assert (table.blocked_seats, table.accessible_seats) == ([free], [taken])
    # The editor stays open on the answer, showing both marks.
    html = response.content.decode()
    assert f'class="seat-tap blocked" data-seat="{free}"' in html
    assert f'class="seat-tap accessible taken" data-seat="{taken}"' in html
    client.post(url, {"mark": "normal", "seat": free})
    table.refresh_from_db()
    assert (table.blocked_seats, table.accessible_seats) == ([], [taken])
    events = AuditEvent.objects.filter(tournament=room, kind="table_seats_set").order_by("pk")
    assert [e.payload["after"] for e in events] == [
        {"blocked": [free], "accessible": []}, {"blocked": [free], "accessible": [taken]},
        {"blocked": [], "accessible": [taken]}]


def test_a_seat_where_someone_sits_is_not_blocked(room, director):
    before = state(room)
    seat = taken_seat(room)
    response = client_for(director).post(reverse("table_seats", args=[room.pk, 1]),
                                         {"mark": "blocked", "seat": seat})
    assert response.status_code == 400
    assert (f"Someone sits in seat {seat}: move them before blocking it."
            in response.content.decode())
    assert state(room) == before


@pytest.mark.parametrize(("table", "data", "message"), [
    (1, {"mark": "blocked", "seat": "10"}, "Table 1 has seats 1 to 9."),
    (1, {"mark": "blocked", "seat": "13"}, "Ensure this value is less than or equal to 12."),
    (1, {"mark": "blocked", "seat": "9" * 30}, "Ensure this value is less than or equal to 12."),
    (1, {"mark": "blocked", "seat": "two"}, "The seat must be a number."),
    (1, {"mark": "blocked"}, "Tap a seat."),
    (1, {"mark": "wobbly", "seat": "2"}, "Mark a seat blocked, accessible or normal."),
    (99, {"mark": "blocked", "seat": "2"}, "There is no table 99."),
])
def test_bad_seat_marks_get_a_message_and_change_nothing(room, director, table, data, message):
    before = state(room)
    response = client_for(director).post(reverse("table_seats", args=[room.pk, table]), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert state(room) == before


def test_the_editor_of_an_unknown_table_is_not_found(room, director):
    response = client_for(director).get(reverse("table_seats", args=[room.pk, 99]))
    assert response.status_code == 404


def test_floor_staff_and_strangers_cannot_mark_seats(room, floor_user, cashier):
    before = state(room)
    url = reverse("table_seats", args=[room.pk, 1])
    assert f'hx-get="{url}"' not in floor_html(client_for(floor_user), room)
    for client in (client_for(floor_user), client_for(cashier)):
        assert client.post(url, {"mark": "blocked", "seat": open_seat(room)}).status_code == 403
        assert client.get(url).status_code == 403
    assert Client().post(url, {"mark": "blocked", "seat": open_seat(room)}).status_code == 403
    assert state(room) == before


# --- The grid shows the marks --------------------------------------------------------------

def test_the_floor_grid_strikes_blocked_seats_and_marks_accessible_ones(room, director,
                                                                       floor_user):
    free, taken = open_seat(room), taken_seat(room)
    table_set_seats(actor=director, tournament_id=room.pk, table_number=1, blocked=[free],
                    accessible=[taken, 9 if free != 9 else 8])
    html = floor_html(client_for(floor_user), room)
    table_1 = html.split('data-table="1"', 1)[1].split("</section>", 1)[0]
    assert (f'<li class="seat blocked"><span class="seat-no"><s>{free}</s></span> '
            f'<span class="blocked-mark">Blocked</span></li>') in table_1
    # A blocked seat offers no player button and is not counted as open.
    assert table_1.count('class="seat blocked"') == 1
    accessible = [li for li in table_1.split("<li")[1:] if 'class="access-mark"' in li]
    assert len(accessible) == 2
    assert all('<span class="visually-hidden">Accessible seat</span>' in li for li in accessible)
    assert any(f'<span class="seat-no">{taken}</span>' in li and "seat-player" in li
               for li in accessible)
    chinese = client_for(floor_user).get(reverse("floor_console", args=[room.pk]),
                                         HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Accessible seat" not in chinese and ">Blocked<" not in chinese


def test_the_floor_costs_the_same_queries_with_seats_marked(room, director, floor_user,
                                                            django_assert_num_queries):
    for client in (client_for(floor_user), client_for(director)):
        url = reverse("floor_console", args=[room.pk])
        client.get(url)
        Table.objects.filter(tournament=room).update(blocked_seats=[], accessible_seats=[])
        with CaptureQueriesContext(connection) as before:
            client.get(url)
        table_set_seats(actor=director, tournament_id=room.pk, table_number=1,
                        blocked=[open_seat(room)], accessible=[taken_seat(room)])
        table_set_seats(actor=director, tournament_id=room.pk, table_number=2, blocked=[1, 2],
                        accessible=[3])
        with django_assert_num_queries(len(before.captured_queries)):
            html = client.get(url).content.decode()
        assert html.count('class="seat blocked"') == 3


def test_the_printed_table_sheet_shows_the_marks_too(room, director, floor_user):
    free, taken = open_seat(room), taken_seat(room)
    table_set_seats(actor=director, tournament_id=room.pk, table_number=1, blocked=[free],
                    accessible=[taken])
    html = client_for(floor_user).get(reverse("print_tables", args=[room.pk])).content.decode()
    sheet = html.split("Table 1</h1>", 1)[1].split("</article>", 1)[0]
    assert (f'<tr class="empty blocked"><td class="seat-no"><s>{free}</s></td>'
            f'<td class="name">Blocked</td>') in sheet
    assert sheet.count("♿ Accessible seat") == 1
