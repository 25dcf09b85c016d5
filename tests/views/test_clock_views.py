"""Clock screens and controls through the client, with and without htmx."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.models import AuditEvent
from tournament.services.registration import entry_register


def snapshot_of(html: str) -> dict:
    match = re.search(r'data-snapshot="([^"]*)"', html)
    assert match, "no clock snapshot in the page"
    import html as html_lib

    return json.loads(html_lib.unescape(match.group(1)))


@pytest.fixture
def seated(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    for i in range(20):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{i}")
    return tournament


@pytest.mark.django_db
def test_tv_page_is_public_and_shows_the_level(seated):
    response = Client().get(reverse("clock_tv", args=[seated.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Level 1" in html and "100 / 200" in html
    assert "20 / 20" in html  # players left / entries
    assert response["X-Server-Time"]


@pytest.mark.django_db
def test_director_starts_the_clock_from_the_console_with_htmx(seated, director):
    client = Client()
    client.force_login(director)
    url = reverse("clock_action", args=[seated.pk, "start"])
    response = client.post(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="clock-controls"')  # a partial, not a page
    assert "<html" not in html
    assert 'hx-swap-oob="true"' in html  # the live clock swaps with it
    assert snapshot_of(html)["running"] is True
    assert 'data-action="pause"' in html


@pytest.mark.django_db
def test_without_htmx_the_console_page_comes_back(seated, director):
    client = Client()
    client.force_login(director)
    response = client.post(reverse("clock_action", args=[seated.pk, "start"]))
    assert response.status_code == 200
    assert "<html" in response.content.decode()


@pytest.mark.django_db
def test_a_pause_reaches_the_polled_partial(seated, director, django_capture_on_commit_callbacks):
    client = Client()
    client.force_login(director)
    state_url = reverse("clock_state", args=[seated.pk])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("clock_action", args=[seated.pk, "start"]))
    assert snapshot_of(Client().get(state_url).content.decode())["running"] is True
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("clock_action", args=[seated.pk, "pause"]))
    assert snapshot_of(Client().get(state_url).content.decode())["running"] is False


@pytest.mark.django_db
def test_refused_action_says_why_and_changes_nothing(seated, director):
    client = Client()
    client.force_login(director)
    before = AuditEvent.objects.count()
    response = client.post(reverse("clock_action", args=[seated.pk, "pause"]), HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "The clock is not running." in response.content.decode()
    assert AuditEvent.objects.count() == before


@pytest.mark.django_db
def test_bad_time_left_gets_a_message(seated, director):
    client = Client()
    client.force_login(director)
    response = client.post(reverse("clock_set_time", args=[seated.pk]), {"time_left": "ten"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "minutes:seconds" in response.content.decode()


@pytest.mark.django_db
def test_floor_may_pause_but_not_skip_levels(seated, floor_user):
    client = Client()
    client.force_login(floor_user)
    assert client.post(reverse("clock_action", args=[seated.pk, "start"])).status_code == 200
    response = client.post(reverse("clock_action", args=[seated.pk, "next"]), HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "Only the director" in response.content.decode()


@pytest.mark.django_db
def test_poll_is_served_from_cache_without_queries(seated, django_assert_num_queries):
    url = reverse("clock_state", args=[seated.pk])
    Client().get(url)
    with django_assert_num_queries(0):
        assert Client().get(url).status_code == 200


def _tv_queries(client, url, django_assert_max_num_queries):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_tv_and_console_query_counts_do_not_grow_with_the_field(seated, director, django_assert_max_num_queries):
    client = Client()
    client.force_login(director)
    tv = reverse("clock_tv", args=[seated.pk])
    console = reverse("tournament_console", args=[seated.pk])
    small = (_tv_queries(Client(), tv, None), _tv_queries(client, console, None))
    for i in range(20, 27):
        entry_register(actor=director, tournament_id=seated.pk, player_name=f"Q{i}")
    large = (_tv_queries(Client(), tv, None), _tv_queries(client, console, None))
    assert small == large
    # (one of them reads the version the snapshot is built at, when it is not cached;
    # one the deal in force, written into the payouts)
    assert small[0] <= 10, small


@pytest.mark.django_db
@pytest.mark.parametrize("seconds, message", [
    ("", "Say how many seconds to add."), ("1e3", "Say how many seconds to add."),
    ("NaN", "Say how many seconds to add."), ("3601", "Add or remove at most an hour at once."),
    ("-99999999999999999999", "Add or remove at most an hour at once."),
])
def test_adding_time_refuses_what_is_not_a_whole_hour_or_less(seated, director, seconds,
                                                              message):
    from tournament.services.clock import clock_start

    clock_start(tournament_id=seated.pk, actor=director)
    client = Client()
    client.force_login(director)
    url = reverse("clock_add_time", args=[seated.pk])
    refused = client.post(url, {"seconds": seconds}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and message in refused.content.decode()
    assert not AuditEvent.objects.filter(tournament=seated, kind="clock_add_time").exists()
    done = client.post(url, {"seconds": "60"}, HTTP_HX_REQUEST="true")
    assert done.status_code == 200
    assert AuditEvent.objects.filter(tournament=seated, kind="clock_add_time").count() == 1
