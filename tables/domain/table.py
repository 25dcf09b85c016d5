"""A table and its positions (pure; no Django): seats, the button, the blinds, the
seats a newcomer avoids, the worst position; and the order tables break in.

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

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Table", "break_rank"]


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
