"""Hand-for-hand at the bubble reaches the floor phone and the director's console by itself (issue 8 item 7).

A floor phone (390x844) busts the player who brings the bubble; the director's
laptop console (1366x768) shows the prompt within two seconds, starts
hand-for-hand there; the next bust bursts the bubble, which ends hand-for-hand
everywhere by itself (issue 21: TDA, no Next hand to forget).
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 768}
WITHIN = 2_000  # ms: every staff screen is current within two seconds


def bust_from_the_phone(page: Page) -> None:
    page.locator("#floor button.seat-player").first.tap()
    page.locator("#seat-dialog [data-action=bust]").tap()
    expect(page.locator("#floor .msg.success")).to_contain_text("is out in place")


def test_the_bubble_prompt_reaches_the_phone_and_the_console_and_the_burst_ends_it(
        live_server, new_page, log_in, floor_user, director, make_tournament, artifacts):
    from tables.services import busts, tables_add
    from tournament.models import Entry, Tournament
    from tournament.services.clock import clock_start
    from tournament.services.registration import entries_import, seats_draw

    tournament = make_tournament(seats_per_table=9)  # 12 entries pay 2: the bubble is at 3
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:02d}" for i in range(1, 13)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(1))
    clock_start(tournament_id=tournament.pk, actor=director)
    rng = random.Random(2)
    while (seated := list(Entry.objects.filter(tournament=tournament, status="seated"))) \
            and len(seated) > 4:
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=seated[0].pk,
                         rng=rng)

    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(phone, "floor", next_path=f"/t/{tournament.pk}/floor/")
    console = new_page(viewport=DESKTOP)
    log_in(console, "director", next_path=f"/t/{tournament.pk}/")
    expect(console.locator("[data-bubble]")).to_have_count(0)
    console.evaluate("window.__stillHere = true")  # a reload would wipe it

    # 4 -> 3 players left, 2 paid: the bubble. The phone says so at once, the console by itself.
    bust_from_the_phone(phone)
    expect(phone.locator("[data-bubble=due]")).to_contain_text("3 players left, 2 paid:")
    expect(phone.locator("[data-bubble=due]")).to_contain_text("the director starts hand-for-hand")
    due = console.locator("#bubble [data-bubble=due]")
    expect(due).to_contain_text("3 players left, 2 paid: start hand-for-hand.", timeout=WITHIN)
    phone.screenshot(path=str(artifacts / "bubble-due-phone.png"))
    console.screenshot(path=str(artifacts / "bubble-due-console.png"))
    console.set_viewport_size({"width": 1920, "height": 1080})
    console.screenshot(path=str(artifacts / "bubble-due-console-1920.png"))
    console.set_viewport_size(DESKTOP)

    due.locator("[data-action=hand-for-hand-on]").click()
    expect(console.locator("#bubble [data-bubble=on]")).to_contain_text("Hand-for-hand · hand 1")
    expect(phone.locator(".floor-bar .banner")).to_contain_text("Hand-for-hand · hand 1",
                                                                timeout=WITHIN)
    expect(phone.locator("[data-bubble]")).to_have_count(0)

    # The bubble hand: one more busts, 2 left for 2 places; hand-for-hand ends with it.
    page = phone
    page.locator("#floor button.seat-player").first.tap()
    page.locator("#seat-dialog [data-action=bust]").tap()
    expect(page.locator("#floor .msg.success")).to_contain_text(
        "The bubble burst: hand-for-hand is over.")
    expect(console.locator("#bubble [data-bubble]")).to_have_count(0, timeout=WITHIN)
    expect(phone.locator("[data-bubble]")).to_have_count(0, timeout=WITHIN)
    expect(phone.locator(".floor-bar .banner")).to_have_count(0, timeout=WITHIN)
    phone.screenshot(path=str(artifacts / "bubble-burst-phone.png"))
    console.screenshot(path=str(artifacts / "bubble-burst-console.png"))
    assert not Tournament.objects.get(pk=tournament.pk).hand_for_hand
    assert console.evaluate("window.__stillHere === true"), "the console reloaded"
