"""The festival on a phone and a laptop: counting a table, ending a day, Day 2 seats.

Screenshots land in test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_field(tournament, director, players: int, prefix: str = "Player") -> None:
    from tables.services import tables_add
    from tournament.services.registration import entries_import, seats_draw

    tables_add(actor=director, tournament_id=tournament.pk,
               count=-(-players // tournament.seats_per_table))
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"{prefix} {i:03d}" for i in range(players)])
    seats_draw(actor=director, tournament_id=tournament.pk)


def test_floor_enters_a_tables_counts_on_a_phone(live_server, new_page, log_in, tournament,
                                                 director, floor_user, artifacts):
    from tournament.models import ChipCount, Entry

    seat_field(tournament, director, 18)
    page: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, "floor", next_path=f"/t/{tournament.pk}/counts/")
    page.locator(".count-table[data-table='1']").tap()
    # The button is tapped on the same sheet (one tap), and the sheet says so.
    expect(page.locator("[data-button-taps] .button-age")).to_have_text("BTN ?")
    page.locator("[data-button-taps] button[value='6']").tap()
    expect(page.locator("[data-button-taps] .button-age")).to_contain_text("BTN 6")
    assert tournament.tables.get(number=1).button == 6
    inputs = page.locator(".count-rows input[type=number]")
    expect(inputs).to_have_count(9)
    for i in range(9):
        inputs.nth(i).fill(str(19000 + 250 * i))
    inputs.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "festival-counts-phone.png"), full_page=True)
    page.locator("[data-save-counts]").tap()
    expect(page.locator("#count-sheet .msg.success")).to_contain_text("9 counts saved")
    expect(inputs.nth(3)).to_have_value("19750")  # prefilled with the count just saved
    assert ChipCount.objects.filter(current=True).count() == 9
    # A negative count: the phone refuses it before sending, nothing is written.
    inputs.nth(0).fill("-5")
    page.locator("[data-save-counts]").tap()
    assert inputs.nth(0).evaluate("el => el.validationMessage")
    assert ChipCount.objects.count() == 9
    page.goto(f"{live_server.url}/t/{tournament.pk}/counts/")
    expect(page.locator("[data-reconciliation]")).to_contain_text("9 of 18 players counted")
    page.screenshot(path=str(artifacts / "festival-counts-home-phone.png"), full_page=True)
    assert Entry.objects.filter(tournament=tournament, status="seated").count() == 18


def test_director_ends_the_day_and_draws_day2_then_a_player_finds_the_seat(
        live_server, new_page, log_in, make_tournament, director, floor_user, artifacts):
    from tournament.models import Entry, Event
    from tournament.services.counts import table_counts_enter
    from tournament.services.events import event_create, event_flight_add

    event = event_create(actor=director, name="Main Event")
    flights = []
    for name in ("Day 1A", "Day 1B"):
        t = make_tournament(name=name)
        event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
        seat_field(t, director, 9, prefix=name)
        flights.append(t)
    laptop: Page = new_page(viewport={"width": 1366, "height": 768})
    log_in(laptop, "director", next_path=f"/t/{flights[0].pk}/counts/")
    for t in flights:
        laptop.goto(f"{live_server.url}/t/{t.pk}/counts/")
        laptop.select_option("select[name=when]", "now")
        laptop.locator("[data-day-end] button").click()
        expect(laptop.locator(".msg.success")).to_contain_text("Play has stopped")
        players = list(Entry.objects.filter(tournament=t, status="seated"))
        table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=1,
                           counts={e.pk: 20000 + 500 * (e.seat - 5) for e in players},
                           bags={e.pk: f"{t.name[-1]}{e.seat}" for e in players})
        laptop.reload()
        laptop.locator("[data-seal]").click()
        expect(laptop.locator(".msg.success")).to_contain_text("The flight is bagged.")
    laptop.goto(f"{live_server.url}/t/{flights[0].pk}/bags/")
    expect(laptop.locator(".slip")).to_have_count(9)
    laptop.screenshot(path=str(artifacts / "festival-bag-slips-1366.png"), full_page=True)
    laptop.goto(f"{live_server.url}/events/{event.pk}/")
    laptop.locator("[data-day2-form] button").click()
    expect(laptop.locator(".msg.success")).to_contain_text("Day 2 is drawn")
    expect(laptop.locator("[data-entries]")).to_have_text("18")
    laptop.screenshot(path=str(artifacts / "festival-event-1366.png"), full_page=True)
    event.refresh_from_db()
    assert Entry.objects.filter(tournament=event.day2, status="seated").count() == 18
    mine = Entry.objects.select_related("table").get(tournament=event.day2,
                                                     player__name="Day 1B 004")

    phone: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{live_server.url}/events/{event.pk}/")
    phone.fill("input[name=name]", "Day 1B 004")
    phone.locator(".day2 button").tap()
    result = phone.locator(".seat-result")
    expect(result.locator("[data-table]")).to_have_text(str(mine.table.number))
    expect(result.locator("[data-seat]")).to_have_text(str(mine.seat))
    source = Entry.objects.get(tournament=flights[1], player=mine.player)
    expect(result).to_contain_text(f"bag B{source.seat}")
    phone.screenshot(path=str(artifacts / "festival-day2-seat-phone.png"), full_page=True)
    assert Event.objects.get(pk=event.pk).day2_id


def test_the_event_results_show_the_places_decided_on_day1(live_server, new_page,
                                                           make_tournament, director,
                                                           floor_user, artifacts):
    """Two flights of 18 (six places paid): A bagged 4, B busts into the money."""
    import random

    from tournament.models import Entry
    from tournament.services.counts import table_counts_enter
    from tournament.services.days import day_end, day_seal
    from tournament.services.events import event_create, event_flight_add

    event = event_create(actor=director, name="Main Event")
    flights = []
    for name in ("Day 1A", "Day 1B"):
        t = make_tournament(name=name)
        event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
        seat_field(t, director, 18, prefix=f"{name[-1]} Player")
        flights.append(t)
    a, b = flights

    def bust(t, n):
        for _ in range(n):
            e = Entry.objects.filter(tournament=t, status="seated").order_by("-number").first()
            busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=e.pk,
                             rng=random.Random(1))

    from tables.services import busts

    bust(a, 14)
    day_end(actor=director, tournament_id=a.pk)
    for number in (1, 2):
        players = list(Entry.objects.filter(tournament=a, table__number=number, status="seated"))
        if players:
            table_counts_enter(actor=floor_user, tournament_id=a.pk, table_number=number,
                               counts={e.pk: 40000 + e.number for e in players},
                               bags={e.pk: f"A{e.number}" for e in players})
    day_seal(actor=director, tournament_id=a.pk)
    bust(b, 17)  # 22 still in: the 17th bust is 6th, in the money
    sixth = Entry.objects.get(tournament=b, finish_place=6)
    for name, viewport in (("laptop", {"width": 1366, "height": 768}), ("phone", PHONE)):
        page: Page = new_page(viewport=viewport)
        page.goto(f"{live_server.url}/events/{event.pk}/")
        row = page.locator("[data-event-places] tr[data-place='6']")
        expect(row).to_contain_text(sixth.player.name)
        expect(row).to_contain_text("Day 1: Day 1B")
        expect(page.locator("[data-day1-money]")).to_be_visible()
        row.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"festival-event-day1-money-{name}.png"),
                        full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.goto(f"{live_server.url}/t/{b.pk}/results/")
        expect(page.locator("tr.in-money")).to_contain_text(sixth.player.name)
        expect(page.locator("[data-out-day1]")).to_have_count(16)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(artifacts / f"festival-flight-results-day1-{name}.png"))
