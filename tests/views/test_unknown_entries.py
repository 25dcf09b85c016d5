"""Issue 8, bad input: a floor or desk action on an entry that does not exist (a stale
screen, a number typed into the address) gets a clear message, writes nothing and is
never a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move, Table
from tournament.models import AuditEvent, Entry, Payment

# An id no entry has, one past the largest 64-bit integer, and one far beyond it.
UNKNOWN = (987_654, 2**63, 10**20)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def written(tournament) -> tuple:
    return (AuditEvent.objects.filter(tournament=tournament).count(),
            Payment.objects.filter(tournament=tournament).count(),
            Move.objects.filter(tournament=tournament).count(),
            list(Entry.objects.filter(tournament=tournament).order_by("pk")
                 .values_list("pk", "status", "table_id", "seat", "rebuys", "addons")),
            list(Table.objects.filter(tournament=tournament).values_list("pk", "status")))


FLOOR_ACTIONS = {
    "bust": ({}, "That entry does not exist."),
    "move_entry": ({"table": 1, "seat": 2}, "That entry does not exist."),
    "bust_undo": ({}, "Only a bust-out can be undone."),
}
DESK_ACTIONS = {
    "rebuy": ("entry_buy_chips", {"kind": "rebuy"}, {"method": "cash", "confirm": "1"}),
    "addon": ("entry_buy_chips", {"kind": "addon"}, {"method": "card", "confirm": "1"}),
    "rebuy asked": ("entry_buy_chips", {"kind": "rebuy"}, {}),
    "unregister": ("entry_unregister", {}, {}),
}


@pytest.mark.django_db
@pytest.mark.parametrize("entry_id", UNKNOWN)
@pytest.mark.parametrize("action", sorted(FLOOR_ACTIONS))
@pytest.mark.parametrize("htmx", [True, False])
def test_a_floor_action_on_an_unknown_entry_says_so_and_writes_nothing(
        running, director, floor_user, action, entry_id, htmx):
    data, message = FLOOR_ACTIONS[action]
    before = written(running)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client_for(floor_user).post(reverse(action, args=[running.pk, entry_id]), data,
                                           **headers)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert written(running) == before


@pytest.mark.django_db
@pytest.mark.parametrize("entry_id", UNKNOWN)
@pytest.mark.parametrize("action", sorted(DESK_ACTIONS))
def test_a_desk_action_on_an_unknown_entry_says_so_and_writes_nothing(
        running, director, action, entry_id):
    name, extra, data = DESK_ACTIONS[action]
    before = written(running)
    url = reverse(name, kwargs={"tournament_id": running.pk, "entry_id": entry_id, **extra})
    response = client_for(director).post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "That entry does not exist." in response.content.decode()
    assert written(running) == before


@pytest.mark.django_db
def test_an_unknown_move_is_not_confirmed(running, floor_user):
    before = written(running)
    response = client_for(floor_user).post(reverse("move_done", args=[running.pk, 2**63]), {},
                                           HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and written(running) == before
    assert "That move does not exist." in response.content.decode()
