"""Day 2 on a player's phone: the same signed link as Day 1, never a guessable one."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.models import Entry, Player
from tournament.player_links import player_code, player_page_path, token_entry
from tournament.services.clock import clock_start
from tournament.services.days import day_end, day_seal
from tournament.services.events import day2_create, event_create, event_flight_add
from tournament.services.registration import entries_import, seats_draw

from ..services.test_days_and_events import bag_everyone


@pytest.fixture
def day2(make_tournament, director, floor_user):
    """One Day 1 flight of twelve, bagged and drawn into Day 2."""
    event = event_create(actor=director, name="Main Event")
    t = make_tournament(name="Day 1A")
    event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"Player {i:02d}" for i in range(12)],
                   emails=[f"p{i}@example.com" for i in range(12)],
                   phones=[f"+1 555 01{i:02d}" for i in range(12)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=director)
    day_end(actor=director, tournament_id=t.pk)
    bag_everyone(t, floor_user)
    day_seal(actor=director, tournament_id=t.pk)
    return day2_create(actor=director, event_id=event.pk, rng=random.Random(5))


@pytest.mark.django_db
def test_my_bagged_day1_page_shows_my_day2_seat_and_links_my_day2_page(day2):
    day1 = Entry.objects.exclude(tournament=day2).order_by("number").first()
    to = Entry.objects.select_related("table").get(tournament=day2, carried_from__from_entry=day1)
    html = Client().get(player_page_path(tournament_id=day1.tournament_id,
                                         entry_id=day1.pk)).content.decode()
    assert 'data-state="bagged"' in html and "Bagged: you go on to Day 2." in html
    seat = re.search(r"data-day2-seat>.*?<strong>(\d+)</strong>.*?<strong>(\d+)</strong>", html)
    assert seat and seat.groups() == (str(to.table.number), str(to.seat))
    link = re.search(r'href="([^"]+)" data-day2-page', html).group(1)
    assert link == player_page_path(tournament_id=day2.pk, entry_id=to.pk)
    # The same form of link as Day 1's: /me/<tournament>-<entry>.<signature>/
    assert token_entry(link.split("/")[2]) == (day2.pk, to.pk)
    day2_html = Client().get(link).content.decode()
    assert 'data-state="seated"' in day2_html
    assert re.search(rf"data-table>{to.table.number}<", day2_html)


@pytest.mark.django_db
def test_the_day2_seat_list_leads_to_my_page_by_the_code_on_my_day1_card(day2):
    event = day2.event
    day1 = Entry.objects.exclude(tournament=day2).select_related("player").order_by("number")[3]
    to = Entry.objects.get(tournament=day2, carried_from__from_entry=day1)
    html = Client().get(reverse("event_seat_lookup", args=[event.pk]),
                        {"name": day1.player.name}).content.decode()
    # No guessable per-number link any more: the player's page, by name and code.
    assert reverse("entry_seat", args=[day2.pk, to.number]) not in html
    link = re.search(r'href="([^"]+)" data-my-page', html).group(1).replace("&amp;", "&")
    assert link.startswith(reverse("player_find", args=[day2.pk]) + "?name=")
    form = Client().get(link).content.decode()
    assert f'value="{day1.player.name}"' in form
    found = Client().post(reverse("player_find", args=[day2.pk]),
                          {"name": day1.player.name, "code": player_code(day1.pk)})
    assert found.status_code == 302
    assert found["Location"] == player_page_path(tournament_id=day2.pk, entry_id=to.pk)
    # Someone else's Day 1 code does not open it.
    other = Entry.objects.exclude(tournament=day2).exclude(pk=day1.pk).first()
    wrong = Client().post(reverse("player_find", args=[day2.pk]),
                          {"name": day1.player.name, "code": player_code(other.pk)})
    assert wrong.status_code == 400


@pytest.mark.django_db
def test_the_old_seat_page_is_a_public_seat_lookup_that_never_shows_a_contact(day2):
    assert Player.objects.filter(email__endswith="example.com").count() == 12
    for entry in Entry.objects.filter(tournament__in=[day2, *day2.event.tournaments.all()]):
        for kwargs in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = Client().get(reverse("entry_seat", args=[entry.tournament_id, entry.number]),
                                **kwargs)
            html = page.content.decode()
            assert page.status_code == 200 and entry.player.name in html
            assert "@example.com" not in html and "+1 555 01" not in html
    html = Client().get(reverse("entry_seat", args=[day2.pk, 1])).content.decode()
    assert reverse("player_find", args=[day2.pk]) in html
