"""The TV in each state a room sees, at 1080p and at 4K, with screenshots to look at.

Running (with recent moves after a table break), break, hand-for-hand, finished,
a scheduled start, and the three layouts. Readable from 10 m means big type in
proportion to the screen, and nothing running off its bottom.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HD = {"width": 1920, "height": 1080}
UHD = {"width": 3840, "height": 2160}
NAMES = ["Daniel Negreanu", "Phil Ivey", "Vanessa Selbst", "Erik Seidel", "Jason Koon",
         "Maria Konnikova", "Fedor Holz", "Kristen Foxen", "Bryn Kenney", "Justin Bonomo",
         "Liv Boeree", "Adrian Mateos", "Stephen Chidwick", "Cary Katz", "Jake Schindler",
         "Mikita Badziakouski", "Isaac Haxton", "Nick Petrangelo", "Ali Imsirovic",
         "David Peters", "Sam Greenwood", "Alex Foxen", "Chance Kornuth", "Koray Aldemir",
         "Espen Jorstad"]


def _room(make_tournament, director, players: int, tables: int = 3, **values):
    from tables.services import tables_add
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register

    tournament = make_tournament(**values)
    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    rng = random.Random(7)
    for name in NAMES[:players]:
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    return tournament


def _bust(tournament, director, count: int):
    from tables.services.busts import entry_bust
    from tournament.models import Entry

    rng = random.Random(11)
    for _ in range(count):
        entry = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                 .order_by("table__number", "seat").first())
        entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk, rng=rng)


def _open_tv(new_page, live_server, tournament, viewport, query: str = "") -> Page:
    tv = new_page(viewport=viewport)
    tv.goto(f"{live_server.url}/t/{tournament.pk}/tv/{query}")
    # The wall clock is filled by the script: the screen is live.
    expect(tv.locator('[data-clock="wall"]')).not_to_be_empty()
    return tv


def _assert_fits(tv: Page, viewport) -> None:
    """Nothing runs off the screen: every visible element ends above its bottom."""
    overflow = tv.evaluate("""() => [...document.querySelectorAll('.tv-clock *')]
        .filter((el) => el.offsetParent !== null && el.getClientRects().length)
        .filter((el) => getComputedStyle(el).visibility !== 'hidden')
        .filter((el) => !el.closest('.sound-options'))
        .filter((el) => el.getBoundingClientRect().bottom > window.innerHeight + 1)
        .map((el) => el.className + ':' + el.textContent.trim().slice(0, 40))""")
    assert overflow == [], overflow
    # Nor is anything cut by the bottom panel: a section shows its title whole, or not at all.
    cut = tv.evaluate("""() => [...document.querySelectorAll('.tv-clock .columns > section')]
        .filter((s) => getComputedStyle(s).visibility !== 'hidden')
        .filter((s) => s.querySelector('h3').getBoundingClientRect().bottom >
                       s.closest('.columns').getBoundingClientRect().bottom + 1)
        .map((s) => s.className)""")
    assert cut == [], cut
    assert tv.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def _height(tv: Page, selector: str) -> float:
    box = tv.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["height"]


@pytest.mark.parametrize("viewport", [HD, UHD], ids=["1080p", "4k"])
def test_running_tv_reads_from_across_the_room_and_fits_the_moves(
    live_server, new_page, director, make_tournament, artifacts, viewport
):
    tournament = _room(make_tournament, director, players=25, late_reg_end_level=4,
                       scheduled_start=None)
    # Bust down to 18: the third table breaks and its players move.
    _bust(tournament, director, 7)
    from tournament.selectors.clock import clock_snapshot

    snapshot = clock_snapshot(tournament.pk)
    tv = _open_tv(new_page, live_server, tournament, viewport)
    expect(tv.locator('[data-clock="level-name"]')).to_have_text("Level 1")
    expect(tv.locator(".moves li")).to_have_count(len(snapshot["moves"]))
    if snapshot["moves_more"]:
        expect(tv.locator(".moves .more")).to_contain_text(f"+{snapshot['moves_more']} more")
    # The progress bar and the wall clock are there.
    expect(tv.locator('[data-clock="wall"]')).to_have_text(re.compile(r"\d\d:\d\d"))
    assert tv.locator('[data-clock="progress"]').bounding_box()["width"] > 0
    tv.screenshot(path=str(artifacts / f"tv-running-{viewport['height']}.png"))
    _assert_fits(tv, viewport)
    # Readable from 10 m: the countdown a quarter of the screen, blinds a tenth.
    h = viewport["height"]
    assert _height(tv, '.tv-level [data-clock="countdown"]') >= 0.2 * h
    assert _height(tv, '.tv-level [data-clock="blinds"]') >= 0.08 * h


def test_break_screen_shows_what_comes_next(live_server, new_page, director, make_tournament,
                                           artifacts):
    from tests.conftest import brk, play
    from tournament.services.clock import clock_next_level

    levels = (play(100, 200), brk(10, color_up=(25,)), play(200, 400, ante=400), play(300, 600),
              brk(10), play(400, 800))
    tournament = _room(make_tournament, director, players=12, levels=levels)
    clock_next_level(tournament_id=tournament.pk, actor=director)
    tv = _open_tv(new_page, live_server, tournament, HD)
    expect(tv.locator('[data-clock="level-name"]')).to_have_text("Break")
    # Not "Break / Break": the big line is the blinds after the break.
    expect(tv.locator('.tv-level [data-clock="blinds"]')).to_have_text("200 / 400")
    expect(tv.locator('.tv-level [data-clock="ante"]')).to_have_text("After the break: Level 2 · BB ante 400")
    expect(tv.locator('[data-clock="colour-up"]')).to_contain_text("25")
    # "Next break" is the break after this one, never the word Break.
    expect(tv.locator('[data-clock="to-break"]')).to_have_text(re.compile(r"^2\d:\d\d$"))
    assert "Next: Break" not in tv.locator(".tv-clock").inner_text()
    tv.screenshot(path=str(artifacts / "tv-break-1080.png"))
    _assert_fits(tv, HD)


@pytest.mark.parametrize("viewport", [HD, UHD], ids=["1080p", "4k"])
def test_hand_for_hand_is_a_full_width_banner(live_server, new_page, director, make_tournament,
                                              artifacts, viewport):
    from tables.services.floor import hand_for_hand_set
    from tournament.models import Entry
    from tournament.services.tournaments import tournament_announce

    tournament = _room(make_tournament, director, players=12)
    Entry.objects.filter(tournament=tournament, number__lte=5).update(chips=45_000)
    hand_for_hand_set(actor=director, tournament_id=tournament.pk, on=True)
    # The most crowded screen: an announcement too, and chip leaders.
    tournament_announce(actor=director, tournament_id=tournament.pk,
                        text="Two places from the money", minutes=None)
    tv = _open_tv(new_page, live_server, tournament, viewport)
    banner = tv.locator(".hand-for-hand")
    expect(banner).to_have_text("Hand-for-hand")
    box = banner.bounding_box()
    assert box["width"] >= 0.9 * viewport["width"], box
    assert box["height"] >= 0.05 * viewport["height"], box
    tv.screenshot(path=str(artifacts / f"tv-hand-for-hand-{viewport['height']}.png"))
    _assert_fits(tv, viewport)


@pytest.mark.parametrize("viewport", [HD, UHD], ids=["1080p", "4k"])
def test_finished_tv_shows_the_winner_and_stops_every_countdown(
    live_server, new_page, director, make_tournament, artifacts, viewport
):
    from tournament.models import Entry

    tournament = _room(make_tournament, director, players=8, tables=1, late_reg_end_level=4)
    _bust(tournament, director, 7)
    winner = Entry.objects.get(tournament=tournament, finish_place=1).player.name
    tv = _open_tv(new_page, live_server, tournament, viewport)
    panel = tv.locator(".finished-panel")
    expect(panel.locator("h2")).to_have_text("Finished")
    expect(panel.locator(".winner strong")).to_have_text(winner)
    expect(panel.locator(".top-places li")).to_have_count(4)  # places 2 to 5
    # No countdown anywhere: the level block and the late-registration figure are gone.
    expect(tv.locator('.tv-level [data-clock="countdown"]')).to_be_hidden()
    expect(tv.locator('[data-clock="late-reg"]')).to_be_hidden()
    expect(tv.locator('[data-clock="status"]')).to_have_text("")
    def counting() -> str:
        # Everything on the TV but the wall clock, which keeps the time of day (and may
        # pass a minute while the test waits).
        return tv.locator(".tv-clock").evaluate(
            "el => { const wall = el.querySelector('[data-clock=wall]');"
            " return el.innerText.replace(wall ? wall.innerText : '', ''); }")

    before = counting()
    tv.wait_for_timeout(1500)
    assert counting() == before, "something still counts"
    tv.screenshot(path=str(artifacts / f"tv-finished-{viewport['height']}.png"))
    _assert_fits(tv, viewport)


def test_scheduled_start_announcement_and_layouts(live_server, new_page, director,
                                                  make_tournament, artifacts):
    from datetime import timedelta

    from django.utils import timezone

    from tournament.services.tournaments import tournament_announce, tournament_update

    tournament = make_tournament()
    tournament_update(actor=director, tournament_id=tournament.pk,
                      values={"scheduled_start": timezone.now() + timedelta(minutes=30)})
    tournament_announce(actor=director, tournament_id=tournament.pk,
                        text="Dinner break vouchers at the cage", minutes=15)
    tv = _open_tv(new_page, live_server, tournament, HD)
    expect(tv.locator('[data-clock="starts-in"]')).to_have_text(re.compile(r"^(29:\d\d|30:00)$"))
    expect(tv.locator(".announcement-text")).to_have_text("Dinner break vouchers at the cage")
    expect(tv.locator('[data-clock="announce-left"]')).to_have_text(re.compile(r"^1[45]:\d\d$"))
    tv.screenshot(path=str(artifacts / "tv-scheduled-1080.png"))
    _assert_fits(tv, HD)

    compact = _open_tv(new_page, live_server, tournament, HD, "?layout=compact")
    compact.screenshot(path=str(artifacts / "tv-compact-1080.png"))
    _assert_fits(compact, HD)
    assert _height(compact, '.tv-level [data-clock="countdown"]') >= 0.27 * HD["height"]

    portrait_size = {"width": 1080, "height": 1920}
    portrait = _open_tv(new_page, live_server, tournament, portrait_size, "?layout=portrait")
    _assert_fits(portrait, portrait_size)
    assert _height(portrait, '.tv-level [data-clock="countdown"]') >= 0.12 * portrait_size["height"]
    portrait.screenshot(path=str(artifacts / "tv-portrait.png"))


def test_sound_choices_and_volume_are_kept_on_the_tv(live_server, new_page, tournament):
    tv = _open_tv(new_page, live_server, tournament, HD)
    tv.click(".sound-panel summary")
    tv.uncheck('[data-sound-option="minute"]')
    tv.fill('[data-sound-volume]', "30")
    tv.locator('[data-sound-volume]').dispatch_event("input")
    tv.reload()
    expect(tv.locator('[data-sound-option="minute"]')).not_to_be_checked()
    expect(tv.locator('[data-sound-option="level"]')).to_be_checked()
    expect(tv.locator('[data-sound-volume]')).to_have_value("30")


def test_won_amounts_fit_the_tv_payouts_grouped_by_thousands(live_server, new_page, director,
                                                            make_tournament, artifacts):
    """Issue 21 item 4: a ₩ event (3,000 × ₩1,000,000 to the pool, ₩3,000,000,000
    guaranteed, a 3,000,000,000-chip stack) on a 1080p TV: every figure grouped, none cut."""
    from tables.services import tables_add
    from tournament.domain.structures import template_levels
    from tournament.selectors.payouts import field_figures, payout_table
    from tournament.services.clock import clock_start
    from tournament.services.counts import table_counts_enter
    from tournament.services.registration import entries_import, seats_draw

    tournament = make_tournament(levels=template_levels("regular"), name="Seoul Millions",
                                 buy_in=1_000_000, fee=100_000, guarantee=3_000_000_000,
                                 starting_stack=1_500_000, payout_unit=10_000,
                                 scheduled_start=None)
    tables_add(actor=director, tournament_id=tournament.pk, count=334)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Kim Min-jun {n:04d}" for n in range(3_000)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(3))
    clock_start(tournament_id=tournament.pk, actor=director)
    at_one = list(tournament.entries.filter(table__number=1).order_by("seat"))
    table_counts_enter(actor=director, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 3_000_000_000 if i == 0 else 1_500_000
                               for i, e in enumerate(at_one)})
    amounts = [row["amount"] for row in payout_table(tournament, field_figures(tournament))]
    assert sum(amounts) == 3_000_000_000 and amounts[0] > 100_000_000  # nine digits

    tv = _open_tv(new_page, live_server, tournament, HD)
    payouts = tv.locator(".payouts")
    expect(payouts).to_contain_text(f"{amounts[0]:,}")
    expect(payouts).to_contain_text(f"{amounts[1]:,}")
    expect(tv.locator('[data-stat="prize-pool"]')).to_have_text("3,000,000,000")
    expect(tv.locator(".tv-clock")).to_contain_text("4,500,000,000")  # chips in play
    expect(tv.locator(".tv-clock")).to_contain_text("3,000,000,000")  # the chip leader
    tv.screenshot(path=str(artifacts / "tv-won-payouts-1080.png"))
    _assert_fits(tv, HD)
    # Each figure on one line: no taller than a line of its own type.
    wrapped = tv.evaluate("""() => [...document.querySelectorAll('.payouts li, .tv-clock .stats dd')]
        .filter((el) => el.offsetParent !== null && !el.hidden)
        .filter((el) => el.getBoundingClientRect().height >
                        1.6 * parseFloat(getComputedStyle(el).fontSize))
        .map((el) => el.textContent.trim())""")
    assert wrapped == [], wrapped
    expect(tv.locator('[data-stat="players"]')).to_have_text("3,000 / 3,000")
    # The six figures stay inside the screen's margins.
    assert tv.evaluate("""() => document.querySelector('.tv-clock .stats')
        .getBoundingClientRect().right <=
        document.querySelector('.tv-head').getBoundingClientRect().right + 1""")
