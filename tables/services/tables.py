"""The room's tables made available to one tournament."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tables.models import Table
from tournament.services.audit import record
from tournament.services.base import ServiceError, lock_tournament


@transaction.atomic
def tables_add(*, actor, tournament_id: int, count: int, capacity: int | None = None,
               first_number: int | None = None) -> list[Table]:
    """Add ``count`` tables numbered on from the highest (or from ``first_number``).

    House rule 9-B: the break order is predetermined; by default the highest
    number breaks first, so the break order follows the table number.
    """
    tournament = lock_tournament(tournament_id)
    capacity = capacity or tournament.seats_per_table
    if not 1 <= count <= 5000:
        raise ServiceError(_("Add between 1 and 5000 tables at once."), field="count")
    if not 2 <= capacity <= 12:
        raise ServiceError(_("Tables seat between 2 and 12 players."), field="capacity")
    existing = Table.objects.filter(tournament=tournament)
    start = first_number or (existing.aggregate(m=Max("number"))["m"] or 0) + 1
    numbers = list(range(start, start + count))
    if existing.filter(number__in=numbers).exists():
        raise ServiceError(_("Some of those table numbers are taken already."), field="first_number")
    tables = Table.objects.bulk_create(
        Table(tournament=tournament, number=n, capacity=capacity, break_order=n) for n in numbers
    )
    record(tournament=tournament, actor=actor, kind="tables_added",
           payload={"numbers": numbers, "capacity": capacity})
    return tables


@transaction.atomic
def table_set_button(*, actor, tournament_id: int, table_number: int, seat: int | None) -> Table:
    """Staff record where the button is (or forget it with None)."""
    tournament = lock_tournament(tournament_id)
    table = Table.objects.filter(tournament=tournament, number=table_number).first()
    if table is None:
        raise ServiceError(_("There is no table %(number)s.") % {"number": table_number})
    if seat is not None and not 1 <= seat <= table.capacity:
        raise ServiceError(_("Table %(number)s has seats 1 to %(capacity)s.")
                           % {"number": table.number, "capacity": table.capacity}, field="seat")
    before = table.button
    table.button = seat
    table.save(update_fields=["button"])
    record(tournament=tournament, actor=actor, kind="table_button_set",
           payload={"table": table.number, "before": before, "after": seat})
    return table


@transaction.atomic
def table_set_break_order(*, actor, tournament_id: int, table_number: int, order: int) -> Table:
    """House rule 9-B: the director sets the predetermined order (higher breaks first)."""
    tournament = lock_tournament(tournament_id)
    table = Table.objects.filter(tournament=tournament, number=table_number).first()
    if table is None:
        raise ServiceError(_("There is no table %(number)s.") % {"number": table_number})
    before = table.break_order
    table.break_order = order
    table.save(update_fields=["break_order"])
    record(tournament=tournament, actor=actor, kind="table_break_order_set",
           payload={"table": table.number, "before": before, "after": order})
    return table
