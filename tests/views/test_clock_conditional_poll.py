"""The clock partial answers conditional GETs: an unchanged poll is a 304.

Every screen's browser revalidates the partial it holds with its ETag. While
nothing changed the answer is a 304 with no body and no SQL query, and it still
carries the server's time (the screens correct their clocks by it). A change,
and a level boundary falling due, give a 200 with the new partial.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import play
from tournament.models import AuditEvent
from tournament.services.clock import clock_pause, clock_start

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)


def snapshot_of(response) -> dict:
    html = response.content.decode()
    raw = re.search(r'data-snapshot="([^"]*)"', html).group(1)
    return json.loads(raw.replace("&quot;", '"').replace("&amp;", "&"))


def poll(url: str, tag: str | None = None, **headers):
    if tag is not None:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return Client().get(url, **headers)


def test_an_unchanged_poll_is_a_304_with_the_server_time_and_no_query(
        running, django_assert_num_queries):
    url = reverse("clock_state", args=[running.pk])
    first = poll(url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{24}"', tag)
    # Stored by the browser, but asked again at every poll: never shown stale.
    assert first["Cache-Control"] == "no-cache"
    assert snapshot_of(first)["running"] is True

    with django_assert_num_queries(0):
        again = poll(url, tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag
    assert again["Cache-Control"] == "no-cache"
    assert abs(int(again["X-Server-Time"]) / 1000 - datetime.now(UTC).timestamp()) < 5
    # A tag from a proxy that compressed the body (weak), or among others, matches too.
    assert poll(url, f'"other", W/{tag}').status_code == 304
    # A screen that holds nothing, or something else, gets the body.
    assert poll(url, '"something-else"').status_code == 200
    assert poll(url).content == first.content


def test_after_a_change_the_poll_gets_the_new_partial(
        running, director, django_capture_on_commit_callbacks):
    url = reverse("clock_state", args=[running.pk])
    before = poll(url)
    with django_capture_on_commit_callbacks(execute=True):
        clock_pause(tournament_id=running.pk, actor=director)
    after = poll(url, before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert snapshot_of(after)["running"] is False
    # And the new partial is the one unchanged polls are now measured against.
    assert poll(url, after["ETag"]).status_code == 304


def test_each_language_has_its_own_tag(running):
    url = reverse("clock_state", args=[running.pk])
    english = poll(url)
    chinese = poll(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert english["ETag"] != chinese["ETag"]
    assert "Accept-Language" in chinese["Vary"] and "Cookie" in chinese["Vary"]
    # A phone switched to Chinese holding the English partial gets the Chinese one.
    switched = poll(url, english["ETag"], HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert switched.status_code == 200 and switched.content == chinese.content


def test_a_level_boundary_falling_due_rebuilds_the_partial(make_tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(levels=(play(100, 200, 1), play(200, 400, 1), play(300, 600, 1)))
    clock_start(tournament_id=tournament.pk, actor=director)
    url = reverse("clock_state", args=[tournament.pk])
    time_machine.move_to(T0 + timedelta(seconds=30), tick=False)
    during = poll(url)
    assert poll(url, during["ETag"]).status_code == 304

    # The screen holds the partial of level 1; the boundary is past: the poll
    # records the level start (no worker in the embedded mode) and the screen
    # gets the partial built after it, whatever tag it sends.
    time_machine.move_to(T0 + timedelta(seconds=61), tick=False)
    after = poll(url, during["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != during["ETag"]
    assert snapshot_of(after)["due_at"] == pytest.approx((T0 + timedelta(seconds=120)).timestamp())
    started = list(AuditEvent.objects.filter(tournament=tournament, kind="level_started")
                   .values_list("payload__level_index", flat=True))
    assert started == [1]
    assert poll(url, after["ETag"]).status_code == 304


def test_full_mode_answers_from_the_process_memory_and_a_change_here_shows_at_once(
        running, director, settings, django_assert_num_queries, django_capture_on_commit_callbacks):
    from tournament.runtime.cache import memo

    settings.FULL_MODE = True
    memo.clear()
    try:
        url = reverse("clock_state", args=[running.pk])
        tag = poll(url)["ETag"]
        with django_assert_num_queries(0):
            for _ in range(20):
                assert poll(url, tag).status_code == 304
        with django_capture_on_commit_callbacks(execute=True):
            clock_pause(tournament_id=running.pk, actor=director)
        after = poll(url, tag)
        assert after.status_code == 200 and snapshot_of(after)["running"] is False
    finally:
        memo.clear()


def test_the_phone_polls_less_often_than_the_tv_with_the_same_partial(running, settings):
    settings.CLOCK_POLL_MS = 1000
    settings.CLOCK_PHONE_POLL_MS = 1500
    tv = Client().get(reverse("clock_tv", args=[running.pk])).content.decode()
    phone = Client().get(reverse("clock_phone", args=[running.pk])).content.decode()
    assert 'data-poll-ms="1000"' in tv and 'data-poll-ms="1500"' in phone
    # One partial for every screen: the poll's body names no interval.
    state = poll(reverse("clock_state", args=[running.pk])).content.decode()
    assert 'hx-trigger="clock-poll"' in state and "poll-ms" not in state


def test_polls_are_answered_before_the_middleware_and_still_by_the_language_and_host(
        running, settings, django_assert_num_queries):
    from django.urls import reverse as url_of

    from tournament.views.clock import CLOCK_STATE_PATH

    # The fast path matches the view's own route, and nothing else.
    assert CLOCK_STATE_PATH.match(url_of("clock_state", args=[running.pk]))[1] == str(running.pk)
    assert CLOCK_STATE_PATH.match(url_of("clock_phone", args=[running.pk])) is None

    url = reverse("clock_state", args=[running.pk])
    chinese_client = Client()
    chinese_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    chinese = chinese_client.get(url)
    english = poll(url)
    with django_assert_num_queries(0):
        assert chinese_client.get(url, HTTP_IF_NONE_MATCH=chinese["ETag"]).status_code == 304
        # The cookie's language decides, as everywhere: an English tag is not the one held.
        assert chinese_client.get(url, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    unchanged = poll(url, english["ETag"])
    assert unchanged["X-Content-Type-Options"] == "nosniff"  # SecurityMiddleware still ran
    # The held partial itself (a screen after a change): the same bytes the view
    # built, a fragment nobody may frame and that loads nothing.
    held = chinese_client.get(url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert held.content == chinese.content and held["Content-Language"] == "zh-hans"
    assert held["X-Frame-Options"] == "DENY"
    assert held["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    # An unknown host is refused here as on every page; an unknown tournament is the view's 404.
    settings.ALLOWED_HOSTS = ["testserver"]
    assert poll(url, english["ETag"], HTTP_HOST="evil.example").status_code == 400
    missing = reverse("clock_state", args=[running.pk + 1000])
    assert poll(missing, english["ETag"]).status_code == 404
