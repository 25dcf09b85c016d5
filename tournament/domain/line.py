"""The alternate line's arithmetic: how many places are open, who is called, the wait.

Pure: no Django, ``now`` passed in. The line is of players who have not paid;
a place opens when the flight has both a seat and room under its cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

# Fewer busts than this in the window, and the page says no estimate.
ESTIMATE_MIN_BUSTS = 3
ESTIMATE_WINDOW = timedelta(minutes=60)


@dataclass(frozen=True, slots=True)
class Room:
    """What limits new entries now. ``None`` for a limit that does not apply."""

    cap_left: int | None  # entries the cap still allows
    seats_left: int | None  # open seats after the paid waiting list

    @property
    def places(self) -> int | None:
        """Places a newcomer may take now; None when nothing limits them."""
        limits = [n for n in (self.cap_left, self.seats_left) if n is not None]
        return max(0, min(limits)) if limits else None


def room(*, cap: int | None, entries: int, running: bool, seats: int, seated: int,
         waiting: int) -> Room:
    """Room under the cap (entries ever bought in, re-entries included, refunded ones not)
    and, once play runs, in the seats: the paid waiting list sits first. Before the start
    seats are drawn for everyone (house rule 6), so only the cap limits."""
    return Room(cap_left=None if cap is None else cap - entries,
                seats_left=seats - seated - waiting if running else None)


def to_call(*, places: int | None, called: int, waiting: int) -> int:
    """How many more of those in line to call: one per open place not already held by a
    called player; everyone when nothing limits entries."""
    if places is None:
        return waiting
    return max(0, min(waiting, places - called))


def estimated_wait(*, position: int, busts: Sequence[datetime], now: datetime,
                   window: timedelta = ESTIMATE_WINDOW,
                   minimum: int = ESTIMATE_MIN_BUSTS) -> timedelta | None:
    """An estimate of the wait of the ``position``-th in line: one bust opens one place, at
    the rate of the busts of the last ``window``. None with too few busts to say."""
    recent = [at for at in busts if now - window <= at <= now]
    if len(recent) < minimum or position < 1:
        return None
    span = max(now - min(recent), timedelta(minutes=1))
    per_bust = span / len(recent)
    return per_bust * position


def wait_minutes_rounded(wait: timedelta) -> int:
    """An estimate said in round minutes: to 5 under an hour, else to 15; at least 5."""
    minutes = wait.total_seconds() / 60
    step = 5 if minutes < 60 else 15
    return max(5, int(round(minutes / step)) * step)
