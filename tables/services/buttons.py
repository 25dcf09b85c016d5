"""The buttons the floor has tapped: their age, the balance that waits for them,
and hand-for-hand moving them on (house rules 9C and 30 / TDA 2024 11 and 32).

Balancing with the buttons: when a plan needs a balance move from or to a
table whose button is unknown (or stale), nothing moves yet; those tables are
marked ``button_wanted`` and the floor is asked to tap their button seats.
Once the last one is tapped the plan runs with every button it needs, so the
player due the big blind next moves into the worst seat. The floor may skip
the question (``tables_balance(random_ok=True)``): the move is then picked at
random and shown as such.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from tables.domain import balancing
from tables.domain.buttons import ButtonAge, button_age, tables_needing_button
from tables.domain.table import Table as SeatingTable
from tables.models import Table
from tournament.domain import clock as clock_domain
from tournament.models import Clock, Entry, Tournament
from tournament.rulebook.button import current_positions, next_hand
from tournament.services.base import ServiceError, clock_state, tournament_levels


def current_level(tournament: Tournament, at: datetime) -> int | None:
    """The level number played now (None before the start, or at a break)."""
    clock = Clock.objects.filter(tournament=tournament).first()
    levels = tournament_levels(tournament) if clock else []
    if not levels or not clock.started:
        return None
    reading = clock_domain.clock_at(levels, clock_state(clock).elapsed(at))
    return clock_domain.play_level_numbers(levels)[reading.level_index]


_READ = object()  # the level is read from the clock (two queries): for a page with one table


def age_of(table: Table, tournament: Tournament, at: datetime,
           level: int | None | object = _READ) -> ButtonAge:
    """The table's button as known at ``at``, in play level ``level``.

    A page or plan with many tables reads ``current_level`` once and passes it.
    """
    if level is _READ:
        level = current_level(tournament, at)
    return button_age(table.button, set_at=table.button_set_at, set_level=table.button_set_level,
                      now=at, fresh_for=timedelta(minutes=tournament.button_fresh_minutes),
                      level=level)


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


def forget_stale(by_number: dict[int, SeatingTable], rows: dict[int, Table],
                 tournament: Tournament, at: datetime, level: int | None
                 ) -> dict[int, SeatingTable]:
    """The domain tables with every stale button (too old, or from an earlier
    ``level``) taken as unknown."""
    out = {}
    for number, table in by_number.items():
        if table.button is not None and not age_of(rows[number], tournament, at, level).known:
            table = SeatingTable(number=table.number, capacity=table.capacity, seats=table.seats,
                                 button=None, break_order=table.break_order)
        out[number] = table
    return out


def ask_for_buttons(plan: balancing.Plan, by_number: dict[int, SeatingTable],
                    tournament: Tournament, no_hand_yet: frozenset[int] = frozenset(),
                    ) -> tuple[int, ...]:
    """Mark the tables whose button the plan needs (none when it needs none).

    ``no_hand_yet``: tables where no hand has been dealt (``Table.fresh``): there is
    no button to tap, and a player moved in takes a seat drawn at random.
    """
    known = {n for n, t in by_number.items() if t.button is not None} | set(no_hand_yet)
    wanted = tables_needing_button(plan, known)
    if wanted:
        Table.objects.filter(tournament=tournament, status=Table.Status.OPEN).exclude(
            number__in=wanted).update(button_wanted=False)
        Table.objects.filter(tournament=tournament, number__in=wanted).update(button_wanted=True)
    return wanted


def clear_asked(tournament: Tournament) -> None:
    Table.objects.filter(tournament=tournament, button_wanted=True).update(button_wanted=False)


def still_wanted(tournament: Tournament) -> bool:
    return Table.objects.filter(tournament=tournament, status=Table.Status.OPEN,
                                button_wanted=True).exists()


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
