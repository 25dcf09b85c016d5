"""Bounded inputs, the rest of issue 10 item 1: unknown URL words are 404s, a move is not
confirmed from a screen that sent nonsense, integers fit their PostgreSQL columns and
free text carries no control characters."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tables.services import floor as floor_services
from tournament.models import AuditEvent
from tournament.services.events import event_create

from .test_live_floor import seat_field

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("word", ["banana", "END", "seal-all"])
def test_an_unknown_day_action_is_a_404_and_changes_nothing(tournament, director, word):
    events = AuditEvent.objects.count()
    response = client_for(director).post(reverse("day_action", args=[tournament.pk, word]))
    assert response.status_code == 404
    assert AuditEvent.objects.count() == events


@pytest.mark.parametrize("word", ["banana", "Day2", "flights"])
def test_an_unknown_event_action_is_a_404_and_changes_nothing(director, word):
    event = event_create(actor=director, name="Main")
    events = AuditEvent.objects.count()
    response = client_for(director).post(reverse("event_action", args=[event.pk, word]),
                                         {"name": "1B"})
    assert response.status_code == 404
    assert AuditEvent.objects.count() == events


@pytest.mark.parametrize("shown", [
    {"expected_to_table": "NaN"}, {"expected_to_table": "0"},
    {"expected_to_seat": "13"}, {"expected_to_seat": "inf"},
    {"expected_to_table": "1" + "0" * 30},
])
def test_a_move_is_not_confirmed_from_a_screen_that_sent_nonsense(tournament, director,
                                                                  floor_user, shown):
    entries = seat_field(tournament, director, 20, 3)
    for entry in entries[:3]:  # a break leaves moves to make
        floor_services.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)
    move = Move.objects.filter(tournament=tournament, status="pending").first()
    assert move is not None
    events = AuditEvent.objects.count()
    response = client_for(floor_user).post(reverse("move_done", args=[tournament.pk, move.pk]),
                                           shown, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "the move was not confirmed: reload the page" in response.content.decode()
    assert Move.objects.get(pk=move.pk).status == "pending"
    assert AuditEvent.objects.count() == events
