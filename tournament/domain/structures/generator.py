"""The structure generator: round, chip-friendly blinds for a target length."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tournament.domain.structures.levels import (
    ANTE_TYPES,
    AnteType,
    LevelSpec,
    StructureError,
    _error,
    _is_positive_int,
)

# Small blinds step through these "round" values in each decade (x 10^k), one
# step per level: +20-50% a level, like the structures players know.
_ROUND_STEPS: tuple[int, ...] = (100, 150, 200, 250, 300, 400, 500, 600, 800)


def _round_values() -> Iterator[int]:
    scale = 1
    while True:
        for step in _ROUND_STEPS:
            if step * scale % 100 == 0:
                yield step * scale // 100
        scale *= 10


def _chip_friendly(unit: int, above: int = 0) -> Iterator[int]:
    """Round multiples of ``unit`` above ``above``, in increasing order.

    The first few multiples (1-4 units) are always included so that a
    structure starting at the smallest chip has small steps (25, 50, 75, 100).
    """
    small = [unit * k for k in range(1, 5) if unit * k > above]
    for value in _round_values():
        if value % unit or value <= above:
            continue
        while small and small[0] <= value:
            candidate = small.pop(0)
            if candidate < value:
                yield candidate
        yield value


def _next_small_blind(current: int, unit: int) -> int:
    return next(_chip_friendly(unit, above=current))


def _first_small_blind(starting_stack: int, unit: int) -> int:
    """The chip-friendly small blind nearest (by ratio) to 1/200 of the stack."""
    target = starting_stack / 200
    best = unit
    for value in _chip_friendly(unit):
        if abs(math.log(value / target)) < abs(math.log(best / target)):
            best = value
        if value > target * 2:
            return best
    raise AssertionError("unreachable")  # pragma: no cover


def _classic_ante(big_blind: int, unit: int) -> int:
    """About 1/9 of the big blind on a round value (10-15%), or 0 when chips are too big."""
    target = big_blind / 9
    best = 0
    for value in _chip_friendly(unit, above=math.ceil(big_blind / 16) - 1):
        if value > big_blind / 5:
            break
        if not best or abs(math.log(value / target)) < abs(math.log(best / target)):
            best = value
    return best


@dataclass(frozen=True, slots=True)
class _AntePlan:
    from_level: int | None
    ante_type: str

    def ante(self, number: int, big_blind: int, unit: int) -> tuple[int, AnteType]:
        if self.from_level is None or self.ante_type == "none" or number < self.from_level:
            return 0, "none"
        if self.ante_type == "bba":
            return big_blind, "bba"
        amount = _classic_ante(big_blind, unit)
        return (amount, "classic") if amount else (0, "none")


def _play_sequence(
    small_blind: int, first_number: int, count: int, unit: int, antes: _AntePlan
) -> Iterator[tuple[int, int, int, AnteType]]:
    """(small blind, big blind, ante, ante type) for ``count`` levels, the first at ``small_blind``."""
    for number in range(first_number, first_number + count):
        if number > first_number:
            small_blind = _next_small_blind(small_blind, unit)
        ante, ante_type = antes.ante(number, 2 * small_blind, unit)
        yield small_blind, 2 * small_blind, ante, ante_type


def generate(
    *,
    starting_stack: int,
    target_minutes: int,
    level_minutes: int,
    chip_set: Sequence[int],
    ante_from_level: int | None = 4,
    ante_type: str = "bba",
    break_every_minutes: int | None = 120,
    break_minutes: int = 15,
    color_up: bool = True,
) -> tuple[LevelSpec, ...]:
    """A structure that plays ``target_minutes`` and then some, on round chip-friendly blinds.

    The first big blind is about 1/100 of the starting stack; small blinds then
    climb one round value a level (100/200, 150/300, 200/400, 250/500 ...),
    always multiples of the smallest chip in play, with big blind = 2 x small
    blind. Antes start at play level ``ante_from_level`` (None: no antes): a
    big-blind ante equals the big blind, a classic ante is about 10-15% of it.
    A break follows the first level that ends ``break_every_minutes`` or more
    after the previous break (None or 0: no breaks). At each break, with
    ``color_up``, the smallest chip goes once no later level needs it.
    About a quarter more levels (at least 4) follow the target, so the clock
    doesn't run out.
    """
    _check_settings(starting_stack=starting_stack, target_minutes=target_minutes,
                    level_minutes=level_minutes, chip_set=chip_set,
                    ante_from_level=ante_from_level, ante_type=ante_type,
                    break_every_minutes=break_every_minutes, break_minutes=break_minutes)
    chips = sorted(set(chip_set))
    antes = _AntePlan(ante_from_level, ante_type)
    target_levels = math.ceil(target_minutes / level_minutes)
    total_levels = target_levels + max(4, math.ceil(target_levels / 4))

    levels: list[LevelSpec] = []
    small_blind = _first_small_blind(starting_stack, chips[0])
    since_break = 0
    for number in range(1, total_levels + 1):
        if number > 1:
            small_blind = _next_small_blind(small_blind, chips[0])
        ante, level_ante_type = antes.ante(number, 2 * small_blind, chips[0])
        levels.append(LevelSpec("play", small_blind, 2 * small_blind, ante, level_ante_type,
                                level_minutes * 60))
        since_break += level_minutes
        if break_every_minutes and since_break >= break_every_minutes and number < total_levels:
            removed: list[int] = []
            while color_up and len(chips) > 1 and not _needs_smallest(
                small_blind, number + 1, total_levels - number, chips, antes
            ):
                removed.append(chips.pop(0))
            levels.append(LevelSpec("break", duration=break_minutes * 60, color_up=tuple(removed)))
            since_break = 0
    return tuple(levels)


def _needs_smallest(
    small_blind: int, next_number: int, remaining: int, chips: list[int], antes: _AntePlan
) -> bool:
    """True if a later level, as generated with today's chips, needs the smallest chip."""
    next_unit = chips[1]
    start = _next_small_blind(small_blind, chips[0])
    for amounts in _play_sequence(start, next_number, remaining, chips[0], antes):
        if any(amount % next_unit for amount in amounts[:3]):
            return True
    return False


def _check_settings(
    *, starting_stack: int, target_minutes: int, level_minutes: int, chip_set: Sequence[int],
    ante_from_level: int | None, ante_type: str, break_every_minutes: int | None,
    break_minutes: int,
) -> None:
    errors = [
        _error("not_positive", field=name)
        for name, value in (
            ("starting_stack", starting_stack), ("target_minutes", target_minutes),
            ("level_minutes", level_minutes), ("break_minutes", break_minutes),
            ("ante_from_level", 1 if ante_from_level is None else ante_from_level),
            ("break_every_minutes", break_every_minutes or 1),
        )
        if value <= 0
    ]
    if not chip_set:
        errors.append(_error("empty_chip_set", field="chip_set"))
    elif any(not _is_positive_int(chip) for chip in chip_set):
        errors.append(_error("bad_denomination", field="chip_set"))
    if ante_type not in ANTE_TYPES:
        errors.append(_error("unknown_ante_type", field="ante_type", value=str(ante_type)))
    if errors:
        raise StructureError(errors)
