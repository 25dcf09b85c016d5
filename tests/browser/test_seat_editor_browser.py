"""The director marks a blocked and an accessible seat from a phone, and removes an empty
table after confirming (issue 8 item 6; house rule 8 / TDA 2024 9).

Screenshots at 390x844 and 1366x768 go to test-artifacts/.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 768}


def test_the_director_marks_seats_and_removes_a_table_from_a_phone(
        live_server, new_page, log_in, director, make_tournament, artifacts):
    from tables.models import Table
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.registration import entries_import, seats_draw

    tournament = make_tournament(seats_per_table=9)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:02d}" for i in range(1, 12)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(1))
    tables_add(actor=director, tournament_id=tournament.pk, count=1)  # table 3, empty
    taken = set(Entry.objects.filter(tournament=tournament, table__number=1)
                .values_list("seat", flat=True))
    free = min(set(range(1, 10)) - taken)
    sitter = min(taken)

    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(phone, "director", next_path=f"/t/{tournament.pk}/floor/")
    table_1 = phone.locator('#floor section.floor-table[data-table="1"]')
    table_1.locator("[data-action=edit-seats]").tap()
    editor = phone.locator("#seat-dialog .seat-editor")
    expect(editor).to_be_visible()
    editor.locator(f'button[data-seat="{free}"]').tap()  # "Blocked" is picked first
    expect(phone.locator("#floor .msg.success")).to_contain_text(
        f"Table 1 seat {free} is blocked")
    expect(table_1.locator("li.seat.blocked")).to_have_count(1)
    expect(table_1.locator("li.seat.blocked")).to_contain_text("Blocked")
    editor.locator("input[name=mark][value=accessible]").check()
    editor.locator(f'button[data-seat="{sitter}"]').tap()
    expect(phone.locator("#floor .msg.success")).to_contain_text(
        f"Table 1 seat {sitter} is accessible")
    expect(table_1.locator("li.seat.accessible .visually-hidden")).to_have_text("Accessible seat")
    # Blocking the seat someone sits in is refused, and says why.
    editor.locator("input[name=mark][value=blocked]").check()
    editor.locator(f'button[data-seat="{sitter}"]').tap()
    expect(phone.locator("#floor .msg.error")).to_contain_text(f"Someone sits in seat {sitter}")
    assert Table.objects.get(tournament=tournament, number=1).blocked_seats == [free]
    phone.screenshot(path=str(artifacts / "seat-editor-phone.png"))
    phone.locator("#seat-dialog [data-close-dialog]").tap()
    expect(editor).to_have_count(0)
    table_1.scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "seat-marks-phone.png"))

    # Table 3 is empty: removed once confirmed.
    phone.locator('section.floor-table[data-table="3"] [data-action=remove-table]').tap()
    expect(phone.locator(".confirm-remove")).to_contain_text("Remove table 3?")
    phone.locator("[data-action=confirm-remove]").tap()
    expect(phone.locator("#floor .msg.success")).to_contain_text("Table 3 removed.")
    expect(phone.locator('section.floor-table[data-table="3"]')).to_have_count(0)
    assert not Table.objects.filter(tournament=tournament, number=3).exists()

    laptop = new_page(viewport=DESKTOP)
    log_in(laptop, "director", next_path=f"/t/{tournament.pk}/floor/")
    expect(laptop.locator("li.seat.blocked")).to_have_count(1)
    laptop.screenshot(path=str(artifacts / "seat-marks-1366.png"), full_page=True)
    laptop.locator('section.floor-table[data-table="1"] [data-action=edit-seats]').click()
    expect(laptop.locator("#seat-dialog .seat-editor")).to_be_visible()
    laptop.screenshot(path=str(artifacts / "seat-editor-1366.png"))

    # The desk marks a player who needs an accessible seat: their seat is not one.
    desk = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(desk, "director", next_path=f"/t/{tournament.pk}/registration/")
    mover = Entry.objects.get(tournament=tournament, table__number=1, seat=max(taken))
    row = desk.locator(f'tr[data-entry="{mover.number}"]')
    row.locator("[data-action=accessible]").tap()
    expect(desk.locator("[data-action-notice]")).to_contain_text(
        f"Table 1 seat {mover.seat} is not accessible")
    expect(row.locator("[data-needs-access]")).to_have_count(1)
    expect(row.locator("[data-action=accessible]")).to_have_attribute("aria-pressed", "true")
    # The screen's own poll may swap the row in again after the action: scroll to the one shown.
    desk.evaluate(f"document.querySelector('tr[data-entry=\"{mover.number}\"]').scrollIntoView()")
    desk.screenshot(path=str(artifacts / "desk-accessible-phone.png"))
