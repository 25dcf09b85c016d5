"""The tournament clock as arithmetic on stored timestamps (DESIGN §6).

The clock is never a ticker. Its state is an anchor: whether it runs, the
instant of the anchor, and how many seconds of structure time had been played
at that instant. Everything a screen shows (level, time left, next break) is
computed from that state and the level durations, so a restart of any process
loses no time, and a screen can count down on its own between polls.

House rule 21: a new level applies from the next hand; the clock only says when
the level changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol


class LevelLike(Protocol):
    @property
    def duration(self) -> int: ...

    @property
    def is_break(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class ClockReading:
    """Where the structure stands after ``elapsed`` seconds of play.

    ``seconds_to_break`` is None when no break lies ahead; it is 0 during a break.
    Past the last level, the last level goes on: ``seconds_left`` stays 0 and
    ``overtime`` counts the seconds beyond its end.
    """

    level_index: int
    seconds_left: float
    level_started_at: float
    next_level_index: int | None
    seconds_to_break: float | None
    next_break_index: int | None
    overtime: float


def level_starts(levels: Sequence[LevelLike]) -> list[int]:
    """Structure time (seconds) at which each level begins."""
    starts, total = [], 0
    for level in levels:
        starts.append(total)
        total += level.duration
    return starts


def clock_at(levels: Sequence[LevelLike], elapsed_seconds: float) -> ClockReading:
    """Read the structure at ``elapsed_seconds`` of structure time.

    A level that ends exactly at ``elapsed_seconds`` is over: the reading is
    the next level with its full duration.
    """
    if not levels:
        raise ValueError("a structure needs at least one level")
    elapsed = max(0.0, float(elapsed_seconds))
    start = 0
    index = len(levels) - 1
    for i, level in enumerate(levels):
        end = start + level.duration
        if elapsed < end:
            index = i
            break
        start = end
    else:
        # Past the end: the last level goes on with no time left.
        start -= levels[-1].duration
    level_end = start + levels[index].duration
    seconds_left = max(0.0, level_end - elapsed)
    overtime = max(0.0, elapsed - level_end)
    next_index = index + 1 if index + 1 < len(levels) else None

    seconds_to_break: float | None = None
    next_break: int | None = None
    if levels[index].is_break:
        seconds_to_break, next_break = 0.0, index
    else:
        until = seconds_left
        for j in range(index + 1, len(levels)):
            if levels[j].is_break:
                seconds_to_break, next_break = until, j
                break
            until += levels[j].duration
    return ClockReading(
        level_index=index,
        seconds_left=seconds_left,
        level_started_at=float(start),
        next_level_index=next_index,
        seconds_to_break=seconds_to_break,
        next_break_index=next_break,
        overtime=overtime,
    )


@dataclass(frozen=True, slots=True)
class ClockState:
    """The stored anchor of DESIGN §6.

    ``elapsed_at_anchor`` is structure time played at ``anchor_at``. While
    running, structure time grows one second per second from the anchor.
    """

    running: bool
    anchor_at: datetime | None
    elapsed_at_anchor: float
    version: int = 0

    def elapsed(self, now: datetime) -> float:
        if self.running and self.anchor_at is not None:
            return self.elapsed_at_anchor + max(0.0, (now - self.anchor_at).total_seconds())
        return self.elapsed_at_anchor


def _reanchor(state: ClockState, now: datetime, elapsed: float, running: bool) -> ClockState:
    return replace(
        state,
        running=running,
        anchor_at=now,
        elapsed_at_anchor=max(0.0, elapsed),
        version=state.version + 1,
    )


def start(state: ClockState, now: datetime) -> ClockState:
    return _reanchor(state, now, state.elapsed(now), running=True)


def pause(state: ClockState, now: datetime) -> ClockState:
    return _reanchor(state, now, state.elapsed(now), running=False)


def resume(state: ClockState, now: datetime) -> ClockState:
    return start(state, now)


def total_duration(levels: Sequence[LevelLike]) -> int:
    return sum(level.duration for level in levels)


def go_to_level(
    state: ClockState, levels: Sequence[LevelLike], index: int, now: datetime
) -> ClockState:
    """Jump to the start of level ``index`` (clamped to the structure)."""
    index = min(max(index, 0), len(levels) - 1)
    return _reanchor(state, now, level_starts(levels)[index], running=state.running)


def next_level(state: ClockState, levels: Sequence[LevelLike], now: datetime) -> ClockState:
    reading = clock_at(levels, state.elapsed(now))
    return go_to_level(state, levels, reading.level_index + 1, now)


def previous_level(
    state: ClockState, levels: Sequence[LevelLike], now: datetime
) -> ClockState:
    """Back to the start of the previous level (the first level restarts itself)."""
    reading = clock_at(levels, state.elapsed(now))
    return go_to_level(state, levels, reading.level_index - 1, now)


def set_time_left(
    state: ClockState, levels: Sequence[LevelLike], seconds_left: float, now: datetime
) -> ClockState:
    """Set the time left in the current level, within 0..its duration."""
    reading = clock_at(levels, state.elapsed(now))
    duration = levels[reading.level_index].duration
    seconds_left = min(max(0.0, float(seconds_left)), float(duration))
    elapsed = reading.level_started_at + duration - seconds_left
    return _reanchor(state, now, elapsed, running=state.running)


def add_time(
    state: ClockState, levels: Sequence[LevelLike], seconds: float, now: datetime
) -> ClockState:
    """Add (or, negative, remove) time in the current level, within the level."""
    reading = clock_at(levels, state.elapsed(now))
    return set_time_left(state, levels, reading.seconds_left + seconds, now)


def play_level_numbers(levels: Sequence[LevelLike]) -> list[int | None]:
    """The number a room calls each level by: play levels 1, 2, 3…; breaks None."""
    numbers: list[int | None] = []
    count = 0
    for level in levels:
        if level.is_break:
            numbers.append(None)
        else:
            count += 1
            numbers.append(count)
    return numbers


def late_registration_closes_at(levels: Sequence[LevelLike], last_level: int) -> int | None:
    """Structure time at which late registration closes: the end of play level ``last_level``.

    None when the structure has no such level (registration never closes by the clock).
    """
    if last_level <= 0:
        return 0
    start = 0
    for number, level in zip(play_level_numbers(levels), levels, strict=True):
        start += level.duration
        if number == last_level:
            return start
    return None
