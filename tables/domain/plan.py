"""A plan of the floor (pure; no Django): the moves it makes, with the rule behind each,
and ``apply``, which carries a plan out on the tables it was made for. ``balancing.plan``
makes one (house rules 9, 9-B, 9-C and 10).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from tables.domain.table import Table

__all__ = ["HALT_SHORTFALL", "RULES", "Move", "Plan", "apply", "apply_moves", "rule_for"]

Reason = Literal["break", "balance", "final"]

#: Tables this many players short of the largest halt (house 9C / TDA 2024 11).
HALT_SHORTFALL = 3

#: The rule behind each kind of move, by rulebook edition (DESIGN §5).
RULES: dict[str, dict[str, str]] = {
    "house": {"break": "9-B", "balance": "9-C", "final": "10"},
    "tda2024": {"break": "10", "balance": "11", "final": "RP-9"},
}


def rule_for(edition: str, reason: str) -> str:
    """``"<edition>:<number>"`` for a move's reason, or "" when no rule applies."""
    number = RULES.get(edition, RULES["house"]).get(reason)
    return f"{edition}:{number}" if number else ""


@dataclass(frozen=True, slots=True)
class Move:
    """One player to move. ``wait_for_button``: the new seat lies between the
    small blind and the button, so the player is dealt in after the button passes."""

    entry: Hashable
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: Reason
    wait_for_button: bool = False
    #: Break moves: the high card dealt to the player in the two-step draw (house 9).
    high_card: str | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """What the floor must do now.

    ``breaks``: table numbers, in the order they break. ``moves``: break moves
    first (in draw order), then balance moves, or the final redraw.
    ``final_table``: the final table forms now at ``final_table_number``.
    ``halted``: tables 3 or more short of the largest before any move.
    ``notes``: machine-readable remarks, ``("random_mover", table)`` when the
    giver's button is unknown, ``("random_seat", table)`` when the receiver's
    is, ``("wait_for_button", entry)`` for a seat in the small-blind gap,
    ``("no_accessible_seat", entry)`` for a player who needs an accessible seat
    and was given an ordinary one at a break or the final redraw, none being open
    (house 8 / TDA 2024 9: the floor moves them when one frees).
    """

    breaks: tuple[int, ...] = ()
    moves: tuple[Move, ...] = ()
    final_table: bool = False
    halted: tuple[int, ...] = ()
    notes: tuple[tuple[str, Hashable], ...] = ()
    final_table_number: int | None = None

    @property
    def is_empty(self) -> bool:
        """Nothing to do: no break, no move, no final table."""
        return not self.breaks and not self.moves and not self.final_table


def apply_moves(working: dict[int, Table], moves: Iterable[Move]) -> dict[int, Table]:
    """Carry out moves all at once on the tables in ``working`` (missing sources are broken)."""
    leaving: dict[int, dict[int, Hashable]] = {}
    arriving: dict[int, dict[int, Hashable]] = {}
    for move in moves:
        left = leaving.setdefault(move.from_table, {})
        if move.from_seat in left:
            raise ValueError(f"seat {move.from_table}/{move.from_seat} is vacated twice")
        left[move.from_seat] = move.entry
        target = arriving.setdefault(move.to_table, {})
        if move.to_seat in target:
            raise ValueError(f"seat {move.to_table}/{move.to_seat} is given twice")
        target[move.to_seat] = move.entry

    result = dict(working)
    for number in leaving.keys() | arriving.keys():
        table = working.get(number)
        if table is None:
            if number in arriving:
                raise ValueError(f"move into table {number}, which is broken or unknown")
            continue
        seats = dict(table.seats)
        for seat, entry in leaving.get(number, {}).items():
            if seats.get(seat) != entry:
                raise ValueError(f"seat {number}/{seat} does not hold {entry!r}")
            del seats[seat]
        for seat, entry in arriving.get(number, {}).items():
            if seat in seats:
                raise ValueError(f"seat {number}/{seat} is taken")
            seats[seat] = entry
        result[number] = replace(table, seats=seats)
    return result


def apply(tables: Sequence[Table], plan: Plan) -> tuple[Table, ...]:
    """The tables after ``plan``: broken tables gone, every move made at once.

    Input order is kept. Untouched tables are returned as they were. The
    final table's button becomes unknown after the redraw (a new draw for
    the button follows); elsewhere the button stays where it was, dead if
    its seat emptied. Raises ``ValueError`` if a move does not fit the input.
    """
    by_number = {t.number: t for t in tables}
    if len(by_number) != len(tables):
        raise ValueError("a table number appears twice")
    for number in plan.breaks:
        if number not in by_number:
            raise ValueError(f"table {number} to break is unknown")
    broken = set(plan.breaks)
    sources = {m.from_table for m in plan.moves}
    for number in sources:
        if number not in by_number:
            raise ValueError(f"move from unknown table {number}")
    # Moves out of broken tables are checked against the input before dropping them.
    for move in plan.moves:
        if (
            move.from_table in broken
            and by_number[move.from_table].seats.get(move.from_seat) != move.entry
        ):
            raise ValueError(
                f"seat {move.from_table}/{move.from_seat} does not hold {move.entry!r}"
            )
    working = {n: t for n, t in by_number.items() if n not in broken}
    working = apply_moves(working, plan.moves)
    if plan.final_table and plan.final_table_number is not None:
        working[plan.final_table_number] = replace(working[plan.final_table_number], button=None)
    if sum(t.count for t in working.values()) != sum(t.count for t in tables):
        raise ValueError("the plan leaves players without a seat")
    return tuple(working[t.number] for t in tables if t.number in working)
