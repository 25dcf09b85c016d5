"""The cage without reloading, a deal on the payout sheet and the TV, another day's cash report.

Screenshots go to test-artifacts/ (money-*.png) at TV, laptop and phone sizes.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"tv": {"width": 1920, "height": 1080}, "laptop": {"width": 1366, "height": 768},
         "phone": PHONE}


@pytest.fixture
def three_left(make_tournament, director):
    from tests.services.test_floor import field
    from tests.services.test_money import down_to, start

    t = make_tournament(name="Sunday Deepstack", buy_in=100,
                        payout_percentages=[40, 25, 15, 12, 8], bounty=20)
    entries = field(t, director, 10, 2)
    start(t)
    down_to(t, director, entries, 3)
    return t


def test_a_bust_in_the_money_reaches_the_open_cashier_page(three_left, director, cashier,
                                                            new_page, log_in, artifacts):
    from tables.services import busts
    from tournament.selectors.money import deal_inputs

    t = three_left
    page = new_page(viewport=SIZES["laptop"])
    log_in(page, "cashier", next_path=f"/t/{t.pk}/cashier/")
    unpaid = page.locator("tr[data-unpaid=prize]")
    before = unpaid.count()
    short = deal_inputs(t).players[-1]
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=short.pk,
                     rng=random.Random(1))
    # No reload: the unpaid list picks the new prize up at the next version poll.
    expect(unpaid).to_have_count(before + 1)
    expect(page.locator("[data-live-part=unpaid]")).to_contain_text(short.player.name)
    page.screenshot(path=artifacts / "money-cashier-live-laptop.png", full_page=True)


@pytest.mark.parametrize("size", ["tv", "laptop", "phone"])
def test_the_deal_on_the_payout_sheet_and_the_tv_and_another_days_cash_report(
        size, three_left, director, new_page, log_in, live_server, artifacts):
    from tests.services.test_money import record_deal
    from tournament.selectors.money import deal_inputs

    t = three_left
    players = deal_inputs(t).players
    record_deal(t, director, keep=100,
                amounts=dict(zip([p.pk for p in players], (300, 220, 180), strict=True)))
    page = new_page(viewport=SIZES[size])
    log_in(page, "director", next_path=f"/t/{t.pk}/print/payouts/")
    expect(page.locator("tr[data-deal]")).to_have_count(4)
    expect(page.locator(".payout-table")).to_contain_text(players[0].player.name)
    page.screenshot(path=artifacts / f"money-payout-sheet-deal-{size}.png", full_page=True)
    page.goto(f"{live_server.url}/t/{t.pk}/tv/")
    expect(page.locator(".payouts li.deal")).to_have_count(4)
    page.screenshot(path=artifacts / f"money-tv-deal-{size}.png")
    page.goto(f"{live_server.url}/t/{t.pk}/cash/")
    page.locator("input[name=day]").fill("2026-01-05")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(f"{live_server.url}/cash/2026-01-05/")
    expect(page.locator("h1")).to_contain_text("Cash report")
    expect(page.locator("input[name=day]")).to_have_value("2026-01-05")
    page.screenshot(path=artifacts / f"money-cash-day-{size}.png", full_page=True)
