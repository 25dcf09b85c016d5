"""The bust: a player out, their finish in the ledger, then what it causes (the
waiting list seated, the plan, the bubble, bounties, the last bust finishing the event).

It returns its one audit event inside ``BustResult``; what the bust caused goes in
that event's payload. Its undo and redo: ``busts_undo.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tables.domain import balancing
from tables.models import Move, Table
from tables.services.buttons import button_tap
from tables.services.floor import places_paid, stale_seat
from tables.services.plans import Applied, moves_caused_by, plan_and_apply
from tables.services.push import bust_push_on_commit
from tables.services.seating import seat_waiting_list, seated_payload
from tournament.bounds import amount_refusal
from tournament.models import AuditEvent, BountyAward, Entry, Tournament
from tournament.selectors.money import deal_in_force
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.bounties import bounties_of_bust, bounties_save, bounties_summary
from tournament.services.clock import clock_hold
from tournament.services.event_places import Day1Standing, day1_standing, lock_day1_event
from tournament.services.finishes import hand_place, hand_stacks_check, prizes_paid_unchanged
from tournament.services.push import bubble_push_on_commit
from tournament.services.tournaments import tournament_finish


@dataclass(frozen=True)
class BustResult:
    entry: Entry
    place: int | None  # None: out on Day 1 before the money
    event: AuditEvent
    plan: balancing.Plan
    winner: Entry | None


def _live_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status__in=Entry.LIVE_STATUSES).count()


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
    bust = _bust_checked(tournament, day1_event, entry_id=entry_id, busted_by_id=busted_by_id,
                         chips_at_start=chips_at_start, expected_table=expected_table,
                         expected_seat=expected_seat, same_hand=same_hand,
                         hand_stacks=hand_stacks)
    if button is not None:
        button_tap(bust.table, button, tournament=tournament, field="button")
    payload = _take_out(tournament, bust, button=button)
    shared = _places_of_the_hand(tournament, bust, payload)
    _seat_the_waiting_list(tournament, payload, rng=rng)
    winner, applied = _after_bust(tournament, bust, payload, rng=rng)
    awards = bounties_of_bust(tournament=tournament, entry=bust.entry, hitman=bust.hitman,
                              winner=winner)
    payload["bounties"] = bounties_summary(awards)
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_BUSTED,
                   payload=payload)
    _tie_to_the_event(tournament, event, applied, awards)
    prizes_paid_unchanged(tournament, entry_ids=[bust.entry.pk, *shared])
    bust_push_on_commit(bust.entry, place=payload["place"])
    bust.entry.refresh_from_db()
    return BustResult(entry=bust.entry, place=payload["place"], event=event,
                      plan=applied.plan if applied else balancing.Plan(), winner=winner)


@dataclass(frozen=True)
class _Bust:
    """The facts of one bust, checked before anything is written."""

    entry: Entry
    hitman: Entry | None
    chips: int | None
    table: Table
    seat: int
    here: int  # players still in before the bust
    standing: Day1Standing | None  # in a Day 1 flight: the event's count
    place: int | None
    left: int  # players still in after it
    hand: int | None


def _bust_checked(tournament: Tournament, day1_event, *, entry_id: int,
                  busted_by_id: int | None, chips_at_start: int | None,
                  expected_table: int | None, expected_seat: int | None,
                  same_hand: bool | None, hand_stacks: Mapping[int, int] | None) -> _Bust:
    """Who busts, where, by whom, in which place and hand. Refused when the player is not
    seated where the screen showed them, the winner of the hand is not another seated
    player, a stack is out of bounds or the hand's stacks are missing (the transaction
    then writes nothing)."""
    entry = _entry_to_bust(tournament, entry_id, expected_table, expected_seat)
    hitman = _hitman(tournament, entry, busted_by_id)
    if chips_at_start is not None and (refusal := amount_refusal(chips_at_start)):
        raise ServiceError(refusal, field="chips_at_start")
    here = _live_count(tournament)
    standing, place, left = _standing(tournament, day1_event, entry, here)
    hand = _hand_of_bust(tournament, same_hand)
    if place is not None and hand is not None:
        hand_stacks_check(tournament=tournament, hand=hand, table=entry.table.number,
                          entry=entry, chips_at_start=chips_at_start, hand_stacks=hand_stacks)
    return _Bust(entry=entry, hitman=hitman, chips=chips_at_start, table=entry.table,
                 seat=entry.seat, here=here, standing=standing, place=place, left=left,
                 hand=hand)


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
    if stale := stale_seat(entry, expected_table, expected_seat):
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


def _take_out(tournament: Tournament, bust: _Bust, *, button: int | None) -> dict:
    """The player leaves the seat with a finish; their pending moves are withdrawn.
    Returns the start of the bust's payload."""
    entry = bust.entry
    entry.status = Entry.Status.BUSTED
    entry.table, entry.seat, entry.wait_for_button = None, None, False
    entry.finish_place, entry.tied_place = bust.place, None
    entry.busted_at = now()
    entry.busted_by = bust.hitman
    entry.chips = bust.chips
    entry.bust_hand = bust.hand
    entry.save(update_fields=["status", "table", "seat", "wait_for_button", "finish_place",
                              "tied_place", "busted_at", "busted_by", "chips", "bust_hand"])
    cancelled = list(Move.objects.filter(entry=entry, status=Move.Status.PENDING)
                     .values_list("pk", flat=True))
    if cancelled:
        Move.objects.filter(pk__in=cancelled).update(status=Move.Status.CANCELLED)
    payload = {
        "entry": entry.pk, "number": entry.number, "name": entry.player.name,
        "place": bust.place, "table": bust.table.number, "seat": bust.seat, "hand": bust.hand,
        "busted_by": bust.hitman.pk if bust.hitman else None, "chips_at_start": bust.chips,
        "bounty": tournament.bounty if bust.hitman else 0, "moves_cancelled": cancelled,
    }
    if button is not None:
        payload["button"] = button
    if bust.standing is not None:
        payload["event"] = bust.standing.payload()
    return payload


def _places_of_the_hand(tournament: Tournament, bust: _Bust, payload: dict) -> dict:
    """The places of everyone out in the bust's hand (the ledger's rule), this one's in the
    payload; returns them by entry."""
    shared = hand_place(tournament, bust.hand, recording={bust.entry.pk: bust.table.number})
    payload["place"], payload["tied"] = shared.get(bust.entry.pk, (bust.place, None))
    return shared


def _seat_the_waiting_list(tournament: Tournament, payload: dict, *, rng) -> None:
    """A seat freed: the waiting list is seated first."""
    if seated := seat_waiting_list(tournament=tournament, rng=rng):
        payload["seated"] = seated_payload(seated)


def _tie_to_the_event(tournament: Tournament, event: AuditEvent, applied: Applied | None,
                      awards: list[BountyAward]) -> None:
    """The moves the plan made and the bounties the bust moved, tied to its event (undo
    finds them by it)."""
    if applied is not None:
        moves_caused_by(tournament=tournament, cause=event, moves=applied.made)
    bounties_save(awards, event=event)


def _after_bust(tournament: Tournament, bust: _Bust, payload: dict, *, rng
                ) -> tuple[Entry | None, Applied | None]:
    """The winner when one player is left, else the plan; the bubble (hand-for-hand due, or
    ended by this bust)."""
    # A Day 1 flight down to one player ends only when the event is: that player bags.
    if bust.here == 2 and bust.left == 1:
        payload["finished"] = tournament_finish(tournament=tournament)
        winner = Entry.objects.select_related("player").get(pk=payload["finished"]["winner"])
        return winner, None
    # "Halted" exists only once hands are dealt (the clock has started); before
    # that there is no button to ask for either.
    running = tournament.status == Tournament.Status.RUNNING
    applied = plan_and_apply(tournament=tournament, cause=None, rng=rng, halt=running,
                             ask_buttons=running)
    payload["plan"] = applied.summary()
    # The payout table is worked out once a bust (it costs ~60 ms at 10,000 entries).
    paid = bust.standing.paid if bust.standing else places_paid(tournament)
    if tournament.hand_for_hand:
        if bust.left <= paid:
            payload["bubble_burst"] = True
            payload["hand_for_hand_ended"] = _hand_for_hand_end_at_bubble(tournament)
    elif bust.left == (tournament.hand_for_hand_at or paid + 1):
        payload["hand_for_hand_due"] = True
    if paid and (payload.get("bubble_burst") or bust.left == paid):  # all left are in the money
        bubble_push_on_commit(tournament_id=tournament.pk,
                              event_id=tournament.event_id if bust.standing else None)
    return None, applied


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

