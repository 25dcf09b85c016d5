"""Screenshots of a player's own page in each state, on a phone (390x844), in English and Chinese.

    .venv/bin/python bench/player_page_screens.py [--out docs/screenshots/player-page]

Starts a demo site on a throwaway SQLite file (the embedded default, served by
Django's threaded server), puts players into each state through the services
(registered before the draw, waiting in line, seated, moved, out with a prize,
bagged with a Day 2 seat, and seated on Day 2), then opens each player's page
(its signed link, as the QR on their card) in the system Chromium and saves
``<state>-<language>.png``. Prints each file with its size. The alternate
line's states (in line, called) belong to the branch that builds the line and
are not shot here.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import sys
import threading
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings_test")

from _django import ROOT, setup_django  # noqa: E402

setup_django()

from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from tables.models import Move, Table  # noqa: E402
from tables.services import busts, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Entry  # noqa: E402
from tournament.player_links import player_page_path  # noqa: E402
from tournament.selectors.money import prizes_due  # noqa: E402
from tournament.services.clock import clock_start  # noqa: E402
from tournament.services.counts import table_counts_enter  # noqa: E402
from tournament.services.days import day_end, day_seal  # noqa: E402
from tournament.services.events import day2_create, event_create, event_flight_add  # noqa: E402
from tournament.services.registration import (  # noqa: E402
    entries_import,
    entry_register,
    seats_draw,
)
from tournament.services.tournaments import tournament_create  # noqa: E402

PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "zh-hans": "zh-CN"}
NAMES = ["Ana Ruiz", "Bo Chen", "陈伟", "Dara Kim", "Eli Novak", "Femi Ade", "Gus Li", "Hana Sato",
         "Ivo Petrov", "Jade Wu", "Kai Berg", "Lea Roth", "Max Ortiz", "Nia Obi", "Omar Haddad",
         "Pia Lund", "Quinn Tate", "Rui Costa", "Sam Hale", "Tia Moss"]


def make(name: str, **values):
    return tournament_create(actor=None, values={
        "name": name, "seats_per_table": 6, "final_table_size": 6, "buy_in": 1000,
        "chip_set": [25, 100, 500, 1000, 5000]} | values, levels=template_levels("regular"))


def states() -> dict[str, Entry]:
    """One entry in each state of the page, made through the services."""
    rng = random.Random(7)
    found: dict[str, Entry] = {}

    planned = make("Sunday Deepstack")
    tables_add(actor=None, tournament_id=planned.pk, count=2)
    [first] = entries_import(actor=None, tournament_id=planned.pk, names=["Ana Ruiz"])
    found["registered"] = Entry.objects.get(pk=first)

    main = make("Spring Classic · Event 4")
    tables_add(actor=None, tournament_id=main.pk, count=3)
    for name in NAMES[:14]:
        entry_register(actor=None, tournament_id=main.pk, player_name=name, rng=rng)
    clock_start(tournament_id=main.pk, actor=None)  # the start balances: players move
    move = Move.objects.filter(tournament=main, status="pending").order_by("id").first()
    found["moved"] = move.entry
    for name in NAMES[14:20]:
        entry_register(actor=None, tournament_id=main.pk, player_name=name, rng=rng)
    waiting = list(Entry.objects.filter(tournament=main, status="waiting")
                   .order_by("waiting_since", "number"))
    found["waiting"] = waiting[-1]
    seated = Entry.objects.filter(tournament=main, status="seated").exclude(
        moves__status="pending").order_by("number").first()
    table = seated.table
    table_counts_enter(actor=None, tournament_id=main.pk, table_number=table.number,
                       counts={e.pk: 18_500 + 250 * e.seat for e in
                               Entry.objects.filter(table=table, status="seated")})
    found["seated"] = Entry.objects.get(pk=seated.pk)

    paid = make("Turbo 500")
    tables_add(actor=None, tournament_id=paid.pk, count=2)
    entries_import(actor=None, tournament_id=paid.pk, names=NAMES[:12])
    seats_draw(actor=None, tournament_id=paid.pk, rng=rng)
    clock_start(tournament_id=paid.pk, actor=None)
    while True:  # down to the first place the prize pool pays
        victim = Entry.objects.filter(tournament=paid, status="seated").order_by("-number").first()
        busts.entry_bust(actor=None, tournament_id=paid.pk, entry_id=victim.pk, rng=rng)
        if victim.pk in prizes_due(paid):
            found["out"] = victim
            break

    event = event_create(actor=None, name="Main Event")
    day1 = make("Main Event · Day 1A")
    event_flight_add(actor=None, event_id=event.pk, tournament_id=day1.pk)
    tables_add(actor=None, tournament_id=day1.pk, count=2)
    entries_import(actor=None, tournament_id=day1.pk, names=NAMES[:12])
    seats_draw(actor=None, tournament_id=day1.pk, rng=rng)
    clock_start(tournament_id=day1.pk, actor=None)
    day_end(actor=None, tournament_id=day1.pk)
    for table in Table.objects.filter(tournament=day1, status="open"):
        players = list(Entry.objects.filter(table=table, status="seated"))
        table_counts_enter(actor=None, tournament_id=day1.pk, table_number=table.number,
                           counts={e.pk: 21_000 + 1_375 * e.number for e in players},
                           bags={e.pk: f"A{e.number:03d}" for e in players})
    day_seal(actor=None, tournament_id=day1.pk)
    day2 = day2_create(actor=None, event_id=event.pk, rng=rng)
    bagged = Entry.objects.filter(tournament=day1).order_by("number")[2]
    found["bagged-day2-seat"] = bagged
    found["day2-seated"] = Entry.objects.get(tournament=day2, carried_from__from_entry=bagged)
    return found


def serve() -> str:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = ThreadedWSGIServer(("127.0.0.1", port), WSGIRequestHandler)
    server.set_app(get_wsgi_application())
    WSGIRequestHandler.log_message = lambda *args: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{port}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots" / "player-page"))
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    entries = states()
    base = serve()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        for language, locale in LOCALES.items():
            context = browser.new_context(viewport=PHONE, locale=locale,
                                          extra_http_headers={"Accept-Language": language})
            page = context.new_page()
            for state, entry in entries.items():
                page.goto(base + player_page_path(tournament_id=entry.tournament_id,
                                                  entry_id=entry.pk))
                page.wait_for_selector("#player-me")
                page.wait_for_timeout(1500)  # the clock settles (its first tick, its flash)
                path = out / f"{state}-{language}.png"
                page.screenshot(path=str(path))
                print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                      f"{path.stat().st_size // 1024} KB")
            context.close()
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
