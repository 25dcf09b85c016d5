"""The alternate line's screens: a player's phone joins and follows; the desk calls and seats."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tables.services import busts, tables_add
from tournament.models import Entry, LineSpot
from tournament.player_links import line_page_path, line_token, player_token
from tournament.services.clock import clock_start
from tournament.services.line import line_join
from tournament.services.registration import entry_register

from ..services.test_counts import seat_field

POLL = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def full(make_tournament, director, django_capture_on_commit_callbacks):
    """Six players on one six-seat table, play running: every seat taken."""
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    for i in range(6):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i}")
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=t.pk, actor=director)
    return t


def page_of(spot: LineSpot) -> str:
    return line_page_path(tournament_id=spot.tournament_id, spot_id=spot.pk)


def bust_one(t, floor_user, capture) -> Entry:
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("number").first()
    with capture(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    return victim


@pytest.mark.django_db
def test_a_player_joins_from_the_phone_and_sees_their_place(full):
    url = reverse("line_join", args=[full.pk])
    assert "Join the line" in Client().get(url).content.decode()
    client = Client(REMOTE_ADDR="10.0.0.1")
    joined = client.post(url, {"name": "Ann Alpha", "phone": "+1 555 0100", "language": "en"})
    spot = LineSpot.objects.get(name="Ann Alpha")
    assert joined.status_code == 302 and joined["Location"] == page_of(spot)
    assert spot.phone == "+1 555 0100" and spot.status == "waiting"
    client.post(url, {"name": "Bob Bravo", "email": "bob@example.com"})
    html = Client().get(page_of(LineSpot.objects.get(name="Bob Bravo"))).content.decode()
    assert "You are number 2 in the alternate line." in html
    assert "No estimate of the wait yet" in html
    assert "Ann Alpha" not in html and "555 0100" not in html  # never another's name or contact


@pytest.mark.django_db
def test_joining_is_bounded_and_refused_clearly(full):
    url = reverse("line_join", args=[full.pk])
    client = Client(REMOTE_ADDR="10.0.0.2")
    for data, message in (
            ({"name": "x" * 5000, "phone": "1"}, "too long"),
            ({"name": "No Contact"}, "Give an email or a phone number"),
            ({"name": "Bad Phone", "phone": "call me<script>"}, "A phone number has digits"),
            ({"name": "Player 3", "phone": "1"}, "already has a live entry"),
            ({"name": "Lang", "phone": "1", "language": "xx"}, "Select a valid choice")):
        refused = client.post(url, data)
        assert refused.status_code == 400 and message in refused.content.decode(), data
    assert not LineSpot.objects.exists()


@pytest.mark.django_db
def test_joining_is_throttled_per_address(full):
    url = reverse("line_join", args=[full.pk])
    client = Client(REMOTE_ADDR="10.0.0.3")
    for _i in range(10):
        client.post(url, {"name": "x" * 200, "phone": "1"})
    refused = client.post(url, {"name": "Ann Alpha", "phone": "1"})
    assert refused.status_code == 429 and "Too many tries" in refused.content.decode()
    assert not LineSpot.objects.exists()
    assert Client(REMOTE_ADDR="10.0.0.4").post(url, {"name": "Ann Alpha",
                                                     "phone": "1"}).status_code == 302


@pytest.mark.django_db
def test_no_line_while_seats_are_open(make_tournament, director):
    t = make_tournament()
    tables_add(actor=director, tournament_id=t.pk, count=1)
    clock_start(tournament_id=t.pk, actor=director)
    url = reverse("line_join", args=[t.pk])
    assert "Seats are open: register at the desk" in Client().get(url).content.decode()
    assert Client().post(url, {"name": "Ann", "phone": "1"}).status_code == 400
    assert not LineSpot.objects.exists()


@pytest.mark.django_db
def test_the_link_cannot_be_guessed_nor_an_entry_link_used(full):
    spot = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="1")
    entry = Entry.objects.filter(tournament=full).first()
    token = line_token(tournament_id=full.pk, spot_id=spot.pk)
    for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), f"{full.pk}-{spot.pk}",
                player_token(tournament_id=full.pk, entry_id=spot.pk), "x" * 500):
        assert Client().get(reverse("line_page", args=[bad])).status_code == 404
    assert Client().get(reverse("player_page", args=[token])).status_code == 404
    assert entry is not None


@pytest.mark.django_db
def test_called_shows_a_countdown_and_the_deadline_passes_without_a_click(
        full, floor_user, time_machine, django_capture_on_commit_callbacks):
    time_machine.move_to(timezone.now(), tick=False)
    first = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="1")
    second = line_join(actor=None, tournament_id=full.pk, name="Bob Bravo", phone="2")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    html = Client().get(page_of(first), **POLL).content.decode()
    assert "A seat is open for you: pay at the desk now." in html
    assert re.search(r'data-countdown>5:00<', html)
    time_machine.shift(dt.timedelta(minutes=5, seconds=1))
    # Nobody clicks: the player's own poll finds the deadline passed.
    html = Client().get(page_of(first), **POLL).content.decode()
    assert "You were passed over" in html
    assert LineSpot.objects.get(pk=second.pk).status == "called"


@pytest.mark.django_db
def test_the_desk_shows_the_line_and_pays_and_seats_the_called(
        full, cashier, floor_user, time_machine, django_capture_on_commit_callbacks):
    time_machine.move_to(timezone.now(), tick=False)
    first = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="555 0100")
    line_join(actor=None, tournament_id=full.pk, name="Bob Bravo", email="bob@example.com")
    victim = bust_one(full, floor_user, django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(cashier)
    desk = client.get(reverse("registration_desk", args=[full.pk])).content.decode()
    assert 'data-line-status="called"' in desk and "555 0100" in desk and "5:00" in desk
    assert "bob@example.com" in desk and "Pay and seat" in desk
    url = reverse("line_spot_action", args=[full.pk, first.pk, "pay"])
    with django_capture_on_commit_callbacks(execute=True):
        paid = client.post(url, {"seen": "called", "method": "card"}, **POLL)
    assert paid.status_code == 200
    entry = Entry.objects.get(player__name="Ann Alpha")
    assert (entry.table_id, entry.seat) == (victim.table_id, victim.seat)
    assert f"table {entry.table.number}, seat {entry.seat}" in paid.content.decode()
    assert entry.payments.get().method == "card"
    page = Client().get(page_of(first)).content.decode()
    assert "Paid: you are in the tournament." in page and "data-seat-card" in page
    # The same tap again, from a screen that still shows Ann as called: refused, clearly.
    again = client.post(url, {"seen": "called"}, **POLL)
    assert again.status_code == 409
    assert "no longer as your screen shows" in again.content.decode()
    assert Entry.objects.filter(player__name="Ann Alpha").count() == 1


@pytest.mark.django_db
def test_the_desk_adds_passes_over_and_removes(full, cashier, floor_user,
                                                django_capture_on_commit_callbacks):
    client = Client()
    client.force_login(cashier)
    add = reverse("line_desk_join", args=[full.pk])
    assert client.post(add, {"name": "Ann Alpha", "phone": "1"}, **POLL).status_code == 200
    alike = client.post(add, {"name": "Ann Alpah", "phone": "2"}, **POLL)
    assert alike.status_code == 400 and "A name like this one" in alike.content.decode()
    assert client.post(add, {"name": "Ann Alpah", "phone": "2", "confirm": "1"},
                       **POLL).status_code == 200
    ann, other = LineSpot.objects.order_by("id")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    passed = client.post(reverse("line_spot_action", args=[full.pk, ann.pk, "pass"]),
                         {"seen": "called"}, **POLL)
    assert passed.status_code == 200 and "Ann Alpha was passed over." in passed.content.decode()
    assert "Called: Ann Alpah." in passed.content.decode()
    removed = client.post(reverse("line_spot_action", args=[full.pk, other.pk, "remove"]),
                          {"seen": "called"}, **POLL)
    assert removed.status_code == 200
    assert [s.status for s in LineSpot.objects.order_by("id")] == ["passed", "removed"]
    assert client.post(reverse("line_spot_action", args=[full.pk, ann.pk, "explode"]),
                       {"seen": "called"}).status_code == 404
    assert client.post(reverse("line_spot_action", args=[full.pk, ann.pk, "pass"]),
                       {"seen": "nonsense"}, **POLL).status_code == 400


@pytest.mark.django_db
def test_only_the_desk_acts_on_the_line(full, floor_user):
    spot = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="1")
    anonymous = Client()
    floor = Client()
    floor.force_login(floor_user)
    for who in (anonymous, floor):
        for url in (reverse("line_desk_join", args=[full.pk]),
                    reverse("line_spot_action", args=[full.pk, spot.pk, "remove"])):
            assert who.post(url, {"name": "M", "phone": "1", "seen": "waiting"}).status_code == 403
    assert LineSpot.objects.get().status == "waiting" and LineSpot.objects.count() == 1


@pytest.mark.django_db
def test_the_line_page_costs_the_same_at_5000_players_as_at_50(make_tournament, director):
    sizes = {}
    for players in (50, 5000):
        t = make_tournament(name=f"Field {players}", entry_cap=players)
        seat_field(t, director, players)
        clock_start(tournament_id=t.pk, actor=director)
        spots = [line_join(actor=None, tournament_id=t.pk, name=f"Alt {i}", phone="1")
                 for i in range(3)]
        me = spots[2]
        Entry.objects.filter(pk__in=Entry.objects.filter(tournament=t).values("pk")[:4]).update(
            status="busted", busted_at=timezone.now() - dt.timedelta(minutes=20))
        with CaptureQueriesContext(connection) as page_queries:
            page = Client().get(page_of(me))
        with CaptureQueriesContext(connection) as poll_queries:
            poll = Client().get(page_of(me), **POLL)
        assert page.status_code == poll.status_code == 200
        assert "Estimated wait: about" in poll.content.decode()
        sizes[players] = (len(page_queries), len(poll_queries),
                          len(re.sub(r"\d", "", poll.content.decode().replace(
                              line_token(tournament_id=t.pk, spot_id=me.pk), "TOKEN"))))
    assert sizes[50] == sizes[5000]


@pytest.mark.django_db
def test_the_line_speaks_chinese(full):
    spot = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="1",
                     language="zh-hans")
    html = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(page_of(spot)).content.decode()
    assert "You are number" not in html and "候补" in html
    join = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(reverse("line_join", args=[full.pk]))
    assert "Join the line" not in join.content.decode()


@pytest.mark.django_db
def test_the_director_caps_a_flight_on_the_tournament_form(tournament, director):
    client = Client()
    client.force_login(director)
    form = client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert 'name="entry_cap"' in form and 'name="line_call_minutes"' in form


@pytest.mark.django_db
def test_the_api_reads_the_line_without_a_contact(full, floor_user,
                                                  django_capture_on_commit_callbacks):
    for name in ("Ann Alpha", "Bob Bravo"):
        line_join(actor=None, tournament_id=full.pk, name=name, email="secret@example.com")
    bust_one(full, floor_user, django_capture_on_commit_callbacks)
    data = Client().get(f"/api/v1/tournaments/{full.pk}/line/").json()
    assert [c["name"] for c in data["called"]] == ["Ann Alpha"] and data["called"][0]["deadline"]
    assert [(w["position"], w["name"]) for w in data["waiting"]] == [(1, "Bob Bravo")]
    assert "secret@example.com" not in json.dumps(data)
    assert Client().post(f"/api/v1/tournaments/{full.pk}/line/").status_code == 405


@pytest.mark.django_db
def test_late_registration_closing_tells_the_line_on_its_page(
        full, director, time_machine, django_capture_on_commit_callbacks):
    from tournament.services.clock import clock_record_boundaries

    time_machine.move_to(timezone.now(), tick=False)
    spot = line_join(actor=None, tournament_id=full.pk, name="Ann Alpha", phone="1")
    full.late_reg_end_level = 1
    full.save(update_fields=["late_reg_end_level"])
    time_machine.shift(dt.timedelta(minutes=10, seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        clock_record_boundaries(tournament_id=full.pk)
    html = Client().get(page_of(spot), **POLL).content.decode()
    assert 'data-state="closed"' in html and "the alternate line is over" in html
    refused = Client().get(reverse("line_join", args=[full.pk])).content.decode()
    assert "Late registration closed" in refused and "data-line-join" not in refused
