"""The structure editor in Chromium: break rows, the kind drop-down, + after a row, leaving unsaved."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_structure_editor(live_server, new_page, log_in, director, tournament, artifacts):
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, "director", next_path=f"/t/{tournament.pk}/structure/")
    rows = page.locator("[data-level-row]")
    expect(rows).to_have_count(5)

    # A break row shows no blind or ante fields; a level row no colour-up.
    break_row = rows.nth(2)
    expect(break_row.locator(".kind-cell select")).to_have_value("break")
    for name in ("small_blind", "big_blind", "ante"):
        expect(break_row.locator(f'input[name$="-{name}"]')).to_be_hidden()
    expect(break_row.locator('input[name$="-color_up"]')).to_be_visible()
    expect(rows.nth(0).locator('input[name$="-color_up"]')).to_be_hidden()

    # The drop-downs (kind, ante type) show their whole text.
    for select in page.locator("table.levels select").all():
        assert select.evaluate("(s) => s.scrollWidth <= s.clientWidth + 1")
        box = select.bounding_box()
        assert box["width"] >= 90, box

    # Turning a level into a break hides its blinds at once.
    rows.nth(4).locator(".kind-cell select").select_option("break")
    expect(rows.nth(4).locator('input[name$="-big_blind"]')).to_be_hidden()
    rows.nth(4).locator(".kind-cell select").select_option("play")

    # "+" after the first row inserts there, the big blind doubled.
    rows.nth(0).locator("button.insert").click()
    expect(rows).to_have_count(6)
    expect(rows.nth(1).locator('input[name$="-big_blind"]')).to_have_value("400")
    page.screenshot(path=str(artifacts / "structure-editor.png"), full_page=True)

    # Leaving with the change not saved asks first.
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.close(run_before_unload=True)
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]


def test_saved_structure_leaves_without_asking(live_server, new_page, log_in, director, tournament):
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, "director", next_path=f"/t/{tournament.pk}/structure/")
    page.locator('input[name="levels-0-minutes"]').fill("15")
    page.click("[data-save]")
    expect(page.locator(".msg.success")).to_be_visible()
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    with page.expect_event("close", timeout=5000):
        page.close(run_before_unload=True)
    assert asked == []
