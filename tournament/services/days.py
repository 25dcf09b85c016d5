"""End of day: play stops, every stack still in goes into a numbered bag, the flight is bagged.

Once bagged, a flight is finished for its tournament: busts, moves, clock and
registration refuse; only ``bag_correct`` (director, audited) changes a bag.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.floor_port import floor
from tournament.models import AuditEvent, ChipCount, Clock, Entry, Flight, Tournament
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.clock import clock_state, tournament_levels
from tournament.services.counts import (
    clean_bag,
    clean_chips,
    current_level_index,
    flight_of,
    refuse_if_bagged,
    write_counts,
)

LIVE = Entry.LIVE_STATUSES


def _stop_clock(tournament: Tournament, at: datetime, *, elapsed: float | None = None) -> None:
    """Pause the clock (at a level boundary when ``elapsed`` is given)."""
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None or not clock.running:
        return
    state = clock_domain.pause(clock_state(clock), at)
    clock.running, clock.anchor_at = state.running, state.anchor_at
    clock.elapsed_at_anchor = state.elapsed_at_anchor if elapsed is None else elapsed
    clock.version = state.version
    clock.save(update_fields=["running", "anchor_at", "elapsed_at_anchor", "version"])


def _start_bagging(tournament: Tournament, flight: Flight, at: datetime,
                   level_index: int | None) -> None:
    flight.status = Flight.Status.BAGGING
    flight.ended_at, flight.ended_level, flight.end_after_level = at, level_index, None
    flight.save(update_fields=["status", "ended_at", "ended_level", "end_after_level"])


@transaction.atomic
def day_end(*, actor: Actor, tournament_id: int, after_level: bool = False) -> Flight:
    """Director: end the day now (play stops), or when the current level is over.

    Then the floor enters every remaining stack with its bag number.
    """
    tournament = lock_tournament(tournament_id)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished."))
    flight = flight_of(tournament)
    if flight.status != Flight.Status.PLAYING:
        raise ServiceError(_("The day has already ended."))
    level_index = current_level_index(tournament)
    if after_level:
        if level_index is None:
            raise ServiceError(_("The clock has not started: end the day now instead."))
        flight.end_after_level = level_index
        flight.save(update_fields=["end_after_level"])
        record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.DAY_END_SCHEDULED,
               payload={"after_level_index": level_index})
        return flight
    at = now()
    _stop_clock(tournament, at)
    _start_bagging(tournament, flight, at, level_index)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.DAY_ENDED,
           payload={"level_index": level_index, "players": Entry.objects.filter(
               tournament=tournament, status__in=LIVE).count()})
    return flight


def day_end_at_boundary(*, tournament: Tournament, level_index: int, at: datetime) -> bool:
    """Called as the clock records a level start: end a day scheduled to end before it.

    Runs inside the boundary recorder's transaction; the clock stops exactly
    at the boundary, however late the recorder runs.
    """
    flight = Flight.objects.filter(tournament=tournament, status=Flight.Status.PLAYING,
                                   end_after_level__lt=level_index).first()
    if flight is None:
        return False
    levels = tournament_levels(tournament)
    boundary = clock_domain.level_starts(levels)[flight.end_after_level + 1]
    ended = flight.end_after_level
    _stop_clock(tournament, at, elapsed=float(boundary))
    _start_bagging(tournament, flight, at, ended)
    record(tournament=tournament, actor=None, kind=AuditEvent.Kind.DAY_ENDED,
           payload={"level_index": ended, "at_level_end": True})
    return True


@transaction.atomic
def day_resume(*, actor: Actor, tournament_id: int) -> Flight:
    """Director: take back an end of day before the bags are sealed (play may go on).

    The returned flight carries its audit event as ``audit_event`` (for undo).
    """
    tournament = lock_tournament(tournament_id)
    flight = flight_of(tournament)
    refuse_if_bagged(flight)
    if flight.status == Flight.Status.PLAYING and flight.end_after_level is None:
        raise ServiceError(_("The day has not ended."))
    flight.status, flight.end_after_level, flight.ended_at = Flight.Status.PLAYING, None, None
    flight.save(update_fields=["status", "end_after_level", "ended_at"])
    flight.audit_event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.DAY_RESUMED,
                                payload={})
    return flight


@transaction.atomic
def day_seal(*, actor: Actor, tournament_id: int) -> Flight:
    """Director: every stack still in is bagged; the flight is bagged and nothing moves now."""
    tournament = lock_tournament(tournament_id)
    flight = flight_of(tournament)
    refuse_if_bagged(flight)
    if flight.status != Flight.Status.BAGGING:
        raise ServiceError(_("End the day first."))
    live = Entry.objects.filter(tournament=tournament, status__in=LIVE)
    if live.filter(status=Entry.Status.WAITING).exists():
        raise ServiceError(_("Players are still on the waiting list: seat or refund them first."))
    bagged = (ChipCount.objects.filter(tournament=tournament, current=True,
                                       entry__status__in=LIVE).exclude(bag="").count())
    unbagged = live.count() - bagged
    if unbagged:
        raise ServiceError(_("%(n)s players still need a bagged count.") % {"n": unbagged})
    at = now()
    flight.status, flight.bagged_at = Flight.Status.BAGGED, at
    flight.save(update_fields=["status", "bagged_at"])
    floor().moves_cancel(tournament=tournament)
    # Finished for the day: every other service refuses a finished tournament.
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, at
    tournament.save(update_fields=["status", "finished_at"])
    bags = ChipCount.objects.filter(tournament=tournament, current=True, entry__status__in=LIVE)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.DAY_BAGGED,
           payload={"bags": bags.count(), "chips": sum(bags.values_list("chips", flat=True))})
    return flight


@transaction.atomic
def bag_correct(*, actor: Actor, tournament_id: int, entry_id: int, chips: int, bag: str,
                reason: str) -> AuditEvent:
    """Director: the one change a bagged flight allows, with its reason in the log."""
    tournament = lock_tournament(tournament_id, bagged_ok=True)
    flight = flight_of(tournament)
    if flight.status == Flight.Status.PLAYING:
        raise ServiceError(_("The day has not ended: enter a count instead."))
    entry = Entry.objects.select_related("player").filter(
        tournament=tournament, pk=entry_id, status__in=LIVE).first()
    if entry is None:
        raise ServiceError(_("That player is not in a bag."))
    label = entry.player.name
    chips = clean_chips(chips, label=label)
    bag = clean_bag(bag, label=label)
    if not bag:
        raise ServiceError(_("Enter the bag number."), field="bag")
    reason = " ".join(str(reason).split())
    if not reason or len(reason) > 200 or not reason.isprintable():
        raise ServiceError(_("Say why, in at most 200 plain characters."), field="reason")
    if hasattr(entry, "advance"):
        raise ServiceError(_("This bag has gone on to Day 2: correct the Day 2 count there."))
    if ChipCount.objects.filter(tournament=tournament, current=True, bag=bag).exclude(
            entry=entry).exists():
        raise ServiceError(_("Bag %(bag)s is already used by another player.") % {"bag": bag})
    before = ChipCount.objects.filter(entry=entry, current=True).values("chips", "bag").first()
    (row,) = write_counts(tournament=tournament, actor=actor, rows={entry.pk: (chips, bag)},
                          level_index=flight.ended_level)
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.BAG_CORRECTED, payload={
        "entry": entry.pk, "name": label, "before": before, "chips": chips, "bag": bag,
        "reason": reason, "rows": [row.pk]})
    ChipCount.objects.filter(pk=row.pk).update(action=event)
    return event


__all__ = ["bag_correct", "current_level_index", "day_end", "day_end_at_boundary",
           "day_resume", "day_seal"]
