"""The floor's side of ``tournament.floor_port``, connected by ``TablesConfig.ready()``.

Each function adapts one of the floor's services or selectors to what the
tournament asks of the room; the rules stay where they are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet

from tables.domain import seating
from tables.models import Move, Table
from tables.selectors import floor as selectors
from tables.services import reseat
from tables.services import seating as seating_services
from tables.services.plans import moves_caused_by, moves_withdraw, plan_and_apply
from tables.services.state import age_of as button_age
from tables.services.state import system_rng
from tables.services.tables import tables_add
from tables.services.undo import floor_undo_apply as undo_apply
from tables.services.undo import floor_undo_blockers as undo_blockers
from tournament.floor_port import Balanced, Closed, MoveNotice
from tournament.models import AuditEvent, Entry, Tournament

__all__ = ["balance", "button_age", "move_notice", "moves_cancel", "moves_caused_by",
           "moves_withdraw",
           "open_tables",
           "recent_moves", "room_close", "room_reopen", "seat_entries", "seat_extra", "seat_waiting_list",
           "tables_add", "tables_draw", "undo_apply", "undo_blockers"]

seat_entries = seating_services.seat_entries
recent_moves = selectors.recent_moves


def open_tables(tournament: Tournament) -> QuerySet[Table]:
    return Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)


def seat_waiting_list(*, tournament: Tournament, rng: random.Random | None = None,
                      limit: int | None = None) -> dict[str, Any] | None:
    seated = seating_services.seat_waiting_list(tournament=tournament, rng=rng, limit=limit)
    return seating_services.seated_payload(seated) if seated else None


def seat_extra(*, tournament: Tournament, entry: Entry) -> bool:
    return reseat.place_without_seat(tournament, entry) is not None


def tables_draw(*, tournament: Tournament, keys: Sequence[int],
                rng: random.Random | None = None) -> dict[int, tuple[Table, int]]:
    """House rule 6: counts as even as possible over the fewest tables, seats at random."""
    capacity = tournament.seats_per_table
    layout = seating.initial_layout(len(keys), capacity)
    tables = {t.number: t for t in Table.objects.bulk_create(
        Table(tournament=tournament, number=t.number, capacity=capacity, break_order=t.number)
        for t in layout)}
    draw = seating.seat_randomly(list(keys), layout, rng or system_rng())
    return {key: (tables[draw[key][0]], draw[key][1]) for key in keys}


def balance(*, tournament: Tournament, cause: AuditEvent | None,
            rng: random.Random | None = None, halt: bool = True,
            ask_buttons: bool = False, before_first_hand: bool = False) -> Balanced:
    applied = plan_and_apply(tournament=tournament, cause=cause, rng=rng, halt=halt,
                             ask_buttons=ask_buttons, before_first_hand=before_first_hand)
    return Balanced(changed=(not applied.plan.is_empty or applied.plan.halted
                             or bool(applied.buttons_wanted)),
                    summary=applied.summary(), moves=applied.made)


def move_notice(move_id: int) -> MoveNotice | None:
    move = Move.objects.select_related("from_table").filter(pk=move_id).first()
    if move is None:
        return None
    return MoveNotice(why=move.why, withdrawn=move.status == Move.Status.CANCELLED)


def moves_cancel(*, tournament: Tournament, entry: Entry | None = None) -> None:
    moves = Move.objects.filter(entry=entry) if entry else Move.objects.filter(
        tournament=tournament)
    moves.filter(status=Move.Status.PENDING).update(status=Move.Status.CANCELLED)


def room_close(*, tournament: Tournament) -> Closed:
    open_numbers = list(open_tables(tournament).values_list("number", flat=True))
    cancelled = list(Move.objects.filter(tournament=tournament, status=Move.Status.PENDING)
                     .values_list("pk", flat=True))
    Move.objects.filter(pk__in=cancelled).update(status=Move.Status.CANCELLED)
    Table.objects.filter(tournament=tournament).update(status=Table.Status.BROKEN, halted=False)
    return Closed(tables=open_numbers, moves_cancelled=cancelled)


def room_reopen(*, tournament: Tournament, tables: Sequence[int]) -> None:
    Table.objects.filter(tournament=tournament, number__in=list(tables)).update(
        status=Table.Status.OPEN)
