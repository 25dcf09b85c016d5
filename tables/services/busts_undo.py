"""A bust taken back (``entry_bust_undo``) and given again (``entry_bust_redo``)."""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tables.models import Move, Table
from tables.services.busts import BustResult, entry_bust
from tables.services.plans import moves_caused_by, moves_notify_on_commit
from tables.services.reseat import place_without_seat
from tournament.models import AuditEvent, Entry, Tournament
from tournament.selectors.money import deal_in_force
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.bounties import bounties_on_bust_undo
from tournament.services.clock import clock_hold
from tournament.services.event_places import (
    day1_bust_undo_check,
    day1_places_shift,
    lock_day1_event,
)
from tournament.services.finishes import hand_place, prizes_paid_unchanged
from tournament.services.tournaments import tournament_reopen

PLACE_PARKING = 1_000_000


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

