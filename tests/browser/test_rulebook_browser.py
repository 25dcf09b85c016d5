"""The rulings helper on a phone: search as you type, then the calculators, in Chromium.

Uses the shared fixtures of tests/browser/conftest.py (system Chromium, one
context per page). Timers run on Playwright's fake clock, never on sleeps.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(new_page) -> Page:
    return new_page(viewport=PHONE)


def mark_page(page: Page) -> None:
    """A flag that a full page load would wipe: proves htmx swapped in place."""
    page.evaluate("window.__stillHere = true")


def still_same_page(page: Page) -> bool:
    return page.evaluate("window.__stillHere === true")


def test_search_shows_the_undercall_rule_as_you_type(phone: Page, live_server):
    phone.goto(f"{live_server.url}/rulebook/")
    mark_page(phone)
    phone.locator("#rb-q").press_sequentially("undercall", delay=40)
    first = phone.locator("#rb-results .rb-hit").first
    expect(first).to_contain_text("Binding declarations and undercalls", timeout=3_000)
    expect(first.locator(".rb-number")).to_have_text("38")
    expect(first.locator("mark").first).to_have_text(re.compile("undercall", re.I))
    assert still_same_page(phone)
    expect(phone).to_have_url(re.compile(r"\?q=undercall$"))
    # The result fits a phone screen: no sideways scrolling.
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    first.locator("a").click()
    expect(phone.locator("h1")).to_contain_text("Binding declarations and undercalls")
    expect(phone.locator(".rb-example").first).to_be_visible()
    expect(phone.get_by_role("link", name=re.compile("Calculator: Reading a wager"))).to_be_visible()


def test_betting_calculator_answers_and_explains_a_bad_raise(phone: Page, live_server):
    phone.goto(f"{live_server.url}/rulebook/calc/betting/")
    mark_page(phone)
    phone.fill("#id_actions", "1 post 100\n2 post 200\n3 raise 600\n4 allin 700")
    phone.fill("#id_big_blind", "200")
    phone.fill("#id_seat", "3")
    phone.get_by_role("button", name="Work it out").click()
    result = phone.locator(".rb-result")
    expect(result).to_contain_text("Minimum raise to")
    expect(result.locator(".stats div").nth(1).locator("dd")).to_have_text("1100")
    expect(result).to_contain_text("Seat 3 may only call or fold")

    phone.fill("#id_actions", "1 post 100\n2 post 200\n3 raise 300")
    phone.get_by_role("button", name="Work it out").click()
    expect(phone.locator(".rb-explain")).to_contain_text(
        "a raise to 300 is below the minimum raise to 400")
    expect(phone.locator(".rb-result")).to_have_count(0)
    assert still_same_page(phone)


def test_shot_clock_counts_down_to_the_final_countdown(phone: Page, live_server):
    phone.clock.install()
    phone.goto(f"{live_server.url}/rulebook/calc/shot-clock/")
    time_shown = phone.locator(".rb-shot-time")
    expect(time_shown).to_have_text("60")  # house rules: 50 s plus a 10 s countdown
    phone.get_by_role("button", name="Start").click()
    phone.clock.run_for(51_000)
    expect(time_shown).to_have_text("9")
    expect(phone.locator(".rb-shotclock")).to_have_class(re.compile("is-final"))
    phone.clock.run_for(10_000)
    expect(phone.locator(".rb-shot-status")).to_have_text("Time! The hand is dead.")
    phone.get_by_role("button", name="Reset").click()
    expect(time_shown).to_have_text("60")

    phone.select_option("#id_edition", "tda2024")
    phone.get_by_role("button", name="Use this edition").click()
    expect(time_shown).to_have_text("30")  # TDA 2024: 25 s plus 5 s


def test_penalty_timer_runs_per_player(phone: Page, live_server):
    phone.clock.install()
    phone.goto(f"{live_server.url}/rulebook/calc/penalty/")
    phone.fill("#id_players_at_table", "8")
    phone.fill("#id_offence_number", "2")
    phone.fill("#id_player", "Seat 4")
    phone.get_by_role("button", name="Work it out").click()
    expect(phone.locator(".rb-result")).to_contain_text("sits out 8 hands")
    phone.get_by_role("button", name="Start a timer for this penalty").click()
    timer = phone.locator("#penalty-timers .rb-timer")
    expect(timer).to_have_count(1)
    expect(timer).to_contain_text("Seat 4")
    expect(timer.locator(".rb-timer-time")).to_have_text("16:00")
    phone.clock.run_for(60_000)
    expect(timer.locator(".rb-timer-time")).to_have_text("15:00")
    timer.get_by_role("button", name="− 1 hand").click()
    expect(timer).to_contain_text("7 hands left")
    phone.reload()
    expect(phone.locator("#penalty-timers .rb-timer")).to_contain_text("7 hands left")


# --- tap-first calculators -------------------------------------------------------


def tap_amount(page: Page, digits: str) -> None:
    for digit in digits:
        page.locator(f".tap-keypad [data-key='{digit}']").click()
    page.locator(".tap-keypad [data-key='ok']").click()


def test_betting_calculator_by_taps_on_a_phone(phone: Page, live_server, artifacts):
    phone.goto(f"{live_server.url}/rulebook/calc/betting/?big_blind=200&limit=no-limit")
    mark_page(phone)
    panel = phone.locator("[data-tap=betting]")
    expect(panel).to_be_visible()
    for seat, action, amount in (("1", "post", "100"), ("2", "post", "200"),
                                 ("3", "raise", "600"), ("4", "allin", "700")):
        panel.locator(f"[data-seat='{seat}']").click()
        panel.locator(f"[data-action='{action}']").click()
        tap_amount(phone, amount)
        expect(phone.locator("#id_actions")).to_have_value(re.compile(f"{seat} {action} {amount}$"))
    panel = phone.locator("[data-tap=betting]")
    panel.locator("[data-seat='5']").click()
    panel.locator("[data-action='call']").click()
    expect(phone.locator("#id_actions")).to_have_value(
        "1 post 100\n2 post 200\n3 raise 600\n4 allin 700\n5 call"
    )
    # The answer sits on the felt: 700 to call, a raise to at least 1100.
    expect(phone.locator(".tap-answer")).to_contain_text("700")
    expect(phone.locator(".tap-answer")).to_contain_text("1100")
    expect(phone.locator(".tap-seat.is-allin")).to_have_count(1)
    assert still_same_page(phone)
    phone.locator(".tap-keypad [data-key='undo']").click()
    expect(phone.locator("#id_actions")).to_have_value(
        "1 post 100\n2 post 200\n3 raise 600\n4 allin 700"
    )
    expect(phone.locator(".tap-seat.is-allin")).to_have_count(1)
    # Last: Playwright's screenshot leaves styles that htmx's next swap would copy.
    phone.screenshot(path=str(artifacts / "tap-betting-en-390.png"), full_page=True)


def test_betting_calculator_by_taps_in_chinese(new_page, live_server, artifacts):
    page = new_page(viewport=PHONE, locale="zh-CN", extra_http_headers={"Accept-Language": "zh-Hans"})
    page.goto(f"{live_server.url}/rulebook/calc/betting/?big_blind=200&limit=pot-limit")
    panel = page.locator("[data-tap=betting]")
    expect(panel.locator("[data-action='raise']")).to_have_text("加注")
    for seat, action, amount in (("1", "post", "60"), ("2", "post", "200")):
        page.locator(f"[data-tap=betting] [data-seat='{seat}']").click()
        page.locator(f"[data-tap=betting] [data-action='{action}']").click()
        tap_amount(page, amount)
    expect(page.locator("#id_actions")).to_have_value("1 盲注 60\n2 盲注 200")
    # Pot-limit, small blind all-in for 60: the first player may still make it 700.
    expect(page.locator(".tap-answer")).to_contain_text("700")
    page.locator("[data-tap=betting] [data-seat='3']").click()
    page.screenshot(path=str(artifacts / "tap-betting-zh-390.png"), full_page=True)


def test_taps_made_while_an_answer_is_on_its_way_are_kept(phone: Page, live_server):
    # A slow room network: every answer takes 1.5 s, so the floor taps the next line,
    # and half of the one after, before the first answer arrives.
    phone.goto(f"{live_server.url}/rulebook/calc/betting/?big_blind=200&limit=no-limit")
    expect(phone.locator("[data-tap=betting]")).to_be_visible()
    mark_page(phone)
    network = phone.context.new_cdp_session(phone)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1,
    })
    for seat, action, amount in (("1", "post", "100"), ("2", "post", "200")):
        phone.locator(f"[data-tap=betting] [data-seat='{seat}']").click()
        phone.locator(f"[data-tap=betting] [data-action='{action}']").click()
        tap_amount(phone, amount)
    phone.locator("[data-tap=betting] [data-seat='3']").click()
    phone.locator("[data-tap=betting] [data-action='raise']").click()
    phone.locator(".tap-keypad [data-key='6']").click()
    phone.locator(".tap-keypad [data-key='00']").click()
    # The answer to the first two lines lands here, mid-line: the seat, the word
    # and the digits typed so far stay.
    expect(phone.locator(".tap-answer")).to_contain_text("200", timeout=8_000)
    expect(phone.locator("[data-tap=betting] [data-seat='3']")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(".tap-display")).to_have_text("600")
    phone.locator(".tap-keypad [data-key='ok']").click()
    expect(phone.locator("#id_actions")).to_have_value("1 post 100\n2 post 200\n3 raise 600")
    expect(phone.locator(".tap-answer")).to_contain_text("1000", timeout=8_000)
    expect(phone.locator("#id_actions")).to_have_value("1 post 100\n2 post 200\n3 raise 600")
    assert still_same_page(phone)


def test_pots_and_wager_by_taps(phone: Page, live_server):
    phone.goto(f"{live_server.url}/rulebook/calc/pots/")
    panel = phone.locator("[data-tap=pots]")
    for seat, amount in (("1", "500"), ("2", "1000"), ("3", "1000")):
        panel.locator(f"[data-seat='{seat}']").click()
        panel.locator("[data-action='in']").click()
        tap_amount(phone, amount)
    for seat, action in (("2", "best"), ("1", "best"), ("3", "tie")):
        panel.locator(f"[data-seat='{seat}']").click()
        panel.locator(f"[data-action='{action}']").click()
    expect(panel.locator("[data-value='ranking']")).to_have_text("2 1=3")
    phone.fill("#id_button", "3")
    phone.get_by_role("button", name="Work it out").click()
    expect(phone.locator(".rb-totals").first).to_contain_text("Seat 2 wins 2500")

    phone.goto(f"{live_server.url}/rulebook/calc/wager/")
    panel = phone.locator("[data-tap=wager]")
    panel.locator("[data-seat='1']").click()
    panel.locator("[data-action='bet']").click()
    tap_amount(phone, "1000")
    panel.locator("[data-seat='2']").click()
    panel.locator("[data-action='dispute']").click()
    for chip in ("1000", "500", "500"):
        panel.locator(f"[data-chip='{chip}']").click()
    expect(phone.locator("#id_chips")).to_have_value("1000 500 500")
    expect(panel.locator("[data-value='chips']")).to_have_text("1000 500 500")
    phone.get_by_role("button", name="Work it out").click()
    expect(phone.locator(".rb-result")).to_contain_text("total 2000")


def test_wager_calculator_by_taps_on_a_phone(phone: Page, live_server, artifacts):
    # Post-flop, seat 1 opens 1000, seat 2 is all-in for 1200; seat 3 pushes a 500 chip:
    # short of the opening bet, so a full call of 1200 (house 38-B / TDA 2024 51-B).
    phone.goto(f"{live_server.url}/rulebook/calc/wager/?big_blind=200")
    mark_page(phone)
    panel = phone.locator("[data-tap=wager]")
    expect(panel.locator(".tap-table")).to_be_visible()
    for seat, action, amount in (("1", "bet", "1000"), ("2", "allin", "1200")):
        panel.locator(f"[data-seat='{seat}']").click()
        panel.locator(f"[data-action='{action}']").click()
        tap_amount(phone, amount)
    expect(phone.locator("#id_actions")).to_have_value("1 bet 1000\n2 allin 1200")
    expect(panel.locator(".tap-seat.is-allin")).to_have_count(1)
    panel.locator("[data-seat='3']").click()
    panel.locator("[data-action='dispute']").click()
    expect(phone.locator("#id_seat")).to_have_value("3")
    expect(panel.locator(".tap-seat.is-dispute")).to_have_text(re.compile("3"))
    panel.locator("[data-chip='500']").click()
    expect(panel.locator("[data-value='chips']")).to_have_text("500")
    panel.get_by_role("button", name="Read the wager").click()
    expect(phone.locator(".tap-answer")).to_contain_text("1200")
    expect(phone.locator(".rb-result")).to_contain_text("total 1200")
    expect(phone.locator(".rb-result")).to_contain_text("seat 3 faces a bet of 1200")
    assert still_same_page(phone)
    # The diagram fits the phone: no sideways scrolling.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "tap-wager-en-390.png"), full_page=True)


def test_wager_calculator_by_taps_in_chinese(new_page, live_server, artifacts):
    page = new_page(viewport=PHONE, locale="zh-CN", extra_http_headers={"Accept-Language": "zh-Hans"})
    page.goto(f"{live_server.url}/rulebook/calc/wager/?big_blind=200")
    panel = page.locator("[data-tap=wager]")
    expect(panel.locator("[data-action='bet']")).to_have_text("下注")
    panel.locator("[data-seat='4']").click()
    panel.locator("[data-action='bet']").click()
    tap_amount(page, "1000")
    expect(page.locator("#id_actions")).to_have_value("4 下注 1000")
    panel.locator("[data-seat='6']").click()
    panel.locator("[data-action='dispute']").click()
    # Seat 6 says "raise" and 3000: a raise to 3000 in all (house rule 42-B).
    panel.locator("[data-said='raise']").click()
    tap_amount(page, "3000")
    expect(page.locator("#id_said")).to_have_value("加注 3000")
    panel.locator(".tap-go").click()
    expect(page.locator(".tap-answer")).to_contain_text("3000")
    expect(page.locator(".rb-result")).to_contain_text("加注")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "tap-wager-zh-390.png"), full_page=True)


def test_a_ruling_slip_prints_without_the_site_around_it(new_page, live_server, log_in,
                                                          artifacts, django_user_model):
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from tournament.models import Ruling

    user = django_user_model.objects.create_user("slipper", password="pw")
    user.groups.add(Group.objects.get_or_create(name="Floor")[0])
    ruling = Ruling.objects.create(
        facts="Seat 4 pushed a 1000 and five 100s facing 1100.", decision="Raise to 1700.",
        rules=["45", "42"], table_number=7, seats="4", created_at=timezone.now(), staff=user,
        calculator="wager", calculator_query="current_bet=1100&big_blind=500&raise_size=600"
        "&chips=1000+100+100+100+100+100&order=words",
        calculator_result="Raise, total 1700 (house rule 42).")
    page = new_page(viewport=PHONE)
    log_in(page, "slipper")
    page.goto(f"{live_server.url}/rulebook/rulings/{ruling.pk}/slip/")
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.locator(".rb-slip-decision")).to_have_text("Raise to 1700.")
    page.screenshot(path=str(artifacts / "ruling-slip-print-390.png"), full_page=True)
