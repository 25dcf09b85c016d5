"""Undo (and redo) from the audit log.

Each undoable action has an inverse, itself an action with its own audit
event; the original event is marked undone by it. Undoing an undo is a redo
(a bust recorded again, a registration restored). ``undo_blockers`` says,
in a fixed number of queries, which events of a list can be undone now, so
that every Undo a screen shows works.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import Exists, Max, Min, OuterRef
from django.utils.translation import gettext as _

from tables.models import Table
from tables.services import floor
from tables.services import tables as table_services
from tournament.models import AuditEvent, BountyAward, Clock, Deal, Entry, Payment, Tournament
from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION
from tournament.services import clock as clock_services
from tournament.services import counts, days, registration
from tournament.services.audit import record
from tournament.services.base import ServiceError, lock_tournament
from tournament.services.cashier import entry_rebuy_undo, payment_undo, rebuy_undo_blockers
from tournament.services.deals import deal_undo

# Money actions undo through their own services, which refuse when money was paid since.
MONEY_UNDO = {"deal_recorded": deal_undo, "prize_paid": payment_undo, "bounty_paid": payment_undo,
              "entry_rebuy": entry_rebuy_undo, "entry_addon": entry_rebuy_undo}
CLOCK_KINDS = {
    "clock_start": (DIRECTOR, FLOOR),
    "clock_pause": (DIRECTOR, FLOOR),
    "clock_resume": (DIRECTOR, FLOOR),
    "clock_next_level": (DIRECTOR,),
    "clock_previous_level": (DIRECTOR,),
    "clock_set_time": (DIRECTOR,),
    "clock_add_time": (DIRECTOR,),
}

# Which roles may undo which kind of event (DESIGN §8).
UNDOABLE = {
    "entry_registered": (DIRECTOR, REGISTRATION),
    "entry_unregistered": (DIRECTOR,),
    "entry_reinstated": (DIRECTOR, REGISTRATION),
    "entry_moved": (DIRECTOR, FLOOR),
    "entry_busted": (DIRECTOR, FLOOR),
    "chips_counted": (DIRECTOR, FLOOR),
    "chips_bagged": (DIRECTOR, FLOOR),
    "chips_removed": (DIRECTOR, FLOOR),
    "day_ended": (DIRECTOR,),
    "entry_bust_undone": (DIRECTOR, FLOOR),
    "table_button_set": (DIRECTOR, FLOOR),
    "table_break_order_set": (DIRECTOR,),
    "table_seats_set": (DIRECTOR,),
    "tables_added": (DIRECTOR,),
    "tables_removed": (DIRECTOR,),
    **CLOCK_KINDS,
    "deal_recorded": (DIRECTOR,),
    "prize_paid": (DIRECTOR, REGISTRATION),
    "bounty_paid": (DIRECTOR, REGISTRATION),
    "entry_rebuy": (DIRECTOR, REGISTRATION),
    "entry_addon": (DIRECTOR, REGISTRATION),
}

ENTRY_KINDS = {"entry_registered", "entry_unregistered", "entry_reinstated", "entry_moved",
               "entry_busted", "entry_bust_undone"}
TABLE_KINDS = {"table_button_set", "table_break_order_set", "table_seats_set"}


def undo_blockers(tournament: Tournament, events: Sequence[AuditEvent]) -> dict[int, str | None]:
    """For each event, why it cannot be undone now, or None when it can.

    A fixed number of queries whatever the number of events or the field.
    """
    result: dict[int, str | None] = {}
    entry_ids = {e.payload.get("entry") for e in events if e.kind in ENTRY_KINDS}
    entries = {row["pk"]: row for row in Entry.objects.filter(
        tournament=tournament, pk__in=[i for i in entry_ids if i is not None]
    ).values("pk", "status", "table__number", "seat", "player_id", "finish_place")}
    live_players = set(Entry.objects.filter(
        tournament=tournament, player_id__in={row["player_id"] for row in entries.values()},
        status__in=Entry.LIVE_STATUSES).values_list("player_id", flat=True))
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
    seated_tables = set(Entry.objects.filter(
        tournament=tournament, status=Entry.Status.SEATED,
        table__number__in=[n for e in events if e.kind == "tables_added"
                           for n in e.payload.get("numbers", [])]
    ).values_list("table__number", flat=True).distinct())
    latest_clock = (AuditEvent.objects.filter(tournament=tournament, kind__in=CLOCK_KINDS)
                    .order_by("-created_at", "-id").values_list("pk", flat=True).first())
    running, started = Clock.objects.filter(tournament=tournament).values_list(
        "running", "started").first() or (False, False)
    later_event = (clock_services.latest_non_clock_event(tournament)
                   if any(_is_start(e) for e in events) else None)
    finished = tournament.status == Tournament.Status.FINISHED
    money = _money_blockers(tournament, events) | _day1_blockers(tournament, events, entries)
    for event in events:
        result[event.pk] = money.get(event.pk) or _blocker(
            event, entries, live_players, tables, occupied, seated_tables, latest_clock,
            finished, running, started, later_event)
    return result


def _money_blockers(tournament: Tournament, events: Sequence[AuditEvent]) -> dict[int, str]:
    """What the money services would refuse: a deal with a share paid or no longer in
    force, a bust whose bounty was paid, a rebuy or add-on whose money was decided on
    since. Five queries at most, whatever the number of events."""
    blockers: dict[int, str] = rebuy_undo_blockers(tournament, events)
    deal_events = [e.pk for e in events if e.kind == "deal_recorded" and not e.undone_by_id]
    if deal_events:
        paid = Payment.objects.filter(kind=Payment.Kind.PRIZE,
                                      entry__deal_shares__deal=OuterRef("pk"))
        in_force = dict(Deal.objects.filter(tournament=tournament, undone=False,
                                            event_id__in=deal_events)
                        .annotate(paid=Exists(paid)).values_list("event_id", "paid"))
        for pk in deal_events:
            if pk not in in_force:
                blockers[pk] = _("No deal in force to undo.")
            elif in_force[pk]:
                blockers[pk] = _("A prize of this deal has been paid: undo that payment first.")
    busts = [e.pk for e in events if e.kind == "entry_busted" and not e.undone_by_id]
    if busts:
        for pk in set(BountyAward.objects.filter(event_id__in=busts, payment__isnull=False)
                      .values_list("event_id", flat=True)):
            blockers[pk] = _("The bounty of this bust has been paid: undo that payment first.")
    return blockers


def _day1_blockers(tournament: Tournament, events: Sequence[AuditEvent],
                   entries: dict[int, dict]) -> dict[int, str]:
    """A Day 1 bust whose undo would move a prize already paid (``event_places``).

    One query, whatever the number of events: the best paid place of the event
    and the latest paid bust.
    """
    busts = [e for e in events if e.kind == "entry_busted" and not e.undone_by_id
             and (e.payload.get("event") or {}).get("eliminated")]
    if not busts or not tournament.event_id:
        return {}
    paid = Entry.objects.filter(tournament__event_id=tournament.event_id,
                                payout_paid=True).aggregate(best=Min("finish_place"),
                                                            latest=Max("busted_at"))
    if paid["best"] is None and paid["latest"] is None:
        return {}
    blockers = {}
    for event in busts:
        place = (entries.get(event.payload.get("entry")) or {}).get("finish_place")
        if (place is not None and paid["best"] is not None and paid["best"] <= place) or (
                place is None and paid["latest"] is not None
                and paid["latest"] > event.created_at):
            blockers[event.pk] = _("A prize decided after this bust has been paid: undo that "
                                   "payment first.")
    return blockers


def _is_start(event: AuditEvent) -> bool:
    """The clock start that took the tournament from planned to running (not a
    ``clock_start`` that resumed a paused clock)."""
    return event.kind == "clock_start" and bool(event.payload.get("started"))


def _blocker(event, entries, live_players, tables, occupied, seated_tables, latest_clock,
             finished, running, started, later_event) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one case per kind
    if event.kind not in UNDOABLE:
        return _("That action cannot be undone.")
    if event.undone_by_id:
        return _("That action is undone already.")
    payload = event.payload
    entry = entries.get(payload.get("entry")) if event.kind in ENTRY_KINDS else None
    if event.kind in ENTRY_KINDS and entry is None:
        return _("That entry does not exist.")
    kind = event.kind
    if kind in ("entry_registered", "entry_reinstated"):
        if entry["status"] not in Entry.LIVE_STATUSES:
            return _("The player is no longer in the tournament.")
    elif kind == "entry_unregistered":
        if entry["status"] != Entry.Status.UNREGISTERED:
            return _("That entry is registered again.")
        if entry["player_id"] in live_players:
            return _("The player has another live entry.")
        if finished:
            return _("The tournament is finished.")
    elif kind == "entry_busted":
        if entry["status"] != Entry.Status.BUSTED or entry["finish_place"] == 1:
            return _("The player is not out.")
        if finished and not payload.get("finished"):
            return _("Undo the bust that ended the tournament first.")
    elif kind == "entry_bust_undone":
        if finished:
            return _("The tournament is finished.")
        if entry["status"] != Entry.Status.SEATED:
            return _("The player is not seated.")
    elif kind == "entry_moved":
        to, back = payload.get("to"), payload.get("from")
        if entry["status"] != Entry.Status.SEATED or [entry["table__number"], entry["seat"]] != to:
            return _("The player has moved since.")
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
            return _("Players sit at some of those tables.")
    elif kind == "tables_removed":
        if any(row["number"] in tables for row in payload.get("deleted", [])):
            return _("A table with one of those numbers exists again.")
    elif kind in CLOCK_KINDS:
        if finished:
            return _("The tournament is finished.")
        if _is_start(event):
            # Undone back to before the start, whatever clock actions followed it.
            return clock_services.start_undo_problem(event, later_event=later_event)
        if not started:
            return _("The clock has not started.")
        if event.pk != latest_clock:
            return _("Only the last clock action can be undone.")
        # The clock stopped or started since by other means (the winner, hand-for-hand).
        if kind in ("clock_start", "clock_resume") and not running:
            return _("The clock is not running.")
        if kind == "clock_pause" and running:
            return _("The clock is already running.")
    return None


def undo_refusal(event: AuditEvent) -> str | None:
    """Why ``event`` cannot be undone now, or None when its Undo works."""
    if event.tournament_id is None:
        return _("That action cannot be undone.")
    tournament = Tournament.objects.get(pk=event.tournament_id)
    return undo_blockers(tournament, [event])[event.pk]


def undoable_kinds(roles: Iterable[str]) -> set[str]:
    """The kinds of event a user with these roles may undo."""
    mine = set(roles)
    return {kind for kind, allowed in UNDOABLE.items() if mine & set(allowed)}


@transaction.atomic
def event_undo(*, actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Apply the inverse of one logged action; returns the inverse's event.

    The original is marked undone by it. Refused, with the reason, when
    ``undo_refusal`` says the undo cannot be done now.
    """
    tournament = lock_tournament(tournament_id)
    event = AuditEvent.objects.select_for_update().filter(
        pk=event_id, tournament_id=tournament_id).first()
    if event is None:
        raise ServiceError(_("That action cannot be undone."))
    if problem := undo_blockers(tournament, [event])[event.pk]:
        raise ServiceError(problem)
    inverse = _apply_inverse(actor, tournament, event)
    event.refresh_from_db(fields=["undone_by"])
    if event.undone_by_id is None:
        event.undone_by = inverse
        event.save(update_fields=["undone_by"])
    return inverse


def _apply_inverse(actor, tournament: Tournament, event: AuditEvent) -> AuditEvent:  # noqa: C901
    t, payload, kind = tournament.pk, event.payload, event.kind
    if kind in ("chips_counted", "chips_bagged", "chips_removed", "day_ended"):
        if kind == "chips_removed":
            return counts.chips_removed_undo(actor=actor, tournament_id=t, event_id=event.pk)
        if kind == "day_ended":
            return days.day_resume(actor=actor, tournament_id=t).audit_event
        return counts.chip_counts_undo(actor=actor, tournament_id=t, event_id=event.pk)
    if kind in ("entry_registered", "entry_reinstated"):
        return registration.entry_unregister(actor=actor, tournament_id=t,
                                             entry_id=payload["entry"], correcting=True)
    if kind == "entry_unregistered":
        return registration.entry_reinstate(actor=actor, tournament_id=t,
                                            entry_id=payload["entry"],
                                            unregistered_event_id=event.pk)
    if kind == "entry_busted":
        return floor.entry_bust_undo(actor=actor, tournament_id=t, entry_id=payload["entry"],
                                     event_id=event.pk)
    if kind == "entry_bust_undone":
        return floor.entry_bust_redo(actor=actor, tournament_id=t, undo_event_id=event.pk).event
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
        return record(tournament=tournament, actor=actor, kind="tables_restored",
                      payload={"numbers": numbers})
    if kind in MONEY_UNDO:
        return MONEY_UNDO[kind](actor=actor, tournament_id=t, event_id=event.pk)
    return _clock_inverse(actor, t, event)


def _clock_inverse(actor, tournament_id: int, event: AuditEvent) -> AuditEvent:
    kind, payload = event.kind, event.payload
    if _is_start(event):
        return clock_services.clock_start_undo(tournament_id=tournament_id, actor=actor,
                                               event_id=event.pk)
    if kind in ("clock_start", "clock_resume"):
        return clock_services.clock_pause(tournament_id=tournament_id, actor=actor)
    if kind == "clock_pause":
        return clock_services.clock_resume(tournament_id=tournament_id, actor=actor)
    if kind == "clock_next_level":
        return clock_services.clock_previous_level(tournament_id=tournament_id, actor=actor)
    if kind == "clock_previous_level":
        return clock_services.clock_next_level(tournament_id=tournament_id, actor=actor)
    # Time set or added: give back the difference, whatever has run since.
    delta = payload["before"]["seconds_left"] - payload["after"]["seconds_left"]
    if payload["before"]["level_index"] != payload["after"]["level_index"]:
        raise ServiceError(_("That change of time crossed a level; set the time by hand."))
    return clock_services.clock_add_time(tournament_id=tournament_id, actor=actor, seconds=delta)
