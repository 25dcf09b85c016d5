"""The dealers' rotation: its vocabulary (the rules, the room, the dealers, the lines
of a plan and their reasons) and the two changes of the room made outside a push: a
table that breaks (``table_closed``) and a plan's dealers applied (``apply``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from tournament.domain.errors import N_

DEALING = "dealing"
OUT = "out"
BREAK = "break"

#: Each line's reason, in English with its parameters (translated by the web layer).
REASONS: dict[str, str] = {
    "new_table": N_("The table opened and needs a dealer now."),
    "longest_out": N_("Out longest (since %(since)s)."),
    "second_down": N_("Goes on to a second down (no dealer works one down then breaks)."),
    "next_down": N_("Goes on to down %(down)s of at most %(max)s."),
    "break_due": N_("%(downs)s downs dealt: break until %(until)s."),
    "break_early": N_("%(downs)s downs dealt and the pool can cover: break until %(until)s."),
    "to_pool": N_("Off the table: next table in the next push."),
    "break_over": N_("Back from break at %(at)s."),
    "table_broke": N_("Table %(table)s broke: free at once."),
    "swapped": N_("Swapped by hand at table %(table)s."),
}

#: Shortage lines (translated by the web layer).
SHORTAGES: dict[str, str] = {
    "no_relief": N_("%(count)s tables without a relief dealer at %(at)s"),
    "waiting": N_("%(count)s tables waiting for a dealer at %(at)s"),
}


@dataclass(frozen=True)
class Rules:
    """The room's rotation rules (one set for the venue)."""

    down: timedelta = timedelta(minutes=30)
    min_downs: int = 2
    max_downs: int = 3
    break_length: timedelta = timedelta(minutes=20)
    # House RP-7: no push in the last 90 seconds before a level change or a break.
    quiet: timedelta = timedelta(seconds=90)
    # The longest a dealer owed a second down waits for the next table: beyond
    # it, the table whose down ends soonest is pushed early for them.
    wait: timedelta = timedelta(minutes=5)


#: The bounds (inclusive) a director may set each rule within (the board's form and
#: ``tables.services.dealer_rules`` both check them): the ``DealerRules`` fields.
RULE_BOUNDS: dict[str, tuple[int, int]] = {
    "down_minutes": (10, 120),
    "min_downs": (1, 8),
    "max_downs": (1, 8),
    "break_minutes": (5, 60),
    "quiet_seconds": (0, 300),
}


@dataclass(frozen=True)
class OpenTable:
    """An open table of a running tournament. ``key`` is unique over the room."""

    key: int
    tournament: int
    game: str = "holdem"
    label: str = ""


@dataclass(frozen=True)
class Dealer:
    """A dealer on shift and where the rotation has them.

    ``status``: ``DEALING`` at ``table`` since ``since`` until the down ends at
    ``due``; ``OUT`` (the pool) since ``since``; ``BREAK`` from ``since`` to
    ``until``. ``stint`` counts the downs of the current stint, the one being
    dealt included; ``last_table`` is the table of the stint's latest down.
    ``early_out``: on the early-out list (goes in after everyone else).
    """

    key: int
    games: frozenset[str] = frozenset({"holdem"})
    status: str = OUT
    table: int | None = None
    since: datetime | None = None
    due: datetime | None = None
    until: datetime | None = None
    stint: int = 0
    last_table: int | None = None
    early_out: bool = False


@dataclass(frozen=True)
class Room:
    """Everything the rotation reads: the open tables of every running tournament,
    the dealers on shift, each tournament's coming level changes and breaks
    (``boundaries``) and the tournaments in hand-for-hand (``held``)."""

    tables: tuple[OpenTable, ...]
    dealers: tuple[Dealer, ...]
    boundaries: Mapping[int, tuple[datetime, ...]] = field(default_factory=dict)
    held: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Line:
    """One line of the rotation: ``kind`` is ``fill``, ``push``, ``break``, ``pool``
    or ``return``; ``reason`` a key of ``REASONS`` with its ``params``."""

    kind: str
    dealer: int
    at: datetime
    table: int | None = None
    relieves: int | None = None
    until: datetime | None = None
    reason: str = ""
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Shortage:
    """Tables the pool cannot serve at ``at`` (``kind`` a key of ``SHORTAGES``)."""

    kind: str
    at: datetime
    tables: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.tables)


@dataclass(frozen=True)
class Push:
    """The next push: when, its lines (pushes, breaks, to the pool, returns
    before it), the dealers as they are after it, and what it cannot cover."""

    at: datetime | None
    lines: tuple[Line, ...] = ()
    dealers: tuple[Dealer, ...] = ()
    shortages: tuple[Shortage, ...] = ()

    @property
    def pushes(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind == "push")


@dataclass(frozen=True)
class Rotation:
    """The board's view: fills now, then the next push; early-out candidates."""

    now: datetime
    fills: tuple[Line, ...]
    push: Push
    early_out: tuple[int, ...]
    shortages: tuple[Shortage, ...]


def table_closed(room: Room, table: int, now: datetime,
                 rules: Rules | None = None) -> tuple[Room, Line | None]:
    """A table break frees its dealer at once, to the pool: the stint goes on,
    except that a down cut short before half its length does not count in it
    (the dealer is still paid for it; the ledger counts every down)."""
    rules = rules or Rules()
    tables = tuple(t for t in room.tables if t.key != table)
    for dealer in room.dealers:
        if dealer.status == DEALING and dealer.table == table:
            short = dealer.since is not None and now - dealer.since < rules.down / 2
            off = replace(dealer, status=OUT, table=None, since=now, due=None,
                          stint=dealer.stint - 1 if short else dealer.stint)
            dealers = tuple(off if d.key == dealer.key else d for d in room.dealers)
            return (replace(room, tables=tables, dealers=dealers),
                    Line("pool", dealer.key, now, table=table, reason="table_broke",
                         params=(("table", table),)))
    return replace(room, tables=tables), None


def apply(room: Room, dealers: Iterable[Dealer]) -> Room:
    """The room with these dealers' new states."""
    changed = {d.key: d for d in dealers}
    return replace(room, dealers=tuple(changed.get(d.key, d) for d in room.dealers))
