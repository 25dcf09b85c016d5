"""A player's own page: reached from the QR or by name and code, no account, cheap to poll."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.models import Move
from tables.services import busts, tables_add
from tournament.models import Entry, Player
from tournament.player_links import player_code, player_page_path, player_token
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register

from ..services.test_counts import seat_field

POLL = {"HTTP_HX_REQUEST": "true"}


def _page_of(entry: Entry) -> str:
    return player_page_path(tournament_id=entry.tournament_id, entry_id=entry.pk)


@pytest.fixture
def started(make_tournament, director):
    """Fourteen players on three six-seat tables, the clock started: two moved at the start."""
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


@pytest.mark.django_db
def test_the_seat_card_qr_opens_my_page_with_my_table_seat_and_section(started, cashier):
    entry = Entry.objects.filter(tournament=started, status="seated").exclude(
        moves__status="pending").select_related("table").first()
    staff = Client()
    staff.force_login(cashier)
    card = staff.get(reverse("seat_card", args=[started.pk, entry.number])).content.decode()
    path = _page_of(entry)
    assert path in card and player_code(entry.pk) in card
    html = Client().get(path).content.decode()
    assert started.name in html and "P" in html
    assert re.search(rf"data-table>{entry.table.number}<", html)
    assert re.search(rf"data-seat>{entry.seat}<", html)
    assert "Section: tables 1–40" in html
    assert 'data-clock-root' in html  # the clock, live


@pytest.mark.django_db
def test_a_moved_player_sees_from_where_to_where_and_why(started):
    move = Move.objects.filter(tournament=started, status="pending").select_related(
        "entry", "from_table", "to_table").first()
    html = Client().get(_page_of(move.entry)).content.decode()
    assert 'data-state="moved"' in html
    assert (f"from table {move.from_table.number}, seat {move.from_seat} to table "
            f"{move.to_table.number}, seat {move.to_seat}") in html
    assert move.why in html and "house rule 9-C" in html
    assert "My moves" in html


@pytest.mark.django_db
def test_the_link_cannot_be_guessed_or_altered(started):
    entry = Entry.objects.filter(tournament=started).first()
    other = Entry.objects.filter(tournament=started).exclude(pk=entry.pk).first()
    token = player_token(tournament_id=started.pk, entry_id=entry.pk)
    forged = token.replace(f"-{entry.pk}.", f"-{other.pk}.")
    assert Client().get(reverse("player_page", args=[forged])).status_code == 404
    assert Client().get(reverse("player_page", args=[f"{started.pk}-{entry.pk}"])).status_code == 404
    assert Client().get(reverse("player_page", args=["x" * 500])).status_code == 404
    # A genuine token of an entry that is gone is a 404 too, not a 500.
    gone = player_token(tournament_id=started.pk, entry_id=10**9)
    assert Client().get(reverse("player_page", args=[gone])).status_code == 404


@pytest.mark.django_db
def test_my_page_never_shows_a_contact(started, director):
    Player.objects.update(email="someone@example.com", phone="+1 555 0100")
    entry = Entry.objects.filter(tournament=started, status="seated").first()
    for client_kwargs in ({}, POLL):
        html = Client().get(_page_of(entry), **client_kwargs).content.decode()
        # The whole number: a bare "555" can be in the clock's timestamp.
        assert "someone@example.com" not in html and "+1 555 0100" not in html


@pytest.mark.django_db
def test_an_unchanged_poll_costs_no_query_and_a_bust_shows_my_place(
        make_tournament, director, floor_user, django_assert_num_queries,
        django_capture_on_commit_callbacks):
    t = make_tournament(name="Poll")
    entries = seat_field(t, director, 18)
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=t.pk, actor=director)
    me = Entry.objects.get(pk=entries[0].pk)
    path = _page_of(me)
    first = Client().get(path, **POLL)
    tag = first["ETag"]
    assert first.status_code == 200 and 'data-state="seated"' in first.content.decode()
    with django_assert_num_queries(0):
        again = Client().get(path, **POLL)
        same = Client().get(path, HTTP_IF_NONE_MATCH=tag, **POLL)
    assert again.content == first.content and same.status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=me.pk)
    changed = Client().get(path, HTTP_IF_NONE_MATCH=tag, **POLL)
    html = changed.content.decode()
    assert changed.status_code == 200 and 'data-state="busted"' in html
    assert "You finished in place 18." in html


@pytest.mark.django_db
def test_a_waiting_player_sees_their_place_in_line(running, director):
    for name in ("Second", "Third"):
        entry_register(actor=director, tournament_id=running.pk, player_name=name)
    Entry.objects.filter(tournament=running, player__name__in=["Second", "Third"]).update(
        status="waiting", table=None, seat=None)
    third = Entry.objects.get(tournament=running, player__name="Third")
    html = Client().get(_page_of(third)).content.decode()
    assert "you are number 2 in line" in html


@pytest.mark.django_db
def test_the_page_costs_the_same_at_5000_players_as_at_50(
        make_tournament, director):
    sizes = {}
    for players in (50, 5000):
        t = make_tournament(name=f"Field {players}")
        entries = seat_field(t, director, players)
        me = Entry.objects.filter(pk=entries[7].pk).get()
        with CaptureQueriesContext(connection) as page_queries:
            page = Client().get(_page_of(me))
        with CaptureQueriesContext(connection) as poll_queries:
            poll = Client().get(_page_of(me), **POLL)
        assert page.status_code == poll.status_code == 200
        sizes[players] = (len(page_queries), len(poll_queries),
                          len(re.sub(r"\d", "", poll.content.decode().replace(
                              player_token(tournament_id=t.pk, entry_id=me.pk), "TOKEN"))))
    assert sizes[50] == sizes[5000]


@pytest.mark.django_db
def test_finding_my_page_by_name_and_code_and_the_tries_are_limited(started):
    entry = Entry.objects.filter(tournament=started).select_related("player").first()
    url = reverse("player_find", args=[started.pk])
    assert Client().get(url).status_code == 200
    client = Client(REMOTE_ADDR="10.0.0.5")
    found = client.post(url, {"name": entry.player.name.lower(), "code": player_code(entry.pk).lower()})
    assert found.status_code == 302 and found["Location"] == _page_of(entry)
    wrong = client.post(url, {"name": entry.player.name, "code": "AAAAAA"})
    assert wrong.status_code == 400 and "No entry has that name and code" in wrong.content.decode()
    short = client.post(url, {"name": entry.player.name, "code": "AB"})
    assert short.status_code == 400 and "6 characters" in short.content.decode()
    assert client.post(url, {"name": "x" * 5000, "code": "A" * 5000}).status_code == 400
    for _i in range(10):
        client.post(url, {"name": entry.player.name, "code": "AAAAAA"})
    refused = client.post(url, {"name": entry.player.name, "code": player_code(entry.pk)})
    assert refused.status_code == 429 and "Too many tries" in refused.content.decode()
    # Another address is not held back by that one.
    other = Client(REMOTE_ADDR="10.0.0.6").post(
        url, {"name": entry.player.name, "code": player_code(entry.pk)})
    assert other.status_code == 302


@pytest.mark.django_db
def test_my_page_speaks_chinese(started):
    entry = Entry.objects.filter(tournament=started, status="seated").first()
    html = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(_page_of(entry)).content.decode()
    assert "桌" in html and "Seat" not in html
