"""The desk marks and clears a registered player's need for an accessible seat
(house rule 8 / TDA 2024 9), and shows who needs one and who does not sit in one."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.services.tables import table_set_seats
from tournament.models import AuditEvent, Entry

from .test_desk_at_any_size import client_for, pre_register

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(tournament, director):
    pre_register(tournament, director, 5, 1)
    return tournament


def row(html: str, entry: Entry) -> str:
    return html.split(f'<tr data-entry="{entry.number}">', 1)[1].split("</tr>", 1)[0]


def state(t) -> list:
    return [list(Entry.objects.filter(tournament=t).order_by("pk").values_list(
        "pk", "needs_accessible_seat")), AuditEvent.objects.filter(tournament=t).count()]


def test_the_desk_marks_a_player_who_needs_an_accessible_seat_and_clears_it(desk, director,
                                                                           cashier):
    entry = Entry.objects.filter(tournament=desk).order_by("number").first()
    client = client_for(cashier)
    url = reverse("entry_accessible", args=[desk.pk, entry.pk])
    page = client.get(reverse("registration_desk", args=[desk.pk])).content.decode()
    assert f'action="{url}"' in row(page, entry) and 'aria-pressed="false"' in row(page, entry)
    marked = client.post(url, {"needed": "1"}, HTTP_HX_REQUEST="true")
    html = marked.content.decode()
    assert marked.status_code == 200
    entry.refresh_from_db()
    assert entry.needs_accessible_seat
    assert f"{entry.player.name} (#{entry.number}) needs an accessible seat." in html
    # No seat anywhere is accessible yet: the desk says who can fix that.
    assert "No seat is marked accessible yet" in html
    assert "data-needs-access" in row(html, entry) and 'aria-pressed="true"' in row(html, entry)
    assert 'name="needed" value="0"' in row(html, entry)
    event = AuditEvent.objects.get(tournament=desk, kind="entry_accessible_set")
    assert event.payload == {"entry": entry.pk, "name": entry.player.name,
                                  "before": False, "after": True}
    # Another seat of the table becomes accessible: the player's own seat is not one.
    other = 9 if entry.seat != 9 else 8
    table_set_seats(actor=director, tournament_id=desk.pk, table_number=entry.table.number,
                    blocked=[], accessible=[other])
    html = client.get(reverse("registration_desk", args=[desk.pk])).content.decode()
    assert "not an accessible seat" in row(html, entry)
    table_set_seats(actor=director, tournament_id=desk.pk, table_number=entry.table.number,
                    blocked=[], accessible=[other, entry.seat])
    html = client.get(reverse("registration_desk", args=[desk.pk])).content.decode()
    assert "not an accessible seat" not in row(html, entry)
    cleared = client.post(url, {"needed": "0"}).content.decode()
    entry.refresh_from_db()
    assert not entry.needs_accessible_seat
    assert f"{entry.player.name} (#{entry.number}) no longer needs an accessible seat." in cleared
    assert "data-needs-access" not in row(cleared, entry)
    assert 'aria-pressed="false"' in row(cleared, entry)


def test_marking_a_player_whose_seat_is_not_accessible_says_to_move_them(desk, director,
                                                                         cashier):
    entry = Entry.objects.filter(tournament=desk).order_by("number").first()
    other = 9 if entry.seat != 9 else 8
    table_set_seats(actor=director, tournament_id=desk.pk, table_number=entry.table.number,
                    blocked=[], accessible=[other])
    html = client_for(cashier).post(reverse("entry_accessible", args=[desk.pk, entry.pk]),
                                    {"needed": "1"}).content.decode()
    assert (f"Table {entry.table.number} seat {entry.seat} is not accessible: move them to an "
            "accessible seat on the floor.") in html


@pytest.mark.parametrize("data", [{"needed": "maybe"}, {}, {"needed": "1" * 500}])
def test_a_bad_answer_gets_a_message_and_changes_nothing(desk, cashier, data):
    entry = Entry.objects.filter(tournament=desk).first()
    before = state(desk)
    response = client_for(cashier).post(reverse("entry_accessible", args=[desk.pk, entry.pk]),
                                        data)
    assert response.status_code == 400
    assert "Say whether the player needs an accessible seat." in response.content.decode()
    assert state(desk) == before


def test_an_unknown_entry_or_one_of_another_event_gets_a_message(desk, make_tournament,
                                                                 director, cashier):
    other = make_tournament(name="Other")
    pre_register(other, director, 1, 1)
    stranger = Entry.objects.get(tournament=other)
    before, before_other = state(desk), state(other)
    for entry_id in (stranger.pk, 2_000_000_000):
        response = client_for(cashier).post(reverse("entry_accessible", args=[desk.pk, entry_id]),
                                            {"needed": "1"})
        assert response.status_code == 400
        assert "That entry does not exist." in response.content.decode()
    assert state(desk) == before and state(other) == before_other


def test_floor_staff_and_strangers_cannot_mark_the_need(desk, floor_user, outsider):
    entry = Entry.objects.filter(tournament=desk).first()
    url = reverse("entry_accessible", args=[desk.pk, entry.pk])
    before = state(desk)
    for client in (client_for(floor_user), client_for(outsider), Client()):
        assert client.post(url, {"needed": "1"}).status_code == 403
    assert state(desk) == before


def test_the_desk_costs_the_same_queries_with_needs_marked(desk, director, cashier):
    from tournament.services.registration import entry_set_accessible

    client = client_for(cashier)
    url = reverse("registration_desk", args=[desk.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url, HTTP_HX_REQUEST="true")
    for entry in Entry.objects.filter(tournament=desk)[:3]:
        entry_set_accessible(actor=director, tournament_id=desk.pk, entry_id=entry.pk,
                             needed=True)
    with CaptureQueriesContext(connection) as after:
        html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert html.count("data-needs-access") == 3
    assert len(after.captured_queries) == len(before.captured_queries)
