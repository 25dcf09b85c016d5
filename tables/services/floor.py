"""Floor actions besides the bust: confirming moves, manual moves, a balance run by
hand, hand-for-hand (the bust and its undo: ``busts.py``, ``busts_undo.py``).

Each action returns its one audit event.

Stale screens: the floor's buttons carry what the screen showed
(``expected_table``/``expected_seat`` for a bust or a manual move,
``expected_to_table``/``expected_to_seat`` for a move to confirm); when the
room has changed since, the action is refused with what changed and nothing
is written (``stale_seat``).
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import Move, Table
from tables.services.buttons import button_tap, buttons_advance
from tables.services.plans import moves_caused_by, plan_and_apply
from tournament.models import AuditEvent, Entry, Tournament
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, acting_user, lock_tournament, now
from tournament.services.clock import clock_hold
from tournament.services.event_places import (
    players_left_for_money,
)


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


def stale_seat(entry: Entry, expected_table: int | None, expected_seat: int | None) -> str | None:
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
    if stale := stale_seat(entry, expected_table, expected_seat):
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
        button_tap(entry.table, button, tournament=tournament, at=at, field="button")
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
