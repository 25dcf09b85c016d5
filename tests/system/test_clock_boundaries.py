"""Full mode for real: Redis, Celery workers and beat record each level start exactly once.

A structure of 2-second levels runs on a real redis-server with real Celery
processes on a shared file SQLite database; the test reads the audit log back
from that file. The director's audit log must show one "level started" per
level, stamped at the instant the level began, whatever the workers do.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.system.helpers import Stack, wait_for

SECONDS = 2
LATE_LEVEL = 3  # dbtool's default: late registration closes at the end of play level 3
TOLERANCE = timedelta(milliseconds=1)

pytestmark = pytest.mark.system


def recorded_indices(stack: Stack, tournament_id: int) -> list[int]:
    return [index for index, _at in stack.level_starts(tournament_id)]


def assert_each_level_start_recorded_once_at_its_boundary(
    stack: Stack, tournament_id: int, levels: int
) -> None:
    starts = stack.level_starts(tournament_id)
    # Level 0 is the start of the clock (its own "clock_start" event).
    assert [index for index, _at in starts] == list(range(1, levels)), starts
    for index, at in starts:
        boundary = at_clock_time(stack, tournament_id, index * SECONDS)
        assert abs(at - boundary) <= TOLERANCE, (index, at, boundary)
    # Late registration closes at the end of play level LATE_LEVEL, once.
    closed = stack.events(tournament_id, "late_registration_closed")
    assert len(closed) == 1, closed
    assert abs(closed[0][1] - at_clock_time(stack, tournament_id, LATE_LEVEL * SECONDS)) <= TOLERANCE


def at_clock_time(stack: Stack, tournament_id: int, seconds: float) -> datetime:
    """The wall-clock instant at which the running clock reaches ``seconds`` of structure."""
    clock = stack.clock(tournament_id)
    return clock["anchor"] + timedelta(seconds=seconds - clock["elapsed"])


def tasks_done(stack: Stack, task: str) -> int:
    pattern = re.compile(rf"Task tournament\.tasks\.{task}\[[^\]]+\] succeeded")
    return sum(
        len(pattern.findall(service.output()))
        for service in stack.services
        if service.name.startswith("worker")
    )


def wait_until_clock_time(stack: Stack, tournament_id: int, seconds: float) -> None:
    """Wait (bounded) until the clock has run ``seconds`` of structure time."""
    target = at_clock_time(stack, tournament_id, seconds)
    wait_for(f"clock time {seconds} s", lambda: datetime.now(UTC) >= target, timeout=seconds + 5,
             interval=0.05)


def test_two_workers_and_a_racing_reconcile_record_each_level_start_once(make_stack):
    levels = 6
    stack = make_stack(reconcile_seconds=1)
    stack.start_worker("worker-1")
    stack.start_worker("worker-2")
    stack.start_beat()

    tournament_id = stack.dbtool(
        "create", "--levels", str(levels), "--seconds", str(SECONDS), "--start"
    )["id"]

    wait_for(
        "every level start in the audit log",
        lambda: set(recorded_indices(stack, tournament_id)) >= set(range(1, levels)),
        timeout=levels * SECONDS + 20,
    )
    # Let the reconcile race on past the last level a few more times: still no duplicate.
    reconciles = tasks_done(stack, "clock_reconcile_all")
    wait_for("three more reconciles", lambda: tasks_done(stack, "clock_reconcile_all")
             >= reconciles + 3, timeout=20)

    assert_each_level_start_recorded_once_at_its_boundary(stack, tournament_id, levels)
    # Both workers really took part: the boundary chain and the reconciles ran on both.
    for worker in ("worker-1", "worker-2"):
        (service,) = [s for s in stack.services if s.name == worker]
        assert re.search(r"tournament\.tasks\.clock_\w+\[[^\]]+\] succeeded", service.output()), (
            f"{worker} ran no clock task"
        )
    assert tasks_done(stack, "clock_boundary") >= 1


def test_a_worker_killed_mid_level_loses_no_level_start(make_stack):
    levels = 8
    # Beat only every 30 s (the production default): the replacement worker itself
    # must catch up and restart the boundary chain.
    stack = make_stack(reconcile_seconds=30)
    first = stack.start_worker("worker-1", concurrency=1)
    tournament_id = stack.dbtool(
        "create", "--levels", str(levels), "--seconds", str(SECONDS), "--start"
    )["id"]

    wait_for("level 2's start recorded by the first worker",
             lambda: recorded_indices(stack, tournament_id) == [1], timeout=SECONDS + 10)
    wait_until_clock_time(stack, tournament_id, 1.5 * SECONDS)  # the middle of level 2
    first.kill()  # SIGKILL: no shutdown, its ETA task for the next boundary dies unacked
    wait_for("the worker to die", lambda: not first.alive(), timeout=10)

    # Two boundaries pass with no worker at all.
    wait_until_clock_time(stack, tournament_id, 3.5 * SECONDS)
    assert recorded_indices(stack, tournament_id) == [1]

    stack.start_worker("worker-2", concurrency=1)
    wait_for(
        "every level start in the audit log after the replacement worker started",
        lambda: set(recorded_indices(stack, tournament_id)) >= set(range(1, levels)),
        timeout=levels * SECONDS + 20,
    )
    assert_each_level_start_recorded_once_at_its_boundary(stack, tournament_id, levels)


def test_a_replacement_started_within_the_same_level_records_its_end_without_beat(make_stack):
    # Long enough that the replacement is up before the level ends on a loaded machine.
    level_seconds = 15
    stack = make_stack(reconcile_seconds=30)
    first = stack.start_worker("worker-1", concurrency=1)
    tournament_id = stack.dbtool(
        "create", "--levels", "2", "--seconds", str(level_seconds), "--start"
    )["id"]
    wait_until_clock_time(stack, tournament_id, 0.5)
    first.kill()
    wait_for("the worker to die", lambda: not first.alive(), timeout=10)
    stack.start_worker("worker-2", concurrency=1)  # ready well before the level ends
    assert recorded_indices(stack, tournament_id) == []

    wait_until_clock_time(stack, tournament_id, level_seconds)
    # "A worker that replaces a dead one catches up at once instead of waiting for beat."
    wait_for("level 2's start recorded by the replacement worker",
             lambda: recorded_indices(stack, tournament_id) == [1], timeout=5)
