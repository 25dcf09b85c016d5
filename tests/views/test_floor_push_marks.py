"""The floor sees who has push: a phone mark on the seats of players whose page is
subscribed, so it knows who will not hear of a move; at a fixed query count."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.models import Entry, PushSubscription

from ..services.test_counts import seat_field
from .test_festival_views import client_for

pytestmark = pytest.mark.django_db

MARK = '<span class="push-mark"'


def subscribe(entries) -> None:
    PushSubscription.objects.bulk_create(
        PushSubscription(entry=e, endpoint=f"https://push.example.com/{e.pk}/{n}",
                         p256dh="B" + "A" * 86, auth="A" * 22)
        for e in entries for n in range(2))  # a phone and a tablet: still one mark


def marked(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(
        r'data-entry="(\d+)">[^<]*</button> <span class="push-mark"', html)}


def test_the_seats_of_players_with_push_carry_the_mark_and_the_legend_says_what_it_means(
        tournament, director, floor_user):
    entries = seat_field(tournament, director, 18)
    with_push = entries[::3]
    subscribe(with_push)
    html = client_for(floor_user).get(reverse("floor_console", args=[tournament.pk])).content.decode()
    assert marked(html) == {e.pk for e in with_push}
    assert html.count(MARK) == len(with_push)
    assert "told of moves on their phone" in html
    assert "tell them of a move yourself" in html
    assert 'title="This player&#x27;s phone is told of moves"' in html
    chinese = client_for(floor_user)
    chinese.defaults["HTTP_ACCEPT_LANGUAGE"] = "zh-hans"
    zh = chinese.get(reverse("floor_console", args=[tournament.pk])).content.decode()
    assert marked(zh) == {e.pk for e in with_push}
    assert "told of moves" not in zh and "手机" in zh


def test_the_marks_cost_the_same_queries_at_50_players_as_at_5000(make_tournament, director,
                                                                   floor_user):
    counts = {}
    for players in (50, 5000):
        t = make_tournament(name=f"Field {players}")
        seat_field(t, director, players)
        subscribe(Entry.objects.filter(tournament=t)[::2])
        client = client_for(floor_user)
        url = reverse("floor_console", args=[t.pk])
        client.get(url)  # the session and the section settle
        with CaptureQueriesContext(connection) as ctx:
            html = client.get(url).content.decode()
        assert MARK in html
        counts[players] = len(ctx.captured_queries)
    assert counts[50] == counts[5000]
