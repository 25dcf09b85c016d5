"""Issue 21 on the floor console: the hand of a bust, seen and set on the bust itself, and the
starting stacks asked for when two players go out in one hand at one table."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import busts, floor
from tests.services.test_floor import field
from tournament.models import Entry


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_bust(client, t, entry, **data):
    return client.post(reverse("bust", args=[t.pk, entry.pk]),
                       {"expected_table": entry.table.number, "expected_seat": entry.seat,
                        **data})


@pytest.mark.django_db
def test_two_out_in_one_hand_at_one_table_are_asked_their_stacks_then_placed_by_them(
        make_tournament, director, floor_user):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    field(t, director, 10, 2)
    floor.hand_for_hand_set(actor=director, tournament_id=t.pk, on=True)
    seated = list(Entry.objects.filter(tournament=t, status="seated").select_related("table"))
    table = max({e.table.number for e in seated},
                key=lambda n: sum(e.table.number == n for e in seated))
    first = next(e for e in seated if e.table.number == table)
    client = client_for(floor_user)
    assert post_bust(client, t, first).status_code == 200
    second = (Entry.objects.filter(tournament=t, status="seated", table__number=table)
              .order_by("number").first())
    # The dialog of the second shows the hand in play and asks the first one's stack.
    dialog = client.get(reverse("seat_dialog", args=[t.pk, second.pk])).content.decode()
    assert f"The hand in play (hand {t.hand_number + 1})" in dialog
    assert f'name="stack_{first.pk}"' in dialog and "(out in place 10)" in dialog
    refused = post_bust(client, t, second)
    html = refused.content.decode()
    assert refused.status_code == 400
    assert "also went out in this hand at table" in html and "Nothing was recorded." in html
    assert Entry.objects.get(pk=second.pk).status == "seated"
    done = post_bust(client, t, second, chips_at_start=9000, **{f"stack_{first.pk}": 3000})
    assert done.status_code == 200
    places = dict(Entry.objects.filter(pk__in=[first.pk, second.pk])
                  .values_list("pk", "finish_place"))
    assert places == {second.pk: 10, first.pk: 9} or places == {first.pk: 10, second.pk: 9}
    assert places[second.pk] < places[first.pk]  # the bigger stack finishes higher
    assert Entry.objects.get(pk=first.pk).tied_place is None


@pytest.mark.django_db
def test_the_floor_says_a_bust_is_in_the_same_hand_and_the_places_are_shared(
        make_tournament, director, floor_user):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    field(t, director, 20, 3)
    seated = list(Entry.objects.filter(tournament=t, status="seated").order_by("number"))
    first = seated[0]
    client = client_for(floor_user)
    post_bust(client, t, first)
    other = (Entry.objects.filter(tournament=t, status="seated")
             .exclude(table_id=first.table_id).order_by("number").first())
    response = post_bust(client, t, other, hand="same")
    assert response.status_code == 200
    assert "Out in the same hand as another player: they share places from 19." in (
        response.content.decode())
    assert set(Entry.objects.filter(pk__in=[first.pk, other.pk])
               .values_list("tied_place", flat=True)) == {19}
    busts.entry_bust(actor=director, tournament_id=t.pk,
                     entry_id=seated[-1].pk if seated[-1].pk != other.pk else seated[-2].pk,
                     rng=random.Random(1))
    assert Entry.objects.get(pk=first.pk).tied_place == 19  # a later bust is a hand of its own
