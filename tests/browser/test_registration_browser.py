"""The registration desk in a real browser, then the player's phone finding the seat.

A cashier (Registration role) buys players in on a desktop, prints a seat card,
meets a look-alike name; a player then finds their seat on a phone. Uses the
shared fixtures of tests/browser/conftest.py (system Chromium, one context per page).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
SEATED = re.compile(r"\(entry #(\d+)\): table (\d+), seat (\d+)\.")


@pytest.fixture
def desk(live_server, new_page, log_in, cashier):
    def open_desk(tournament) -> Page:
        page = new_page(viewport=DESKTOP)
        path = f"/t/{tournament.pk}/registration/"
        log_in(page, "cashier", next_path=path)
        page.evaluate("window.__stillHere = true")  # a full page load would wipe it
        return page

    return open_desk


def register(page: Page, name: str) -> tuple[int, int, int]:
    """Type a name, take the buy-in; return (entry number, table, seat) the desk shows."""
    page.locator("input[name=name]").fill(name)
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    message = page.locator("[data-registered]")
    expect(message).to_contain_text(name)  # each name is new: this is the fresh message
    match = SEATED.search(message.inner_text())
    assert match, message.inner_text()
    number, table, seat = (int(g) for g in match.groups())
    assert message.get_attribute("data-registered") == str(number)
    return number, table, seat


def pick_look_alike(page: Page, typed: str, existing: str) -> None:
    """Submit a look-alike name: the desk warns, then pick the existing player."""
    name = page.locator("input[name=name]")
    name.fill("")
    name.press_sequentially(typed, delay=20)
    # Known players show up as the cashier types.
    expect(page.locator("#player-results button[name=player]")).to_contain_text([existing])
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    warning = page.locator(".warning[role=alert]")
    expect(warning).to_contain_text("look like the same person")
    expect(warning.get_by_role("button", name="Register as a new player")).to_be_visible()
    warning.get_by_role("button", name=existing, exact=True).click()
    expect(page.locator(".warning[role=alert]")).to_have_count(0)


def entry_rows(page: Page) -> int:
    return page.locator(".desk-entries tbody tr[data-entry]").count()


def test_cashier_registers_prints_a_card_and_the_player_finds_the_seat_on_a_phone(
    live_server, desk, new_page, director, make_tournament, artifacts
):
    from tables.services import busts, tables_add
    from tournament.models import Entry
    from tournament.services.registration import entries_import, seats_draw

    tournament = make_tournament(re_entry_allowed=True, re_entry_limit=1)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    # Already in before the desk opens, so one bust cannot end the tournament.
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=["Carla Ruiz", "Dev Patel", "Eun-ji Park"])
    seats_draw(actor=director, tournament_id=tournament.pk)

    page = desk(tournament)
    ada = register(page, "Ada Chen")
    bruno = register(page, "Bruno Diaz")
    assert ada[0] != bruno[0] and (ada[1], ada[2]) != (bruno[1], bruno[2])
    assert page.evaluate("window.__stillHere === true"), "the desk reloaded instead of swapping"
    assert entry_rows(page) == 5
    for number, table, seat in (ada, bruno):
        expect(page.locator(f'tr[data-entry="{number}"]')).to_contain_text(f"T{table} S{seat}")

    # The seat card opens in a new tab: table, seat and a QR code; print hides the buttons.
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Print seat card").click()
    card = opened.value
    card.wait_for_load_state()
    expect(card).to_have_url(f"{live_server.url}/t/{tournament.pk}/card/{bruno[0]}/")
    expect(card.locator(".seat-card .who")).to_contain_text("Bruno Diaz")
    expect(card.locator(".where strong")).to_have_text([str(bruno[1]), str(bruno[2])])
    qr = card.locator(".seat-card .qr svg")
    expect(qr).to_be_visible()
    assert qr.locator("path").count() >= 1
    box = qr.bounding_box()
    assert box and box["width"] > 50 and abs(box["width"] - box["height"]) < 2, box
    expect(card.locator(".no-print")).to_be_visible()
    card.screenshot(path=str(artifacts / "seat-card.png"), full_page=True)
    card.emulate_media(media="print")
    expect(card.locator(".no-print")).to_be_hidden()
    expect(card.locator("[data-print]")).to_be_hidden()
    expect(card.locator(".seat-card")).to_be_visible()
    expect(qr).to_be_visible()
    card.emulate_media(media="screen")
    expect(card.locator(".no-print")).to_be_visible()
    card.close()
    page.bring_to_front()  # a background tab gets no animation frames: clicks would crawl

    # "ada  chen" looks like Ada Chen: picking her while she is still playing is refused.
    pick_look_alike(page, "ada  chen", "Ada Chen")
    expect(page.locator(".error[role=alert]")).to_have_text(
        "Ada Chen already has a live entry in this tournament.")
    assert entry_rows(page) == 5

    # Once she is out, the same pick buys her back in: a re-entry of the same player.
    ada_entry = Entry.objects.get(tournament=tournament, number=ada[0])
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=ada_entry.pk)
    page.reload()
    pick_look_alike(page, "ada  chen", "Ada Chen")
    message = page.locator("[data-registered]")
    expect(message).to_contain_text("Ada Chen")
    again = int(message.get_attribute("data-registered"))
    match = SEATED.search(message.inner_text())
    assert match and int(match.group(1)) == again
    reentry = Entry.objects.get(tournament=tournament, number=again)
    assert (reentry.player_id, reentry.attempt) == (ada_entry.player_id, 2)
    expect(page.locator(f'tr[data-entry="{again}"]')).to_contain_text("(entry 2)")

    # The re-entry limit (one) is used up: a third buy-in is refused with the reason.
    # (A newcomer first: busting at the field size of Ada's first bust would
    # repeat her finishing place: test_floor_browser.py::test_a_bust_after_a_re_entry_...)
    register(page, "Farid Haddad")
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=reentry.pk)
    page.reload()
    pick_look_alike(page, "ada  chen", "Ada Chen")
    expect(page.locator(".error[role=alert]")).to_have_text("Ada Chen has used all 1 re-entries.")
    assert Entry.objects.filter(tournament=tournament, player=ada_entry.player).count() == 2

    # On a phone, the public seat lookup finds Bruno as he types; his page shows the desk's seat.
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{live_server.url}/t/{tournament.pk}/seat/")
    phone.evaluate("window.__stillHere = true")
    phone.locator("input[name=name]").press_sequentially("brun", delay=40)
    result = phone.locator("#lookup-results a.seat-result")
    expect(result).to_have_count(1)
    expect(result).to_contain_text("Bruno Diaz")
    expect(result.locator(".seat")).to_have_text(f"Table {bruno[1]} · Seat {bruno[2]}")
    assert phone.evaluate("window.__stillHere === true"), "the lookup reloaded the page"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    result.tap()
    expect(phone).to_have_url(f"{live_server.url}/t/{tournament.pk}/seat/{bruno[0]}/")
    expect(phone.locator("[data-table]")).to_have_text(str(bruno[1]))
    expect(phone.locator("[data-seat]")).to_have_text(str(bruno[2]))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_look_alike_pick_is_refused_where_re_entry_is_not_allowed(
    live_server, desk, director, make_tournament
):
    from tables.services import busts, tables_add
    from tournament.models import Entry
    from tournament.services.registration import entry_register

    tournament = make_tournament(re_entry_allowed=False)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    ada = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    for name in ("Carla Ruiz", "Dev Patel"):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name)
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=ada.pk)

    page = desk(tournament)
    # Two people may share a name: "Register as a new player" takes the buy-in anyway.
    page.locator("input[name=name]").fill("ada  chen")
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    page.locator(".warning").get_by_role("button", name="Register as a new player").click()
    message = page.locator("[data-registered]")
    expect(message).to_contain_text("ada chen (entry #4): table 1, seat")
    newcomer = Entry.objects.get(tournament=tournament, number=4)
    assert newcomer.player_id != ada.player_id and newcomer.attempt == 1

    # Picking the Ada Chen who is out asks for a re-entry, which this event refuses.
    pick_look_alike(page, "ada  chen", "Ada Chen")
    expect(page.locator(".error[role=alert]")).to_have_text(
        "This tournament does not allow re-entries.")
    assert Entry.objects.filter(tournament=tournament, player=ada.player).count() == 1
    assert entry_rows(page) == 4


def test_the_seat_card_qr_code_is_drawn_whole_inside_its_box(
    live_server, new_page, log_in, cashier, director, make_tournament
):
    from tables.services import tables_add
    from tournament.services.registration import entry_register

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")
    card = new_page(viewport=DESKTOP)
    log_in(card, "cashier", next_path=f"/t/{tournament.pk}/card/{entry.number}/")
    for media in ("screen", "print"):
        card.emulate_media(media=media)
        expect(card.locator(".seat-card .qr svg")).to_be_visible()
        # The code's modules must all fall inside the box the card shows (a cut-off
        # QR code does not scan): compare the drawing with the SVG's own box.
        box, drawn = card.evaluate("""() => {
          const svg = document.querySelector('.seat-card .qr svg');
          const r = (el) => { const b = el.getBoundingClientRect();
                              return [b.left, b.top, b.right, b.bottom]; };
          return [r(svg), r(svg.querySelector('path'))];
        }""")
        assert drawn[0] >= box[0] - 0.5 and drawn[1] >= box[1] - 0.5, (media, box, drawn)
        assert drawn[2] <= box[2] + 0.5 and drawn[3] <= box[3] + 0.5, (
            f"{media}: the QR code is cut off: drawn to {drawn}, the box ends at {box}")


def test_after_a_refused_pick_the_desk_registers_the_name_typed_next(
    live_server, desk, director, make_tournament
):
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.registration import entry_register

    tournament = make_tournament(re_entry_allowed=True)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen")

    page = desk(tournament)
    pick_look_alike(page, "ada  chen", "Ada Chen")  # she is still playing: refused
    expect(page.locator(".error[role=alert]")).to_have_text(
        "Ada Chen already has a live entry in this tournament.")
    # The cashier moves on to the next player in the queue.
    page.locator("input[name=name]").fill("Zed Zhou")
    page.get_by_role("button", name="Take buy-in and draw a seat").click()
    expect(page.locator("[data-registered]")).to_contain_text("Zed Zhou (entry #2): table 1")
    assert Entry.objects.filter(tournament=tournament, player__name="Zed Zhou").count() == 1
