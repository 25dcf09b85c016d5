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

from tournament.floor_port import floor
from tournament.models import (
    AuditEvent,
    BountyAward,
    Clock,
    Deal,
    DealShare,
    Entry,
    Payment,
    Tournament,
)
from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION
from tournament.selectors.money import prize_pool_fixed_reason
from tournament.services import clock as clock_services
from tournament.services import clock_undo, counts, days, line, unregister
from tournament.services.base import Actor, ServiceError, lock_tournament
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

# Which roles may undo which kind of event (DESIGN §8): whoever may do the action the undo
# applies. Undoing a registration unregisters and refunds, which is the director's.
UNDOABLE = {
    "entry_registered": (DIRECTOR,),
    "entry_unregistered": (DIRECTOR,),
    "entry_reinstated": (DIRECTOR,),
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
    "line_removed": (DIRECTOR, REGISTRATION),
}

ENTRY_KINDS = {"entry_registered", "entry_unregistered", "entry_reinstated", "entry_moved",
               "entry_busted", "entry_bust_undone"}
# The room's own kinds: the floor says what blocks them (``floor_port``).
ROOM_KINDS = {"table_button_set", "table_break_order_set", "table_seats_set", "tables_added",
              "tables_removed"}


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
    room = floor().undo_blockers(tournament, events)
    latest_clock = (AuditEvent.objects.filter(tournament=tournament, kind__in=CLOCK_KINDS)
                    .order_by("-created_at", "-id").values_list("pk", flat=True).first())
    running, started = Clock.objects.filter(tournament=tournament).values_list(
        "running", "started").first() or (False, False)
    later_event = (clock_undo.latest_non_clock_event(tournament)
                   if any(_is_start(e) for e in events) else None)
    finished = tournament.status == Tournament.Status.FINISHED
    money = (_money_blockers(tournament, events) | _day1_blockers(tournament, events, entries)
             | line.line_undo_blockers(list(events)))
    for event in events:
        result[event.pk] = money.get(event.pk) or _blocker(
            event, entries, live_players, room, latest_clock, finished, running, started,
            later_event)
    return result


def _money_blockers(tournament: Tournament, events: Sequence[AuditEvent]) -> dict[int, str]:
    """What the money services would refuse: a deal with a share paid or no longer in
    force, a bust whose bounty was paid, a rebuy or add-on whose money was decided on
    since; the undone registration of one of the last two players. Seven queries at
    most, whatever the number of events."""
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
    pool_changes = [e.pk for e in events if e.kind in (
        "entry_registered", "entry_reinstated", "entry_unregistered") and not e.undone_by_id]
    if pool_changes and (reason := prize_pool_fixed_reason(tournament)):
        blockers |= dict.fromkeys(pool_changes, reason)  # the pool and the places would move
    taken_back = [e.pk for e in events if e.kind in ("entry_registered", "entry_reinstated")
                  and not e.undone_by_id and e.pk not in blockers]
    if taken_back and (reason := unregister.last_two_reason(tournament)):
        blockers |= dict.fromkeys(taken_back, reason)  # only a bust may end the tournament
    busts = [e.pk for e in events if e.kind == "entry_busted" and not e.undone_by_id]
    if busts:
        for pk in set(BountyAward.objects.filter(event_id__in=busts, payment__isnull=False)
                      .values_list("event_id", flat=True)):
            blockers[pk] = _("The bounty of this bust has been paid: undo that payment first.")
        blockers |= _ledger_blockers(tournament, [e for e in events if e.pk in busts])
    return blockers


def _ledger_blockers(tournament: Tournament, busts: Sequence[AuditEvent]) -> dict[int, str]:
    """Busts whose undo would change the money (``tables.services.busts_undo.entry_bust_undo``):
    one from before the deal in force, or one whose undo moves a prize already paid (its
    own, one of a better place, or one of its hand). Two queries."""
    deal = (Deal.objects.filter(tournament=tournament, undone=False)
            .values_list("pk", flat=True).first())
    in_deal = set(DealShare.objects.filter(deal_id=deal).values_list("entry_id", flat=True)
                  ) if deal else set()
    paid = list(Entry.objects.filter(tournament=tournament, payout_paid=True)
                .values_list("pk", "finish_place", "bust_hand"))
    if deal is None and not paid:
        return {}
    mine = {row["pk"]: row for row in Entry.objects.filter(
        pk__in=[e.payload.get("entry") for e in busts]).values("pk", "finish_place", "bust_hand")}
    blockers = {}
    for event in busts:
        entry = mine.get(event.payload.get("entry")) or {}
        place, hand = entry.get("finish_place"), entry.get("bust_hand")
        if deal is not None and entry.get("pk") not in in_deal:
            blockers[event.pk] = _("A deal stands on the places of the players still in: undo "
                                   "the deal first, then this bust.")
        elif place is not None and any(
                pk == entry["pk"] or (p is not None and p <= place)
                or (hand is not None and h == hand) for pk, p, h in paid):
            blockers[event.pk] = _("A prize decided after this bust has been paid: undo that "
                                   "payment first.")
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


def _blocker(event, entries, live_players, room, latest_clock, finished, running, started,
             later_event) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one case per kind
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
        if entry["status"] != Entry.Status.SEATED or [entry["table__number"], entry["seat"]] != (
                payload.get("to")):
            return _("The player has moved since.")
        return room.get(event.pk)  # the seat to go back to: closed or taken
    elif kind in ROOM_KINDS:
        return room.get(event.pk)
    elif kind in CLOCK_KINDS:
        if finished:
            return _("The tournament is finished.")
        if _is_start(event):
            # Undone back to before the start, whatever clock actions followed it.
            return clock_undo.start_undo_problem(event, later_event=later_event)
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
def event_undo(*, actor: Actor, tournament_id: int, event_id: int) -> AuditEvent:
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


def _apply_inverse(actor: Actor, tournament: Tournament, event: AuditEvent) -> AuditEvent:  # noqa: C901
    t, payload, kind = tournament.pk, event.payload, event.kind
    if kind in ("chips_counted", "chips_bagged", "chips_removed", "day_ended"):
        if kind == "chips_removed":
            return counts.chips_removed_undo(actor=actor, tournament_id=t, event_id=event.pk)
        if kind == "day_ended":
            return days.day_resume(actor=actor, tournament_id=t).audit_event
        return counts.chip_counts_undo(actor=actor, tournament_id=t, event_id=event.pk)
    if kind in ("entry_registered", "entry_reinstated"):
        return unregister.entry_unregister(actor=actor, tournament_id=t,
                                            entry_id=payload["entry"], correcting=True)
    if kind == "entry_unregistered":
        return unregister.entry_reinstate(actor=actor, tournament_id=t,
                                           entry_id=payload["entry"],
                                           unregistered_event_id=event.pk)
    if kind in MONEY_UNDO:
        return MONEY_UNDO[kind](actor=actor, tournament_id=t, event_id=event.pk)
    if kind == "line_removed":
        return line.line_restore(actor=actor, tournament_id=t, spot_id=payload["spot"])
    if kind in CLOCK_KINDS:
        return _clock_inverse(actor, t, event)
    inverse = floor().undo_apply(actor=actor, tournament=tournament, event=event)
    if inverse is None:  # pragma: no cover - every undoable kind has its inverse above
        raise ServiceError(_("That action cannot be undone."))
    return inverse


def _clock_inverse(actor: Actor, tournament_id: int, event: AuditEvent) -> AuditEvent:
    kind, payload = event.kind, event.payload
    if _is_start(event):
        return clock_undo.clock_start_undo(tournament_id=tournament_id, actor=actor,
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
