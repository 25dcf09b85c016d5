"""Staff screens stay current without a reload (issue 8): two floor phones, the console, the desk.

Uses the shared fixtures of tests/browser/conftest.py (system Chromium, one context per page).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 768}
WITHIN = 2_000  # ms: every staff screen is current within two seconds


@pytest.fixture
def floor2(groups):
    from django.contrib.auth.models import User

    from tournament.permissions import FLOOR

    user = User.objects.create_user(username="floor2", password="pw")
    user.groups.add(groups[FLOOR])
    return user


def seat_field(tournament, director, names: list[str], tables: int) -> None:
    from tables.services import tables_add
    from tournament.services.registration import entries_import, seats_draw

    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    entries_import(actor=director, tournament_id=tournament.pk, names=names)
    seats_draw(actor=director, tournament_id=tournament.pk)


def open_floor(new_page, log_in, username: str, tournament) -> Page:
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(page, username, next_path=f"/t/{tournament.pk}/floor/")
    page.evaluate("window.__stillHere = true")  # a reload would wipe it
    return page


def player(page: Page, name: str):
    return page.locator("#floor button.seat-player", has_text=name)


def test_a_bust_on_one_floor_phone_shows_on_the_other_and_a_stale_bust_is_refused(
    live_server, new_page, log_in, floor_user, floor2, director, make_tournament, artifacts
):
    from tournament.models import Entry

    tournament = make_tournament(seats_per_table=9)
    names = [f"Player {i:02d}" for i in range(1, 13)]
    seat_field(tournament, director, names, tables=2)
    first = open_floor(new_page, log_in, "floor", tournament)
    second = open_floor(new_page, log_in, "floor2", tournament)
    expect(second.locator(".floor-bar strong")).to_have_text("12")

    # A bust on the first phone reaches the second within two seconds, without a reload.
    player(first, "Player 01").tap()
    first.locator("#seat-dialog [data-action=bust]").tap()
    expect(first.locator("#floor .msg.success")).to_contain_text("Player 01 is out in place 12.")
    expect(player(second, "Player 01")).to_have_count(0, timeout=WITHIN)
    expect(second.locator(".floor-bar strong")).to_have_text("11", timeout=WITHIN)
    assert second.evaluate("window.__stillHere === true"), "the second phone reloaded"

    # The second phone opens Player 02's card; meanwhile the first moves Player 02.
    victim = Entry.objects.select_related("table").get(tournament=tournament,
                                                       player__name="Player 02")
    player(second, "Player 02").tap()
    second_dialog = second.locator("#seat-dialog .dialog")
    expect(second_dialog).to_contain_text(f"table {victim.table.number} seat {victim.seat}")
    other = 2 if victim.table.number == 1 else 1
    taken = set(Entry.objects.filter(tournament=tournament, table__number=other,
                                     status="seated").values_list("seat", flat=True))
    free = min(set(range(1, 10)) - taken)
    player(first, "Player 02").tap()
    first.locator("#seat-dialog input[name=table]").fill(str(other))
    first.locator("#seat-dialog input[name=seat]").fill(str(free))
    first.locator("#seat-dialog").get_by_role("button", name="Move", exact=True).tap()
    moved_to = first.locator(f'section[data-table="{other}"] button.seat-player',
                             has_text="Player 02")
    expect(moved_to).to_have_count(1)

    # The second phone's grid follows; its open card still shows the old seat.
    expect(second.locator(f'section[data-table="{other}"] button.seat-player',
                          has_text="Player 02")).to_have_count(1, timeout=WITHIN)
    expect(second_dialog).to_be_visible()
    second_dialog.locator("[data-action=bust]").tap()
    error = second.locator("#floor .msg.error[role=alert]")
    expect(error).to_contain_text(
        f"Player 02 has moved to table {other} seat {free} since your screen was loaded; "
        "nothing was recorded.")
    victim.refresh_from_db()
    assert victim.status == "seated" and (victim.table.number, victim.seat) == (other, free)
    second.screenshot(path=str(artifacts / "floor-stale-refused.png"), full_page=True)
    assert second.evaluate("window.__stillHere === true")


def test_the_console_badge_and_controls_follow_a_start_made_elsewhere(
    live_server, new_page, log_in, director, make_tournament
):
    from tables.services import tables_add
    from tournament.services.clock import clock_start

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    page = new_page(viewport=DESKTOP)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/")
    page.evaluate("window.__stillHere = true")
    expect(page.locator("[data-live-part=status]")).to_have_text("Planned")
    expect(page.locator("[data-action=start]")).to_be_visible()

    clock_start(actor=director, tournament_id=tournament.pk)  # from the floor's phone, say
    expect(page.locator("[data-live-part=status]")).to_have_text("Running", timeout=WITHIN)
    expect(page.locator("[data-action=pause]")).to_be_visible(timeout=WITHIN)
    expect(page.locator("[data-action=start]")).to_have_count(0)
    assert page.evaluate("window.__stillHere === true")


def test_the_desk_finds_any_entry_and_imports_a_csv_then_draws(
    live_server, new_page, log_in, director, make_tournament, tmp_path, artifacts
):
    from tables.services import tables_add
    from tournament.models import Entry, Player
    from tournament.services.registration import entries_import

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=12)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:03d}" for i in range(1, 81)])
    Player.objects.create(name="Bruno Dias")
    page = new_page(viewport=DESKTOP)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/registration/")
    page.evaluate("window.__stillHere = true")
    rows = page.locator("#desk-results tbody tr[data-entry]")
    expect(rows).to_have_count(50)
    expect(page.locator("#desk-results .pager")).to_contain_text("Page 1 of 2")

    # Search as you type: by name, then by entry number; the page stays.
    search = page.locator("input[name=q]")
    search.fill("player 007")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Player 007")
    search.fill("#12")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-entry", "12")
    search.fill("")
    expect(rows).to_have_count(50)
    page.locator("#desk-results .pager").get_by_role("link", name="Older »").click()
    expect(rows).to_have_count(30)
    expect(rows.last).to_have_attribute("data-entry", "1")
    assert page.evaluate("window.__stillHere === true"), "the desk reloaded"

    # Pre-registration from a CSV: preview with the look-alike warning, then import.
    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name,email,phone\nAda Chen,ada@example.com,+1 555 0100\nBruno Diaz,,\n",
                        encoding="utf-8")
    page.locator("details.desk-import summary").click()
    page.locator("input[name=csv_file]").set_input_files(str(csv_file))
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("table.import-preview tbody tr")
    expect(preview).to_have_count(2)
    expect(preview.nth(1)).to_contain_text("Looks like Bruno Dias")
    expect(preview.nth(0).locator("td").first).to_have_text("2")  # the file's line number
    page.get_by_role("button", name="Import 2 players").click()
    expect(page.locator("[data-action-notice]")).to_contain_text(
        "2 players imported to the waiting list")
    expect(page.locator("[data-waiting]")).to_have_text("82")

    # The one-shot draw seats everyone waiting.
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("details.desk-import summary").click()
    page.get_by_role("button", name="Draw seats for the waiting list").click()
    expect(page.locator("[data-action-notice]")).to_contain_text("82 players seated by the draw.")
    assert Entry.objects.filter(tournament=tournament, status="seated").count() == 82
    search.fill("Ada Chen")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Seated")
    assert page.evaluate("window.__stillHere === true")
    # Last: a screenshot marks the inputs (style=""), which htmx would copy on the next swap.
    page.screenshot(path=str(artifacts / "desk-after-draw.png"), full_page=True)
