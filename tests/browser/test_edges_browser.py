"""Rough edges as a person meets them: a lost page, a forbidden one, a name too long, a
webhook to this machine, a phone's header and its clock's moves."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}


def test_a_lost_page_is_the_sites_own_in_the_visitors_language_with_a_way_home(
        live_server, new_page):
    page = new_page(viewport=PHONE, locale="zh-CN")
    response = page.goto(f"{live_server.url}/t/999999/nothing/")
    assert response.status == 404
    expect(page.locator(".error-page h1")).to_have_text("页面不存在")
    expect(page.locator(".topbar .brand")).to_be_visible()  # the site's header, styled
    page.get_by_role("link", name="返回首页").click()
    page.wait_for_url(f"{live_server.url}/")


def test_a_forbidden_page_says_why_and_leads_home(live_server, new_page, log_in, tournament,
                                                  floor_user):
    page = new_page(viewport=DESKTOP)
    log_in(page, "floor")
    response = page.goto(f"{live_server.url}/t/{tournament.pk}/webhooks/")
    assert response.status == 403
    expect(page.locator(".error-page")).to_contain_text("does not allow this")
    expect(page.get_by_role("link", name="Go to the home page")).to_be_visible()


def test_a_300_character_name_is_told_it_is_too_long(live_server, new_page, log_in, tournament,
                                                     cashier):
    page = new_page(viewport=DESKTOP)
    log_in(page, "cashier", next_path=f"/t/{tournament.pk}/registration/")
    page.locator("input[name=name]").fill("N" * 300)
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    expect(page.get_by_text("This name is too long: at most 120 characters (it has 300).")
           ).to_be_visible()
    expect(page.get_by_text("Type the player's name or pick a player.")).to_have_count(0)


def test_a_webhook_to_this_machine_is_refused_on_the_form(live_server, new_page, log_in,
                                                          tournament, director):
    from tournament.models import WebhookEndpoint

    page = new_page(viewport=DESKTOP)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/webhooks/")
    page.locator("input[name=url]").fill("http://127.0.0.1:9/hook")
    page.get_by_role("button", name="Add webhook").click()
    expect(page.locator("#webhooks [role=alert], #webhooks .error").first).to_contain_text(
        "reaches 127.0.0.1, on this machine or a private network")
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN"])
def test_the_phone_header_keeps_log_out_and_the_language_in_sight(live_server, new_page, log_in,
                                                                   tournament, director, locale):
    page = new_page(viewport=PHONE, locale=locale)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/floor/")
    for control in (page.locator(".topbar form[action$='/logout/'] button"),
                    page.locator(".topbar .lang-switch button")):
        expect(control).to_be_visible()
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    # Tapping it logs out.
    page.locator(".topbar form[action$='/logout/'] button").click()
    expect(page.locator(".topbar a[href*='/accounts/login/']")).to_be_visible()


def test_the_phone_clock_never_splits_a_move_across_columns(live_server, new_page, director,
                                                            make_tournament, artifacts):
    from tables.services import tables_add
    from tables.services.busts import entry_bust
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    rng = random.Random(5)
    for n in range(25):  # rows of unequal heights, as a room's names are
        name = f"Li {n}" if n % 3 else f"Player with a rather long name {n:02d}"
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    for _ in range(7):  # down to 18: a table breaks, its players move
        entry = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                 .order_by("table__number", "seat").first())
        entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk, rng=rng)
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/t/{tournament.pk}/clock/")
    moves = page.locator(".moves li")
    expect(moves.first).to_be_visible()
    page.screenshot(path=str(artifacts / "phone-clock-moves.png"), full_page=True)
    # A row split across two columns is drawn as two boxes.
    split = moves.evaluate_all("(rows) => rows.filter((li) => li.getClientRects().length > 1)"
                               ".map((li) => li.textContent)")
    assert split == []
