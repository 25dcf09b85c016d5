"""Pages made for paper, printed to PDF by Chromium and read back page by page.

Each PDF is checked for its page size (A4, Letter, 80 mm), its number of pages
and what each page says; a screenshot in print media is kept to look at.
"""

from __future__ import annotations

import io
import random

import pytest
from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MM = 72 / 25.4  # PDF points per millimetre
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)
NAMES = ["Zoe Adams", "Yusuf Brown", "Xavier Chen", "Wendy Davis", "Victor Evans", "Uma Fischer",
         "Tom Garcia", "Sara Hughes", "Rui Ito", "Quinn Jones", "Pia Klein", "Omar Lopez",
         "Nina Moreau", "Mark Novak", "Lena Olsen", "Kai Park", "Jana Quist", "Ivan Rossi",
         "Hana Sato", "Gus Tanaka", "Fay Ulrich", "Eli Vargas", "Dora Weiss", "Cole Young",
         "Bea Zhou", "李娜", "周杰"]


def _pdf(page: Page, url: str):
    from pypdf import PdfReader

    page.goto(url)
    page.emulate_media(media="print")
    data = page.pdf(prefer_css_page_size=True, print_background=True)
    return PdfReader(io.BytesIO(data))


def _size(reader, index: int = 0) -> tuple[float, float]:
    box = reader.pages[index].mediabox
    return float(box.width), float(box.height)


def _close(size, expected, tolerance=2.0) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(size, expected, strict=True))


@pytest.fixture
def room(make_tournament, director):
    from tables.services import tables_add
    from tables.services.tables import table_set_button
    from tournament.services.registration import entry_rebuy, entry_register

    tournament = make_tournament(name="Sunday Deepstack", fee=20, rebuy_allowed=True,
                                 rebuy_amount=100, rebuy_chips=20000)
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    rng = random.Random(5)
    entries = [entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
               for name in NAMES]
    entry_rebuy(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    table_set_button(actor=director, tournament_id=tournament.pk, table_number=1, seat=3)
    return tournament


def test_table_sheets_print_one_table_per_a4_page(live_server, new_page, log_in, room, artifacts):
    from tables.models import Table
    from tournament.models import Entry

    page = new_page()
    log_in(page, "director", next_path=f"/t/{room.pk}/")
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/print/tables/?paper=a4")
    tables = list(Table.objects.filter(tournament=room).order_by("number"))
    assert len(reader.pages) == len(tables)
    assert _close(_size(reader), A4), _size(reader)
    for sheet, table in zip(reader.pages, tables, strict=True):
        text = sheet.extract_text()
        assert f"Table {table.number}" in text
        for entry in Entry.objects.filter(table=table, status=Entry.Status.SEATED).select_related("player"):
            assert entry.player.name in text, (table.number, entry.player.name)
    assert "Button" in reader.pages[0].extract_text()
    page.screenshot(path=str(artifacts / "print-table-sheets.png"))

    letter = _pdf(page, f"{live_server.url}/t/{room.pk}/print/tables/?paper=letter")
    assert _close(_size(letter), LETTER), _size(letter)
    assert len(letter.pages) == len(tables)


def test_wall_chart_is_alphabetical_in_columns(live_server, new_page, room, artifacts):
    page = new_page()
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/print/chart/")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for name in NAMES:
        assert name in text, name
    # Several columns: the first and the last name sit side by side, not one above the other.
    first = page.locator(".wall-list li").first.bounding_box()
    last = page.locator(".wall-list li").last.bounding_box()
    assert last["x"] > first["x"] + 100
    names = page.locator(".wall-list .name").all_inner_texts()
    assert names == sorted(names)
    page.screenshot(path=str(artifacts / "print-wall-chart.png"), full_page=True)


def test_payout_sheet(live_server, new_page, room, artifacts):
    page = new_page()
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/print/payouts/")
    text = reader.pages[0].extract_text()
    assert "Payouts" in text and "27 entries" in text
    assert "2,800" in text  # the prize pool: 27 buy-ins of 100 and a rebuy
    page.screenshot(path=str(artifacts / "print-payouts.png"), full_page=True)


def test_receipts_on_a_thermal_printer_and_on_a4(live_server, new_page, log_in, room, director,
                                                 artifacts):
    from tournament.models import Entry, Tournament

    page = new_page()
    log_in(page, "director", next_path=f"/t/{room.pk}/")
    first = Entry.objects.get(tournament=room, number=1)
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/print/receipt/1/")
    width, _height = _size(reader)
    assert abs(width - 80 * MM) <= 2, width
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "REBUY" in text and first.player.name in text and "Total paid 100" in text
    page.set_viewport_size({"width": 302, "height": 600})  # 80 mm at 96 dpi
    page.screenshot(path=str(artifacts / "print-receipt-80mm.png"), full_page=True)

    a4 = _pdf(page, f"{live_server.url}/t/{room.pk}/print/receipt/1/?paper=a4")
    assert _close(_size(a4), A4)

    # The payout receipt: finish the tournament's money places and print one (the prize
    # is the ledger's, issue 21: a stored copy is never read back).
    from tournament.selectors.money import prizes_due

    Tournament.objects.filter(pk=room.pk).update(status="finished")
    Entry.objects.filter(pk=first.pk).update(payout=1, finish_place=3)
    prize = prizes_due(Tournament.objects.get(pk=room.pk))[first.pk]
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/print/payout/1/")
    text = reader.pages[0].extract_text()
    assert f"{prize:,}" in text and "Player's signature" in text and "Cashier's signature" in text
    page.screenshot(path=str(artifacts / "print-payout-receipt-80mm.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 720})
    letter = _pdf(page, f"{live_server.url}/t/{room.pk}/print/payout/1/?paper=letter")
    assert _close(_size(letter), LETTER)


def test_cash_report_prints_by_method_and_cashier(live_server, new_page, log_in, room, artifacts):
    page = new_page()
    log_in(page, "director", next_path=f"/t/{room.pk}/")
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/cash/")
    text = "".join(p.extract_text() for p in reader.pages)
    assert "By payment method" in text and "By cashier" in text
    assert "2,700" in text  # 27 buy-ins of 100
    assert "540" in text  # 27 fees of 20
    page.screenshot(path=str(artifacts / "print-cash-report.png"), full_page=True)


def test_bag_slips_and_the_count_report_print_whole_on_a4(live_server, new_page, log_in, room,
                                                          director, floor_user, artifacts):
    from tournament.models import Entry
    from tournament.services.counts import table_counts_enter
    from tournament.services.days import day_end, day_seal

    day_end(actor=director, tournament_id=room.pk)
    bags = {}
    for table in room.tables.all():
        players = list(Entry.objects.filter(table=table, status="seated"))
        counts = {e.pk: 20000 + 250 * e.seat for e in players}
        names = {e.pk: f"B{table.number}{e.seat:02d}" for e in players}
        table_counts_enter(actor=floor_user, tournament_id=room.pk, table_number=table.number,
                           counts=counts, bags=names)
        bags |= {Entry.objects.get(pk=pk).player.name: bag for pk, bag in names.items()}
    day_seal(actor=director, tournament_id=room.pk)
    page = new_page()
    log_in(page, "director", next_path=f"/t/{room.pk}/")
    reader = _pdf(page, f"{live_server.url}/t/{room.pk}/bags/")
    assert _close(_size(reader), A4), _size(reader)
    texts = [p.extract_text() for p in reader.pages]
    # Every slip whole on one page: the player's name and bag number on the same sheet,
    # and no screen-only controls on paper.
    for name, bag in bags.items():
        assert any(name in t and bag in t for t in texts), (name, bag)
    assert not any("Print" in t for t in texts)
    assert len(reader.pages) <= len(bags) // 4 + 1
    page.screenshot(path=str(artifacts / "print-bag-slips.png"), full_page=True)
    report = _pdf(page, f"{live_server.url}/t/{room.pk}/bags/report/")
    text = " ".join(p.extract_text() for p in report.pages)
    assert all(name in text for name in bags) and "Table 3" in text
