"""Balancing that knows where the buttons are, on a 390x844 phone (house 9C / TDA 2024 11).

A bust leaves one table two short; both buttons are unknown, so the console
asks for them on table diagrams. The floor taps each button seat and the
move named is the player due the big blind next into the short table's worst
seat. Taps are counted: the closing note of issue 16 reports them.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(new_page) -> Page:
    return new_page(viewport=PHONE, is_mobile=True, has_touch=True)


def test_the_floor_taps_both_buttons_and_the_big_blind_moves_to_the_worst_seat(
    live_server, phone, log_in, floor_user, director, make_tournament, artifacts
):
    from tables.domain.table import Table as SeatingTable
    from tables.models import Move, Table
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.clock import clock_start
    from tournament.services.registration import entries_import, seats_draw

    tournament = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:02d}" for i in range(1, 18)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(4))
    clock_start(tournament_id=tournament.pk, actor=director)

    def seats(number: int) -> dict[int, int]:
        return dict(Entry.objects.filter(table__tournament=tournament, table__number=number,
                                         status="seated").values_list("seat", "pk"))

    short, full = sorted((1, 2), key=lambda n: len(seats(n)))
    victim = Entry.objects.select_related("player").get(pk=seats(short)[min(seats(short))])

    log_in(phone, "floor", next_path=f"/t/{tournament.pk}/floor/")
    taps = 0
    phone.locator(f'button.seat-player[data-entry="{victim.pk}"]').tap()
    taps += 1
    phone.locator("#seat-dialog [data-action=bust]").tap()
    taps += 1
    expect(phone.locator("#floor .msg.success")).to_contain_text(
        f"{victim.player.name} is out in place 17.")

    question = phone.locator(".button-question")
    expect(question).to_be_in_viewport()  # a bottom sheet: no scrolling to find it
    expect(question.locator("form.table-diagram")).to_have_count(2)
    expect(phone.locator("li.move-row")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(artifacts / "buttons-question-phone.png"), full_page=False)
    for width, height in ((1366, 768), (1920, 1080)):
        phone.set_viewport_size({"width": width, "height": height})
        expect(question).to_be_in_viewport()
        phone.screenshot(path=str(artifacts / f"buttons-question-{width}.png"))
    phone.set_viewport_size(PHONE)

    full_button, short_button = max(seats(full)), max(seats(short))
    full_seats, short_seats = seats(full), seats(short)
    phone.locator(f'form[data-ask-table="{full}"] button[data-seat="{full_button}"]').tap()
    taps += 1
    expect(question.locator("form.table-diagram")).to_have_count(1)
    phone.locator(f'form[data-ask-table="{short}"] button[data-seat="{short_button}"]').tap()
    taps += 1
    expect(phone.locator(".button-question")).to_have_count(0)

    giver = SeatingTable(full, 9, full_seats, button=full_button)
    receiver = SeatingTable(short, 9, short_seats, button=short_button)
    mover = Entry.objects.select_related("player").get(pk=full_seats[giver.next_big_blind_seat])
    row = phone.locator("li.move-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(
        f"{mover.player.name}: table {full} seat {giver.next_big_blind_seat} → "
        f"table {short} seat {receiver.worst_position}")
    expect(row).to_contain_text("Balancing: due the big blind next")
    expect(row).not_to_contain_text("picked at random")
    for number, button in ((full, full_button), (short, short_button)):
        expect(phone.locator(f'section.floor-table[data-table="{number}"] .button-age.known')
               ).to_contain_text(f"BTN {button}")
    phone.screenshot(path=str(artifacts / "buttons-move-phone.png"), full_page=False)
    row.get_by_role("button", name="Seated ✓").tap()
    taps += 1
    expect(phone.locator("li.move-row")).to_have_count(0)

    move = Move.objects.get()
    assert not move.random_pick and move.status == "done"
    assert Table.objects.filter(button_wanted=True).count() == 0
    # Bust (2) + both buttons (2) + seated (1): the closing note of issue 16.
    assert taps == 5
    print(f"\ntaps for a bust that needs a balance move, buttons asked: {taps}")

    # Opening a player to move them, the floor taps the button seen there too.
    player = Entry.objects.select_related("player").filter(
        table__tournament=tournament, table__number=full, status="seated").order_by("seat").first()
    open_seat = next(n for n in range(1, 10) if n not in seats(short))
    phone.locator(f'button.seat-player[data-entry="{player.pk}"]').tap()
    dialog = phone.locator("#seat-dialog .dialog")
    dialog.locator(".button-pick label.seat-tap", has_text="4").tap()
    dialog.locator("input[name=table]").fill(str(short))
    dialog.locator("input[name=seat]").fill(str(open_seat))
    dialog.get_by_role("button", name="Move", exact=True).tap()
    expect(phone.locator(f'section.floor-table[data-table="{full}"] .button-age.known')
           ).to_contain_text("BTN 4")
    assert Table.objects.get(tournament=tournament, number=full).button == 4

    phone.set_viewport_size({"width": 1366, "height": 768})
    phone.goto(f"{live_server.url}/t/{tournament.pk}/room/")
    expect(phone.locator(".tile-button[data-button-known]")).to_have_count(2)
    phone.screenshot(path=str(artifacts / "buttons-room-1366.png"))

    # The TV's move list says the balance move followed the big-blind rule.
    phone.goto(f"{live_server.url}/t/{tournament.pk}/tv/")
    expect(phone.locator("section.moves li", has_text=mover.player.name).locator(".bb-rule")
           ).to_have_count(1)
