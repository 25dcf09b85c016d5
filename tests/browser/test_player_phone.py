"""A player's phone at 390x844, in English and Chinese: their page, and a move pushed to it.

The push is delivered to the page's own service worker through the DevTools
protocol (ServiceWorker.deliverPushMessage): no outside push service is
reachable here. The notification the worker shows is read back from it.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tables.models import Move
from tables.services import busts, tables_add
from tables.services import floor as floor_services
from tests.browser.conftest import PHONE
from tournament.models import Entry
from tournament.player_links import player_code, player_page_path
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register
from tournament.tasks.push import push_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-US", "zh-hans": "zh-CN"}


@pytest.fixture
def started(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


def _registration_id(cdp, page) -> str:
    found: dict = {}

    def note(event) -> None:
        for registration in event.get("registrations", []):
            if not registration.get("isDeleted"):
                found["id"] = registration["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", note)
    cdp.send("ServiceWorker.enable")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => true")
    for _i in range(50):
        if "id" in found:
            return found["id"]
        page.wait_for_timeout(100)
    raise AssertionError("the page registered no service worker")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_player_follows_their_seat_and_a_move_is_pushed_to_their_phone(
        live_server, new_page, started, floor_user, artifacts, language):
    move = Move.objects.filter(tournament=started, status="pending").select_related(
        "entry", "to_table", "from_table").first()
    url = live_server.url + player_page_path(tournament_id=started.pk, entry_id=move.entry_id)
    page = new_page(viewport=PHONE, locale=LOCALES[language])
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.goto(url)
    me = page.locator("#player-me")
    expect(me).to_have_attribute("data-state", "moved")
    expect(me.locator("[data-table]")).to_have_text(str(move.to_table.number))
    expect(me.locator("[data-seat]")).to_have_text(str(move.to_seat))
    expect(me.locator(".move-why").first).to_be_visible()
    page.screenshot(path=str(artifacts / f"player-moved-{language}.png"), full_page=True)

    # The push: the service worker of this page shows it.
    cdp = page.context.new_cdp_session(page)
    registration = _registration_id(cdp, page)
    title, body = push_text("moved", {"table": move.to_table.number, "seat": move.to_seat,
                                      "why": {language: "…"}}, language)
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": live_server.url, "registrationId": registration,
        "data": json.dumps({"title": title, "body": body, "kind": "moved", "url": url})})
    page.wait_for_function(
        """title => navigator.serviceWorker.ready.then(r => r.getNotifications())
             .then(list => list.some(n => n.title === title))""", arg=title, timeout=10_000)
    assert ("号桌" in title) == (language == "zh-hans")

    # The move is made: the page follows (its poll), then a bust shows the place.
    entry = move.entry
    floor_services.move_confirm(actor=floor_user, tournament_id=started.pk, move_id=move.pk)
    expect(me).to_have_attribute("data-state", "seated", timeout=15_000)
    page.screenshot(path=str(artifacts / f"player-seated-{language}.png"), full_page=True)
    busts.entry_bust(actor=floor_user, tournament_id=started.pk, entry_id=entry.pk)
    expect(page.locator("#player-me")).to_have_attribute("data-state", "busted", timeout=15_000)
    expect(page.locator("#player-me")).to_contain_text("14")
    page.screenshot(path=str(artifacts / f"player-out-{language}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_player_finds_their_page_by_name_and_code(live_server, new_page, started, artifacts,
                                                    language):
    entry = Entry.objects.filter(tournament=started, status="seated").exclude(
        moves__status="pending").select_related("player").first()
    page = new_page(viewport=PHONE, locale=LOCALES[language])
    page.goto(f"{live_server.url}/t/{started.pk}/me/")
    page.fill("input[name=name]", entry.player.name)
    page.fill("input[name=code]", "WRONG1")
    page.click("form[data-player-find] button[type=submit]")
    expect(page.locator("p.error")).to_be_visible()
    page.screenshot(path=str(artifacts / f"player-find-refused-{language}.png"), full_page=True)
    page.fill("input[name=code]", player_code(entry.pk).lower())
    page.click("form[data-player-find] button[type=submit]")
    expect(page.locator("#player-me")).to_have_attribute("data-state", "seated")
    page.screenshot(path=str(artifacts / f"player-seated-found-{language}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_waiting_player_sees_their_place_in_line(live_server, new_page, started, director,
                                                   artifacts, language):
    for name in ("Late A", "Late B"):
        entry_register(actor=director, tournament_id=started.pk, player_name=name)
    Entry.objects.filter(tournament=started, player__name__in=["Late A", "Late B"]).update(
        status="waiting", table=None, seat=None)
    late = Entry.objects.get(tournament=started, player__name="Late B")
    page = new_page(viewport=PHONE, locale=LOCALES[language])
    page.goto(live_server.url + player_page_path(tournament_id=started.pk, entry_id=late.pk))
    me = page.locator("#player-me")
    expect(me).to_have_attribute("data-state", "waiting")
    expect(me).to_contain_text("2")
    page.screenshot(path=str(artifacts / f"player-waiting-{language}.png"), full_page=True)
