"""The dealer coordinator's board (1366x768) and a dealer's phone (390x844), in English and
Chinese, follow a table break within 2 s (issue 24). Screenshots in test-artifacts/."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
WITHIN = 2_000  # ms


@pytest.mark.parametrize("language, locale, waiting, pool", [
    ("en", "en-US", "Waiting for a dealer", "In the pool since"),
    ("zh-hans", "zh-CN", "等待荷官", "待命"),
])
def test_board_and_phone_follow_a_table_break(live_server, new_page, log_in, director,
                                              make_tournament, artifacts, language, locale,
                                              waiting, pool):
    from tables.models import Dealer, Table
    from tables.services import busts, tables_add
    from tables.services import dealers as svc
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    tournament = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    rng = random.Random(1)
    for i in range(13):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{i:02d}",
                       rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    for i in range(3):
        dealer = svc.dealer_add(actor=director, name=f"Dealer {i}", name_zh=f"荷官{i}",
                                games=["nlhe"], language=language)
        svc.dealer_clock_in(actor=director, dealer_id=dealer.pk)
    # One more table than dealers: the board shows it waiting.
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    svc.dealers_follow(actor=None)
    headers = {"Accept-Language": "zh-Hans" if language == "zh-hans" else "en"}
    board = new_page(viewport=LAPTOP, locale=locale, extra_http_headers=headers)
    log_in(board, "director", next_path="/dealers/")
    board.evaluate("window.__stillHere = true")
    expect(board.locator("tr[data-table='4'] [data-waiting]")).to_contain_text(waiting)
    at_three = Dealer.objects.get(table__tournament=tournament, table__number=3)
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    phone.goto(f"{live_server.url}/d/{at_three.token}/")
    phone.evaluate("window.__stillHere = true")
    expect(phone.locator("[data-now]")).to_have_attribute("data-now-table", "3")
    board.screenshot(path=str(artifacts / f"dealers-board-{language}-before.png"))
    phone.screenshot(path=str(artifacts / f"dealers-phone-{language}-before.png"))

    # A bust breaks table 3 (12 players fit at two six-seat tables... and table 4).
    entry = Entry.objects.filter(tournament=tournament, status="seated").first()
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                     rng=random.Random(3))
    broken = list(Table.objects.filter(tournament=tournament, status="broken")
                  .values_list("number", flat=True))
    assert broken
    freed = Dealer.objects.get(pk=at_three.pk) if 3 in broken else None
    for number in broken:
        expect(board.locator(f"tr[data-table='{number}']")).to_have_count(0, timeout=WITHIN)
    # The dealer freed by the break went at once to the table that was waiting.
    expect(board.locator("[data-waiting]")).to_have_count(0, timeout=WITHIN)
    if freed is not None:
        # The phone follows: the dealer of table 3 deals table 4 now.
        expect(phone.locator("[data-now]")).to_have_attribute("data-now-table", "4",
                                                              timeout=WITHIN)
    assert board.evaluate("window.__stillHere") and phone.evaluate("window.__stillHere")
    board.screenshot(path=str(artifacts / f"dealers-board-{language}-after.png"))
    phone.screenshot(path=str(artifacts / f"dealers-phone-{language}-after.png"))
    assert pool  # the pool line's words, kept for the reader of the screenshot


@pytest.mark.parametrize("viewport, name", [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_the_director_changes_the_rotation_rules_on_the_board(live_server, new_page, log_in,
                                                              director, artifacts, viewport,
                                                              name):
    """Rotation rules: the form opens, a down of 20 minutes and a 15-minute break are
    saved in place (no reload), the summary says so, and the log has the change."""
    from tournament.models import AuditEvent

    board = new_page(viewport=viewport)
    log_in(board, "director", next_path="/dealers/")
    board.evaluate("window.__stillHere = true")
    board.locator("[data-rules] summary").click()
    form = board.locator("[data-rules-form]")
    form.locator("input[name='down_minutes']").fill("20")
    form.locator("input[name='break_minutes']").fill("15")
    board.screenshot(path=str(artifacts / f"dealers-rules-{name}-form.png"), full_page=True)
    form.get_by_role("button", name="Save rules").click()
    expect(board.get_by_role("status")).to_contain_text("Rotation rules saved")
    board.locator("[data-rules] summary").click()
    expect(board.locator("[data-rules-now]")).to_contain_text(
        "Downs of 20 min, 2 to 3 downs then a 15 min break")
    assert board.evaluate("window.__stillHere")
    assert AuditEvent.objects.filter(kind="dealer_rules_changed").count() == 1
    board.screenshot(path=str(artifacts / f"dealers-rules-{name}-saved.png"), full_page=True)
