"""A mis-tapped start of the clock taken back (``clock_start_undo``), and what may happen
between a start and its undo (clock actions only)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.floor_port import floor
from tournament.models import AuditEvent, Clock, Level, Tournament
from tournament.services.audit import record
from tournament.services.base import (
    Actor,
    ServiceError,
    clock_state,
    lock_tournament,
    now,
    tournament_levels,
)
from tournament.services.clock import reading_payload, schedule_boundary_on_commit

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
def clock_start_undo(*, tournament_id: int, actor: Actor, event_id: int) -> AuditEvent:
    """Take the tournament back to before a mis-tapped start.

    The status back to planned, the clock not started at the level and time
    left it had, and the start's balance moves withdrawn (each player back in
    the seat they held). Refused once anything but clock actions happened
    since the start: hands have been played, the clock is paused instead.
    """
    tournament = lock_tournament(tournament_id)
    event = AuditEvent.objects.select_for_update().filter(
        pk=event_id, tournament=tournament, kind=AuditEvent.Kind.CLOCK_START).first()
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
    before = reading_payload(levels, clock_state(clock), at)
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
        tournament=tournament, actor=actor, kind=AuditEvent.Kind.CLOCK_START_UNDONE,
        payload={"start": event.pk, "before": before,
                 "after": reading_payload(levels, clock_state(clock), at),
                 "version": clock.version, "anchor_at": None,
                 "moves_withdrawn": len(seats), "seats": seats},
        at=at,
    )
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    schedule_boundary_on_commit(tournament.pk, clock.version)
    return undo


def _elapsed_at(levels: list[Level], event: AuditEvent) -> float:
    """The structure time a start began at, from its reading (starts recorded before
    ``clock_before`` was kept)."""
    reading = event.payload["before"]
    level = levels[min(reading["level_index"], len(levels) - 1)]
    start = clock_domain.level_starts(levels)[min(reading["level_index"], len(levels) - 1)]
    return start + level.duration - reading["seconds_left"]

