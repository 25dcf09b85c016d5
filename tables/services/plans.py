"""Turning a balancing plan into seats, moves and broken tables (house rules 9, 9-C, 10),
with the buttons the plan needs.

Balancing with the buttons: when a plan needs a balance move from or to a
table whose button is unknown (or stale), nothing moves yet; those tables are
marked ``button_wanted`` and the floor is asked to tap their button seats.
Once the last one is tapped the plan runs with every button it needs, so the
player due the big blind next moves into the worst seat. The floor may skip
the question (``tables_balance(random_ok=True)``): the move is then picked at
random and shown as such. (A tap itself: ``buttons.button_tap``.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tables.domain import balancing
from tables.domain.buttons import tables_needing_button
from tables.domain.table import Table as SeatingTable
from tables.domain.table import break_rank
from tables.models import Move, Table
from tables.services.push import moves_push_on_commit
from tables.services.reseat import extra_seats_release
from tables.services.state import (
    current_level,
    domain_tables,
    forget_stale,
    system_rng,
    write_seats,
)
from tournament.models import AuditEvent, Entry, Tournament
from tournament.runtime.broker import seat_notice_on_commit
from tournament.selectors.festival import is_day1_flight
from tournament.services.base import ServiceError, now

# Seats are parked here while a redraw swaps them, so the unique (table, seat)
# constraint holds after every single UPDATE.
PARKING_OFFSET = 1000


@dataclass(frozen=True)
class Applied:
    """A plan carried out: the domain plan, and what it did to the moves on record.

    ``updated`` lists the pending moves a later plan changed in place (one
    pending move per player), as they go into the audit event's payload.
    """

    plan: balancing.Plan
    updated: list[dict] = field(default_factory=list)
    # Tables whose button the floor is asked to tap before the balance moves.
    buttons_wanted: tuple[int, ...] = ()
    # The moves this plan made (their ids): ``moves_caused_by`` ties them to the
    # action's audit event once it is recorded, with the plan in its payload.
    made: tuple[int, ...] = ()

    def summary(self) -> dict:
        summary = plan_summary(self.plan)
        if self.updated:
            summary["updated"] = self.updated
        if self.buttons_wanted:
            summary["buttons_wanted"] = list(self.buttons_wanted)
        return summary


def balance_tolerance(tournament: Tournament, tables_in_play: int) -> int:
    """The director's tolerance (house 9-C), back to 1 once few tables remain."""
    if tournament.balance_tolerance >= 2 and tables_in_play > tournament.balance_tight_at_tables:
        return 2
    return 1


def plan_and_apply(
    *, tournament: Tournament, cause: AuditEvent | None, rng: random.Random | None = None,
    halt: bool = True, ask_buttons: bool = False, before_first_hand: bool = False,
) -> Applied:
    """Plan and apply (``_plan_and_apply``); then a table that played one over its
    size until this balance or break gives the extra seat back
    (``tables.services.reseat.extra_seats_release``)."""
    applied = _plan_and_apply(tournament=tournament, cause=cause, rng=rng, halt=halt,
                              ask_buttons=ask_buttons, before_first_hand=before_first_hand)
    moves_notify_on_commit(extra_seats_release(tournament))
    return applied


def _plan_and_apply(
    *, tournament: Tournament, cause: AuditEvent | None, rng: random.Random | None = None,
    halt: bool = True, ask_buttons: bool = False, before_first_hand: bool = False,
) -> Applied:
    """Plan breaks, balancing and the final table on the state as it is, and apply it.

    Called inside the caller's transaction with the tournament locked. Seats
    change at once (the plan is where everyone now belongs); each move stays
    pending until the floor confirms the player has arrived. A player keeps
    one pending move: the plan does not pick a moving player to balance, and
    when a break or the final table moves them again their pending move is
    updated in place. ``halt=False``: no table is marked halted (no hands are
    dealt yet: registrations before the start, the balance at the start).
    ``ask_buttons``: a balance that needs an unknown button waits for the floor
    to tap it (``ask_for_buttons``, below); stale buttons (too old, or from an
    earlier level) count as unknown. ``before_first_hand``: the balance at the
    clock's start (no hand dealt): a mover drawn at random says so.

    Every player whose move this creates or changes hears of it once the
    action commits (``moves_notify_on_commit``): the new seat and why.
    """
    tables = list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN))
    at = now()
    level = current_level(tournament, at) if any(t.button is not None for t in tables) else None
    rows = {t.number: t for t in tables}
    by_number = forget_stale(domain_tables(tables, tournament), rows, tournament, at, level)
    # Empty tables are spares: they take no part in breaking or balancing.
    in_play = [t for t in by_number.values() if t.count]
    total = sum(t.count for t in in_play)
    # A Day 1 flight has no final table: its players bag and go on to Day 2.
    final_table = not is_day1_flight(tournament)
    if final_table and len(in_play) > 1 and total <= tournament.final_table_size:
        _make_room_for_final_table(tournament, in_play, rows)
        by_number = forget_stale(domain_tables([rows[t.number] for t in in_play], tournament),
                                 rows, tournament, at, level)
        in_play = list(by_number.values())
    pending = {m.entry_id: m for m in Move.objects.filter(tournament=tournament,
                                                          status=Move.Status.PENDING)}
    needs_access = frozenset(Entry.objects.filter(
        tournament=tournament, status=Entry.Status.SEATED, needs_accessible_seat=True
    ).values_list("pk", flat=True))
    plan = balancing.plan(in_play, final_table_size=tournament.final_table_size,
                          tolerance=balance_tolerance(tournament, len(in_play)),
                          rng=rng or system_rng(), moving=frozenset(pending),
                          needs_access=needs_access, final_table=final_table)
    if not halt:
        plan = balancing.Plan(breaks=plan.breaks, moves=plan.moves, final_table=plan.final_table,
                              notes=plan.notes, final_table_number=plan.final_table_number)
    fresh = frozenset(t.number for t in tables if t.fresh)
    if ask_buttons and (wanted := ask_for_buttons(plan, by_number, tournament, fresh)):
        # The balance waits for the taps; a break does not (its seats are
        # drawn at random): it is carried out now, and the balance that
        # follows is planned again on the new state once the buttons are in.
        plan = balancing.Plan(breaks=plan.breaks, halted=plan.halted,
                              moves=tuple(m for m in plan.moves if m.reason == "break"),
                              notes=tuple(n for n in plan.notes if n[0] != "random_mover"))
        if not plan.breaks:
            if plan.halted:
                Table.objects.filter(tournament=tournament,
                                     number__in=plan.halted).update(halted=True)
            return Applied(plan, buttons_wanted=wanted)
        updated, made = _apply(tournament, plan, rows, cause, pending, before_first_hand)
        return Applied(plan, updated, buttons_wanted=wanted, made=made)
    if any(t.button_wanted for t in tables):
        clear_asked(tournament)
    if plan.is_empty:
        if plan.halted:
            Table.objects.filter(tournament=tournament, number__in=plan.halted).update(halted=True)
        return Applied(plan)
    updated, made = _apply(tournament, plan, rows, cause, pending, before_first_hand)
    if fresh:  # its share has come: hands are dealt there from now on
        Table.objects.filter(tournament=tournament, number__in=fresh).update(fresh=False)
    return Applied(plan, updated, made=made)


def _make_room_for_final_table(tournament, in_play, rows) -> None:
    """TDA 2024 RP-9 may seat the final table with more than the event's tables hold."""
    if any(t.usable >= tournament.final_table_size for t in in_play):
        return
    last = max(in_play, key=break_rank)  # breaks last
    row = rows[last.number]
    row.capacity = min(12, tournament.final_table_size + len(last.blocked))
    row.save(update_fields=["capacity"])


def _apply(tournament: Tournament, plan: balancing.Plan, rows: dict[int, Table],
           cause: AuditEvent | None, pending: dict[int, Move],
           before_first_hand: bool = False) -> tuple[list[dict], tuple[int, ...]]:
    at = now()
    # Park every moving entry first: a redraw may swap two seats.
    write_seats((m.entry, rows[m.from_table].pk, PARKING_OFFSET + i, False)
                for i, m in enumerate(plan.moves))
    write_seats((m.entry, rows[m.to_table].pk, m.to_seat, m.wait_for_button) for m in plan.moves)
    random_movers = {table for kind, table in plan.notes if kind == "random_mover"}
    no_access = {entry for kind, entry in plan.notes if kind == "no_accessible_seat"}
    edition = tournament.rulebook_edition
    new_moves, updated = [], []
    numbers = {}
    for m in plan.moves:
        random_pick = m.reason == "balance" and m.from_table in random_movers
        rule = balancing.rule_for(edition, m.reason)
        earlier = pending.get(m.entry)
        if earlier is not None:
            # One pending move per player: the player has not left the seat of
            # the earlier move yet, so that move now leads to the new seat.
            if not numbers:
                numbers = dict(Table.objects.filter(tournament=tournament)
                               .values_list("pk", "number"))
            change = {"move": earlier.pk, "entry": m.entry,
                      "from": [numbers[earlier.from_table_id], earlier.from_seat],
                      "was": [numbers[earlier.to_table_id], earlier.to_seat],
                      "to": [m.to_table, m.to_seat], "reason": m.reason}
            if (earlier.from_table_id, earlier.from_seat) == (rows[m.to_table].pk, m.to_seat):
                earlier.status = Move.Status.CANCELLED  # back to the seat never left
                change["withdrawn"] = True
            earlier.to_table_id, earlier.to_seat = rows[m.to_table].pk, m.to_seat
            earlier.reason, earlier.rule, earlier.random_pick = m.reason, rule, random_pick
            earlier.before_first_hand = random_pick and before_first_hand
            earlier.wait_for_button = m.wait_for_button
            earlier.broken_table = m.from_table if m.reason == "break" else None
            earlier.high_card = m.high_card or ""
            earlier.no_accessible_seat = m.entry in no_access
            earlier.save(update_fields=["to_table", "to_seat", "reason", "rule", "random_pick",
                                        "before_first_hand", "wait_for_button", "status",
                                        "broken_table", "high_card", "no_accessible_seat"])
            updated.append(change)
            continue
        # A final-table redraw that leaves a player in place is no move to make.
        if (m.from_table, m.from_seat) == (m.to_table, m.to_seat):
            continue
        new_moves.append(Move(
            tournament=tournament, entry_id=m.entry, from_table_id=rows[m.from_table].pk,
            from_seat=m.from_seat, to_table_id=rows[m.to_table].pk, to_seat=m.to_seat,
            reason=m.reason, rule=rule, wait_for_button=m.wait_for_button,
            random_pick=random_pick, before_first_hand=random_pick and before_first_hand,
            caused_by=cause, created_at=at,
            broken_table=m.from_table if m.reason == "break" else None,
            high_card=m.high_card or "", no_accessible_seat=m.entry in no_access))
    Move.objects.bulk_create(new_moves)
    # The moves made and the moves changed in place (their earlier message is out of date).
    moves_notify_on_commit([(m.pk, m.entry_id) for m in new_moves]
                           + [(c["move"], c["entry"]) for c in updated])
    broken = list(plan.breaks)
    if plan.final_table:
        broken = [n for n in rows if n != plan.final_table_number and rows[n].status == Table.Status.OPEN]
        final = rows[plan.final_table_number]
        final.button = None  # the button is drawn again at the final table
        final.save(update_fields=["button"])
    if broken:
        Table.objects.filter(tournament=tournament, number__in=broken).update(
            status=Table.Status.BROKEN, halted=False)
    if plan.halted:
        Table.objects.filter(tournament=tournament, number__in=plan.halted).exclude(
            number__in=broken).update(halted=True)
    return updated, tuple(m.pk for m in new_moves)


def moves_caused_by(*, tournament: Tournament, cause: AuditEvent, moves: Sequence[int]) -> None:
    """Tie the moves a plan made (``Applied.made``) to the audit event recorded after it.

    A service plans first, then records one event with the plan in its payload
    (the event is written whole), then ties the moves to it: undo and the start
    taken back find the moves by their cause.
    """
    if moves:
        Move.objects.filter(tournament=tournament, pk__in=list(moves)).update(caused_by=cause)


def moves_notify_on_commit(moves: list[tuple[int, int]]) -> None:
    """Each player with an email hears of their move once the action commits: the new
    seat and why (``tournament.tasks.clock.notify_seat``). ``moves``: (move id, entry id).

    The message is kept with the change (``PendingNotification``), so a broker or
    worker lost after the commit loses no message; one message per player.
    """
    if not moves:
        return
    moves_push_on_commit([move_id for move_id, _entry_id in moves])  # and their phones
    by_entry = dict((entry_id, move_id) for move_id, entry_id in moves)
    for entry_id in Entry.objects.filter(pk__in=list(by_entry), player__email__gt=""
                                         ).values_list("pk", flat=True).order_by("pk"):
        seat_notice_on_commit(entry_id, by_entry[entry_id])


def plan_summary(plan: balancing.Plan) -> dict:
    summary = {
        "breaks": list(plan.breaks),
        "moves": len(plan.moves),
        "final_table": plan.final_table_number if plan.final_table else None,
        "halted": list(plan.halted),
    }
    if missed := no_accessible_seat(plan):
        summary["no_accessible_seat"] = missed
    return summary


def no_accessible_seat(plan: balancing.Plan) -> list[int]:
    """Entries who need an accessible seat and were given an ordinary one (house 8)."""
    return [entry for kind, entry in plan.notes if kind == "no_accessible_seat"]


def moves_withdraw(*, tournament: Tournament, cause: AuditEvent) -> list[list[int]]:
    """Withdraw the moves ``cause`` made, each player back in the seat they left (a
    start taken back); [[entry, table number, seat], ...]. Refused when a player has
    moved since or their old seat is taken: hands have been played."""
    moves = list(Move.objects.select_for_update().filter(tournament=tournament, caused_by=cause)
                 .select_related("from_table").order_by("pk"))
    movers = {m.entry_id for m in moves}
    where = {row[0]: row[1:] for row in Entry.objects.filter(pk__in=movers).values_list(
        "pk", "status", "table_id", "seat")}
    if any(m.status != Move.Status.PENDING
           or where.get(m.entry_id) != (Entry.Status.SEATED, m.to_table_id, m.to_seat)
           for m in moves):
        raise ServiceError(_("Hands have been played since the start: pause the clock instead."))
    seats = {(m.from_table_id, m.from_seat) for m in moves}
    taken = Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED,
                                 table_id__in={t for t, _s in seats}).exclude(pk__in=movers)
    if any(pair in seats for pair in taken.values_list("table_id", "seat")):
        raise ServiceError(_("Hands have been played since the start: pause the clock instead."))
    # Park first: two players of the start may have swapped seats.
    write_seats((m.entry_id, m.from_table_id, PARKING_OFFSET + i, False)
                for i, m in enumerate(moves))
    write_seats((m.entry_id, m.from_table_id, m.from_seat, False) for m in moves)
    Move.objects.filter(pk__in=[m.pk for m in moves]).update(status=Move.Status.CANCELLED)
    return [[m.entry_id, m.from_table.number, m.from_seat] for m in moves]


# --- The buttons a plan waits for: those the floor is asked to tap -----------------------


def ask_for_buttons(plan: balancing.Plan, by_number: dict[int, SeatingTable],
                    tournament: Tournament, no_hand_yet: frozenset[int] = frozenset(),
                    ) -> tuple[int, ...]:
    """Mark the tables whose button the plan needs (none when it needs none).

    ``no_hand_yet``: tables where no hand has been dealt (``Table.fresh``): there is
    no button to tap, and a player moved in takes a seat drawn at random.
    """
    known = {n for n, t in by_number.items() if t.button is not None} | set(no_hand_yet)
    wanted = tables_needing_button(plan, known)
    if wanted:
        Table.objects.filter(tournament=tournament, status=Table.Status.OPEN).exclude(
            number__in=wanted).update(button_wanted=False)
        Table.objects.filter(tournament=tournament, number__in=wanted).update(button_wanted=True)
    return wanted


def clear_asked(tournament: Tournament) -> None:
    Table.objects.filter(tournament=tournament, button_wanted=True).update(button_wanted=False)


def still_wanted(tournament: Tournament) -> bool:
    return Table.objects.filter(tournament=tournament, status=Table.Status.OPEN,
                                button_wanted=True).exists()
