"""The director's keyboard on the console, the phone's header, and the TV in Chinese."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_console_keyboard_shortcuts(live_server, new_page, log_in, director, tournament, artifacts,
                                    settings):
    # Each key's answer carries the clock: this screen needs no poll, and none
    # races the key presses (a poll read before a change commits may cache the
    # old snapshot after it: reported, not this test's subject).
    settings.CLOCK_POLL_MS = 600_000
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, "director", next_path=f"/t/{tournament.pk}/")
    level = page.locator('.tv-level [data-clock="level-name"]')
    countdown = page.locator('.tv-level [data-clock="countdown"]')
    expect(level).to_have_text("Level 1")

    header_status = page.locator("[data-tournament-status]")
    expect(header_status).to_have_text("Planned")
    page.keyboard.press("Space")  # starts the clock
    expect(page.locator('[data-action="pause"]')).to_be_visible()
    expect(header_status).to_have_text("Running")  # the header's badge follows by itself
    page.keyboard.press("Space")  # pauses it
    expect(page.locator('[data-action="resume"]')).to_be_visible()
    expect(page.locator('.tv-level [data-clock="status"]')).to_have_text("Paused")

    page.keyboard.press("ArrowRight")
    expect(level).to_have_text("Level 2")
    page.keyboard.press("ArrowLeft")
    expect(level).to_have_text("Level 1")

    expect(countdown).to_have_text("10:00")  # back at the start of level 1, paused
    page.keyboard.press("+")
    expect(countdown).to_have_text("11:00")
    page.keyboard.press("-")
    expect(countdown).to_have_text("10:00")

    # Typing in a field is not a shortcut.
    page.fill('input[name="text"]', "Level 2 starts soon")
    page.locator('input[name="text"]').press("Space")
    expect(page.locator('[data-action="resume"]')).to_be_visible()

    page.locator("body").click(position={"x": 5, "y": 700})
    page.keyboard.press("?")
    help_dialog = page.locator("[data-shortcut-help]")
    expect(help_dialog).to_be_visible()
    expect(help_dialog).to_contain_text("Pause or resume")
    page.screenshot(path=str(artifacts / "console-shortcuts-help.png"))
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()

    from tournament.models import AuditEvent

    kinds = list(AuditEvent.objects.filter(tournament=tournament).order_by("id")
                 .values_list("kind", flat=True))
    assert kinds[-6:] == ["clock_start", "clock_pause", "clock_next_level",
                          "clock_previous_level", "clock_add_time", "clock_add_time"]


@pytest.mark.parametrize("path", ["floor", "registration", ""])
def test_phone_header_and_tabs_leave_the_screen_to_the_content(
    live_server, new_page, log_in, director, tournament, artifacts, path
):
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    target = f"/t/{tournament.pk}/{path + '/' if path else ''}"
    log_in(phone, "director", next_path=target)
    tabs = phone.locator("nav.tabs").bounding_box()
    assert tabs["y"] + tabs["height"] <= 200, tabs
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(artifacts / f"phone-header-{path or 'clock'}.png"))


def test_manifest_icons_and_favicon(live_server, new_page, director, tournament):
    page = new_page()
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(f"{live_server.url}/t/{tournament.pk}/tv/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(f"{live_server.url}{href}").json()
    assert manifest["start_url"] == f"/t/{tournament.pk}/tv/"
    for icon in manifest["icons"]:
        assert page.request.get(f"{live_server.url}{icon['src']}").ok, icon
    assert page.request.get(f"{live_server.url}/favicon.ico").ok
    assert missing == []


def test_the_chinese_tv_and_floor(live_server, new_page, log_in, director, make_tournament,
                                  artifacts):
    import random

    from tables.services import tables_add
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    tournament = make_tournament(name="周日深筹码赛", buy_in=1000, fee=100)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    rng = random.Random(3)
    for name in ["李娜", "周杰", "王芳", "张伟", "刘洋", "陈静", "杨磊", "赵敏", "黄勇", "吴婷",
                 "徐强", "孙丽"]:
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)

    tv = new_page(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    # The browser asks for Chinese (Accept-Language): the site answers in it.
    tv.goto(f"{live_server.url}/t/{tournament.pk}/tv/")
    expect(tv.locator('[data-clock="level-name"]')).to_have_text("级别 1")
    # Thousands separators in Chinese too: the prize pool of 12 buy-ins of 1,000.
    expect(tv.locator('[data-stat="prize-pool"]')).to_have_text("12,000")
    # Glyphs, not boxes: the CJK font is installed and used.
    width = tv.evaluate("""() => { const c = document.createElement('canvas').getContext('2d');
        c.font = '40px ' + getComputedStyle(document.body).fontFamily;
        return [c.measureText('级').width, c.measureText('\\u{10FFFD}').width]; }""")
    assert width[0] > 30 and width[0] != width[1], width
    tv.screenshot(path=str(artifacts / "tv-chinese-1080.png"))

    floor_user = new_page(viewport=PHONE, is_mobile=True, has_touch=True, locale="zh-CN")
    log_in(floor_user, "director", next_path=f"/t/{tournament.pk}/floor/")
    expect(floor_user.locator("nav.tabs")).to_contain_text("场地")
    floor_user.screenshot(path=str(artifacts / "floor-chinese-phone.png"))
