"""The floor console on a phone, in Chromium: bust-outs from 20 players down to the winner.

A floor user taps a seat, taps Bust, and walks every pending move ("Seated ✓")
through a table break, the final table redraw and heads-up, as on the floor.
Uses the shared fixtures of tests/browser/conftest.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIELD = 20
NOTICE = re.compile(r"^(?P<name>.+) is out in place (?P<place>\d+)\.")


@pytest.fixture
def phone(new_page) -> Page:
    return new_page(viewport=PHONE, is_mobile=True, has_touch=True)


def seat_field(tournament, director, names: list[str], tables: int) -> None:
    from tables.services import tables_add
    from tournament.services.registration import entries_import, seats_draw

    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    entries_import(actor=director, tournament_id=tournament.pk, names=names)
    seats_draw(actor=director, tournament_id=tournament.pk)


def seated_players(page: Page):
    return page.locator("#floor section.floor-table button.seat-player")


def bust_first_seated(page: Page, expected_place: int) -> str:
    """Tap a player, tap Bust; return the notice the console shows."""
    player = seated_players(page).first
    name = player.inner_text().strip()
    player.tap()
    dialog = page.locator("#seat-dialog .dialog[role=dialog]")
    expect(dialog).to_contain_text(name)
    bust = dialog.locator("[data-action=bust]")
    expect(bust).to_be_in_viewport()  # the bottom sheet is on screen, not below the fold
    bust.tap()
    notice = page.locator("#floor .msg.success[role=status]")
    expect(notice).to_contain_text(f"{name} is out in place {expected_place}.")
    expect(page.locator("#floor .msg.error")).to_have_count(0)
    return notice.locator("[data-notice-text]").inner_text().strip()  # without its Undo


def confirm_every_move(page: Page) -> int:
    """Tap "Seated ✓" on each pending move until none is left; return how many."""
    rows = page.locator("li.move-row[data-move]")
    confirmed = 0
    while (left := rows.count()) > 0:
        move_id = rows.first.get_attribute("data-move")
        # Pinned to that move: a live refresh may redraw the list between two steps,
        # and a tap landing on a list being redrawn is lost, as a finger's would be:
        # the floor person taps again (a second tap of a confirmed move is refused).
        row = page.locator(f'li.move-row[data-move="{move_id}"]')
        row.get_by_role("button", name="Seated ✓").tap()
        try:
            expect(row).to_have_count(0, timeout=4000)
        except AssertionError:
            if row.count():
                row.get_by_role("button", name="Seated ✓").tap()
            expect(row).to_have_count(0)
        expect(rows).to_have_count(left - 1)
        confirmed += 1
        assert confirmed <= FIELD, "moves keep coming back"
    expect(page.locator(".pending-moves")).to_have_count(0)
    return confirmed


def test_floor_busts_a_field_on_a_phone_through_a_break_and_the_final_table(
    live_server, phone, log_in, floor_user, director, make_tournament, artifacts
):
    tournament = make_tournament(seats_per_table=9, final_table_size=9)
    names = [f"Player {i:02d}" for i in range(1, FIELD + 1)]
    seat_field(tournament, director, names, tables=3)

    log_in(phone, "floor", next_path=f"/t/{tournament.pk}/floor/")
    expect(phone.locator("section.floor-table")).to_have_count(3)
    expect(seated_players(phone)).to_have_count(FIELD)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    places: list[int] = []
    moves_confirmed = 0
    tables_seen = [3]
    final_table_at = None
    notice = ""
    for expected in range(FIELD, 1, -1):
        notice = bust_first_seated(phone, expected)
        match = NOTICE.match(notice)
        assert match, notice
        places.append(int(match["place"]))
        if "The final table forms now" in notice:
            assert final_table_at is None, "the final table formed twice"
            final_table_at = expected - 1
            assert "everyone redraws" in notice
            final = phone.locator("section.floor-table")
            expect(final).to_have_count(1)
            expect(final.locator("button.seat-player")).to_have_count(9)
            expect(phone.locator(".floor-table.halted")).to_have_count(0)
            expect(phone.locator("li.move-row").first).to_be_visible()  # the redraw's moves
            phone.screenshot(path=str(artifacts / "floor-phone.png"), full_page=True)
        moves_confirmed += confirm_every_move(phone)
        if expected > 2:
            expect(seated_players(phone)).to_have_count(expected - 1)
            expect(phone.locator(".floor-bar strong")).to_have_text(str(expected - 1))
            tables_seen.append(phone.locator("section.floor-table").count())
        if expected == 18:
            # A table broke on the way (20 -> 18 players fit two nine-seat tables).
            expect(phone.locator("section.floor-table")).to_have_count(2)

    winner = re.search(r" is out in place 2\. (?P<name>.+) wins the tournament!$", notice)
    assert winner, notice
    winner_name = winner["name"]
    assert winner_name in names
    # Nobody is left to seat: the grid is empty once the tournament is won.
    expect(seated_players(phone)).to_have_count(0)
    assert places == list(range(FIELD, 1, -1)), places  # consecutive, one per bust
    assert final_table_at == 9
    assert tables_seen[0] == 3 and 2 in tables_seen and tables_seen[-1] == 1
    assert tables_seen == sorted(tables_seen, reverse=True)  # tables only ever close
    assert moves_confirmed > 0, "no move was ever made: the break and redraw were not walked"

    # The results page lists the winner first, then every place in order.
    phone.goto(f"{live_server.url}/t/{tournament.pk}/results/")
    rows = phone.locator("table.results tbody tr")
    expect(rows).to_have_count(FIELD)
    expect(rows.first.locator("td").nth(0)).to_have_text("1")
    expect(rows.first.locator("td").nth(1)).to_contain_text(winner_name)
    shown = [int(t.strip()) for t in rows.locator("td:first-child").all_inner_texts()]
    assert shown == list(range(1, FIELD + 1)), shown


def test_a_bust_after_a_re_entry_is_recorded_on_the_console(
    live_server, phone, log_in, floor_user, director, make_tournament
):
    from tables.services.busts import entry_bust
    from tournament.models import Entry
    from tournament.services.registration import entry_register

    tournament = make_tournament(re_entry_allowed=True)
    seat_field(tournament, director, ["Ada Chen", "Bruno Diaz", "Carla Ruiz", "Dev Patel"], 1)
    ada = Entry.objects.get(tournament=tournament, player__name="Ada Chen")
    entry_bust(actor=director, tournament_id=tournament.pk, entry_id=ada.pk)  # place 4
    # Late registration: Ada buys in again, so four players are in once more.
    entry_register(actor=director, tournament_id=tournament.pk, player_id=ada.player_id)

    log_in(phone, "floor", next_path=f"/t/{tournament.pk}/floor/")
    expect(seated_players(phone)).to_have_count(4)
    player = phone.locator("button.seat-player", has_text="Bruno Diaz")
    player.tap()
    with phone.expect_response(lambda r: r.url.endswith("/bust/")) as answer:
        phone.locator("#seat-dialog [data-action=bust]").tap()
    assert answer.value.status == 200, f"the bust answered {answer.value.status}"
    expect(phone.locator("#floor .msg.success")).to_contain_text("Bruno Diaz is out in place")
    expect(seated_players(phone)).to_have_count(3)
    places = list(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                  .values_list("finish_place", flat=True))
    assert len(places) == len(set(places)) == 2, places
