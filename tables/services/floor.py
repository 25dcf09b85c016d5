"""Floor actions: bust-outs, their undo, confirming moves, manual moves, hand-for-hand."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tables.domain import balancing
from tables.models import Move, Table
from tables.services.plans import plan_and_apply, plan_summary
from tournament.domain import clock as clock_domain
from tournament.models import AuditEvent, Clock, Entry, Tournament
from tournament.services.audit import record
from tournament.services.base import ServiceError, lock_tournament, now
from tournament.services.clock import clock_state
from tournament.services.registration import seat_waiting_list

LIVE = (Entry.Status.SEATED, Entry.Status.WAITING)


@dataclass(frozen=True)
class BustResult:
    entry: Entry
    place: int
    event: AuditEvent
    plan: balancing.Plan
    winner: Entry | None


def _live_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status__in=LIVE).count()


@transaction.atomic
def entry_bust(
    *,
    actor,
    tournament_id: int,
    entry_id: int,
    busted_by_id: int | None = None,
    chips_at_start: int | None = None,
    rng: random.Random | None = None,
) -> BustResult:
    """Record a bust-out: the finishing place, who knocked the player out, then the plan.

    The place is the number of players left before the bust. In hand-for-hand,
    busts in the same hand on different tables share the places they cover,
    unless every one of them has a starting stack entered: then the bigger
    stack finishes higher.
    """
    tournament = lock_tournament(tournament_id)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished."))
    entry = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status == Entry.Status.BUSTED:
        raise ServiceError(_("%(name)s is already out, in place %(place)s.")
                           % {"name": entry.player.name, "place": entry.finish_place})
    if entry.status != Entry.Status.SEATED:
        raise ServiceError(_("Only a seated player can bust."))
    hitman = None
    if busted_by_id is not None:
        hitman = Entry.objects.select_related("player").filter(
            tournament=tournament, pk=busted_by_id, status=Entry.Status.SEATED).first()
        if hitman is None or hitman.pk == entry.pk:
            raise ServiceError(_("The player who won the hand must be another seated player."),
                               field="busted_by")
    if chips_at_start is not None and chips_at_start < 0:
        raise ServiceError(_("Chips cannot be negative."), field="chips_at_start")
    place = _live_count(tournament)
    table, seat = entry.table, entry.seat
    entry.status = Entry.Status.BUSTED
    entry.table, entry.seat, entry.wait_for_button = None, None, False
    entry.finish_place = place
    entry.busted_at = now()
    entry.busted_by = hitman
    entry.chips = chips_at_start
    entry.bust_hand = tournament.hand_number if tournament.hand_for_hand else None
    entry.save(update_fields=["status", "table", "seat", "wait_for_button", "finish_place",
                              "busted_at", "busted_by", "chips", "bust_hand"])
    Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
        status=Move.Status.CANCELLED)
    if tournament.hand_for_hand:
        _share_hand_for_hand_places(tournament)
    event = record(tournament=tournament, actor=actor, kind="entry_busted", payload={
        "entry": entry.pk, "number": entry.number, "name": entry.player.name, "place": place,
        "table": table.number, "seat": seat,
        "busted_by": hitman.pk if hitman else None,
        "bounty": tournament.bounty if hitman else 0,
    })
    seat_waiting_list(tournament=tournament, actor=actor, rng=rng)
    winner = None
    if place == 2:
        winner = _finish(tournament, actor)
        plan = balancing.Plan()
    else:
        plan = plan_and_apply(tournament=tournament, cause=event, rng=rng)
    event.payload["plan"] = plan_summary(plan)
    event.save(update_fields=["payload"])
    _notify_moves_on_commit(event)
    entry.refresh_from_db()
    return BustResult(entry=entry, place=place, event=event, plan=plan, winner=winner)


def _share_hand_for_hand_places(tournament: Tournament) -> None:
    """Hand-for-hand: busts of this hand share the places they cover (or go by stacks)."""
    group = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.BUSTED,
                                      bust_hand=tournament.hand_number)
                 .order_by("finish_place"))
    if len(group) < 2:
        if group:
            group[0].tied_place = None
            group[0].save(update_fields=["tied_place"])
        return
    places = sorted(e.finish_place for e in group)
    stacks = [e.chips for e in group]
    if all(s is not None for s in stacks) and len(set(stacks)) == len(stacks):
        ordered = sorted(group, key=lambda e: -e.chips)  # bigger stack finishes higher
        _renumber(group, {e.pk: p for e, p in zip(ordered, places, strict=True)}, tied=None)
    else:
        _renumber(group, {e.pk: e.finish_place for e in group}, tied=places[0])


def _renumber(entries: list[Entry], places: dict[int, int], *, tied: int | None) -> None:
    for e in entries:  # park first: finish places are unique
        Entry.objects.filter(pk=e.pk).update(finish_place=None)
    for e in entries:
        Entry.objects.filter(pk=e.pk).update(finish_place=places[e.pk], tied_place=tied)


def _finish(tournament: Tournament, actor) -> Entry:
    """The last player standing wins: the tournament ends and its clock stops."""
    winner = Entry.objects.select_related("player").get(tournament=tournament,
                                                        status__in=LIVE)
    winner.status = Entry.Status.BUSTED  # out of play, as the winner
    winner.finish_place = 1
    winner.table, winner.seat = None, None
    winner.save(update_fields=["status", "finish_place", "table", "seat"])
    Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).update(
        status=Move.Status.CANCELLED)
    _store_payouts(tournament)
    at = now()
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is not None and clock.running:
        state = clock_domain.pause(clock_state(clock), at)
        clock.running, clock.anchor_at = state.running, state.anchor_at
        clock.elapsed_at_anchor, clock.version = state.elapsed_at_anchor, state.version
        clock.save(update_fields=["elapsed_at_anchor", "anchor_at", "running", "version"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = at
    tournament.save(update_fields=["status", "finished_at"])
    Table.objects.filter(tournament=tournament).update(status=Table.Status.BROKEN, halted=False)
    record(tournament=tournament, actor=actor, kind="tournament_finished",
           payload={"winner": winner.pk, "name": winner.player.name})
    return winner


def _store_payouts(tournament: Tournament) -> None:
    from tournament.selectors import field_figures, payout_table

    for place_row in prize_by_entry(tournament, payout_table(tournament, field_figures(tournament))):
        Entry.objects.filter(pk=place_row[0]).update(payout=place_row[1])


def prize_by_entry(tournament: Tournament, table: list[dict[str, int]]) -> list[tuple[int, int]]:
    """Each placed entry's prize; tied places split the prizes they cover evenly."""
    from tournament.selectors_festival import is_day1_flight

    if is_day1_flight(tournament):
        return []  # A Day 1 place wins nothing: the event's prizes are decided on Day 2.
    amounts = {row["place"]: row["amount"] for row in table}
    placed = list(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                  .values_list("pk", "finish_place", "tied_place"))
    groups: dict[int, list[tuple[int, int]]] = {}
    for pk, place, tied in placed:
        groups.setdefault(tied or place, []).append((pk, place))
    result = []
    for members in groups.values():
        total = sum(amounts.get(place, 0) for _pk, place in members)
        share, odd = divmod(total, len(members))
        for i, (pk, _place) in enumerate(sorted(members, key=lambda m: m[1])):
            result.append((pk, share + (1 if i < odd else 0)))
    return result


def _notify_moves_on_commit(event: AuditEvent) -> None:
    def send() -> None:
        from tournament.tasks import notify_seat

        for move_id, entry_id in Move.objects.filter(caused_by=event, entry__player__email__gt=""
                                                     ).values_list("pk", "entry_id"):
            notify_seat.delay(entry_id, move_id)

    transaction.on_commit(send)


@transaction.atomic
def entry_bust_undo(*, actor, tournament_id: int, entry_id: int) -> list[str]:
    """Put a busted player back in their seat and withdraw the moves the bust caused.

    Moves already made stay made (the returned warnings name them). Players
    who busted after this one each move down one place.
    """
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None or entry.status != Entry.Status.BUSTED or entry.finish_place == 1:
        raise ServiceError(_("Only a bust-out can be undone."))
    event = (AuditEvent.objects.filter(tournament=tournament, kind="entry_busted",
                                       payload__entry=entry.pk, undone_by__isnull=True)
             .order_by("-created_at", "-id").first())
    if event is None:
        raise ServiceError(_("No bust of this player is on record to undo."))
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished; its results stand."))
    warnings: list[str] = []
    for move in Move.objects.filter(caused_by=event).select_related("entry__player", "from_table",
                                                                   "to_table"):
        if move.status == Move.Status.PENDING:
            taken = Entry.objects.filter(table=move.from_table, seat=move.from_seat,
                                         status=Entry.Status.SEATED).exclude(pk=move.entry_id)
            if taken.exists():
                warnings.append(_("%(name)s stays at table %(table)s: their old seat is taken.")
                                % {"name": move.entry.player.name, "table": move.to_table.number})
                continue
            Entry.objects.filter(pk=move.entry_id).update(table=move.from_table,
                                                          seat=move.from_seat)
            move.status = Move.Status.CANCELLED
            move.save(update_fields=["status"])
            if move.from_table.status == Table.Status.BROKEN:
                Table.objects.filter(pk=move.from_table_id).update(status=Table.Status.OPEN)
        elif move.status == Move.Status.DONE:
            warnings.append(_("%(name)s has already moved to table %(table)s seat %(seat)s.")
                            % {"name": move.entry.player.name, "table": move.to_table.number,
                               "seat": move.to_seat})
    table = Table.objects.filter(tournament=tournament, number=event.payload["table"]).first()
    seat = event.payload["seat"]
    if table is None or Entry.objects.filter(table=table, seat=seat,
                                             status=Entry.Status.SEATED).exists():
        raise ServiceError(_("Seat %(seat)s at table %(table)s is taken now: move that player "
                             "first.") % {"seat": seat, "table": event.payload["table"]})
    if table.status == Table.Status.BROKEN:
        table.status = Table.Status.OPEN
        table.save(update_fields=["status"])
    place = entry.finish_place
    entry.status = Entry.Status.SEATED
    entry.table, entry.seat = table, seat
    entry.finish_place = entry.tied_place = entry.busted_at = entry.busted_by = None
    entry.bust_hand = None
    entry.save(update_fields=["status", "table", "seat", "finish_place", "tied_place",
                              "busted_at", "busted_by", "bust_hand"])
    # Later busts finished with one more player left: one place lower each.
    for later in Entry.objects.filter(tournament=tournament, finish_place__lt=place).order_by(
            "-finish_place"):
        Entry.objects.filter(pk=later.pk).update(finish_place=later.finish_place + 1,
                                                  tied_place=None)
    undo = record(tournament=tournament, actor=actor, kind="entry_bust_undone",
                  payload={"entry": entry.pk, "name": entry.player.name, "place": place,
                           "warnings": warnings})
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return warnings


@transaction.atomic
def move_confirm(*, actor, tournament_id: int, move_id: int) -> Move:
    """The floor confirms a moved player has taken the new seat."""
    tournament = lock_tournament(tournament_id)
    move = Move.objects.select_related("entry__player", "to_table").filter(
        tournament=tournament, pk=move_id).first()
    if move is None:
        raise ServiceError(_("That move does not exist."))
    if move.status != Move.Status.PENDING:
        raise ServiceError(_("That move is already %(status)s.")
                           % {"status": move.get_status_display().lower()})
    move.status, move.done_at = Move.Status.DONE, now()
    move.done_by = actor if getattr(actor, "is_authenticated", False) else None
    move.save(update_fields=["status", "done_at", "done_by"])
    if not Move.objects.filter(to_table=move.to_table, status=Move.Status.PENDING).exists():
        Table.objects.filter(pk=move.to_table_id).update(halted=False)
    record(tournament=tournament, actor=actor, kind="move_done",
           payload={"move": move.pk, "entry": move.entry_id, "name": move.entry.player.name,
                    "to_table": move.to_table.number, "to_seat": move.to_seat})
    return move


@transaction.atomic
def entry_move(*, actor, tournament_id: int, entry_id: int, table_number: int, seat: int) -> Move:
    """Move a seated player by hand (a wrong seat, a special need: house rules 6 and 8)."""
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, pk=entry_id, status=Entry.Status.SEATED).first()
    if entry is None:
        raise ServiceError(_("Only a seated player can be moved."))
    table = Table.objects.filter(tournament=tournament, number=table_number,
                                 status=Table.Status.OPEN).first()
    if table is None:
        raise ServiceError(_("Table %(table)s is not in play.") % {"table": table_number},
                           field="table_number")
    if not 1 <= seat <= table.capacity:
        raise ServiceError(_("Table %(table)s has seats 1 to %(capacity)s.")
                           % {"table": table.number, "capacity": table.capacity}, field="seat")
    if Entry.objects.filter(table=table, seat=seat, status=Entry.Status.SEATED).exists():
        raise ServiceError(_("Table %(table)s seat %(seat)s is taken.")
                           % {"table": table.number, "seat": seat}, field="seat")
    at = now()
    event = record(tournament=tournament, actor=actor, kind="entry_moved", payload={
        "entry": entry.pk, "name": entry.player.name, "from": [entry.table.number, entry.seat],
        "to": [table.number, seat]}, at=at)
    move = Move.objects.create(
        tournament=tournament, entry=entry, from_table=entry.table, from_seat=entry.seat,
        to_table=table, to_seat=seat, reason=Move.Reason.REDRAW, status=Move.Status.DONE,
        caused_by=event, created_at=at, done_at=at,
        done_by=actor if getattr(actor, "is_authenticated", False) else None)
    entry.table, entry.seat, entry.wait_for_button = table, seat, False
    entry.save(update_fields=["table", "seat", "wait_for_button"])
    return move


@transaction.atomic
def tables_balance(*, actor, tournament_id: int, rng: random.Random | None = None) -> balancing.Plan:
    """Run the plan now (after registrations, a table opened, or a manual move)."""
    tournament = lock_tournament(tournament_id)
    event = record(tournament=tournament, actor=actor, kind="tables_balanced", payload={})
    plan = plan_and_apply(tournament=tournament, cause=event, rng=rng)
    event.payload = {"plan": plan_summary(plan)}
    event.save(update_fields=["payload"])
    _notify_moves_on_commit(event)
    return plan


@transaction.atomic
def hand_for_hand_set(*, actor, tournament_id: int, on: bool) -> Tournament:
    tournament = lock_tournament(tournament_id)
    if tournament.hand_for_hand == on:
        return tournament
    tournament.hand_for_hand = on
    tournament.hand_number += 1
    tournament.save(update_fields=["hand_for_hand", "hand_number"])
    record(tournament=tournament, actor=actor, kind="hand_for_hand",
           payload={"on": on, "hand": tournament.hand_number})
    return tournament


@transaction.atomic
def hand_next(*, actor, tournament_id: int) -> Tournament:
    """Hand-for-hand: every table has finished the hand; the next one starts."""
    tournament = lock_tournament(tournament_id)
    if not tournament.hand_for_hand:
        raise ServiceError(_("Hand-for-hand is not on."))
    tournament.hand_number += 1
    tournament.save(update_fields=["hand_number"])
    record(tournament=tournament, actor=actor, kind="hand_next",
           payload={"hand": tournament.hand_number})
    return tournament
