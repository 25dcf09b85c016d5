"""Clock actions (DESIGN §6): each re-anchors the clock, in one audited transaction."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.domain.clock import ClockState
from tournament.models import AuditEvent, Clock, Level, Tournament
from tournament.runtime import broker
from tournament.services.audit import record

# clock_state and tournament_levels live in services/base.py (table services read them
# too); importing them from here still works.
from tournament.services.base import (
    ServiceError,
    clock_state,
    lock_tournament,
    now,
    tournament_levels,
)
from tournament.services.floor_port import floor

MAX_LEVEL_SECONDS = 24 * 3600

# What else happens as the clock records a level start (a day that ends at the end
# of a level, tournament.services.days). Registered from TournamentConfig.ready():
# days imports this module, so this module cannot import days.
_AT_LEVEL_START: list[Callable[..., object]] = []


def at_level_start(hook: Callable[..., object]) -> None:
    """Call ``hook(tournament=, level_index=, at=)`` as each level start is recorded."""
    if hook not in _AT_LEVEL_START:
        _AT_LEVEL_START.append(hook)


def _reading_payload(levels: list[Level], state: ClockState, at: datetime) -> dict:
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
    actor,
    kind: str,
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
    before = _reading_payload(levels, clock_state(clock), at)
    # The clock as it stood, for undoing a start (``clock_start_undo``).
    prior = {"elapsed": clock_state(clock).elapsed(at), "recorded_level": clock.recorded_level,
             "late_reg_close_recorded": clock.late_reg_close_recorded}
    state = change(clock_state(clock), levels, at)
    clock.running = state.running
    clock.anchor_at = state.anchor_at
    clock.elapsed_at_anchor = state.elapsed_at_anchor
    clock.version = state.version
    after = _reading_payload(levels, state, at)
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
    event = record(
        tournament=tournament,
        actor=actor,
        kind=kind,
        payload={"before": before, "after": after, "version": clock.version,
                 "anchor_at": clock.anchor_at.timestamp() if clock.anchor_at else None,
                 **(extra or {})},
        at=at,
    )
    if starting:
        # Seats before the first hand fill the fewest tables without moving
        # anyone; the start balances them once, with the fewest moves (house
        # 9-C), before any table could be called short. No hand is dealt, so
        # no button is asked for: the movers are drawn at random, and say so.
        balanced = floor().balance(tournament=tournament, cause=event, halt=False,
                                   before_first_hand=True)
        event.payload["started"] = True
        event.payload["clock_before"] = prior
        event.payload["plan"] = balanced.summary
        event.save(update_fields=["payload"])
    _schedule_boundary_on_commit(tournament.pk, clock.version)
    return event


# What may happen between a start and its undo: clock actions only (and the undo of one).
CLOCK_ACTIONS = ("clock_start", "clock_pause", "clock_resume", "clock_next_level",
                 "clock_previous_level", "clock_set_time", "clock_add_time")


def start_undo_problem(event: AuditEvent, *, later_event: int | None) -> str | None:
    """Why the start ``event`` cannot be undone, or None; ``later_event`` is the id of
    the latest event of the tournament that is not a clock action (the tournament's
    writers are serialised by its lock, so ids follow the order of its actions)."""
    if later_event is not None and later_event > event.pk:
        return _("Hands have been played since the start: pause the clock instead.")
    plan = event.payload.get("plan") or {}
    if plan.get("breaks") or plan.get("final_table") or plan.get("updated"):
        return _("The start broke or redrew tables: pause the clock instead.")
    return None


def latest_non_clock_event(tournament: Tournament) -> int | None:
    """The id of the tournament's latest event that is not a clock action."""
    return (AuditEvent.objects.filter(tournament=tournament).exclude(kind__in=CLOCK_ACTIONS)
            .order_by("-id").values_list("id", flat=True).first())


@transaction.atomic
def clock_start_undo(*, tournament_id: int, actor, event_id: int) -> AuditEvent:
    """Take the tournament back to before a mis-tapped start.

    The status back to planned, the clock not started at the level and time
    left it had, and the start's balance moves withdrawn (each player back in
    the seat they held). Refused once anything but clock actions happened
    since the start: hands have been played, the clock is paused instead.
    """
    tournament = lock_tournament(tournament_id)
    event = AuditEvent.objects.select_for_update().filter(
        pk=event_id, tournament=tournament, kind="clock_start").first()
    if event is None or not event.payload.get("started"):
        raise ServiceError(_("That action cannot be undone."))
    if event.undone_by_id:
        raise ServiceError(_("That action is undone already."))
    if tournament.status != Tournament.Status.RUNNING:
        raise ServiceError(_("The tournament is not running."))
    if problem := start_undo_problem(event, later_event=latest_non_clock_event(tournament)):
        raise ServiceError(problem)
    seats = floor().moves_withdraw(tournament=tournament, cause=event)

    clock = Clock.objects.select_for_update().get(tournament=tournament)
    levels = tournament_levels(tournament)
    at = now()
    before = _reading_payload(levels, clock_state(clock), at)
    # Time added since the start may have lengthened a level: give it its length back
    # (latest first, so each level ends with the length it had before the start).
    for payload in AuditEvent.objects.filter(
            tournament=tournament, pk__gt=event.pk, kind__in=("clock_set_time", "clock_add_time"),
            payload__has_key="lengthened").order_by("-pk").values_list("payload", flat=True):
        Level.objects.filter(pk=payload["lengthened"]["level"],
                             structure_id=tournament.structure_id).update(
            duration=payload["lengthened"]["from"])
    levels = tournament_levels(tournament)
    prior = event.payload.get("clock_before") or {}
    clock.running, clock.started, clock.anchor_at = False, False, None
    clock.elapsed_at_anchor = max(0.0, float(prior.get("elapsed", _elapsed_at(levels, event))))
    clock.recorded_level = prior.get("recorded_level", -1)
    clock.late_reg_close_recorded = prior.get("late_reg_close_recorded", False)
    clock.version += 1
    clock.save(update_fields=["running", "started", "anchor_at", "elapsed_at_anchor",
                              "recorded_level", "late_reg_close_recorded", "version"])
    tournament.status = Tournament.Status.PLANNED
    tournament.save(update_fields=["status"])
    undo = record(
        tournament=tournament, actor=actor, kind="clock_start_undone",
        payload={"start": event.pk, "before": before,
                 "after": _reading_payload(levels, clock_state(clock), at),
                 "version": clock.version, "anchor_at": None,
                 "moves_withdrawn": len(seats), "seats": seats},
        at=at,
    )
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    _schedule_boundary_on_commit(tournament.pk, clock.version)
    return undo


def _elapsed_at(levels: list[Level], event: AuditEvent) -> float:
    """The structure time a start began at, from its reading (starts recorded before
    ``clock_before`` was kept)."""
    reading = event.payload["before"]
    level = levels[min(reading["level_index"], len(levels) - 1)]
    start = clock_domain.level_starts(levels)[min(reading["level_index"], len(levels) - 1)]
    return start + level.duration - reading["seconds_left"]


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
    _schedule_boundary_on_commit(tournament.pk, clock.version)
    return "resumed" if running else "paused"


def _schedule_boundary_on_commit(tournament_id: int, version: int) -> None:
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
def clock_start(*, tournament_id: int, actor) -> AuditEvent:
    """Start the clock, or resume it after a pause."""
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_start",
        change=lambda state, levels, at: clock_domain.start(state, at),
        allowed=_not_running,
    )


@transaction.atomic
def clock_pause(*, tournament_id: int, actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_pause",
        change=lambda state, levels, at: clock_domain.pause(state, at),
        allowed=_running,
        reset_recorded=False,
    )


@transaction.atomic
def clock_resume(*, tournament_id: int, actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_resume",
        change=lambda state, levels, at: clock_domain.resume(state, at),
        allowed=_not_running,
        reset_recorded=False,
    )


@transaction.atomic
def clock_next_level(*, tournament_id: int, actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_next_level",
        change=clock_domain.next_level,
    )


@transaction.atomic
def clock_previous_level(*, tournament_id: int, actor) -> AuditEvent:
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_previous_level",
        change=clock_domain.previous_level,
    )


@transaction.atomic
def clock_set_time_left(*, tournament_id: int, actor, seconds_left: int) -> AuditEvent:
    if seconds_left < 0:
        raise ServiceError(_("Time left cannot be negative."), field="seconds_left")
    if seconds_left > MAX_LEVEL_SECONDS:
        raise ServiceError(_("A level lasts at most 24 hours."), field="seconds_left")
    before, lengthened = _extend_current_level_for(tournament_id, seconds_left, absolute=True)
    return _change_clock(
        tournament_id=tournament_id,
        actor=actor,
        kind="clock_set_time",
        change=lambda state, levels, at: clock_domain.set_time_left(
            state, levels, seconds_left, at
        ),
        extra={"seconds_left": seconds_left, "before": before, **lengthened},
    )


@transaction.atomic
def clock_add_time(*, tournament_id: int, actor, seconds: int) -> AuditEvent:
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
        kind="clock_add_time",
        change=lambda state, levels, at: clock_domain.add_time(state, levels, seconds, at),
        extra={"seconds": seconds, "before": before, **lengthened},
    )


def _extend_current_level_for(tournament_id: int, seconds: int,
                              *, absolute: bool) -> tuple[dict | None, dict]:
    """Lengthen the current level when the time asked is longer; returns the reading
    before the change (for the audit event: the lengthening must not hide it) and,
    when lengthened, ``{"lengthened": {"level": id, "from": seconds}}`` (for undoing a
    start: ``clock_start_undo`` gives the level its length back)."""
    tournament = lock_tournament(tournament_id)
    clock, _created = Clock.objects.get_or_create(tournament=tournament)
    levels = tournament_levels(tournament)
    if not levels:
        return None, {}
    at = now()
    before = _reading_payload(levels, clock_state(clock), at)
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
                            kind="level_started",
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
                    kind="late_registration_closed",
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
