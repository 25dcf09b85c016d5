"""League points and standings (pure).

Two ways to score a finish: a table of points by place, or a formula of the
field size, the buy-in and the place (the formula many room leagues use):

    points = multiplier × √(entries ÷ place) × (1 + log10(buy-in + 0.25))

Points are kept to two decimals. A player's best finish in each tournament
counts (re-entries do not score twice).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
MAX_TABLE_PLACES = 500


def points_by_table(place: int, table: Sequence[int]) -> Decimal:
    """Points for ``place`` from a table (1st place first); places past the table score 0."""
    if place < 1:
        raise ValueError("places start at 1")
    return Decimal(table[place - 1]) if place <= len(table) else Decimal(0)


def points_by_formula(*, entries: int, buy_in: int, place: int, multiplier: int = 10) -> Decimal:
    """multiplier × √(entries ÷ place) × (1 + log10(buy-in + 0.25)), to two decimals."""
    if place < 1 or entries < place:
        raise ValueError("the place must be between 1 and the number of entries")
    if buy_in < 0 or multiplier < 0:
        raise ValueError("buy-in and multiplier can't be below 0")
    value = multiplier * math.sqrt(entries / place) * (1 + math.log10(buy_in + 0.25))
    return Decimal(repr(max(0.0, value))).quantize(CENT, rounding=ROUND_HALF_UP)


def check_points_table(values: Sequence[int]) -> list[str]:
    """Codes of what is wrong with a points table: empty, negative, too long."""
    problems = []
    if not values:
        problems.append("empty")
    if any(v < 0 for v in values):
        problems.append("negative")
    if len(values) > MAX_TABLE_PLACES:
        problems.append("too_long")
    return problems


@dataclass(frozen=True, slots=True)
class Finish:
    player: int
    tournament: int
    place: int
    points: Decimal


@dataclass(slots=True)
class Standing:
    player: int
    points: Decimal = Decimal(0)
    events: int = 0
    wins: int = 0
    best: int | None = None
    finishes: list[Finish] = field(default_factory=list)


def best_finishes(finishes: Iterable[Finish]) -> list[Finish]:
    """One finish per player and tournament: the best place (re-entries count once)."""
    best: dict[tuple[int, int], Finish] = {}
    for f in finishes:
        key = (f.player, f.tournament)
        if key not in best or f.place < best[key].place:
            best[key] = f
    return list(best.values())


def standings(finishes: Iterable[Finish]) -> list[Standing]:
    """Totals per player, most points first; ties by wins, then best place, then player."""
    table: dict[int, Standing] = {}
    for f in best_finishes(finishes):
        row = table.setdefault(f.player, Standing(player=f.player))
        row.points += f.points
        row.events += 1
        row.wins += f.place == 1
        row.best = f.place if row.best is None else min(row.best, f.place)
        row.finishes.append(f)
    return sorted(table.values(),
                  key=lambda r: (-r.points, -r.wins, r.best or 10**9, r.player))
