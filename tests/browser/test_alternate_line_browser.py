"""The alternate line on a phone at 390x844, in English and Chinese (issue 23 item 2).

A player joins the line from their phone, is called when a seat opens (the page counts
down, the push is shown by the page's service worker: delivered through the DevTools
protocol, as in test_player_phone.py), pays at the desk and is seated; another does not
come in time and is passed over, with nobody clicking.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tables.services import busts, tables_add
from tests.browser.conftest import PHONE
from tests.browser.test_player_phone import _registration_id
from tournament.models import Entry, LineSpot
from tournament.player_links import line_page_path
from tournament.services.clock import clock_start
from tournament.services.line import line_join
from tournament.services.registration import entry_register
from tournament.tasks.line import line_push_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-US", "zh-hans": "zh-CN"}
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def full(make_tournament, director):
    """Six players on one six-seat table, play running: every seat taken."""
    t = make_tournament(seats_per_table=6, final_table_size=6, line_call_minutes=2)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    for i in range(6):
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {i}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


def bust_one(t, floor_user) -> Entry:
    victim = Entry.objects.filter(tournament=t, status="seated").order_by("number").first()
    busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    return victim


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_player_joins_from_the_phone_is_called_pays_and_is_seated(
        live_server, new_page, log_in, full, floor_user, cashier, artifacts, language):
    phone = new_page(viewport=PHONE, locale=LOCALES[language])
    phone.context.grant_permissions(["notifications"], origin=live_server.url)
    phone.goto(f"{live_server.url}/t/{full.pk}/line/")
    phone.screenshot(path=str(artifacts / f"line-join-{language}.png"), full_page=True)
    phone.fill("input[name=name]", "Ann Alpha")
    phone.fill("input[name=phone]", "+1 555 0100")
    phone.click("form[data-line-join] button[type=submit]")
    spot_box = phone.locator("#line-spot")
    expect(spot_box).to_have_attribute("data-state", "waiting")
    expect(spot_box.locator("[data-position]")).to_contain_text("1")
    phone.screenshot(path=str(artifacts / f"line-waiting-{language}.png"), full_page=True)
    spot = LineSpot.objects.get(name="Ann Alpha")
    assert phone.url == live_server.url + line_page_path(tournament_id=full.pk, spot_id=spot.pk)

    victim = bust_one(full, floor_user)  # a seat opens: Ann is called
    expect(spot_box).to_have_attribute("data-state", "called", timeout=15_000)
    expect(spot_box.locator("[data-countdown]")).to_have_text(re.compile(r"^(1:[0-5]\d|2:00)$"))
    phone.screenshot(path=str(artifacts / f"line-called-{language}.png"), full_page=True)

    # The push the call sends, shown by this page's service worker.
    cdp = phone.context.new_cdp_session(phone)
    registration = _registration_id(cdp, phone)
    title, body = line_push_text("called", {"minutes": 2}, language)
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": live_server.url, "registrationId": registration,
        "data": json.dumps({"title": title, "body": body, "kind": "line-called",
                            "url": phone.url})})
    phone.wait_for_function(
        """title => navigator.serviceWorker.ready.then(r => r.getNotifications())
             .then(list => list.some(n => n.title === title))""", arg=title, timeout=10_000)
    assert ("登记台" in title) == (language == "zh-hans")

    # The desk sees the call with its countdown, takes the payment: Ann is seated.
    desk = new_page(viewport=LAPTOP, locale=LOCALES[language])
    log_in(desk, "cashier", next_path=f"/t/{full.pk}/registration/")
    called = desk.locator('[data-line-status="called"]')
    expect(called).to_contain_text("Ann Alpha")
    expect(called.locator("[data-countdown]")).to_have_text(re.compile(r"^(1:[0-5]\d|2:00)$"))
    desk.screenshot(path=str(artifacts / f"line-desk-called-{language}.png"), full_page=True)
    called.locator("[data-line-pay]").click()
    expect(desk.locator("[data-registered]")).to_be_visible()
    entry = Entry.objects.get(tournament=full, player__name="Ann Alpha")
    assert (entry.status, entry.table_id, entry.seat) == ("seated", victim.table_id, victim.seat)

    expect(spot_box).to_have_attribute("data-state", "seated", timeout=15_000)
    expect(phone.locator("#line-spot [data-table]")).to_have_text(str(entry.table.number))
    expect(phone.locator("#line-spot [data-seat]")).to_have_text(str(entry.seat))
    phone.screenshot(path=str(artifacts / f"line-seated-{language}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_one_who_does_not_come_in_time_is_passed_over(
        live_server, new_page, log_in, full, floor_user, cashier, artifacts, time_machine,
        language):
    late = line_join(actor=None, tournament_id=full.pk, name="Late Larry", phone="1",
                     language=language)
    next_one = line_join(actor=None, tournament_id=full.pk, name="Next Nina", phone="2",
                         language=language)
    bust_one(full, floor_user)
    assert LineSpot.objects.get(pk=late.pk).status == "called"
    phone = new_page(viewport=PHONE, locale=LOCALES[language])
    phone.goto(live_server.url + line_page_path(tournament_id=full.pk, spot_id=late.pk))
    expect(phone.locator("#line-spot")).to_have_attribute("data-state", "called")
    desk = new_page(viewport=LAPTOP, locale=LOCALES[language])
    log_in(desk, "cashier", next_path=f"/t/{full.pk}/registration/")
    expect(desk.locator('[data-line-status="called"]')).to_contain_text("Late Larry")

    # Two minutes go by and nobody taps anything: the pages' own reads pass him over.
    time_machine.move_to(timezone.now() + dt.timedelta(minutes=2, seconds=5))
    expect(phone.locator("#line-spot")).to_have_attribute("data-state", "passed",
                                                          timeout=15_000)
    phone.screenshot(path=str(artifacts / f"line-passed-{language}.png"), full_page=True)
    expect(desk.locator('[data-line-status="called"]')).to_contain_text("Next Nina",
                                                                        timeout=15_000)
    desk.screenshot(path=str(artifacts / f"line-desk-next-called-{language}.png"),
                    full_page=True)
    assert LineSpot.objects.get(pk=next_one.pk).status == "called"
