"""Floor actions: bust-outs, their undo and redo, confirming moves, manual moves, hand-for-hand.

Each action returns its one audit event (a bust returns it inside
``BustResult``); what the action caused (the plan, the waiting list seated,
the tournament finished) goes in that event's payload.

Stale screens: the floor's buttons carry what the screen showed
(``expected_table``/``expected_seat`` for a bust or a manual move,
``expected_to_table``/``expected_to_seat`` for a move to confirm); when the
room has changed since, the action is refused with what changed and nothing
is written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tables.domain import balancing
from tables.models import Move, Table
from tables.services.buttons import button_record, buttons_advance, current_level
from tables.services.plans import moves_caused_by, moves_notify_on_commit, plan_and_apply
from tables.services.push import bust_push_on_commit
from tables.services.reseat import place_without_seat
from tables.services.seating import seat_waiting_list, seated_payload
from tournament.bounds import amount_refusal
from tournament.models import AuditEvent, Entry, Tournament
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.selectors.money import deal_in_force
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, acting_user, lock_tournament, now
from tournament.services.bounties import bounties_on_bust, bounties_on_bust_undo
from tournament.services.clock import clock_hold
from tournament.services.event_places import (
    day1_bust_undo_check,
    day1_places_shift,
    day1_standing,
    lock_day1_event,
    players_left_for_money,
)
from tournament.services.finishes import hand_place, hand_stacks_check, prizes_paid_unchanged
from tournament.services.push import bubble_push_on_commit
from tournament.services.tournaments import tournament_finish, tournament_reopen

PLACE_PARKING = 1_000_000


@dataclass(frozen=True)
class BustResult:
    entry: Entry
    place: int | None  # None: out on Day 1 before the money
    event: AuditEvent
    plan: balancing.Plan
    winner: Entry | None


def _live_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status__in=Entry.LIVE_STATUSES).count()


def places_paid(tournament: Tournament) -> int:
    """How many places the prize pool pays as it stands."""
    return len(payout_table(tournament, field_figures(tournament)))


def hand_for_hand_threshold(tournament: Tournament) -> int:
    """Players left at which the consoles prompt hand-for-hand: the director's
    number, or one more than the places paid (the bubble)."""
    return tournament.hand_for_hand_at or places_paid(tournament) + 1


def hand_for_hand_prompt(tournament: Tournament) -> bool:
    """True when the consoles prompt to start hand-for-hand
    (``tournament.selectors.clock.hand_for_hand_bubble``)."""
    bubble = hand_for_hand_bubble(tournament)
    return bubble is not None and bubble.state == "due"


def _stale_seat(entry: Entry, expected_table: int | None, expected_seat: int | None) -> str | None:
    """What changed since the screen showed the entry at (expected_table, expected_seat)."""
    if expected_table is None and expected_seat is None:
        return None
    where = (entry.table.number if entry.table else None, entry.seat)
    if where == (expected_table, expected_seat):
        return None
    if entry.status == Entry.Status.SEATED:
        return _("%(name)s has moved to table %(table)s seat %(seat)s since your screen was "
                 "loaded; nothing was recorded.") % {"name": entry.player.name, "table": where[0],
                                                     "seat": where[1]}
    return _("%(name)s is no longer at table %(table)s seat %(seat)s; nothing was recorded.") % {
        "name": entry.player.name, "table": expected_table, "seat": expected_seat}


@transaction.atomic
def entry_bust(
    *,
    actor: Actor,
    tournament_id: int,
    entry_id: int,
    busted_by_id: int | None = None,
    chips_at_start: int | None = None,
    rng: random.Random | None = None,
    expected_table: int | None = None,
    expected_seat: int | None = None,
    button: int | None = None,
    same_hand: bool | None = None,
    hand_stacks: Mapping[int, int] | None = None,
) -> BustResult:
    """Record a bust-out: who knocked the player out, the finish in the ledger, then the plan.

    The place is the number of players left before the bust; players out in
    the same hand decide their places together (``tournament.domain.ledger``):
    at different tables they share the places they cover, at one table the
    bigger stack at the start of the hand (``chips_at_start``) finishes higher,
    and the floor is asked for the stacks when they are missing
    (``hand_stacks``: the stacks of the others out at that table, by entry).
    ``same_hand``: the bust is in the same hand as the one before it (by
    default only in hand-for-hand, where the hand is the one in play; False
    there says the floor forgot Next hand). Hand-for-hand ends by itself at
    the bust that bursts the bubble (TDA), so later busts are never folded in.

    ``expected_table``/``expected_seat``: where the screen showed the player; a
    player who has moved since is not busted. ``button``: the button seat at
    the bust's table, when the floor tapped it. In a Day 1 flight of an event
    the place is counted across the event (``tournament.services.event_places``).
    Refused when it would change a prize already paid.
    """
    day1_event = lock_day1_event(tournament_id)  # before the flight, as day2_create does
    tournament = lock_tournament(tournament_id)
    entry = _entry_to_bust(tournament, entry_id, expected_table, expected_seat)
    hitman = _hitman(tournament, entry, busted_by_id)
    if chips_at_start is not None and (refusal := amount_refusal(chips_at_start)):
        raise ServiceError(refusal, field="chips_at_start")
    here = _live_count(tournament)
    standing, place, left = _standing(tournament, day1_event, entry, here)
    table, seat = entry.table, entry.seat
    hand = _hand_of_bust(tournament, same_hand)
    if place is not None and hand is not None:
        hand_stacks_check(tournament=tournament, hand=hand, table=table.number, entry=entry,
                          chips_at_start=chips_at_start, hand_stacks=hand_stacks)
    if button is not None:
        at = now()
        button_record(table, button, tournament=tournament, at=at,
                      level=current_level(tournament, at), field="button")
    cancelled = _take_out(entry, place=place, hitman=hitman, chips=chips_at_start, hand=hand)
    payload = {
        "entry": entry.pk, "number": entry.number, "name": entry.player.name, "place": place,
        "table": table.number, "seat": seat, "hand": hand,
        "busted_by": hitman.pk if hitman else None, "chips_at_start": chips_at_start,
        "bounty": tournament.bounty if hitman else 0, "moves_cancelled": cancelled,
    }
    if button is not None:
        payload["button"] = button
    if standing is not None:
        payload["event"] = standing.payload()
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_BUSTED,
                   payload=payload)
    shared = hand_place(tournament, hand)  # the places of everyone out in this hand
    place, payload["tied"] = shared.get(entry.pk, (place, None))
    payload["place"] = place
    seated = seat_waiting_list(tournament=tournament, rng=rng)
    if seated:
        payload["seated"] = seated_payload(seated)
    winner, plan = _after_bust(tournament, event, payload, standing=standing, left=left,
                               last_two=here == 2, rng=rng)
    payload["bounties"] = bounties_on_bust(tournament=tournament, event=event, entry=entry,
                                           hitman=hitman, winner=winner)
    event.payload = payload
    event.save(update_fields=["payload"])
    prizes_paid_unchanged(tournament, entry_ids=[entry.pk, *shared])
    bust_push_on_commit(entry, place=place)
    entry.refresh_from_db()
    return BustResult(entry=entry, place=place, event=event, plan=plan, winner=winner)


def _entry_to_bust(tournament: Tournament, entry_id: int, expected_table: int | None,
                   expected_seat: int | None) -> Entry:
    """The seated entry to bust, where the screen showed it; refused otherwise."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished."))
    entry = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status == Entry.Status.BUSTED:
        if entry.finish_place is None:
            raise ServiceError(_("%(name)s is already out.") % {"name": entry.player.name})
        raise ServiceError(_("%(name)s is already out, in place %(place)s.")
                           % {"name": entry.player.name, "place": entry.finish_place})
    if entry.status != Entry.Status.SEATED:
        raise ServiceError(_("Only a seated player can bust."))
    if stale := _stale_seat(entry, expected_table, expected_seat):
        raise ServiceError(stale)
    return entry


def _hitman(tournament: Tournament, entry: Entry, busted_by_id: int | None) -> Entry | None:
    """The seated player who won the hand, when the floor named one."""
    if busted_by_id is None:
        return None
    hitman = Entry.objects.select_related("player").filter(
        tournament=tournament, pk=busted_by_id, status=Entry.Status.SEATED).first()
    if hitman is None or hitman.pk == entry.pk:
        raise ServiceError(_("The player who won the hand must be another seated player."),
                           field="busted_by")
    return hitman


def _standing(tournament: Tournament, day1_event, entry: Entry, here: int):
    """(Day 1 standing or None, the place the bust takes, players still in after it);
    ``here``: the tournament's players still in before the bust."""
    if day1_event is None:
        return None, here, here - 1
    standing = day1_standing(event=day1_event, entry=entry, paid=places_paid(tournament),
                             hand_for_hand=tournament.hand_for_hand)
    # Players still in after the bust: the event's.
    return standing, standing.place, standing.left - standing.eliminated


def _hand_of_bust(tournament: Tournament, same_hand: bool | None) -> int | None:
    """The hand the bust went out in (None: a hand of its own, shared with nobody).

    In hand-for-hand, the hand in play (a later one when the floor says it is
    not the same hand: Next hand was not tapped). Otherwise a hand of its own,
    unless the floor says it is the same hand as the bust before it, which
    then gets a hand number too (never one from before a deal).
    """
    if same_hand is None:
        same_hand = tournament.hand_for_hand
    if tournament.hand_for_hand:
        if not same_hand:
            tournament.hand_number += 1
            tournament.save(update_fields=["hand_number"])
        return tournament.hand_number
    if not same_hand:
        return None
    latest = (Entry.objects.filter(tournament=tournament, status=Entry.Status.BUSTED,
                                   finish_place__isnull=False)
              .order_by("-busted_at", "-pk").first())
    deal = deal_in_force(tournament)
    if latest is None or (deal is not None and not deal.shares.filter(entry=latest).exists()):
        return None
    if latest.bust_hand is None:
        tournament.hand_number += 1
        tournament.save(update_fields=["hand_number"])
        latest.bust_hand = tournament.hand_number
        latest.save(update_fields=["bust_hand"])
    return latest.bust_hand


def _take_out(entry: Entry, *, place: int | None, hitman: Entry | None, chips: int | None,
              hand: int | None) -> list[int]:
    """The player leaves the seat with a finish; their pending moves are withdrawn."""
    entry.status = Entry.Status.BUSTED
    entry.table, entry.seat, entry.wait_for_button = None, None, False
    entry.finish_place, entry.tied_place = place, None
    entry.busted_at = now()
    entry.busted_by = hitman
    entry.chips = chips
    entry.bust_hand = hand
    entry.save(update_fields=["status", "table", "seat", "wait_for_button", "finish_place",
                              "tied_place", "busted_at", "busted_by", "chips", "bust_hand"])
    cancelled = list(Move.objects.filter(entry=entry, status=Move.Status.PENDING)
                     .values_list("pk", flat=True))
    if cancelled:
        Move.objects.filter(pk__in=cancelled).update(status=Move.Status.CANCELLED)
    return cancelled


def _after_bust(tournament: Tournament, event: AuditEvent, payload: dict, *, standing,
                left: int, last_two: bool, rng) -> tuple[Entry | None, balancing.Plan]:
    """The winner when one player is left, else the plan; the bubble (hand-for-hand due, or
    ended by this bust)."""
    # A Day 1 flight down to one player ends only when the event is: that player bags.
    if last_two and left == 1:
        payload["finished"] = tournament_finish(tournament=tournament)
        winner = Entry.objects.select_related("player").get(pk=payload["finished"]["winner"])
        return winner, balancing.Plan()
    # "Halted" exists only once hands are dealt (the clock has started); before
    # that there is no button to ask for either.
    running = tournament.status == Tournament.Status.RUNNING
    applied = plan_and_apply(tournament=tournament, cause=event, rng=rng, halt=running,
                             ask_buttons=running)
    payload["plan"] = applied.summary()
    # The payout table is worked out once a bust (it costs ~60 ms at 10,000 entries).
    paid = standing.paid if standing else places_paid(tournament)
    if tournament.hand_for_hand:
        if left <= paid:
            payload["bubble_burst"] = True
            payload["hand_for_hand_ended"] = _hand_for_hand_end_at_bubble(tournament)
    elif left == (tournament.hand_for_hand_at or paid + 1):
        payload["hand_for_hand_due"] = True
    if paid and (payload.get("bubble_burst") or left == paid):  # everyone left is in the money
        bubble_push_on_commit(tournament_id=tournament.pk,
                              event_id=tournament.event_id if standing else None)
    return None, applied.plan


def _hand_for_hand_end_at_bubble(tournament: Tournament) -> dict:
    """The bust that bursts the bubble ends hand-for-hand (TDA): later busts are hands of their
    own. The hand stays the one in play, so a bust at another table in the same hand still
    shares (``same_hand``). The bust's event records it; its undo starts it again."""
    tournament.hand_for_hand = False
    tournament.save(update_fields=["hand_for_hand"])
    clock = None
    if tournament.hand_for_hand_pauses_clock:
        started = AuditEvent.objects.filter(
            tournament=tournament, kind="hand_for_hand", payload__on=True).order_by("-id").first()
        if started is not None and started.payload.get("clock") == "paused":
            clock = clock_hold(tournament=tournament, running=True)
    return {"hand": tournament.hand_number, "clock": clock}


def _bust_event(tournament: Tournament, entry: Entry, event_id: int | None) -> AuditEvent | None:
    events = AuditEvent.objects.filter(tournament=tournament, kind="entry_busted",
                                       payload__entry=entry.pk, undone_by__isnull=True)
    if event_id is not None:
        events = events.filter(pk=event_id)
    return events.order_by("-created_at", "-id").first()


@transaction.atomic
def entry_bust_undo(*, actor: Actor, tournament_id: int, entry_id: int, event_id: int | None = None,
                    rng: random.Random | None = None) -> AuditEvent:
    """Put a busted player back in the game; returns the ``entry_bust_undone`` event.

    ``event_id``: the bust to undo (by default the entry's latest). The player
    gets the seat back when it is free; otherwise a seat by the seating rule
    (house 6-7), as a move to make from the old seat. Pending moves the bust
    caused are withdrawn (moves already made stay made: the payload's
    ``warnings`` name them). Players who busted later each move down one
    place (in a Day 1 flight: across the event, refused once one of those
    prizes is paid). Undoing the bust that made the winner reopens the tournament.
    """
    day1_event = lock_day1_event(tournament_id)
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None or entry.status != Entry.Status.BUSTED or entry.finish_place == 1:
        raise ServiceError(_("Only a bust-out can be undone."))
    event = _bust_event(tournament, entry, event_id)
    if event is None:
        raise ServiceError(_("No bust of this player is on record to undo."))
    standing = event.payload.get("event") if day1_event is not None else None
    if standing:
        day1_bust_undo_check(event=day1_event, entry=entry, standing=standing)
    if (deal := deal_in_force(tournament)) is not None and not deal.shares.filter(
            entry=entry).exists():
        raise ServiceError(_("A deal stands on the places of the players still in; %(name)s "
                             "went out before it. Undo the deal first, then this bust.")
                           % {"name": entry.player.name})
    bounties_on_bust_undo(event=event)
    finished = event.payload.get("finished")
    if tournament.status == Tournament.Status.FINISHED:
        if not finished:
            raise ServiceError(_("Undo the bust that ended the tournament first."))
        tournament_reopen(tournament=tournament, finished=finished)
    warnings: list[str] = []
    reopened: set[int] = set()
    told: list[tuple[int, int]] = []  # (move, entry): players whose move changed
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
            told.append((move.pk, move.entry_id))  # they stay where they were
            if move.from_table.status == Table.Status.BROKEN:
                reopened.add(move.from_table_id)
        elif move.status == Move.Status.DONE:
            warnings.append(_("%(name)s has already moved to table %(table)s seat %(seat)s.")
                            % {"name": move.entry.player.name, "table": move.to_table.number,
                               "seat": move.to_seat})
    if reopened:
        Table.objects.filter(pk__in=reopened).update(status=Table.Status.OPEN)
    place, hand = entry.finish_place, entry.bust_hand
    as_busted = Entry(pk=entry.pk, finish_place=place, busted_at=entry.busted_at)
    old = Table.objects.filter(tournament=tournament, number=event.payload["table"]).first()
    seat = event.payload["seat"]
    entry.finish_place = entry.tied_place = entry.busted_at = entry.busted_by = None
    entry.bust_hand = None
    entry.save(update_fields=["finish_place", "tied_place", "busted_at", "busted_by",
                              "bust_hand"])
    move = None
    # He never busted: his own seat when free (a table that broke since stays
    # broken), else a seat by the seating rule, else one over a table's size.
    placed = place_without_seat(tournament, entry, table_number=event.payload["table"],
                                seat=seat, rng=rng)
    own_seat_free = bool(placed and placed.own_seat)
    given = [placed.table.number, placed.seat] if placed else None
    if placed is None:
        entry.status, entry.table, entry.seat, entry.waiting_since = (
            Entry.Status.WAITING, None, None, now())
        entry.save(update_fields=["status", "table", "seat", "waiting_since"])
        warnings.append(_("No table is in play: %(name)s is first on the waiting list.")
                        % {"name": entry.player.name})
    elif placed.extra:
        warnings.append(placed.notice(entry.player.name))
    if standing:
        day1_places_shift(event=day1_event, entry=as_busted, standing=standing)
    elif place is not None:
        _shift_later_places(tournament, place)
    hand_place(tournament, hand)  # the others out in that hand, without this player
    if (ended := event.payload.get("hand_for_hand_ended")) and not tournament.hand_for_hand:
        _hand_for_hand_resume(tournament, ended)
    payload = {"entry": entry.pk, "name": entry.player.name, "place": place,
               "table": given[0] if given else None,
               "seat": given[1] if given else None,
               "own_seat": own_seat_free, "reopened": bool(finished),
               "extra_seat": bool(placed and placed.extra), "warnings": warnings}
    if given and not own_seat_free and old is not None:
        move = Move.objects.create(
            tournament=tournament, entry=entry, from_table=old, from_seat=seat,
            to_table=entry.table, to_seat=entry.seat, reason=Move.Reason.MANUAL,
            wait_for_button=entry.wait_for_button, created_at=now())
        payload["move"] = move.pk
        told.append((move.pk, entry.pk))
    undo = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_BUST_UNDONE,
                  payload=payload)
    if move is not None:
        moves_caused_by(tournament=tournament, cause=undo, moves=[move.pk])
    moves_notify_on_commit(told)
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    prizes_paid_unchanged(tournament)
    return undo


def _hand_for_hand_resume(tournament: Tournament, ended: dict) -> None:
    """The bust that burst the bubble taken back: hand-for-hand is on again, in the same hand
    (and the clock stands still again if ending it had resumed it)."""
    tournament.hand_for_hand = True
    tournament.save(update_fields=["hand_for_hand"])
    if ended.get("clock") == "resumed":
        clock_hold(tournament=tournament, running=False)


def _shift_later_places(tournament: Tournament, place: int) -> None:
    """Busts after ``place`` finished with one more player left: one place lower each."""
    later = Entry.objects.filter(tournament=tournament, finish_place__lt=place)
    later.update(finish_place=F("finish_place") + PLACE_PARKING)
    Entry.objects.filter(tournament=tournament, finish_place__gt=PLACE_PARKING).update(
        finish_place=F("finish_place") - PLACE_PARKING + 1,
        tied_place=F("tied_place") + 1)


@transaction.atomic
def entry_bust_redo(*, actor: Actor, tournament_id: int, undo_event_id: int,
                    rng: random.Random | None = None) -> BustResult:
    """Undo an undo: the player busts again, as the original bust said."""
    tournament = lock_tournament(tournament_id)
    undo = AuditEvent.objects.filter(tournament=tournament, pk=undo_event_id,
                                     kind=AuditEvent.Kind.ENTRY_BUST_UNDONE).first()
    if undo is None:
        raise ServiceError(_("That action cannot be undone."))
    original = AuditEvent.objects.filter(tournament=tournament, undone_by=undo).first()
    busted_by = original.payload.get("busted_by") if original else None
    if busted_by is not None and not Entry.objects.filter(
            pk=busted_by, status=Entry.Status.SEATED).exists():
        busted_by = None
    return entry_bust(actor=actor, tournament_id=tournament_id, entry_id=undo.payload["entry"],
                      busted_by_id=busted_by,
                      chips_at_start=original.payload.get("chips_at_start") if original else None,
                      rng=rng)


@transaction.atomic
def move_confirm(*, actor: Actor, tournament_id: int, move_id: int,
                 expected_to_table: int | None = None,
                 expected_to_seat: int | None = None) -> AuditEvent:
    """The floor confirms a moved player has taken the new seat.

    ``expected_to_table``/``expected_to_seat``: the destination the screen
    showed; a move changed since (a later plan) is not confirmed.
    """
    tournament = lock_tournament(tournament_id)
    move = Move.objects.select_related("entry__player", "to_table").filter(
        tournament=tournament, pk=move_id).first()
    if move is None:
        raise ServiceError(_("That move does not exist."))
    if move.status == Move.Status.CANCELLED:
        raise ServiceError(_("The move of %(name)s was withdrawn since your screen was loaded; "
                             "nothing was recorded.") % {"name": move.entry.player.name})
    if move.status != Move.Status.PENDING:
        raise ServiceError(_("That move is already %(status)s.")
                           % {"status": move.get_status_display().lower()})
    if (expected_to_table is not None or expected_to_seat is not None) and (
            (move.to_table.number, move.to_seat) != (expected_to_table, expected_to_seat)):
        raise ServiceError(_("The move of %(name)s changed since your screen was loaded: it now "
                             "goes to table %(table)s seat %(seat)s. Nothing was recorded.")
                           % {"name": move.entry.player.name, "table": move.to_table.number,
                              "seat": move.to_seat})
    move.status, move.done_at = Move.Status.DONE, now()
    move.done_by = acting_user(actor)
    move.save(update_fields=["status", "done_at", "done_by"])
    if not Move.objects.filter(to_table=move.to_table, status=Move.Status.PENDING).exists():
        Table.objects.filter(pk=move.to_table_id).update(halted=False)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.MOVE_DONE,
                  payload={"move": move.pk, "entry": move.entry_id, "name": move.entry.player.name,
                           "to_table": move.to_table.number, "to_seat": move.to_seat})


@transaction.atomic
def entry_move(*, actor: Actor, tournament_id: int, entry_id: int, table_number: int, seat: int,
               expected_table: int | None = None, expected_seat: int | None = None,
               button: int | None = None) -> AuditEvent:
    """Move a seated player by hand (a wrong seat, a special need: house rules 6 and 8).

    The player's pending move, if any, is withdrawn: one move per player.
    ``expected_table``/``expected_seat``: where the screen showed the player.
    ``button``: the button seat at the table the player leaves, when tapped.
    """
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status != Entry.Status.SEATED:
        raise ServiceError(_("Only a seated player can be moved."))
    if stale := _stale_seat(entry, expected_table, expected_seat):
        raise ServiceError(stale)
    table = Table.objects.filter(tournament=tournament, number=table_number,
                                 status=Table.Status.OPEN).first()
    if table is None:
        raise ServiceError(_("Table %(table)s is not in play.") % {"table": table_number},
                           field="table_number")
    if not 1 <= seat <= table.capacity:
        raise ServiceError(_("Table %(table)s has seats 1 to %(capacity)s.")
                           % {"table": table.number, "capacity": table.capacity}, field="seat")
    if seat in (table.blocked_seats or []):
        raise ServiceError(_("Table %(table)s seat %(seat)s is blocked.")
                           % {"table": table.number, "seat": seat}, field="seat")
    if entry.needs_accessible_seat and seat not in (table.accessible_seats or []):
        raise ServiceError(_("%(name)s needs an accessible seat; table %(table)s seat %(seat)s "
                             "is not one.") % {"name": entry.player.name, "table": table.number,
                                               "seat": seat}, field="seat")
    holder = Entry.objects.select_related("player").filter(
        table=table, seat=seat, status=Entry.Status.SEATED).first()
    if holder is not None:
        raise ServiceError(_("Table %(table)s seat %(seat)s is taken (by %(name)s).")
                           % {"table": table.number, "seat": seat, "name": holder.player.name},
                           field="seat")
    at = now()
    if button is not None:
        button_record(entry.table, button, tournament=tournament, at=at,
                      level=current_level(tournament, at), field="button")
    withdrawn = list(Move.objects.filter(entry=entry, status=Move.Status.PENDING)
                     .values_list("pk", flat=True))
    Move.objects.filter(pk__in=withdrawn).update(status=Move.Status.CANCELLED)
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_MOVED, payload={
        "entry": entry.pk, "name": entry.player.name, "from": [entry.table.number, entry.seat],
        "to": [table.number, seat], "moves_withdrawn": withdrawn, "button": button}, at=at)
    Move.objects.create(
        tournament=tournament, entry=entry, from_table=entry.table, from_seat=entry.seat,
        to_table=table, to_seat=seat, reason=Move.Reason.MANUAL, status=Move.Status.DONE,
        caused_by=event, created_at=at, done_at=at, done_by=acting_user(actor))
    entry.table, entry.seat, entry.wait_for_button = table, seat, False
    entry.save(update_fields=["table", "seat", "wait_for_button"])
    return event


@transaction.atomic
def tables_balance(*, actor: Actor, tournament_id: int, rng: random.Random | None = None,
                   random_ok: bool = False) -> AuditEvent:
    """Run the plan now (after registrations, a table opened, or a manual move).

    The payload's ``plan`` says what it did (``moves``: how many to make).
    While play runs, a balance that needs an unknown button asks for it first
    (``plan.buttons_wanted``); ``random_ok``: the floor skipped the question,
    the mover is picked at random.
    """
    tournament = lock_tournament(tournament_id)
    running = tournament.status == Tournament.Status.RUNNING
    applied = plan_and_apply(tournament=tournament, cause=None, rng=rng, halt=running,
                             ask_buttons=running and not random_ok)
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TABLES_BALANCED,
                   payload={"plan": applied.summary(), "random_ok": random_ok})
    moves_caused_by(tournament=tournament, cause=event, moves=applied.made)
    return event


@transaction.atomic
def hand_for_hand_set(*, actor: Actor, tournament_id: int, on: bool) -> AuditEvent | None:
    """Start or stop hand-for-hand; None when it already is as asked.

    With the tournament's ``hand_for_hand_pauses_clock``, the clock stands
    still from the start of hand-for-hand to its end.
    """
    tournament = lock_tournament(tournament_id)
    if tournament.hand_for_hand == on:
        return None
    return _hand_for_hand_switch(tournament, actor, on=on, why="director")


def _hand_for_hand_switch(tournament: Tournament, actor: Actor, *, on: bool, why: str) -> AuditEvent:
    tournament.hand_for_hand = on
    tournament.hand_number += 1
    tournament.save(update_fields=["hand_for_hand", "hand_number"])
    clock = None
    if tournament.hand_for_hand_pauses_clock:
        # Ending resumes the clock only if starting paused it (a pause of the
        # director's own stays).
        started = None if on else AuditEvent.objects.filter(
            tournament=tournament, kind=AuditEvent.Kind.HAND_FOR_HAND, payload__on=True).order_by("-id").first()
        if on or (started is not None and started.payload.get("clock") == "paused"):
            clock = clock_hold(tournament=tournament, running=not on)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.HAND_FOR_HAND,
                  payload={"on": on, "hand": tournament.hand_number, "why": why,
                           "clock": clock})


@transaction.atomic
def hand_next(*, actor: Actor, tournament_id: int) -> AuditEvent:
    """Hand-for-hand: every table has finished the hand; the next one starts.

    Once the bubble has burst (no more players left than places paid),
    hand-for-hand ends by itself instead: the event (kind ``hand_for_hand``,
    ``why`` "bubble") is the notice the screens show.
    """
    tournament = lock_tournament(tournament_id)
    if not tournament.hand_for_hand:
        raise ServiceError(_("Hand-for-hand is not on."))
    if players_left_for_money(tournament) <= places_paid(tournament):
        return _hand_for_hand_switch(tournament, actor, on=False, why="bubble")
    tournament.hand_number += 1
    tournament.save(update_fields=["hand_number"])
    buttons = buttons_advance(tournament, now())
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.HAND_NEXT,
                  payload={"hand": tournament.hand_number, "buttons": buttons})
