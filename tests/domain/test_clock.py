"""The clock as arithmetic (DESIGN §6): clock_at and the anchor actions."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tournament.domain import clock
from tournament.domain.clock import ClockState, clock_at


@dataclass(frozen=True)
class L:
    duration: int
    is_break: bool = False


LEVELS = [L(600), L(600), L(300, True), L(600)]
T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)

levels_strategy = st.lists(
    st.builds(L, st.integers(1, 7200), st.booleans()), min_size=1, max_size=40
)


def test_first_level_at_zero():
    r = clock_at(LEVELS, 0)
    assert (r.level_index, r.seconds_left, r.next_level_index) == (0, 600, 1)
    assert r.seconds_to_break == 1200


def test_a_level_that_ends_now_is_over():
    r = clock_at(LEVELS, 600)
    assert r.level_index == 1 and r.seconds_left == 600


def test_during_a_break_time_to_break_is_zero():
    r = clock_at(LEVELS, 1250)
    assert r.level_index == 2 and r.seconds_to_break == 0 and r.seconds_left == 250


def test_past_the_last_level_the_last_level_goes_on():
    r = clock_at(LEVELS, 10_000)
    assert r.level_index == 3 and r.seconds_left == 0 and r.next_level_index is None
    assert r.overtime == 10_000 - 2100


def test_no_break_ahead():
    assert clock_at(LEVELS, 1600).seconds_to_break is None


@given(levels_strategy, st.floats(0, 300_000, allow_nan=False))
def test_reading_is_consistent_with_level_starts(levels, elapsed):
    r = clock_at(levels, elapsed)
    starts = clock.level_starts(levels)
    assert 0 <= r.level_index < len(levels)
    assert r.level_started_at == starts[r.level_index]
    if elapsed < sum(level.duration for level in levels):
        assert starts[r.level_index] <= elapsed < starts[r.level_index] + levels[r.level_index].duration
        assert abs(r.seconds_left - (starts[r.level_index] + levels[r.level_index].duration - elapsed)) < 1e-6
    else:
        assert r.level_index == len(levels) - 1 and r.seconds_left == 0
    if r.seconds_to_break not in (None, 0):
        assert levels[r.next_break_index].is_break
        assert abs(starts[r.next_break_index] - elapsed - r.seconds_to_break) < 1e-6


@given(levels_strategy, st.floats(0, 100_000, allow_nan=False), st.floats(0, 100_000, allow_nan=False))
def test_time_only_moves_forward(levels, a, b):
    early, late = sorted((a, b))
    assert clock_at(levels, early).level_index <= clock_at(levels, late).level_index


@given(st.lists(st.tuples(st.sampled_from(["pause", "start"]), st.integers(0, 5000)), max_size=20))
def test_pauses_stop_structure_time_and_restarts_lose_none(steps):
    """Structure time equals the running wall time, however often it is paused."""
    state = ClockState(running=False, anchor_at=None, elapsed_at_anchor=0.0)
    now, running_seconds, running = T0, 0, False
    for action, wait in steps:
        now += timedelta(seconds=wait)
        if running:
            running_seconds += wait
        state = (clock.pause if action == "pause" else clock.start)(state, now)
        running = action == "start"
        assert abs(state.elapsed(now) - running_seconds) < 1e-6
    later = now + timedelta(seconds=123)
    assert abs(state.elapsed(later) - (running_seconds + (123 if running else 0))) < 1e-6


def test_every_action_bumps_the_version():
    state = ClockState(running=False, anchor_at=None, elapsed_at_anchor=0.0)
    state = clock.start(state, T0)
    v = state.version
    state = clock.next_level(state, LEVELS, T0 + timedelta(seconds=5))
    assert state.version == v + 1
    assert clock_at(LEVELS, state.elapsed(T0 + timedelta(seconds=5))).level_index == 1


def test_next_previous_and_set_time():
    state = clock.start(ClockState(False, None, 0.0), T0)
    now = T0 + timedelta(seconds=700)  # level 2, 500 s left
    state = clock.previous_level(state, LEVELS, now)
    assert clock_at(LEVELS, state.elapsed(now)).level_index == 0
    state = clock.set_time_left(state, LEVELS, 90, now)
    r = clock_at(LEVELS, state.elapsed(now + timedelta(seconds=30)))
    assert (r.level_index, round(r.seconds_left)) == (0, 60)
    state = clock.add_time(state, LEVELS, -1000, now)
    assert clock_at(LEVELS, state.elapsed(now)).seconds_left == 600  # clamped: start of level 2


def test_late_registration_closes_at_the_end_of_its_level():
    assert clock.late_registration_closes_at(LEVELS, 2) == 1200
    assert clock.late_registration_closes_at(LEVELS, 3) == 2100
    assert clock.late_registration_closes_at(LEVELS, 4) is None
    assert clock.play_level_numbers(LEVELS) == [1, 2, None, 3]
