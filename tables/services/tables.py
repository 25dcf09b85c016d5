"""The room's tables made available to one tournament, and their seats."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tables.models import Move, Table
from tables.services.buttons import button_tap
from tables.services.plans import Applied, moves_caused_by, plan_and_apply, still_wanted
from tables.services.seating import seat_waiting_list, seated_payload
from tournament.models import AuditEvent, Entry, Tournament
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament

#: More tables than this at once are asked to be confirmed by the screen first.
CONFIRM_TABLES_OVER = 20


def _table(tournament, number: int) -> Table:
    table = Table.objects.filter(tournament=tournament, number=number).first()
    if table is None:
        raise ServiceError(_("There is no table %(number)s.") % {"number": number})
    return table


@transaction.atomic
def tables_add(*, actor: Actor, tournament_id: int, count: int, capacity: int | None = None,
               first_number: int | None = None) -> AuditEvent:
    """Add ``count`` tables numbered on from the highest (or from ``first_number``).

    House rule 9-B: the break order is predetermined; by default the highest
    number breaks first, so the break order follows the table number. Players
    on the waiting list take the new seats (in the payload under ``seated``).
    """
    tournament = lock_tournament(tournament_id)
    capacity = capacity or tournament.seats_per_table
    if not 1 <= count <= 5000:
        raise ServiceError(_("Add between 1 and 5000 tables at once."), field="count")
    if not 2 <= capacity <= 12:
        raise ServiceError(_("Tables seat between 2 and 12 players."), field="capacity")
    if first_number is not None and not 1 <= first_number <= 100_000:
        raise ServiceError(_("Table numbers go from 1 to 100000."), field="first_number")
    existing = Table.objects.filter(tournament=tournament)
    start = first_number or (existing.aggregate(m=Max("number"))["m"] or 0) + 1
    numbers = list(range(start, start + count))
    if existing.filter(number__in=numbers).exists():
        raise ServiceError(_("Some of those table numbers are taken already."), field="first_number")
    # Break orders stay unique: a number another table's order took moves above them all.
    orders = set(existing.values_list("break_order", flat=True))
    spare = iter(range(max(orders | set(numbers)) + 1, 10**9))
    Table.objects.bulk_create(
        Table(tournament=tournament, number=n, capacity=capacity,
              break_order=n if n not in orders else next(spare)) for n in numbers
    )
    seated = seat_waiting_list(tournament=tournament)
    payload = {"numbers": numbers, "capacity": capacity,
               "seated": seated_payload(seated) if seated else None}
    applied = None
    if tournament.status == Tournament.Status.RUNNING:
        applied = _balance_new_tables(tournament, numbers, seated=bool(seated))
        if applied is not None:
            payload["plan"] = applied.summary()
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLES_ADDED,
                   payload=payload)
    if applied is not None:
        moves_caused_by(tournament=tournament, cause=event, moves=applied.made)
    return event


def _balance_new_tables(tournament: Tournament, numbers: list[int], *,
                        seated: bool) -> Applied | None:
    """Play runs: no hand has been dealt at a new table, so its button is never asked
    for (``Table.fresh``); when alternates took its seats it gets its share at once
    (house 9-C), as a late registration's table does."""
    Table.objects.filter(tournament=tournament, number__in=numbers).update(fresh=True)
    if not seated:
        return None
    return plan_and_apply(tournament=tournament, cause=None, ask_buttons=True)


@transaction.atomic
def tables_remove(*, actor: Actor, tournament_id: int, numbers: list[int]) -> AuditEvent:
    """Take empty tables out of the room (a table added by mistake).

    A table with no history is deleted; one that moves refer to stays on
    record, broken. Refused for a table where someone sits.
    """
    tournament = lock_tournament(tournament_id)
    if not numbers or len(numbers) > 5000:
        raise ServiceError(_("Choose the tables to remove."), field="numbers")
    tables = list(Table.objects.filter(tournament=tournament, number__in=numbers))
    missing = sorted(set(numbers) - {t.number for t in tables})
    if missing:
        raise ServiceError(_("There is no table %(number)s.") % {"number": missing[0]})
    busy = sorted(set(Entry.objects.filter(table__in=tables, status=Entry.Status.SEATED)
                      .values_list("table__number", flat=True)))
    if busy:
        raise ServiceError(_("Table %(number)s is not empty: players sit there.")
                           % {"number": busy[0]})
    arriving = sorted(set(Move.objects.filter(tournament=tournament, status=Move.Status.PENDING,
                                              to_table__in=tables)
                          .values_list("to_table__number", flat=True)))
    if arriving:
        raise ServiceError(_("Players are moving to table %(number)s: it is not empty.")
                           % {"number": arriving[0]})
    with_history = set(Move.objects.filter(tournament=tournament).filter(
        from_table__in=tables).values_list("from_table_id", flat=True)) | set(
        Move.objects.filter(tournament=tournament, to_table__in=tables)
        .values_list("to_table_id", flat=True)) | set(
        Entry.objects.filter(table__in=tables).values_list("table_id", flat=True))
    kept = [t for t in tables if t.pk in with_history]
    deleted = [t for t in tables if t.pk not in with_history]
    payload = {
        "deleted": [{"number": t.number, "capacity": t.capacity, "break_order": t.break_order,
                     "button": t.button, "blocked_seats": t.blocked_seats,
                     "accessible_seats": t.accessible_seats} for t in deleted],
        "closed": [{"number": t.number, "status": t.status} for t in kept],
    }
    Table.objects.filter(pk__in=[t.pk for t in deleted]).delete()
    Table.objects.filter(pk__in=[t.pk for t in kept]).update(status=Table.Status.BROKEN,
                                                             halted=False)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLES_REMOVED, payload=payload)


def tables_restore(*, tournament, removed: dict) -> list[int]:
    """Undo ``tables_remove`` (its payload): the tables are back as they were."""
    numbers = [row["number"] for row in removed.get("deleted", [])]
    if Table.objects.filter(tournament=tournament, number__in=numbers).exists():
        raise ServiceError(_("A table with one of those numbers exists again."))
    Table.objects.bulk_create(Table(tournament=tournament, **row) for row in removed["deleted"])
    for row in removed.get("closed", []):
        Table.objects.filter(tournament=tournament, number=row["number"]).update(
            status=row["status"])
    return numbers + [row["number"] for row in removed.get("closed", [])]


@transaction.atomic
def table_set_button(*, actor: Actor, tournament_id: int, table_number: int,
                     seat: int | None) -> AuditEvent:
    """Staff record where the button is (or forget it with None), with its age.

    A balance waiting for the buttons (``tables.services.plans``) runs once
    the last table asked for has its button.
    """
    tournament = lock_tournament(tournament_id)
    table = _table(tournament, table_number)
    before, wanted = table.button, table.button_wanted
    button_tap(table, seat, tournament=tournament)
    payload = {"table": table.number, "before": before, "after": seat}
    applied = None
    if wanted and seat is not None and not still_wanted(tournament):
        applied = plan_and_apply(tournament=tournament, cause=None, ask_buttons=True)
        payload["plan"] = applied.summary()
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLE_BUTTON_SET,
                   payload=payload)
    if applied is not None:
        moves_caused_by(tournament=tournament, cause=event, moves=applied.made)
    return event


@transaction.atomic
def table_set_break_order(*, actor: Actor, tournament_id: int, table_number: int,
                          order: int) -> AuditEvent:
    """House rule 9-B: the director sets the predetermined order (higher breaks first).

    Two tables cannot share a break order: the posted order must say which breaks first.
    """
    tournament = lock_tournament(tournament_id)
    table = _table(tournament, table_number)
    if not -100_000 <= order <= 100_000:
        raise ServiceError(_("The break order goes from -100000 to 100000."), field="break_order")
    other = Table.objects.filter(tournament=tournament, break_order=order).exclude(
        pk=table.pk).first()
    if other is not None:
        raise ServiceError(_("Table %(number)s has break order %(order)s already.")
                           % {"number": other.number, "order": order}, field="break_order")
    before = table.break_order
    table.break_order = order
    table.save(update_fields=["break_order"])
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLE_BREAK_ORDER_SET,
                  payload={"table": table.number, "before": before, "after": order})


@transaction.atomic
def table_set_seats(*, actor: Actor, tournament_id: int, table_number: int,
                    blocked: list[int], accessible: list[int]) -> AuditEvent:
    """House rule 8 / TDA 2024 9: block seats (a broken chair, a camera position) and
    mark accessible seats. The draw, balancing and breaking never use a blocked
    seat; a player who needs an accessible seat is moved only to another one.

    Refused when a player sits in a seat to block: move them first.
    """
    tournament = lock_tournament(tournament_id)
    table = _table(tournament, table_number)
    blocked, accessible = sorted(set(blocked)), sorted(set(accessible))
    for seat in blocked + accessible:
        if not 1 <= seat <= table.capacity:
            raise ServiceError(_("Table %(number)s has seats 1 to %(capacity)s.")
                               % {"number": table.number, "capacity": table.capacity})
    if set(blocked) & set(accessible):
        raise ServiceError(_("A seat cannot be both blocked and accessible."))
    if len(blocked) > table.capacity - 2:
        raise ServiceError(_("A table needs at least two seats that are not blocked."))
    sitting = Entry.objects.filter(table=table, seat__in=blocked, status=Entry.Status.SEATED
                                   ).values_list("seat", flat=True).first()
    if sitting is not None:
        raise ServiceError(_("Someone sits in seat %(seat)s: move them before blocking it.")
                           % {"seat": sitting})
    arriving = Move.objects.filter(to_table=table, to_seat__in=blocked,
                                   status=Move.Status.PENDING).values_list("to_seat",
                                                                           flat=True).first()
    if arriving is not None:
        raise ServiceError(_("A player is moving to seat %(seat)s: seat them, or move them "
                             "elsewhere, before blocking it.") % {"seat": arriving})
    before = {"blocked": table.blocked_seats, "accessible": table.accessible_seats}
    table.blocked_seats, table.accessible_seats = blocked, accessible
    table.save(update_fields=["blocked_seats", "accessible_seats"])
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLE_SEATS_SET,
                  payload={"table": table.number, "before": before,
                           "after": {"blocked": blocked, "accessible": accessible}})


SEAT_MARKS = ("normal", "blocked", "accessible")


@transaction.atomic
def table_mark_seat(*, actor: Actor, tournament_id: int, table_number: int, seat: int,
                    mark: str) -> AuditEvent:
    """One seat tapped in the floor's seat editor: blocked, accessible or normal again.

    The table's other marks are read under the tournament's lock, so two
    directors marking seats at once both keep their change; the write and its
    audit event are ``table_set_seats``'s (undone like any other).
    """
    if mark not in SEAT_MARKS:
        raise ServiceError(_("Mark a seat blocked, accessible or normal."), field="mark")
    tournament = lock_tournament(tournament_id)
    table = _table(tournament, table_number)
    blocked = [s for s in table.blocked_seats or () if s != seat]
    accessible = [s for s in table.accessible_seats or () if s != seat]
    if mark == "blocked":
        blocked.append(seat)
    elif mark == "accessible":
        accessible.append(seat)
    return table_set_seats(actor=actor, tournament_id=tournament.pk, table_number=table.number,
                           blocked=blocked, accessible=accessible)
