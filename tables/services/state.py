"""Loading the room as the pure engines see it (its tables and seats, the level in play,
each button's age), and writing seats back."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, timedelta

from tables.domain.buttons import ButtonAge, button_age
from tables.domain.table import Table as SeatingTable
from tables.domain.table import break_rank
from tables.models import Table
from tournament.domain import clock as clock_domain
from tournament.models import Clock, Entry, Tournament
from tournament.services.base import clock_state, tournament_levels


def system_rng() -> random.Random:
    """The production random source: cryptographically strong (house rule 6)."""
    return random.SystemRandom()


def open_tables(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN))


def domain_tables(tables: Iterable[Table], tournament: Tournament) -> dict[int, SeatingTable]:
    """The open tables with who sits where, in two queries whatever the field size."""
    tables = list(tables)
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    rows = Entry.objects.filter(
        tournament=tournament, status=Entry.Status.SEATED, table__in=[t.pk for t in tables]
    ).values_list("table_id", "seat", "pk")
    for table_id, seat, entry_id in rows:
        seats[table_id][seat] = entry_id
    return {
        t.number: SeatingTable(
            number=t.number, capacity=t.capacity, seats=seats.get(t.pk, {}),
            button=t.button, break_order=t.break_order,
            blocked=frozenset(t.blocked_seats or ()) | _empty_extra_seat(t, seats.get(t.pk, {})),
            accessible=frozenset(t.accessible_seats or ()),
        )
        for t in tables
    }


def _empty_extra_seat(table: Table, seats: dict[int, int]) -> frozenset[int]:
    """A seat one over the table's size (``tables.services.reseat``) that its player has
    left: nobody is drawn, balanced or broken into it."""
    if table.extra_seat is None or table.extra_seat in seats:
        return frozenset()
    return frozenset({table.extra_seat})


def tables_in_play(by_number: dict[int, SeatingTable], players_after: int) -> list[SeatingTable]:
    """The tables new players may be seated at: the fewest that hold everyone.

    Occupied tables stay in play; empty ones join, last-to-break first, only as
    far as needed to hold ``players_after``.
    """
    occupied = [t for t in by_number.values() if t.count]
    spare = sorted((t for t in by_number.values() if not t.count), key=break_rank,
                   reverse=True)
    chosen = list(occupied)
    capacity = sum(t.usable for t in chosen)
    for table in spare:
        if capacity >= players_after:
            break
        chosen.append(table)
        capacity += table.usable
    return chosen


def write_seats(rows: Iterable[tuple[int, int | None, int | None, bool]], *,
                status: str = Entry.Status.SEATED) -> None:
    """Write (entry id, table id, seat, wait_for_button) for many entries at once.

    One prepared UPDATE run for every row (executemany): Django's bulk_update
    builds a CASE expression per batch, which is many times slower for a
    whole field's draw.
    """
    from django.db import connection

    table = connection.ops.quote_name(Entry._meta.db_table)
    params = [(status, table_id, seat, wait, entry_id) for entry_id, table_id, seat, wait in rows]
    if not params:
        return
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table} SET status = %s, table_id = %s, seat = %s, "  # noqa: S608 - fixed names
            f"wait_for_button = %s, waiting_since = NULL WHERE id = %s",
            params,
        )


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
