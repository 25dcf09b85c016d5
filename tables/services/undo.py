"""Undo of the floor's actions: what the room refuses, and each action's inverse.

``tournament.services.undo`` owns undo (who may undo what, the entries'
side, marking the event undone) and asks the floor through the port
(``tournament.floor_port``) for the room's side.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from tables.models import Move, Table
from tables.services import busts_undo, floor
from tables.services import tables as table_services
from tournament.models import AuditEvent, Entry, Tournament
from tournament.services.audit import record
from tournament.services.base import Actor

TABLE_KINDS = {"table_button_set", "table_break_order_set", "table_seats_set"}


def floor_undo_blockers(tournament: Tournament, events: Sequence[AuditEvent]) -> dict[int, str]:
    """Why the room refuses to undo these events now (a table closed, a seat taken,
    a table changed again); three queries at most, whatever the number of events."""
    numbers: set[int] = set()
    for e in events:
        p = e.payload
        if e.kind in TABLE_KINDS:
            numbers.add(p.get("table"))
        elif e.kind == "entry_moved" and p.get("from"):
            numbers.add(p["from"][0])
        elif e.kind == "tables_added":
            numbers.update(p.get("numbers", []))
        elif e.kind == "tables_removed":
            numbers.update(row["number"] for row in p.get("deleted", []))
    tables = {t.number: t for t in Table.objects.filter(tournament=tournament,
                                                        number__in=numbers - {None})}
    wanted = {tuple(e.payload["from"]) for e in events
              if e.kind == "entry_moved" and e.payload.get("from")}
    occupied = set(Entry.objects.filter(
        tournament=tournament, status=Entry.Status.SEATED,
        table__number__in={t for t, _s in wanted}).values_list("table__number", "seat"))
    # Tables added that players sit at or are moving to: no longer removable.
    seated_tables = set(Table.objects.filter(
        tournament=tournament, number__in=[n for e in events if e.kind == "tables_added"
                                           for n in e.payload.get("numbers", [])]
    ).filter(Exists(Entry.objects.filter(table=OuterRef("pk"), status=Entry.Status.SEATED))
             | Exists(Move.objects.filter(to_table=OuterRef("pk"), status=Move.Status.PENDING))
             ).values_list("number", flat=True))
    blockers = {}
    for event in events:
        if problem := _blocker(event, tables, occupied, seated_tables):
            blockers[event.pk] = problem
    return blockers


def _blocker(event: AuditEvent, tables: dict[int, Table], occupied: set, seated_tables: set,
             ) -> str | None:
    kind, payload = event.kind, event.payload
    if kind == "entry_moved":
        back = payload.get("from")
        table = tables.get(back[0])
        if table is None or table.status != Table.Status.OPEN:
            return _("Table %(table)s is not in play.") % {"table": back[0]}
        if tuple(back) in occupied:
            return _("Table %(table)s seat %(seat)s is taken.") % {"table": back[0],
                                                                    "seat": back[1]}
    elif kind in TABLE_KINDS:
        table = tables.get(payload.get("table"))
        if table is None:
            return _("There is no table %(number)s.") % {"number": payload.get("table")}
        now_value = {"table_button_set": table.button,
                     "table_break_order_set": table.break_order,
                     "table_seats_set": {"blocked": table.blocked_seats,
                                         "accessible": table.accessible_seats}}[kind]
        if now_value != payload.get("after"):
            return _("The table was changed again since.")
    elif kind == "tables_added":
        numbers = payload.get("numbers", [])
        if any(n not in tables or tables[n].status != Table.Status.OPEN for n in numbers):
            return _("Some of those tables are no longer in play.")
        if any(n in seated_tables for n in numbers):
            return _("Players sit at some of those tables, or are moving there.")
    elif kind == "tables_removed" and any(row["number"] in tables
                                          for row in payload.get("deleted", [])):
        return _("A table with one of those numbers exists again.")
    return None


def floor_undo_apply(*, actor: Actor, tournament: Tournament, event: AuditEvent) -> AuditEvent | None:
    """The inverse of one of the floor's actions, as an action of its own; None for
    any other kind of event."""
    t, payload, kind = tournament.pk, event.payload, event.kind
    if kind == "entry_busted":
        return busts_undo.entry_bust_undo(actor=actor, tournament_id=t, entry_id=payload["entry"],
                                     event_id=event.pk)
    if kind == "entry_bust_undone":
        return busts_undo.entry_bust_redo(actor=actor, tournament_id=t, undo_event_id=event.pk).event
    if kind == "entry_moved":
        table, seat = payload["from"]
        return floor.entry_move(actor=actor, tournament_id=t, entry_id=payload["entry"],
                                table_number=table, seat=seat)
    if kind == "table_button_set":
        return table_services.table_set_button(actor=actor, tournament_id=t,
                                               table_number=payload["table"],
                                               seat=payload["before"])
    if kind == "table_break_order_set":
        return table_services.table_set_break_order(actor=actor, tournament_id=t,
                                                    table_number=payload["table"],
                                                    order=payload["before"])
    if kind == "table_seats_set":
        before = payload["before"]
        return table_services.table_set_seats(actor=actor, tournament_id=t,
                                              table_number=payload["table"],
                                              blocked=before["blocked"],
                                              accessible=before["accessible"])
    if kind == "tables_added":
        return table_services.tables_remove(actor=actor, tournament_id=t,
                                            numbers=payload["numbers"])
    if kind == "tables_removed":
        numbers = table_services.tables_restore(tournament=tournament, removed=payload)
        return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLES_RESTORED,
                      payload={"numbers": numbers})
    return None
