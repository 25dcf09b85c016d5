"""A player's phone follows the clock on 304s, and still shows a change within 2 s.

The phone's browser revalidates the clock partial with its ETag at every poll:
while nothing changes the server answers 304 (no body), and the phone keeps its
clock right by the server's time each 304 carries, even when the phone's own
clock is minutes wrong or jumps. A pause made by the floor, and a level
skipped by the director, show within two seconds all the same.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLLOW_MS = 2_000  # a change reaches every screen, phones included, within two seconds


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def _server_seconds_left(tournament_id: int) -> float:
    """Time left in level 1 (10 minutes) by the server's clock, from the stored anchor."""
    from tournament.models import Clock

    connection.close()  # a fresh read of what the live server's thread committed
    clock = Clock.objects.get(tournament_id=tournament_id)
    played = clock.elapsed_at_anchor
    if clock.running:
        played += (datetime.now(UTC) - clock.anchor_at).total_seconds()
    return 600 - played


def _wire_polls(page) -> list[tuple[float, int, str]]:
    """(when, status, X-Server-Time) of each clock poll as it came over the wire.

    The browser hands a revalidated answer to the page as the 200 it stored (so
    does Playwright's response event); the DevTools protocol tells the 304.
    """
    polls: list[tuple[float, int, str]] = []
    urls: dict[str, str] = {}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.requestWillBeSent",
           lambda p: urls.__setitem__(p["requestId"], p["request"]["url"]))

    def received(params) -> None:
        if "/clock/state/" in urls.get(params["requestId"], ""):
            headers = {k.lower(): v for k, v in params["headers"].items()}
            polls.append((time.monotonic(), params["statusCode"], headers.get("x-server-time", "")))

    cdp.on("Network.responseReceivedExtraInfo", received)
    return polls


def test_a_phone_follows_the_clock_on_304s_and_shows_a_pause_within_two_seconds(
    live_server, new_page, director, tournament, settings, artifacts
):
    from tournament.services.clock import clock_next_level, clock_pause, clock_start

    settings.CLOCK_PHONE_POLL_MS = 1500
    clock_start(tournament_id=tournament.pk, actor=director)

    # This phone's own clock is 2 min 17 s fast.
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone.clock.install(time=datetime.now(UTC) + timedelta(seconds=137))
    polls = _wire_polls(phone)
    phone.goto(f"{live_server.url}/t/{tournament.pk}/clock/")
    assert abs(phone.evaluate("Date.now()") / 1000 - time.time() - 137) < 5  # the premise
    countdown = phone.locator('.tv-level [data-clock="countdown"]')
    status = phone.locator('.tv-level [data-clock="status"]')

    def shows_the_server_time() -> bool:
        return abs(_seconds(countdown.inner_text()) - _server_seconds_left(tournament.pk)) <= 1.5

    deadline = time.monotonic() + 10
    while len(polls) < 4 and time.monotonic() < deadline:
        phone.wait_for_timeout(250)
    statuses = [s for _t, s, _x in polls]
    # The first poll fills the browser's cache; every one after it is a 304.
    assert len(statuses) >= 4 and statuses[1:] == [304] * (len(statuses) - 1), statuses
    # Each 304 brings a fresh server time, which keeps this fast phone right.
    times = [int(x) for _t, _s, x in polls]
    assert times == sorted(times) and times[-1] - times[1] >= 1000 * (len(times) - 2)
    assert shows_the_server_time(), (countdown.inner_text(), _server_seconds_left(tournament.pk))

    # The phone's clock jumps 5 minutes ahead: the next 304 puts it right.
    phone.clock.set_system_time(datetime.now(UTC) + timedelta(seconds=137 + 300))
    assert abs(phone.evaluate("Date.now()") / 1000 - time.time() - 437) < 5
    jumped = len(polls)
    deadline = time.monotonic() + FOLLOW_MS / 1000 + 0.5
    while not (len(polls) > jumped and shows_the_server_time()) and time.monotonic() < deadline:
        phone.wait_for_timeout(100)
    assert shows_the_server_time(), (countdown.inner_text(), _server_seconds_left(tournament.pk))
    assert [s for _t, s, _x in polls[jumped:]] == [304] * (len(polls) - jumped)
    expect(status).to_have_text("")

    # The floor pauses the clock: the phone says so within two seconds.
    before = len(polls)
    paused_at = time.monotonic()
    clock_pause(tournament_id=tournament.pk, actor=director)
    expect(status).to_have_text("Paused", timeout=FOLLOW_MS)
    shown_after = time.monotonic() - paused_at
    assert shown_after <= FOLLOW_MS / 1000
    frozen = countdown.inner_text()
    phone.wait_for_timeout(1600)
    assert countdown.inner_text() == frozen
    # The change came as one 200; the polls after it are 304s again.
    after = [s for _t, s, _x in polls[before:]]
    assert after[0] == 200 and after[1:] == [304] * (len(after) - 1), after
    phone.screenshot(path=str(artifacts / "phone-clock-paused.png"))

    # The director skips to the next level: the phone shows it within two seconds too.
    clock_next_level(tournament_id=tournament.pk, actor=director)
    expect(phone.locator('.tv-level [data-clock="level-name"]')).to_have_text(
        "Level 2", timeout=FOLLOW_MS)
    expect(countdown).to_have_text("10:00")
