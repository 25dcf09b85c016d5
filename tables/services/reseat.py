"""Seating a live player who has no seat: a bust undone, an alternate, a re-entry
made while every seat was taken (house rules 6-7 / TDA 2024 7-8).

A player who never busted is never left waiting: they get their own seat
when it is free, otherwise a free seat by the seating rule; with every seat
taken, the table with the fewest players takes them one over its size
(``Table.extra_seat``) until the next balance or break, and the floor is told.
``extra_seats_release`` gives the seat back at that balance or break.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from tables.models import Move, Table
from tables.services.seating import seat_entries
from tournament.models import AuditEvent, Entry, Tournament
from tournament.runtime.broker import seat_notice_on_commit
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.push import seated_push_on_commit

MAX_CAPACITY = 12  # the table_capacity_range constraint


@dataclass(frozen=True)
class Placed:
    """Where a player without a seat sits now; ``extra``: one over the table's size."""

    table: Table
    seat: int
    own_seat: bool = False
    extra: bool = False

    def notice(self, name: str) -> str:
        """What the floor is told about a seat one over the table's size, else ""."""
        if not self.extra:
            return ""
        return str(_("Every seat is taken: %(name)s plays at table %(table)s seat %(seat)s, one "
                     "over the table's size until the next balance or break.")
                   % {"name": name, "table": self.table.number, "seat": self.seat})


def own_seat_free(tournament: Tournament, table_number: int | None, seat: int | None
                  ) -> Table | None:
    """The player's old table when their seat there is open and in play, else None."""
    if table_number is None or seat is None:
        return None
    table = Table.objects.filter(tournament=tournament, number=table_number,
                                 status=Table.Status.OPEN).first()
    if (table is None or not 1 <= seat <= table.capacity or seat in (table.blocked_seats or [])
            or Entry.objects.filter(table=table, seat=seat,
                                    status=Entry.Status.SEATED).exists()):
        return None
    return table


def open_extra_seat(tournament: Tournament) -> Table | None:
    """Every seat taken: the open table with the fewest players (highest number on a
    tie) gets one seat over its size; None when no table can grow."""
    table = (Table.objects.filter(tournament=tournament, status=Table.Status.OPEN,
                                  extra_seat__isnull=True, capacity__lt=MAX_CAPACITY)
             .annotate(n=Count("entries", filter=Q(entries__status=Entry.Status.SEATED)))
             .filter(n__gt=0).order_by("n", "-number").first())
    if table is None:
        return None
    table.capacity += 1
    table.extra_seat = table.capacity
    table.save(update_fields=["capacity", "extra_seat"])
    return table


def place_without_seat(tournament: Tournament, entry: Entry, *, table_number: int | None = None,
                       seat: int | None = None, rng: random.Random | None = None
                       ) -> Placed | None:
    """Seat a live player who has none and write it: their own seat (``table_number``,
    ``seat``) when free, else a drawn seat, else one over a table's size. None only
    when no table is in play. The caller audits."""
    own = own_seat_free(tournament, table_number, seat)
    if own is None and seat_entries(tournament=tournament, entries_ids=[entry.pk], rng=rng):
        # Drawn as any newcomer is (house 6-7: an accessible seat when needed, not
        # between the small blind and the button while another seat is open).
        entry.refresh_from_db(fields=["status", "table", "seat", "wait_for_button",
                                      "waiting_since"])
        return Placed(entry.table, entry.seat)
    if own is not None:
        placed = Placed(own, seat, own_seat=True)
    elif table := open_extra_seat(tournament):
        placed = Placed(table, table.extra_seat, extra=True)
    else:
        return None
    entry.status, entry.table, entry.seat = Entry.Status.SEATED, placed.table, placed.seat
    entry.wait_for_button, entry.waiting_since = False, None
    entry.save(update_fields=["status", "table", "seat", "wait_for_button", "waiting_since"])
    seated_push_on_commit({entry.pk: (placed.table.number, placed.seat)})
    return placed


def extra_seats_release(tournament: Tournament) -> list[tuple[int, int]]:
    """The balance or break after a table took a player over its size: the extra seat
    goes. Its player, if still there, moves to the seat the table has free again (a
    pending move); a table that broke just shrinks back. Returns (move, entry) pairs
    to notify. Two queries when no table plays over its size."""
    tables = list(Table.objects.filter(tournament=tournament, extra_seat__isnull=False))
    if not tables:
        return []
    told = []
    for table in tables:
        seated = dict(Entry.objects.filter(table=table, status=Entry.Status.SEATED)
                      .values_list("seat", "pk"))
        arriving = {m.to_seat: m for m in Move.objects.filter(to_table=table,
                                                               status=Move.Status.PENDING)}
        extra = table.extra_seat
        free = [s for s in range(1, extra) if s not in seated and s not in arriving
                and s not in (table.blocked_seats or [])]
        if table.status == Table.Status.OPEN and extra in seated:
            if not free:
                continue  # still over its size: the next balance or break
            entry_id = seated[extra]
            Entry.objects.filter(pk=entry_id).update(seat=free[0])
            if (move := arriving.get(extra)) is not None:
                # On the way to the extra seat: one pending move per player, now to this seat.
                move.to_seat = free[0]
                move.save(update_fields=["to_seat"])
            else:
                move = Move.objects.create(
                    tournament=tournament, entry_id=entry_id, from_table=table,
                    from_seat=extra, to_table=table, to_seat=free[0],
                    reason=Move.Reason.MANUAL, created_at=now())
            told.append((move.pk, entry_id))
        table.capacity, table.extra_seat = extra - 1, None
        if table.button is not None and table.button > table.capacity:
            table.button = None
        table.save(update_fields=["capacity", "extra_seat", "button"])
    return told


@transaction.atomic
def entry_seat(*, actor: Actor, tournament_id: int, entry_id: int,
               rng: random.Random | None = None) -> AuditEvent:
    """The floor seats one live player who has no seat (an alternate, a re-entry
    made while every seat was taken): a free seat by the seating rule, else one
    over the size of the table with the fewest players."""
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status == Entry.Status.SEATED:
        raise ServiceError(_("%(name)s is seated already.") % {"name": entry.player.name})
    if entry.status != Entry.Status.WAITING:
        raise ServiceError(_("%(name)s is not in the tournament.") % {"name": entry.player.name})
    placed = place_without_seat(tournament, entry, rng=rng)
    if placed is None:
        raise ServiceError(_("No table is in play: add a table first."))
    if entry.player.email and (placed.own_seat or placed.extra):
        seat_notice_on_commit(entry.pk)  # a drawn seat's notice went with seat_entries
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_SEATED, payload={
        "entry": entry.pk, "number": entry.number, "name": entry.player.name,
        "table": placed.table.number, "seat": placed.seat, "extra": placed.extra,
        "notice": placed.notice(entry.player.name)})
