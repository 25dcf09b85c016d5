"""Issue 22, the floor (items 6, 7, 8 and two lines of 10), in Chromium as staff see it:
players without a seat on the floor and seated in one tap, an undone bust seated one
over a table's size, one explanation of a move on the floor and the TV, a stale tap
on a busted player, Re-enter at the desk, a Day 1 flight with no final table, and
bags sealed only once their difference is confirmed. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def full_room(make_tournament, director, **values):
    """Two two-seat tables: four seated and one alternate waiting."""
    from tables.services import tables_add
    from tournament.services.registration import entry_register

    t = make_tournament(seats_per_table=2, final_table_size=2, **values)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    for i in range(5):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i}",
                       rng=random.Random(i))
    return t


def test_the_floor_shows_an_alternate_seats_him_in_a_tap_and_an_undone_bust_sits_one_over(
        live_server, new_page, log_in, make_tournament, director, floor_user, artifacts):
    from tournament.models import Entry

    t = full_room(make_tournament, director)
    page: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, "floor", next_path=f"/t/{t.pk}/floor/")
    bar = page.locator(".floor-bar")
    expect(bar).to_contain_text("4 seated · 1 without a seat")
    unseated = page.locator("section.unseated")
    expect(unseated).to_contain_text("Player 4")
    page.screenshot(path=str(artifacts / "floor-unseated-phone.png"), full_page=True)

    # A bust: the alternate takes the seat. Undo: he never busted, so he is seated,
    # one over a table's size, and the floor is told.
    victim = page.locator("#floor section.floor-table button.seat-player").first
    name = victim.inner_text().strip()
    victim.tap()
    page.locator("#seat-dialog [data-action=bust]").tap()
    expect(page.locator("#floor .msg.success")).to_contain_text(f"{name} is out in place")
    expect(page.locator("section.unseated")).to_have_count(0)  # the alternate sat down
    page.locator("[data-action=undo-bust]").tap()
    expect(page.locator("#floor")).to_contain_text("one over the table's size")
    expect(page.locator(".over-size")).to_contain_text("seat 3 is extra")
    expect(bar).to_contain_text("5 seated")
    expect(bar).not_to_contain_text("without a seat")
    page.screenshot(path=str(artifacts / "floor-one-over-phone.png"), full_page=True)
    assert Entry.objects.filter(tournament=t, status="seated").count() == 5


def test_a_re_entry_with_every_seat_taken_is_on_the_floor_and_seated_in_a_tap(
        live_server, new_page, log_in, make_tournament, director, cashier, floor_user):
    from tables.services import busts
    from tournament.models import Entry

    t = full_room(make_tournament, director, re_entry_allowed=True)
    victim = Entry.objects.filter(tournament=t, status="seated").first()
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk)
    desk: Page = new_page(viewport={"width": 1366, "height": 768})
    log_in(desk, "cashier", next_path=f"/t/{t.pk}/registration/")
    desk.select_option("#register-form [name=method]", "card")  # paid as the desk says
    row = desk.locator(f"tr[data-entry='{victim.number}']")
    row.locator("[data-action=re-enter]").click()  # the busted row's own button
    expect(desk.locator("#desk .msg.success")).to_contain_text(
        f"Every seat is taken: {victim.player.name}")

    phone: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(phone, "floor", next_path=f"/t/{t.pk}/floor/")
    expect(phone.locator(".floor-bar")).to_contain_text("1 without a seat")
    row = phone.locator("li.unseated-row", has_text=victim.player.name)
    row.locator("[data-action=seat-now]").tap()
    expect(phone.locator("#floor .msg.success")).to_contain_text("one over the table's size")
    expect(phone.locator("section.unseated")).to_have_count(0)
    again = Entry.objects.filter(tournament=t, player=victim.player).latest("number")
    assert again.status == "seated" and again.attempt == 2
    assert list(again.payments.values_list("method", flat=True)) == ["card"]


def test_a_stale_tap_on_a_busted_player_shows_the_floor_and_what_became_of_him(
        live_server, new_page, log_in, make_tournament, director, floor_user):
    from tables.services import busts
    from tournament.models import Entry

    t = full_room(make_tournament, director)
    page: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, "floor", next_path=f"/t/{t.pk}/floor/")
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("number").first()
    button = page.locator(f"button.seat-player[data-entry='{victim.pk}']")
    expect(button).to_be_visible()
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk)  # another phone
    page.evaluate("window.stop()")  # the screen as Back then Forward left it
    button.tap()
    victim.refresh_from_db()
    expect(page.locator("#floor .msg.error")).to_contain_text(
        f"{victim.player.name} is out, in place {victim.finish_place}")
    expect(page.locator("body")).not_to_contain_text("Not Found")
    expect(page.locator(f"button.seat-player[data-entry='{victim.pk}']")).to_have_count(0)


def test_a_player_waiting_for_the_button_reads_the_same_on_the_floor_and_the_tv(
        live_server, new_page, log_in, make_tournament, director, floor_user, artifacts):
    from tables.domain.table import Table as SeatingTable
    from tables.models import Move, Table
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    t = make_tournament(seats_per_table=6, final_table_size=6, rulebook_edition="tda2024")
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    move = Move.objects.filter(tournament=t, status="pending").select_related(
        "entry", "to_table", "from_table").first()
    table, entry = move.to_table, move.entry
    occupied = dict(Entry.objects.filter(table=table, status="seated").values_list("seat", "pk"))
    button = next(b for b in occupied if b != entry.seat and SeatingTable(
        table.number, table.capacity, occupied, button=b).role_of(entry.seat) == "BB")
    Table.objects.filter(pk=table.pk).update(button=button)
    Move.objects.filter(pk=move.pk).update(wait_for_button=True)
    Entry.objects.filter(pk=entry.pk).update(wait_for_button=True)
    move.refresh_from_db()
    why = move.why
    assert "TDA 2024 rule" in why and "dealt in once the button has passed" in why

    page: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, "floor", next_path=f"/t/{t.pk}/floor/")
    seat = page.locator("li.seat", has=page.locator(f"button[data-entry='{entry.pk}']"))
    expect(seat.locator(".role")).to_have_text("waits for the button")
    expect(page.locator(f"li.move-row[data-move='{move.pk}'] .move-why")).to_contain_text(why)
    page.screenshot(path=str(artifacts / "floor-waits-for-button-phone.png"), full_page=True)
    tv: Page = new_page(viewport={"width": 1920, "height": 1080})
    tv.goto(f"{live_server.url}/t/{t.pk}/tv/")
    expect(tv.locator(".move-why").first).to_be_attached()
    assert why in tv.locator("body").inner_html()
    assert "house rule 9-C" not in tv.locator("body").inner_html()


def test_a_day1_flight_breaks_to_one_table_and_bags_seal_once_the_difference_is_confirmed(
        live_server, new_page, log_in, make_tournament, director, floor_user, artifacts):
    from tables.services import busts
    from tests.views.test_day1_flight_floor_views import _bag_short
    from tournament.models import Entry, Flight
    from tournament.services.clock import clock_start
    from tournament.services.days import day_end
    from tournament.services.events import event_create, event_flight_add

    event = event_create(actor=director, name="Main Event")
    t = make_tournament(name="Day 1A", seats_per_table=9, final_table_size=9)
    event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
    from tests.services.test_counts import seat_field

    seat_field(t, director, 12)
    clock_start(tournament_id=t.pk, actor=director)
    for entry in Entry.objects.filter(tournament=t).order_by("-number")[:2]:
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk,
                                  rng=random.Random(1))
    page: Page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, "director", next_path=f"/t/{t.pk}/floor/")
    page.locator("#floor section.floor-table button.seat-player").first.tap()
    page.locator("#seat-dialog [data-action=bust]").tap()
    notice = page.locator("#floor .msg.success")
    expect(notice).to_contain_text("Break table(s)")
    expect(notice).not_to_contain_text("final table")

    day_end(actor=director, tournament_id=t.pk)
    _bag_short(t, floor_user, 1000)
    laptop: Page = new_page(viewport={"width": 1366, "height": 768})
    log_in(laptop, "director", next_path=f"/t/{t.pk}/counts/")
    laptop.locator("[data-seal]").click()
    warning = laptop.locator("[data-seal-difference]")
    expect(warning).to_contain_text("1,000 fewer than the")
    laptop.screenshot(path=str(artifacts / "seal-difference-laptop.png"), full_page=True)
    assert Flight.objects.get(tournament=t).status == "bagging"
    laptop.locator("[data-seal-confirm]").click()
    expect(laptop.locator(".msg.success")).to_contain_text("The flight is bagged.")
    assert Flight.objects.get(tournament=t).status == "bagged"
