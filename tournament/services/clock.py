"""Clock actions (DESIGN §6): each re-anchors the clock, in one audited transaction."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.domain.clock import ClockState
from tournament.floor_port import floor
from tournament.models import AuditEvent, Clock, Level, Tournament
from tournament.runtime import broker
from tournament.services.audit import record

# clock_state and tournament_levels live in services/base.py (table services read them
# too); importing them from here still works.
from tournament.services.base import (
    Actor,
    ServiceError,
    clock_state,
    lock_tournament,
    now,
    tournament_levels,
)

MAX_LEVEL_SECONDS = 24 * 3600

# What else happens as the clock records a level start (a day that ends at the end
# of a level, tournament.services.days). Registered from TournamentConfig.ready():
# days imports this module, so this module cannot import days.
_AT_LEVEL_START: list[Callable[..., object]] = []


def at_level_start(hook: Callable[..., object]) -> None:
    """Call ``hook(tournament=, level_index=, at=)`` as each level start is recorded."""
    if hook not in _AT_LEVEL_START:
        _AT_LEVEL_START.append(hook)


def reading_payload(levels: list[Level], state: ClockState, at: datetime) -> dict:
    reading = clock_domain.clock_at(levels, state.elapsed(at))
    level = levels[reading.level_index]
    return {
        "level_index": reading.level_index,
        "level": clock_domain.play_level_numbers(levels)[reading.level_index],
        "is_break": level.is_break,
        "seconds_left": round(reading.seconds_left),
    }


def _change_clock(
    *,
    tournament_id: int,
    actor: Actor,
    kind: AuditEvent.Kind,
    change: Callable[[ClockState, list[Level], datetime], ClockState],
    allowed: Callable[[Clock], str | None] = lambda clock: None,
    extra: dict | None = None,
    reset_recorded: bool = True,
) -> AuditEvent:
    tournament = lock_tournament(tournament_id)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished; its clock is stopped."))
    clock, _created = Clock.objects.get_or_create(tournament=tournament)
    if problem := allowed(clock):
        raise ServiceError(problem)
    levels = tournament_levels(tournament)
    if not levels:
        raise ServiceError(_("The tournament has no levels yet."))
    at = now()
    before = reading_payload(levels, clock_state(clock), at)
    # The clock as it stood, for undoing a start (``clock_undo.clock_start_undo``).
    prior = {"elapsed": clock_state(clock).elapsed(at), "recorded_level": clock.recorded_level,
             "late_reg_close_recorded": clock.late_reg_close_recorded}
    state = change(clock_state(clock), levels, at)
    clock.running = state.running
    clock.anchor_at = state.anchor_at
    clock.elapsed_at_anchor = state.elapsed_at_anchor
    clock.version = state.version
    after = reading_payload(levels, state, at)
    update_fields = ["running", "anchor_at", "elapsed_at_anchor", "version"]
    if not clock.started and state.running:
        clock.started = True
        update_fields.append("started")
    if reset_recorded:
        # A manual change of level is its own audit event; the boundary
        # recorder takes over from the level the clock now stands in.
        clock.recorded_level = after["level_index"]
        update_fields.append("recorded_level")
    clock.save(update_fields=update_fields)
    starting = tournament.status == Tournament.Status.PLANNED and state.running
    if starting:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    payload = {"before": before, "after": after, "version": clock.version,
               "anchor_at": clock.anchor_at.timestamp() if clock.anchor_at else None,
               **(extra or {})}
    balanced = None
    if starting:
        # Seats before the first hand fill the fewest tables without moving
        # anyone; the start balances them once, with the fewest moves (house
        # 9-C), before any table could be called short. No hand is dealt, so
        # no button is asked for: the movers are drawn at random, and say so.
        balanced = floor().balance(tournament=tournament, cause=None, halt=False,
                                   before_first_hand=True)
        payload |= {"started": True, "clock_before": prior, "plan": balanced.summary}
    event = record(tournament=tournament, actor=actor, kind=kind, payload=payload, at=at)
    if balanced is not None:
        floor().moves_caused_by(tournament=tournament, cause=event, moves=balanced.moves)
    schedule_boundary_on_commit(tournament.pk, clock.version)
    return event


def clock_hold(*, tournament: Tournament, running: bool) -> str | None:
    """Pause (``running=False``) or resume the clock as a step of another action
    (hand-for-hand), inside its transaction; returns "paused", "resumed" or None
    when the clock already was so. The caller's audit event records it."""
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None or not clock.started or clock.running == running:
        return None
    at = now()
    change = clock_domain.resume if running else clock_domain.pause
    state = change(clock_state(clock), at)
    clock.running, clock.anchor_at = state.running, state.anchor_at
    clock.elapsed_at_anchor, clock.version = state.elapsed_at_anchor, state.version
    clock.save(update_fields=["running", "anchor_at", "elapsed_at_anchor", "version"])
    schedule_boundary_on_commit(tournament.pk, clock.version)
    return "resumed" if running else "paused"


def schedule_boundary_on_commit(tournament_id: int, version: int) -> None:
    if not settings.FULL_MODE:
        return  # Embedded mode records boundaries lazily when the clock is read.

    # The worker computes when; a broker that is away loses nothing the
    # reconcile does not find again (and screens record a passed boundary).
    broker.enqueue_on_commit(broker.SCHEDULE_BOUNDARY, args=(tournament_id, version))


def _not_running(clock: Clock) -> str | None:
    return None if not clock.running else _("The clock is already running.")


def _running(clock: Clock) -> str | None:
    return None if clock.running else _("The clock is not running.")


@transaction.atomic
def clock_start(*, tournament_id: int, actor: Actor) -> AuditEvent:
    """Start the clock, or resume it after a pause."""
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_START,
        change=lambda state, levels, at: clock_domain.start(state, at),
        allowed=_not_running,
    )


@transaction.atomic
def clock_pause(*, tournament_id: int, actor: Actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_PAUSE,
        change=lambda state, levels, at: clock_domain.pause(state, at),
        allowed=_running,
        reset_recorded=False,
    )


@transaction.atomic
def clock_resume(*, tournament_id: int, actor: Actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_RESUME,
        change=lambda state, levels, at: clock_domain.resume(state, at),
        allowed=_not_running,
        reset_recorded=False,
    )


@transaction.atomic
def clock_next_level(*, tournament_id: int, actor: Actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_NEXT_LEVEL,
        change=clock_domain.next_level,
    )


@transaction.atomic
def clock_previous_level(*, tournament_id: int, actor: Actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_PREVIOUS_LEVEL,
        change=clock_domain.previous_level,
    )


@transaction.atomic
def clock_set_time_left(*, tournament_id: int, actor: Actor, seconds_left: int) -> AuditEvent:
    if seconds_left < 0:
        raise ServiceError(_("Time left cannot be negative."), field="seconds_left")
    if seconds_left > MAX_LEVEL_SECONDS:
        raise ServiceError(_("A level lasts at most 24 hours."), field="seconds_left")
    before, lengthened = _extend_current_level_for(tournament_id, seconds_left, absolute=True)
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_SET_TIME,
        change=lambda state, levels, at: clock_domain.set_time_left(
            state, levels, seconds_left, at
        ),
        extra={"seconds_left": seconds_left, "before": before, **lengthened},
    )


@transaction.atomic
def clock_add_time(*, tournament_id: int, actor: Actor, seconds: int) -> AuditEvent:
    """Add (or, negative, remove) time in the current level.

    More time than the level's length lengthens this tournament's copy of the
    level, so "add a minute" works at any moment of the level.
    """
    if abs(seconds) > MAX_LEVEL_SECONDS:
        raise ServiceError(_("A level lasts at most 24 hours."), field="seconds")
    before, lengthened = _extend_current_level_for(tournament_id, seconds, absolute=False)
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind=AuditEvent.Kind.CLOCK_ADD_TIME,
        change=lambda state, levels, at: clock_domain.add_time(state, levels, seconds, at),
        extra={"seconds": seconds, "before": before, **lengthened},
    )


def _extend_current_level_for(tournament_id: int, seconds: int,
                              *, absolute: bool) -> tuple[dict | None, dict]:
    """Lengthen the current level when the time asked is longer; returns the reading
    before the change (for the audit event: the lengthening must not hide it) and,
    when lengthened, ``{"lengthened": {"level": id, "from": seconds}}`` (for undoing a
    start: ``clock_undo.clock_start_undo`` gives the level its length back)."""
    tournament = lock_tournament(tournament_id)
    clock, _created = Clock.objects.get_or_create(tournament=tournament)
    levels = tournament_levels(tournament)
    if not levels:
        return None, {}
    at = now()
    before = reading_payload(levels, clock_state(clock), at)
    reading = clock_domain.clock_at(levels, clock_state(clock).elapsed(at))
    level = levels[reading.level_index]
    wanted = seconds if absolute else reading.seconds_left + seconds
    if wanted > level.duration:
        lengthened = {"lengthened": {"level": level.pk, "from": level.duration}}
        level.duration = int(round(wanted))
        level.save(update_fields=["duration"])
        return before, lengthened
    return before, {}


def clock_record_boundaries(*, tournament_id: int, at: datetime | None = None) -> list[AuditEvent]:
    """Record each level start (and the close of late registration) exactly once.

    Safe to call from any number of processes at once: the clock row's
    ``recorded_level`` is advanced by a compare-and-set UPDATE in the same
    transaction as the audit events, so only one caller writes each event.
    """
    at = at or now()
    with transaction.atomic():
        clock = Clock.objects.select_related("tournament").filter(tournament_id=tournament_id).first()
        if clock is None or not clock.started:
            return []
        tournament = clock.tournament
        levels = tournament_levels(tournament)
        if not levels:
            return []
        state = clock_state(clock)
        elapsed = state.elapsed(at)
        reading = clock_domain.clock_at(levels, elapsed)
        events: list[AuditEvent] = []
        if reading.level_index > clock.recorded_level:
            claimed = Clock.objects.filter(
                pk=clock.pk, version=clock.version, recorded_level__lt=reading.level_index
            ).update(recorded_level=reading.level_index)
            if claimed:
                starts = clock_domain.level_starts(levels)
                numbers = clock_domain.play_level_numbers(levels)
                for index in range(max(clock.recorded_level + 1, 0), reading.level_index + 1):
                    level = levels[index]
                    events.append(
                        record(
                            tournament=tournament,
                            actor=None,
                            kind=AuditEvent.Kind.LEVEL_STARTED,
                            payload={
                                "level_index": index,
                                "level": numbers[index],
                                "is_break": level.is_break,
                                "small_blind": level.small_blind,
                                "big_blind": level.big_blind,
                                "ante": level.ante,
                                "version": clock.version,
                            },
                            at=_structure_time_at(state, starts[index], at),
                        )
                    )
                # A day the director ended "at the end of this level" stops here.
                for hook in _AT_LEVEL_START:
                    hook(tournament=tournament, level_index=reading.level_index, at=at)
        closes_at = clock_domain.late_registration_closes_at(levels, tournament.late_reg_end_level)
        if (
            closes_at is not None
            and not clock.late_reg_close_recorded
            and elapsed >= closes_at
            and Clock.objects.filter(pk=clock.pk, late_reg_close_recorded=False).update(
                late_reg_close_recorded=True
            )
        ):
            events.append(
                record(
                    tournament=tournament,
                    actor=None,
                    kind=AuditEvent.Kind.LATE_REGISTRATION_CLOSED,
                    payload={"after_level": tournament.late_reg_end_level},
                    at=_structure_time_at(state, closes_at, at),
                )
            )
        return events


def _structure_time_at(state: ClockState, structure_seconds: float, fallback: datetime) -> datetime:
    """The wall-clock instant at which the running clock reached ``structure_seconds``."""
    if state.anchor_at is None:
        return fallback
    when = state.anchor_at + timedelta(seconds=structure_seconds - state.elapsed_at_anchor)
    return min(max(when, state.anchor_at), fallback)
