"""Screens through a Wi-Fi drop (issue 26): the TV counts on from what it knew, and its
level changes on time offline; a player's seat page keeps the last known seat, with its time.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_tv_changes_level_on_time_while_offline(make_tournament, director, live_server,
                                                    new_page):
    from tournament.services.clock import clock_start

    tournament = make_tournament(levels=(play(100, 200, minutes=0.25), play(200, 400),
                                         play(300, 600)))
    clock_start(tournament_id=tournament.pk, actor=director)
    started = time.monotonic()
    tv = new_page(viewport={"width": 1920, "height": 1080})
    tv.goto(f"{live_server.url}/t/{tournament.pk}/tv/")
    level = tv.locator("[data-clock=level-name]").first
    expect(level).to_have_text("Level 1")
    tv.context.set_offline(True)
    expect(level).to_have_text("Level 2", timeout=25_000)
    flipped = time.monotonic() - started
    assert 14 <= flipped <= 17  # the 15 s level ended on time, with no server to ask
    expect(tv.locator("[data-clock=blinds]").first).to_have_text("200 / 400")
    expect(tv.locator("[data-clock=offline]")).to_contain_text("reconnecting")
    tv.context.set_offline(False)
    expect(tv.locator("[data-clock=offline]")).to_be_hidden(timeout=5_000)
    expect(level).to_have_text("Level 2")


def test_a_players_seat_page_keeps_the_last_known_seat_with_its_time(
        tournament, director, live_server, new_page):
    from tables.services import tables_add
    from tournament.services.registration import entry_register

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.clock.install()
    phone.goto(f"{live_server.url}/t/{tournament.pk}/seat/{entry.number}/")
    seat = phone.locator("#entry-seat [data-seat]")
    expect(seat).to_have_text(str(entry.seat))
    phone.context.set_offline(True)
    phone.clock.run_for(11_000)  # the page's next poll (every 10 s) finds no network
    mark = phone.locator("[data-reconnecting-for=entry-seat]")
    expect(mark).to_be_visible()
    expect(mark).to_contain_text("Reconnecting… shown as of")
    expect(seat).to_have_text(str(entry.seat))
    phone.context.set_offline(False)
    phone.clock.run_for(11_000)
    expect(mark).to_be_hidden()
    expect(seat).to_have_text(str(entry.seat))
