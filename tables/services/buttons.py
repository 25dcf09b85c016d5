"""The buttons the floor has tapped: a tap recorded with its level (``button_tap``), and
hand-for-hand moving them on (house rules 30 / TDA 2024 32). A button's age is read
with the room (``state.age_of``); the balance that waits for the buttons it needs is
the plan's (``plans.py``, house rule 9C / TDA 2024 11).
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from tables.models import Table
from tables.services.state import age_of, current_level
from tournament.models import Entry, Tournament
from tournament.rulebook.button import current_positions, next_hand
from tournament.services.base import ServiceError, now


def button_record(table: Table, seat: int | None, *, tournament: Tournament,
                  at: datetime, level: int | None, field: str = "seat") -> None:
    """Write a tapped button (or forget it) with its age; the caller audits.

    ``field``: the argument a refused seat is reported on (``seat`` when the
    button is the action, ``button`` when it comes with a bust or a move).
    """
    if seat is not None and not 1 <= seat <= table.capacity:
        raise ServiceError(_("Table %(number)s has seats 1 to %(capacity)s.")
                           % {"number": table.number, "capacity": table.capacity}, field=field)
    table.button = seat
    table.button_set_at = at if seat is not None else None
    table.button_set_level = level if seat is not None else None
    table.small_blind = table.big_blind = None
    if seat is not None:
        # The blinds of the hand the button was seen in: a player who busts
        # in that hand still counts for the dead-button rule at the next hand.
        occupied = set(Entry.objects.filter(table=table, status=Entry.Status.SEATED,
                                            wait_for_button=False).values_list("seat", flat=True))
        if len(occupied) >= 2:
            positions = current_positions(occupied, button=seat, capacity=table.capacity)
            table.small_blind, table.big_blind = positions.small_blind, positions.big_blind
    table.button_wanted = False
    table.fresh = table.fresh and seat is None  # a button tapped: hands are dealt there
    table.save(update_fields=["button", "button_set_at", "button_set_level", "small_blind",
                              "big_blind", "button_wanted", "fresh"])



def button_tap(table: Table, seat: int | None, *, tournament: Tournament,
               at: datetime | None = None, field: str = "seat") -> None:
    """A button the floor tapped (or forgot, ``None``), recorded in the level played now;
    the caller audits. ``field``: as in ``button_record``."""
    at = at or now()
    button_record(table, seat, tournament=tournament, at=at, level=current_level(tournament, at),
                  field=field)


def buttons_advance(tournament: Tournament, at: datetime) -> list[list[int]]:
    """Hand-for-hand, next hand: every table's known button moves on by the
    dead-button rule (house 30 / TDA 2024 32, ``tournament.rulebook.button.next_hand``).

    Returns ``[table, button]`` pairs for the audit payload. A table with an
    unknown or stale button, or fewer than two players, is left alone. Four
    queries plus one update per table with a known button.
    """
    level = current_level(tournament, at)
    tables = [t for t in Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)
              if age_of(t, tournament, at, level).known]
    occupied: dict[int, set[int]] = {t.pk: set() for t in tables}
    for table_id, seat in Entry.objects.filter(
            tournament=tournament, status=Entry.Status.SEATED, table__in=tables,
            wait_for_button=False).values_list("table_id", "seat"):
        occupied[table_id].add(seat)
    moved = []
    for table in tables:
        if len(occupied[table.pk]) < 2:
            continue
        positions = next_hand(occupied[table.pk], button=table.button,
                              previous_big_blind=table.big_blind,
                              previous_small_blind=table.small_blind, capacity=table.capacity)
        table.button, table.small_blind, table.big_blind = (
            positions.button, positions.small_blind, positions.big_blind)
        table.button_set_at, table.button_set_level = at, level
        table.save(update_fields=["button", "small_blind", "big_blind", "button_set_at",
                                  "button_set_level"])
        moved.append([table.number, positions.button])
    return moved
