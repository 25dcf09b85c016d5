"""The desk and the director in a real browser (issue 22, items 1 to 5): what a director and a
desk clerk see when they create a tournament, import players, unregister one, refund and undo.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_a_director_creates_a_tournament_by_typing_only_its_name(
        live_server, new_page, log_in, director, artifacts):
    from tournament.models import Tournament

    page = new_page(viewport=LAPTOP)
    log_in(page, "director", next_path="/t/new/")
    # The settings set every time are in sight; the rest is one tap away.
    for label in ("Name", "Structure", "Buy-in (to the prize pool)", "Starting stack",
                  "Scheduled start", "Tables available"):
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    fee = page.get_by_label("Fee (to the house)", exact=True)
    expect(fee).to_be_hidden()
    page.locator("details.more-settings > summary").click()
    expect(fee).to_be_visible()
    page.screenshot(path=str(artifacts / "new-tournament-laptop.png"), full_page=True)

    page.get_by_label("Name", exact=True).fill("Friday Freezeout")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("Tournament created.")).to_be_visible()
    tournament = Tournament.objects.get(name="Friday Freezeout")
    assert page.url.endswith(f"/t/{tournament.pk}/")
    assert tournament.tables.count() == 2


def test_a_buy_in_tapped_ten_times_at_once_shows_one_entry(
        live_server, new_page, log_in, cashier, director, make_tournament):
    """Issue 22.5: ten identical registrations sent at once (a double tap on bad Wi-Fi)."""
    from tables.services import tables_add
    from tournament.models import Entry

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    path = f"/t/{tournament.pk}/registration/"
    page = new_page(viewport=LAPTOP)
    log_in(page, "cashier", next_path=path)
    statuses = page.evaluate("""async (url) => {
        const token = document.querySelector("input[name=csrfmiddlewaretoken]").value;
        const send = () => {
            const body = new FormData();
            body.append("csrfmiddlewaretoken", token);
            body.append("name", "Ada Lovelace");
            body.append("method", "cash");
            return fetch(url, {method: "POST", body}).then((r) => r.status);
        };
        return Promise.all(Array.from({length: 10}, send));
    }""", path)
    assert sorted(statuses) == [200] + [409] * 9
    page.reload()
    rows = page.locator(".desk-entries tbody tr[data-entry]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Ada Lovelace")
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_the_import_preview_names_a_player_already_seated_and_charges_nobody_twice(
        live_server, new_page, log_in, director, make_tournament):
    """Issue 22.2: "Alice Martin" imported while entry #1 Alice sat."""
    from tables.services import tables_add
    from tournament.models import Entry, Payment
    from tournament.services.registration import entry_register

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Alice Martin")
    page = new_page(viewport=LAPTOP)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/registration/")
    page.get_by_text("Pre-registration and the seat draw (director)").click()
    page.get_by_label("Or paste the lines").fill("Alice Martin,alice@example.com\nBen Okafor\n")
    page.get_by_role("button", name="Preview").click()
    row = page.locator("table.import-preview tr.already-in")
    expect(row).to_contain_text(
        "Alice Martin already has a live entry in this tournament (#1): not imported.")
    page.get_by_role("button", name="Import 1 player").click()
    expect(page.get_by_text("1 player imported to the waiting list")).to_be_visible()
    expect(page.get_by_text("already in with a live entry: Alice Martin (#1)")).to_be_visible()
    assert Entry.objects.filter(tournament=tournament).count() == 2
    assert Payment.objects.filter(entry__player__name="Alice Martin").count() == 1


def test_an_unregister_before_the_draw_leaves_the_draw_to_the_director_and_refunds_the_card(
        live_server, new_page, log_in, director, make_tournament):
    """Issue 22.3 and 22.4: before the draw, unregistering #1 seats nobody from the waiting
    list; its card buy-in goes back to the card and the cash report shows no Cash row."""
    from tables.services import tables_add
    from tournament.models import Entry
    from tournament.services.registration import entries_import, entry_register

    tournament = make_tournament(buy_in=50, fee=10)
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="Early Bird",
                   method="card")
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Imported {i:02d}" for i in range(12)], method="card")
    page = new_page(viewport=LAPTOP)
    log_in(page, "director", next_path=f"/t/{tournament.pk}/registration/")
    expect(page.locator("[data-waiting]")).to_have_text("12")
    row = page.locator('tr[data-entry="1"]')
    expect(row.locator("[data-refund-method]")).to_have_value("")  # as paid
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Unregister").click()
    expect(page.locator("[data-action-notice]")).to_have_text(
        "Early Bird (#1) unregistered: refunded 60 Card.")
    expect(page.locator("[data-waiting]")).to_have_text("12")
    assert not Entry.objects.filter(tournament=tournament, status="seated").exists()
    page.goto(f"{live_server.url}/t/{tournament.pk}/cash/")
    rows = page.locator("table.cash-table").first.locator("tbody th[scope=row]")
    expect(rows).to_have_text(["Card"])  # no Cash row with −50 and −10 in it


def test_the_desk_sees_no_pause_and_no_undo_of_a_registration(
        live_server, new_page, log_in, director, cashier, make_tournament):
    """Issue 22.4: the desk was shown Pause (403 in the controls) and an Undo that
    unregistered a player in a running tournament."""
    from tables.services import tables_add
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=cashier, tournament_id=tournament.pk, player_name="Late Lou")
    clock_start(tournament_id=tournament.pk, actor=director)
    page = new_page(viewport=LAPTOP)
    log_in(page, "cashier", next_path=f"/t/{tournament.pk}/")
    expect(page.locator("[data-clock-root]")).to_be_visible()
    expect(page.get_by_role("button", name="Pause")).to_have_count(0)
    page.keyboard.press("Space")  # the console's key for pause: nothing to press
    expect(page.locator("#clock-controls .error")).to_have_count(0)
    page.goto(f"{live_server.url}/t/{tournament.pk}/log/")
    expect(page.get_by_text("Late Lou").first).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
