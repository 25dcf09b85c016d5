"""Random seating (pure; no Django).

House rules 6 and 7 / TDA 2024 rules 7 and 8: seats are drawn at random;
alternates, late entries and re-entries draw from the same pool of open seats
and are dealt in at once, except in a seat between the small blind and the
button.

A table and its positions (the button, the blinds, the seats between the small
blind and the button a newcomer avoids): ``table.py``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat

from tables.domain.table import Table

__all__ = [
    "Assignment",
    "SeatingResult",
    "initial_layout",
    "seat_randomly",
    "seat_randomly_detailed",
    "tables_needed",
]



@dataclass(frozen=True, slots=True)
class Assignment:
    """One newcomer's seat. ``wait_for_button``: the seat lies between the small
    blind and the button, so the player is dealt in once the button has passed."""

    entry: Hashable
    table: int
    seat: int
    wait_for_button: bool = False


@dataclass(frozen=True, slots=True)
class SeatingResult:
    """Seats drawn, in draw order, and the entries left without a seat.

    ``waiting`` holds the entries that found no open seat, in the order they
    were given; the service puts them on the waiting list (alternates).
    """

    assignments: tuple[Assignment, ...]
    waiting: tuple[Hashable, ...] = ()

    def as_dict(self) -> dict[Hashable, tuple[int, int]]:
        return {a.entry: (a.table, a.seat) for a in self.assignments}


def accessible_first(
    result: SeatingResult, tables: Sequence[Table], needs_access: Iterable[Hashable],
    rng: random.Random,
) -> SeatingResult:
    """House rule 8 / TDA 2024 9: a newcomer who needs an accessible seat gets one.

    Applied to a draw from ``seat_randomly_detailed`` (``tables`` as they were
    before it), keeping its evenness: the newcomer first trades seats with
    another newcomer of the draw who holds an accessible seat and needs none,
    else takes an open accessible seat at the same table, else one at a table
    that ends the draw with fewer players than theirs. With none of these the
    draw stands (the floor can move the player when a seat frees).
    """
    needs_access = set(needs_access)
    needs = [a.entry for a in result.assignments if a.entry in needs_access]
    if not needs:
        return result
    by_number = {t.number: t for t in tables}
    seats = {a.entry: (a.table, a.seat) for a in result.assignments}
    taken = {(t.number, s) for t in tables for s in t.seats} | set(seats.values())
    counts = {t.number: t.count for t in tables}
    for table, _seat in seats.values():
        counts[table] += 1

    def accessible(place: tuple[int, int]) -> bool:
        return place[1] in by_number[place[0]].accessible

    for entry in needs:
        place = seats[entry]
        if accessible(place):
            continue
        trade = [e for e, p in seats.items() if e not in needs_access and accessible(p)]
        if trade:
            other = rng.choice(trade)
            seats[entry], seats[other] = seats[other], place
            continue
        free = [(t.number, s) for t in tables for s in sorted(t.accessible)
                if (t.number, s) not in taken and s not in t.blocked
                and (t.number == place[0] or counts[t.number] < counts[place[0]])]
        if free:
            new = rng.choice(free)
            taken.discard(place)
            taken.add(new)
            counts[place[0]] -= 1
            counts[new[0]] += 1
            seats[entry] = new
    return SeatingResult(
        assignments=tuple(
            a if seats[a.entry] == (a.table, a.seat) else Assignment(
                a.entry, *seats[a.entry],
                by_number[seats[a.entry][0]].between_sb_and_button(seats[a.entry][1]))
            for a in result.assignments),
        waiting=result.waiting)


def tables_needed(players: int, capacity: int) -> int:
    """The fewest tables of ``capacity`` seats that hold ``players``."""
    if capacity < 1:
        raise ValueError("capacity must be at least 1")
    if players < 0:
        raise ValueError("players cannot be negative")
    return -(-players // capacity)


def initial_layout(players: int, capacity: int, *, first_number: int = 1) -> tuple[Table, ...]:
    """Empty tables numbered from ``first_number``, as few as hold ``players``."""
    return tuple(
        Table(number=first_number + i, capacity=capacity)
        for i in range(tables_needed(players, capacity))
    )


def seat_randomly(
    entries: Iterable[Hashable], tables: Sequence[Table], rng: random.Random
) -> dict[Hashable, tuple[int, int]]:
    """Draw open seats for new entries: ``{entry: (table_number, seat)}``.

    House rules 6-7 / TDA 2024 7-8. Same draw as ``seat_randomly_detailed``
    (which documents the rules), without the wait-for-button marks; entries
    left over when the seats run out are absent from the result.
    """
    seated, drawn, _, _ = _draw(entries, tables, rng)
    return dict(zip(seated, drawn, strict=True))


def seat_randomly_detailed(
    entries: Iterable[Hashable], tables: Sequence[Table], rng: random.Random
) -> SeatingResult:
    """Draw open seats for new entries, keeping table counts as even as possible.

    House rules 6, 7 and 9 / TDA 2024 7, 8 and 10:

    * The emptiest tables fill first (water-filling): no table gets a newcomer
      while another table with fewer players still has an open seat. Among
      tables tied at the last level filled, the draw is random, preferring a
      table that still has a seat outside the small-blind-to-button gap.
    * Within a table the seats are random. A seat between the small blind and
      the button (known button only; see the module docstring) is used only
      when no other seat is open at that table, and the assignment then
      carries ``wait_for_button=True``.
    * Entries and seats are matched by one random shuffle; ``assignments``
      follow the order the entries were given.
    * More entries than open seats: the first entries, in the order given, are
      seated; the rest come back in ``waiting`` for the waiting list.

    Raises ``ValueError`` for a repeated entry or a repeated table number.
    """
    seated, drawn, marked, waiting = _draw(entries, tables, rng)
    assignments = tuple(
        Assignment(entry, number, seat, (number, seat) in marked)
        for entry, (number, seat) in zip(seated, drawn, strict=True)
    )
    return SeatingResult(assignments=assignments, waiting=waiting)


def _draw(
    entries: Iterable[Hashable], tables: Sequence[Table], rng: random.Random
) -> tuple[list[Hashable], list[tuple[int, int]], set[tuple[int, int]], tuple[Hashable, ...]]:
    """The shared draw: (entries seated, their seats, seats marked wait-for-button, waiting)."""
    entries = list(entries)
    if len(set(entries)) != len(entries):
        raise ValueError("an entry appears twice")
    if len({t.number for t in tables}) != len(tables):
        raise ValueError("a table number appears twice")

    # How many tables start at each count, and reach capacity at each level.
    open_tables = [t for t in tables if len(t.seats) < t.usable]
    starting: dict[int, int] = {}
    filling: dict[int, int] = {}
    total_open = 0
    for table in open_tables:
        count = len(table.seats)
        starting[count] = starting.get(count, 0) + 1
        filling[table.usable] = filling.get(table.usable, 0) + 1
        total_open += table.usable - count

    seated = entries[: min(len(entries), total_open)]
    waiting = tuple(entries[len(seated) :])

    # Water-filling: every table below ``level`` is lifted to it (or to its
    # capacity); ``partial`` of the tables sitting at ``level`` get one more.
    remaining = len(seated)
    level = min(starting, default=0)
    active = 0
    while remaining:
        active += starting.get(level, 0) - filling.get(level, 0)
        if remaining < active:
            break
        remaining -= active
        level += 1
    partial = remaining

    gains: dict[int, int] = {}
    at_level: list[tuple[Table, tuple[int, ...], tuple[int, ...]]] = []
    for table in open_tables:
        count = len(table.seats)
        if count > level:
            continue
        gains[table.number] = min(table.usable, level) - count
        if partial and level < table.usable:
            avoid = _avoid(table)
            at_level.append((table, _open(table, avoid), avoid))
    if partial:
        # Prefer tables that still have a seat outside the gap at this level.
        preferred = [t for t, normal, _ in at_level if gains[t.number] < len(normal)]
        if len(preferred) >= partial:
            lifted = rng.sample(preferred, partial)
        else:
            chosen = {t.number for t in preferred}
            others = [t for t, _, _ in at_level if t.number not in chosen]
            lifted = preferred + rng.sample(others, partial - len(preferred))
        for table in lifted:
            gains[table.number] += 1

    # Random seats inside each table, then one shuffle matches seats and entries.
    drawn: list[tuple[int, int]] = []
    marked: set[tuple[int, int]] = set()
    for table in open_tables:
        gain = gains.get(table.number, 0)
        if not gain:
            continue
        number = table.number
        if not table.seats:
            free = table.open_seats
            if gain == len(free):
                drawn.extend(zip(repeat(number, gain), free, strict=True))
            else:
                drawn.extend([(number, seat) for seat in rng.sample(free, gain)])
            continue
        avoid = _avoid(table)
        normal = _open(table, avoid)
        if gain <= len(normal):
            picks = normal if gain == len(normal) else rng.sample(normal, gain)
            drawn.extend([(number, seat) for seat in picks])
        else:
            extra = gain - len(normal)
            picks = avoid if extra == len(avoid) else tuple(rng.sample(avoid, extra))
            drawn.extend([(number, seat) for seat in normal])
            drawn.extend([(number, seat) for seat in picks])
            marked.update((number, seat) for seat in picks)
    rng.shuffle(drawn)
    return seated, drawn, marked, waiting


def _avoid(table: Table) -> tuple[int, ...]:
    return table.seats_between_sb_and_button() if table.button is not None else ()


def _open(table: Table, avoid: tuple[int, ...]) -> tuple[int, ...]:
    occupied = table.seats
    blocked = table.blocked
    return tuple(s for s in range(1, table.capacity + 1)
                 if s not in occupied and s not in avoid and s not in blocked)
