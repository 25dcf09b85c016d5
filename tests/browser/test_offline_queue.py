"""A room with bad Wi-Fi (issue 26), in Chromium: taps made offline wait on the phone and are
done exactly once when the network returns; a stale one comes back refused, with the reason.

The network is cut with Playwright (`context.set_offline`) and, for lost answers, with a
loopback proxy that drops and delays them (tests/flaky_proxy.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.flaky_proxy import FlakyProxy

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_room(tournament, director, players: int = 5) -> None:
    from tables.services import tables_add
    from tournament.services.registration import entries_import, seats_draw

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i}" for i in range(players)])
    seats_draw(actor=director, tournament_id=tournament.pk)


def events(tournament, kind: str) -> int:
    from tournament.models import AuditEvent

    return AuditEvent.objects.filter(tournament=tournament, kind=kind).count()


def open_seat(page: Page, name: str) -> None:
    page.locator("#floor button.seat-player", has_text=name).first.tap()
    expect(page.locator("#seat-dialog .dialog[role=dialog]")).to_contain_text(name)


def queue_bar(page: Page):
    return page.locator(".offline-queue")


@pytest.fixture
def floor_phone(live_server, new_page, log_in, floor_user):
    def open_floor(tournament, base_url: str | None = None) -> Page:
        page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        path = f"/t/{tournament.pk}/floor/"
        if not base_url:
            log_in(page, "floor", next_path=path)
            return page
        page.goto(f"{base_url}/accounts/login/?next={path}")  # through the flaky proxy
        page.fill("input[name=username]", "floor")
        page.fill("input[name=password]", "pw")
        page.click("form.stack button[type=submit]")
        page.wait_for_url(base_url + path)
        return page

    return open_floor


def test_a_bust_tapped_offline_waits_survives_a_reload_and_is_done_once(
        tournament, director, floor_phone, live_server):
    from tournament.models import Entry

    seat_room(tournament, director)
    page = floor_phone(tournament)
    open_seat(page, "Player 2")
    page.context.set_offline(True)
    page.locator("#seat-dialog [data-action=bust]").tap()
    expect(queue_bar(page)).to_contain_text("Offline — 1 waiting")
    assert Entry.objects.get(player__name="Player 2").status == "seated"

    # The tab is closed before the network is back; a new one finds the tap still waiting.
    context = page.context
    page.close()
    context.set_offline(False)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/floor/")
    expect(queue_bar(page)).to_contain_text("is out in place 5")
    expect(queue_bar(page).locator("[data-result=done]")).to_have_count(1)
    expect(page.locator("#floor button.seat-player", has_text="Player 2")).to_have_count(0)
    assert events(tournament, "entry_busted") == 1
    assert page.evaluate("localStorage.getItem('floorman-offline-queue')") == "[]"


def test_a_move_tapped_offline_is_made_once(tournament, director, floor_phone):
    from tournament.models import Entry

    seat_room(tournament, director)
    taken = set(Entry.objects.filter(tournament=tournament, status="seated")
                .values_list("seat", flat=True))
    free = min(set(range(1, 10)) - taken)
    page = floor_phone(tournament)
    open_seat(page, "Player 1")
    dialog = page.locator("#seat-dialog")
    dialog.locator("input[name=table]").fill("1")
    dialog.locator("input[name=seat]").fill(str(free))
    page.context.set_offline(True)
    dialog.get_by_role("button", name="Move", exact=True).tap()
    expect(queue_bar(page)).to_contain_text("Offline — 1 waiting")
    page.context.set_offline(False)
    expect(queue_bar(page).locator("[data-result=done]")).to_have_count(1)
    assert Entry.objects.get(player__name="Player 1").seat == free
    assert events(tournament, "entry_moved") == 1


def test_a_bust_tapped_offline_for_a_player_busted_meanwhile_comes_back_refused(
        tournament, director, floor_phone):
    from tables.services import busts
    from tournament.models import Entry

    seat_room(tournament, director)
    page = floor_phone(tournament)
    open_seat(page, "Player 3")
    page.context.set_offline(True)
    page.locator("#seat-dialog [data-action=bust]").tap()
    expect(queue_bar(page)).to_contain_text("Offline — 1 waiting")
    # Another phone, still online, busts the same player.
    busts.entry_bust(actor=director, tournament_id=tournament.pk,
                     entry_id=Entry.objects.get(player__name="Player 3").pk)
    page.context.set_offline(False)
    refused = queue_bar(page).locator("[data-result=refused]")
    expect(refused).to_contain_text("Player 3 is already out, in place 5.")
    assert events(tournament, "entry_busted") == 1


def test_a_registration_and_a_clock_pause_tapped_offline_are_each_done_once(
        tournament, director, live_server, new_page, log_in):
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.clock import clock_start

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    clock_start(tournament_id=tournament.pk, actor=director)
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, "director", next_path=f"/t/{tournament.pk}/registration/")
    page.locator("input[name=name]").fill("Zora Quist")
    page.context.set_offline(True)
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    expect(queue_bar(page)).to_contain_text("Offline — 1 waiting")
    page.context.set_offline(False)
    expect(queue_bar(page).locator("[data-result=done]")).to_have_count(1)
    assert Entry.objects.filter(tournament=tournament, player__name="Zora Quist").count() == 1

    page.goto(f"{live_server.url}/t/{tournament.pk}/")
    page.context.set_offline(True)
    page.locator("[data-action=pause]").click()
    expect(queue_bar(page)).to_contain_text("Offline — 1 waiting")
    page.context.set_offline(False)
    expect(queue_bar(page).locator("[data-result=done]")).to_have_count(1)
    assert events(tournament, "clock_pause") == 1


def test_a_payment_is_refused_offline_with_a_clear_word(
        make_tournament, director, live_server, new_page, log_in):
    from tables.services import tables_add
    from tournament.models import Payment
    from tournament.services.registration import entry_register

    tournament = make_tournament(rebuy_allowed=True)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    payments = Payment.objects.count()
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, "director", next_path=f"/t/{tournament.pk}/registration/")
    page.context.set_offline(True)
    page.locator("[data-action=rebuy]").first.click()
    expect(queue_bar(page).locator("[data-result=refused]")).to_contain_text(
        "payments and deals are never queued")
    page.context.set_offline(False)
    page.wait_for_timeout(500)
    assert Payment.objects.count() == payments


def test_busts_whose_answers_the_wifi_drops_are_done_once(tournament, director, floor_phone,
                                                          live_server):
    from tournament.models import Entry

    seat_room(tournament, director, players=6)
    port = int(live_server.url.rsplit(":", 1)[1])
    with FlakyProxy(port, drop=0.0, max_delay=0.3, seed=7) as proxy:
        page = floor_phone(tournament, base_url=proxy.url)
        for name in ("Player 0", "Player 4"):
            open_seat(page, name)
            proxy.drop = 1.0  # the bust reaches the server; its answer never comes back
            page.locator("#seat-dialog [data-action=bust]").tap()
            expect(queue_bar(page)).to_contain_text("1 waiting")
            proxy.drop = 0.0
            expect(queue_bar(page)).not_to_contain_text("waiting", timeout=15_000)
            expect(page.locator("#floor button.seat-player", has_text=name)).to_have_count(0)
        assert proxy.dropped >= 2  # the busts, and any poll that went up meanwhile
    assert Entry.objects.filter(tournament=tournament, status="busted").count() == 2
    assert events(tournament, "entry_busted") == 2
    texts = queue_bar(page).locator("[data-result=done]").all_inner_texts()
    assert any("Player 0 is out in place 6." in t for t in texts)
    assert any("Player 4 is out in place 5." in t for t in texts)
