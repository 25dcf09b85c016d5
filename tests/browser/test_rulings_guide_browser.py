"""The situation guide on a phone held in one hand (390x844), in English and Chinese.

From the rulebook page: "Browse by what happened", then a category, then the
situation: two taps inside the guide reach the ruling, the rule, its worked
example, the TDA 2024 number and the calculator when one applies (issue 25).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (category, situation, rule first shown, its one-line ruling, calculator link or None)
ENGLISH = [
    ("Chips and words", "One big chip pushed without a word", "44",
     "One oversized chip with no word is a call.", "Calculator: Reading a wager"),
    ("At showdown", "Called the hand wrong", "11", "Cards speak: the cards decide the winner", None),
    ("Seating and balancing", "The big blind busted: where does the button go?", "30",
     "Dead button: blinds go in order", None),
]
CHINESE = [
    ("行为与处罚", "朋友之间互相放水", "63", "软打受罚；送码和合谋取消资格。", None),
    ("计时与级别", "想太久：叫时间", "26", "叫时间后：50秒", None),
    ("露牌与误发", "翻牌发了四张", "35", "翻牌发了四张：打乱", None),
]


def _phone(new_page, live_server, language: str) -> Page:
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": live_server.url}])
    return page


def _thumb_sized(page: Page, locator) -> None:
    """A tap target a thumb hits: at least 44 px tall and most of the screen wide."""
    box = locator.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 0.8 * PHONE["width"], box


def _walk(page: Page, live_server, entry: str, cases) -> None:
    for category, situation, number, ruling, calculator in cases:
        page.goto(f"{live_server.url}/rulebook/")
        page.get_by_role("link", name=entry).click()
        tap = page.get_by_role("link", name=re.compile(re.escape(category)))
        _thumb_sized(page, tap)
        tap.tap()  # tap 1
        tap = page.get_by_role("link", name=situation, exact=True)
        _thumb_sized(page, tap)
        tap.tap()  # tap 2
        expect(page.locator("h1")).to_have_text(situation)
        first = page.get_by_test_id("guide-rule").first
        expect(first.locator(".rb-number")).to_have_text(number)
        expect(first.locator(".rb-ruling")).to_contain_text(ruling)
        expect(first.locator(".rb-tda")).to_contain_text("2024")
        expect(first.locator(".rb-example, .rb-summary").first).to_be_visible()
        if calculator:
            expect(page.get_by_role("link", name=re.compile(calculator))).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_three_situations_in_english(new_page, live_server, artifacts):
    page = _phone(new_page, live_server, "en")
    _walk(page, live_server, "Browse by what happened", ENGLISH)
    page.screenshot(path=str(artifacts / "guide-en-phone.png"), full_page=True)
    # The wager reader is one more tap from the silent-chip situation.
    page.goto(f"{live_server.url}/rulebook/guide/chips-and-words/one-chip-silent/")
    page.get_by_role("link", name=re.compile("Calculator: Reading a wager")).tap()
    expect(page).to_have_url(re.compile(r"/rulebook/calc/wager/"))


def test_three_situations_in_chinese(new_page, live_server, artifacts):
    page = _phone(new_page, live_server, "zh-hans")
    _walk(page, live_server, "按发生的情况查找", CHINESE)
    page.screenshot(path=str(artifacts / "guide-zh-phone.png"), full_page=True)
