"""How much the floor knows about the buttons, and which buttons a plan needs (pure; no Django).

House rule 9C / TDA 2024 11: a balance move takes the player due the big blind
next to the worst position of the short table. Both need the button: the
giving table's (who is due the big blind) and the receiving table's (which
seat is worst). A button recorded long ago is no better than none: after a
level of play it has gone round several times, so a button older than the
tournament's setting, or set in an earlier level than the one being played,
counts as unknown (issue 16: "unknown, or older than the current level").
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from tables.domain.plan import Plan

__all__ = ["ButtonAge", "button_age", "tables_needing_button"]


@dataclass(frozen=True, slots=True)
class ButtonAge:
    """Where the button is as far as the floor knows.

    ``seat`` is None when unknown, or when it was set longer ago than the
    setting allows or in an earlier level (``stale``). ``minutes``: how long
    ago it was set. ``level``: the level being played when it was set.
    """

    seat: int | None
    minutes: int | None = None
    level: int | None = None
    stale: bool = False

    @property
    def known(self) -> bool:
        return self.seat is not None


def button_age(
    seat: int | None,
    *,
    set_at: datetime | None,
    set_level: int | None,
    now: datetime,
    fresh_for: timedelta,
    level: int | None = None,
) -> ButtonAge:
    """The button as the floor knows it now, in play level ``level``.

    A button with no time of setting (recorded before ages were kept) is
    trusted as it stands; one set more than ``fresh_for`` ago, or in a play
    level before ``level``, counts as unknown. Where either level is not known
    (set or read before the clock started, or at a break, where no hand is
    dealt), the time alone decides: a button tapped at the break is right for
    the first hand of the next level.
    """
    if seat is None:
        return ButtonAge(None)
    if set_at is None:
        return ButtonAge(seat)
    age = max(now - set_at, timedelta(0))
    minutes = int(age.total_seconds() // 60)
    earlier_level = set_level is not None and level is not None and set_level < level
    if age > fresh_for or earlier_level:
        return ButtonAge(None, minutes, set_level, stale=True)
    return ButtonAge(seat, minutes, set_level)


def tables_needing_button(plan: Plan, known: Collection[int]) -> tuple[int, ...]:
    """Tables whose button the floor should tap before this plan is carried out.

    House 9C / TDA 2024 11: the giving and the receiving table of every
    balance move, where the button is not ``known``, in the order the moves
    name them. A break's own moves and the final table's redraw are drawn at
    random whatever the buttons: the final table asks nothing, and a plan that
    breaks tables asks only for the balance moves that follow the break.
    """
    if plan.final_table:
        return ()
    wanted: list[int] = []
    for move in plan.moves:
        if move.reason != "balance":
            continue
        for number in (move.from_table, move.to_table):
            if number not in known and number not in wanted:
                wanted.append(number)
    return tuple(wanted)
