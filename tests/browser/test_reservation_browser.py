"""Registration before the day (issue 23, item 3), in English and Chinese.

A player reserves from the public page on a phone (390x844); the desk (a laptop,
1366x768) registers them from the QR's link or the code; the player follows their
seat on their own page, and a move is pushed to their phone (delivered to the
page's service worker through the DevTools protocol, as in test_player_phone.py).
The entrance kiosk (a tablet, 1024x768) serves a walk-up and keeps them there.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tables.models import Table
from tables.services import floor as floor_services
from tables.services import tables_add
from tests.browser.conftest import PHONE
from tests.browser.test_player_phone import LOCALES, _registration_id
from tournament.models import Entry, Reservation
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register
from tournament.services.tournaments import tournament_update
from tournament.tasks.push import push_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 1024, "height": 768}
NAMES = {"en": "Ana Souza", "zh-hans": "王小明"}


@pytest.fixture
def started(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tournament_update(actor=director, tournament_id=t.pk, values={"reservations_open": True})
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(13):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_player_reserves_on_their_phone_is_registered_at_the_desk_and_follows_their_seat(
        live_server, new_page, log_in, started, cashier, floor_user, artifacts, language):
    name = NAMES[language]
    phone = new_page(viewport=PHONE, locale=LOCALES[language])
    phone.context.grant_permissions(["notifications"], origin=live_server.url)
    phone.goto(f"{live_server.url}/t/{started.pk}/reserve/")
    expect(phone.locator("select[name=language]")).to_have_value(language)
    phone.fill("input[name=name]", name)
    phone.click("[data-action=reserve]")
    # No contact: refused on the form, nothing written.
    expect(phone.locator(".field.has-error")).to_be_visible()
    assert not Reservation.objects.exists()
    phone.fill("input[name=email]", "player@example.com")
    phone.screenshot(path=str(artifacts / f"reservation-form-{language}.png"), full_page=True)
    phone.click("[data-action=reserve]")
    status = phone.locator("#reservation-status")
    expect(status).to_have_attribute("data-state", "active")
    expect(status.locator("[data-reservation-qr] svg")).to_be_visible()
    reservation = Reservation.objects.get()
    expect(status.locator("[data-reservation-code]")).to_have_text(reservation.code)
    assert (reservation.name, reservation.language) == (name, language)
    assert ("报名台" in status.inner_text()) == (language == "zh-hans")
    phone.screenshot(path=str(artifacts / f"reservation-confirmed-{language}.png"),
                     full_page=True)

    # The desk: the scanner types the QR's address (English run) or the cashier types the code.
    desk = new_page(viewport=LAPTOP, locale=LOCALES[language])
    desk_path = f"/t/{started.pk}/registration/"
    log_in(desk, cashier.username, next_path=desk_path)
    lookup = desk.locator("[data-reservation-lookup] input[name=reservation]")
    lookup.fill(phone.url if language == "en" else reservation.code.lower())
    lookup.press("Enter")
    row = desk.locator(f"[data-reservation='{reservation.code}']")
    expect(row).to_be_visible()
    expect(desk.locator("#desk-reservations .reservation-row")).to_have_count(1)
    desk.screenshot(path=str(artifacts / f"desk-reservation-found-{language}.png"))
    row.locator("select[name=method]").select_option("card")
    row.locator("[data-action=register-reservation]").click()
    expect(desk.locator("[data-registered]")).to_be_visible()
    entry = Entry.objects.select_related("player", "table").get(player__name=name)
    assert entry.status == "seated" and entry.player.email == "player@example.com"
    assert entry.player.language == language
    # The same QR again: refused, clearly.
    lookup = desk.locator("[data-reservation-lookup] input[name=reservation]")
    lookup.fill(phone.url)
    lookup.press("Enter")
    expect(desk.locator("[data-reservation-refused]")).to_contain_text(str(entry.number))
    desk.screenshot(path=str(artifacts / f"desk-reservation-used-{language}.png"))

    # The phone: the reservation now leads to the player's own page and seat.
    phone.reload()
    expect(status).to_have_attribute("data-state", "used")
    phone.click("[data-my-page]")
    me = phone.locator("#player-me")
    expect(me).to_have_attribute("data-state", "seated")
    expect(me.locator("[data-table]")).to_have_text(str(entry.table.number))
    expect(me.locator("[data-seat]")).to_have_text(str(entry.seat))

    # A move, pushed to the phone: its service worker shows the notice.
    cdp = phone.context.new_cdp_session(phone)
    registration = _registration_id(cdp, phone)
    target = next(t for t in Table.objects.filter(tournament=started).order_by("number")
                  if t.pk != entry.table_id and t.entries.filter(status="seated").count() < 6)
    free = sorted(set(range(1, 7)) - set(target.entries.filter(status="seated")
                                         .values_list("seat", flat=True)))[0]
    floor_services.entry_move(actor=floor_user, tournament_id=started.pk, entry_id=entry.pk,
                              table_number=target.number, seat=free)
    title, body = push_text("moved", {"table": target.number, "seat": free,
                                      "why": {language: "…"}}, language)
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": live_server.url, "registrationId": registration,
        "data": json.dumps({"title": title, "body": body, "kind": "moved", "url": phone.url})})
    phone.wait_for_function(
        """title => navigator.serviceWorker.ready.then(r => r.getNotifications())
             .then(list => list.some(n => n.title === title))""", arg=title, timeout=10_000)
    assert ("号桌" in title) == (language == "zh-hans")
    expect(me.locator("[data-table]")).to_have_text(str(target.number), timeout=15_000)
    expect(me.locator("[data-seat]")).to_have_text(str(free))
    phone.screenshot(path=str(artifacts / f"reservation-seated-{language}.png"), full_page=True)


def test_the_entrance_kiosk_serves_a_walk_up_and_keeps_them_on_it(
        live_server, new_page, log_in, started, cashier, artifacts):
    tablet = new_page(viewport=TABLET, locale="en-US")
    kiosk = f"/t/{started.pk}/kiosk/"
    log_in(tablet, cashier.username, next_path=kiosk)
    tablet.screenshot(path=str(artifacts / "kiosk-start.png"))
    tablet.click("[data-action=kiosk-start]")
    tablet.wait_for_url(f"{live_server.url}{kiosk}")
    tablet.fill("input[name=name]", "Walk Up")
    tablet.fill("input[name=phone]", "+1 702 555 0100")
    tablet.screenshot(path=str(artifacts / "kiosk-form.png"))
    tablet.click("[data-action=reserve]")
    expect(tablet.locator("[data-kiosk-done] [data-reservation-qr] svg")).to_be_visible()
    expect(tablet.locator("[data-reservation-code]")).to_have_text(
        Reservation.objects.get(name="Walk Up").code)
    tablet.screenshot(path=str(artifacts / "kiosk-done.png"))
    tablet.click("[data-action=kiosk-next]")
    expect(tablet.locator("input[name=name]")).to_have_value("")
    # A walk-up who types a staff address stays on the kiosk.
    tablet.goto(f"{live_server.url}/t/{started.pk}/registration/")
    assert re.search(rf"{kiosk}$", tablet.url)
    expect(tablet.locator("[data-reservation-form]")).to_be_visible()
