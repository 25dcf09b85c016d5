"""Tables, positions and random seating (pure; no Django).

House rules 6 and 7 / TDA 2024 rules 7 and 8: seats are drawn at random;
alternates, late entries and re-entries draw from the same pool of open seats
and are dealt in at once, except in a seat between the small blind and the
button.

Positions (DESIGN §5). Seats are numbered 1..capacity clockwise and
``Table.button`` is the button's seat for the hand in play or just finished
(it may be an empty seat: a dead button). From it:

* the small blind is the first occupied seat clockwise after the button,
* the big blind the second,
* the player due the big blind next the third (counting wraps round, so at a
  three-handed table that is the button),
* heads-up (two players, button on an occupied seat) the button posts the
  small blind, the other player the big blind, and the button is due the big
  blind next (house rule 32 / TDA 2024 34).

A newcomer is dealt into the *next* hand. Under the dead-button rule (house 30
/ TDA 2024 32) that hand's button sits on today's small-blind seat and its
small blind on today's big-blind seat. So the seats "between the small blind
and the button" that a newcomer must avoid are the open seats strictly
clockwise after today's small blind and before today's big blind: sitting
there, the player would be dealt in behind the moving button and play a whole
orbit before the blinds reach them. Such a seat is used only when no other
seat is open at that table, and the player then waits for the button to pass
(``Assignment.wait_for_button``). The same frame makes the short table's
worst position (house 9C / TDA 2024 11), the first open seat clockwise after
today's big blind, the seat that posts the big blind next; walking round
from the big blind, the seats to avoid come last, so the worst position is
one of them only when nothing else is open.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from types import MappingProxyType

__all__ = [
    "Assignment",
    "SeatingResult",
    "Table",
    "break_rank",
    "initial_layout",
    "seat_randomly",
    "seat_randomly_detailed",
    "tables_needed",
]


@dataclass(frozen=True, slots=True)
class Table:
    """One table: who sits where, and where the button is when known.

    ``seats`` maps each occupied seat (1..capacity) to an entry key (any
    hashable). ``break_order`` fixes the predetermined breaking order
    (house 9B / TDA 2024 10): a higher value breaks earlier; among equal
    values the higher table number breaks first, which with the default of 0
    everywhere gives "highest number first".
    """

    number: int
    capacity: int
    seats: Mapping[int, Hashable] = field(default_factory=dict)
    button: int | None = None
    break_order: int = 0
    #: House rule 8 / TDA 2024 9: seats out of play (a broken chair, a camera
    #: position); the draw, balancing and breaking never use them.
    blocked: frozenset[int] = frozenset()
    #: Accessible seats, kept for players who need one (house 8 / TDA 2024 9).
    accessible: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.capacity < 1:
            raise ValueError(f"table {self.number}: capacity must be at least 1")
        for seat in self.seats:
            if not 1 <= seat <= self.capacity:
                raise ValueError(f"table {self.number}: seat {seat} is not in 1..{self.capacity}")
        if self.button is not None and not 1 <= self.button <= self.capacity:
            raise ValueError(f"table {self.number}: button seat {self.button} is out of range")
        blocked = frozenset(self.blocked)
        for seat in blocked:
            if not 1 <= seat <= self.capacity:
                raise ValueError(f"table {self.number}: blocked seat {seat} is out of range")
        object.__setattr__(self, "blocked", blocked)
        object.__setattr__(self, "accessible", frozenset(self.accessible) - blocked)
        object.__setattr__(self, "seats", MappingProxyType(dict(self.seats)))

    def __hash__(self) -> int:
        return hash(
            (
                self.number,
                self.capacity,
                frozenset(self.seats.items()),
                self.button,
                self.break_order,
                self.blocked,
                self.accessible,
            )
        )

    def __reduce__(self) -> tuple[type[Table], tuple[object, ...]]:
        # The read-only seat view does not pickle; rebuild from a plain dict.
        return (
            Table,
            (self.number, self.capacity, dict(self.seats), self.button, self.break_order,
             self.blocked, self.accessible),
        )

    def __repr__(self) -> str:
        return (
            f"Table(number={self.number}, capacity={self.capacity}, seats={dict(self.seats)!r}, "
            f"button={self.button}, break_order={self.break_order}"
            + (f", blocked={sorted(self.blocked)}" if self.blocked else "")
            + (f", accessible={sorted(self.accessible)})" if self.accessible else ")")
        )

    @property
    def count(self) -> int:
        """Players seated."""
        return len(self.seats)

    @property
    def usable(self) -> int:
        """Seats that may hold a player: the capacity less the blocked seats."""
        return self.capacity - len(self.blocked)

    @property
    def open_seats(self) -> tuple[int, ...]:
        """Empty seats that are not blocked, in seat order."""
        return tuple(s for s in range(1, self.capacity + 1)
                     if s not in self.seats and s not in self.blocked)

    def clockwise_after(self, seat: int) -> Iterator[int]:
        """Every seat once, clockwise, starting just after ``seat`` and ending on it."""
        capacity = self.capacity
        for step in range(1, capacity + 1):
            yield (seat - 1 + step) % capacity + 1

    @property
    def positions(self) -> tuple[int, int, int] | None:
        """(small blind, big blind, next big blind) seats, or None when the button
        is unknown or fewer than two players sit here."""
        button, seats = self.button, self.seats
        if button is None or len(seats) < 2:
            return None
        if len(seats) == 2 and button in seats:
            # Heads-up (house 32 / TDA 2024 34): the button is the small blind.
            other = next(s for s in seats if s != button)
            return (button, other, button)
        capacity = self.capacity
        found: list[int] = []
        seat = button
        while len(found) < 3:
            seat = seat % capacity + 1
            if seat in seats:
                found.append(seat)
        return (found[0], found[1], found[2])

    @property
    def small_blind_seat(self) -> int | None:
        """First occupied seat after the button (None if unknown or under two players)."""
        positions = self.positions
        return None if positions is None else positions[0]

    @property
    def big_blind_seat(self) -> int | None:
        """Second occupied seat after the button."""
        positions = self.positions
        return None if positions is None else positions[1]

    @property
    def next_big_blind_seat(self) -> int | None:
        """The player due the big blind next: the third occupied seat after the button."""
        positions = self.positions
        return None if positions is None else positions[2]

    def big_blind_order(self) -> tuple[int, ...]:
        """Occupied seats in the order they post the big blind, from the player due it
        next (house 9C / TDA 2024 11: the player who moves is the one due the big
        blind next). Empty when the positions are unknown."""
        positions = self.positions
        if positions is None:
            return ()
        first = positions[2]
        return (first, *(s for s in self.clockwise_after(first) if s in self.seats and s != first))

    def role_of(self, seat: int) -> str:
        """The seat's role for the next hand: "BTN", "SB", "BB", "NBB" (due the big
        blind next) or "" (unknown button, or no role). Heads-up the button is
        also the small blind and is shown as the button."""
        if self.button is None:
            return ""
        if seat == self.button:
            return "BTN"
        positions = self.positions
        if positions is None:
            return ""
        small_blind, big_blind, next_big_blind = positions
        if seat == small_blind:
            return "SB"
        if seat == big_blind:
            return "BB"
        if seat == next_big_blind:
            return "NBB"
        return ""

    def between_sb_and_button(self, seat: int) -> bool:
        """True when open ``seat`` would lie between the small blind and the button
        of the next hand: strictly after today's small blind, before today's big blind.

        A newcomer there is not dealt in until the button passes (house rules
        7 and 9 / TDA 2024 8 and 10). False when the button is unknown.
        """
        positions = self.positions
        if positions is None or seat in self.seats:
            return False
        small_blind, big_blind, _ = positions
        return _strictly_between(small_blind, seat, big_blind, self.capacity)

    def seats_between_sb_and_button(self) -> tuple[int, ...]:
        """The open seats a newcomer should avoid (see ``between_sb_and_button``)."""
        positions = self.positions
        if positions is None:
            return ()
        small_blind, big_blind, _ = positions
        capacity, found = self.capacity, []
        seat = small_blind % capacity + 1
        while seat != big_blind:
            if seat not in self.blocked:
                found.append(seat)  # seats strictly between the blinds are all open
            seat = seat % capacity + 1
        return tuple(found)

    @property
    def worst_position(self) -> int | None:
        """First open seat clockwise after the big blind (None if unknown or full).

        That seat posts the big blind next (house 9C / TDA 2024 11). The seats
        between the small and big blinds come last in the walk, so one is
        returned only when nothing else is open.
        """
        big_blind = self.big_blind_seat
        if big_blind is None:
            return None
        seats, capacity, seat = self.seats, self.capacity, big_blind
        for _ in range(capacity):
            seat = seat % capacity + 1
            if seat not in seats and seat not in self.blocked:
                return seat
        return None


def _strictly_between(start: int, seat: int, end: int, capacity: int) -> bool:
    """True when ``seat`` is met walking clockwise from ``start`` before reaching ``end``."""
    distance_seat = (seat - start) % capacity
    distance_end = (end - start) % capacity or capacity
    return 0 < distance_seat < distance_end


def break_rank(table: Table) -> tuple[int, int]:
    """Sort key for the predetermined order: smaller breaks earlier (house 9B / TDA 2024 10)."""
    return (-table.break_order, -table.number)


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
