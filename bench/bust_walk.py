"""The walk of one bust through the floor's service modules.

Busts a player in a running tournament whose balance needs a button (the floor
tapped the bust's table's button with the bust), with a profiler on: prints how
many times the walk enters each service module of ``tables/services`` from
another module (``buttons.py`` and ``plans.py`` first; generator expressions and
lambdas are not counted as steps), and the order of the modules it passes through.
``-v`` lists each step.

    .venv/bin/python bench/bust_walk.py
"""

import random
import sys
from collections import Counter
from pathlib import Path

from _django import setup_django

setup_django()

from tables.models import Table  # noqa: E402
from tables.services import busts, tables_add  # noqa: E402
from tables.services.tables import table_set_button  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import Entry  # noqa: E402
from tournament.services.clock import clock_start  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

SERVICES = Path(busts.__file__).resolve().parent


def field():
    t = tournament_create(actor=None, values={"name": "walk", "seats_per_table": 9},
                          levels=template_levels("regular"))
    tables_add(actor=None, tournament_id=t.pk, count=4)
    entries_import(actor=None, tournament_id=t.pk, names=[f"P{i}" for i in range(30)])
    seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=None)
    for table in Table.objects.filter(tournament=t):
        seats = sorted(Entry.objects.filter(table=table).values_list("seat", flat=True))
        table_set_button(actor=None, tournament_id=t.pk, table_number=table.number,
                         seat=seats[0])
    return t


def main() -> None:
    t = field()
    # Bust two at the smallest table, so the balance moves a player from a big one.
    small = min(Table.objects.filter(tournament=t), key=lambda table: table.entries.count())
    victims = list(Entry.objects.filter(table=small).order_by("seat")[:2])
    busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victims[0].pk,
                     rng=random.Random(2))
    small.refresh_from_db()
    seats = sorted(Entry.objects.filter(table=small).values_list("seat", flat=True))
    entered: Counter[str] = Counter()
    path: list[str] = []
    stack: list[str] = []

    def profile(frame, event, _arg):
        if event not in ("call", "return"):
            return
        where = Path(frame.f_code.co_filename).resolve()
        # A generator or lambda runs where it was written, called from elsewhere: not a step.
        step = not frame.f_code.co_name.startswith("<")
        module = where.stem if where.parent == SERVICES and step else None
        if event == "call":
            if module and (not stack or stack[-1] != module):
                entered[module] += 1
                if "-v" in sys.argv:
                    print(f"  {stack[-1] if stack else ''} -> {module}.{frame.f_code.co_name}")
                if not path or path[-1] != module:
                    path.append(module)
            stack.append(module or (stack[-1] if stack else ""))
        elif stack:
            stack.pop()

    sys.setprofile(profile)
    busts.entry_bust(actor=None, tournament_id=t.pk, entry_id=victims[1].pk,
                     rng=random.Random(3), button=seats[1], expected_table=small.number,
                     expected_seat=victims[1].seat)
    sys.setprofile(None)
    print("one bust enters: " + ", ".join(
        f"{name} {count}" for name, count in entered.most_common()))
    print(f"buttons.py {entered['buttons']} times, plans.py {entered['plans']} times")
    print("path: " + " > ".join(path))


if __name__ == "__main__":
    main()
