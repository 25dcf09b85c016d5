"""Validation of a structure: House rule 21 structures, chip-payable blinds, colour-ups."""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Iterator, Sequence

from tournament.domain.structures.levels import (
    ANTE_TYPES,
    KINDS,
    MAX_AMOUNT,
    MAX_DURATION,
    LevelSpec,
    LineError,
    StructureError,
    _error,
    _is_positive_int,
    _too_large,
)


def validate(levels: Sequence[LevelSpec], *, chip_set: Sequence[int] | None = None) -> None:
    """Raise StructureError listing every problem in ``levels``; return None when sound.

    Checks: at least one play level; positive durations; on play levels a
    small blind above 0, big blind not below the small blind, an ante of 0 or
    more matching its ante type, and blinds that never go down; breaks carry no
    blinds. Colour-ups happen only at breaks, once per denomination, and never
    remove every chip. With a ``chip_set``, coloured-up denominations must be in
    it and every later blind and ante must be payable with the chips still in
    play.
    """
    errors: list[LineError] = []
    chips = sorted(set(chip_set)) if chip_set is not None else None
    if chips is not None and any(not _is_positive_int(chip) for chip in chips):
        errors.append(_error("bad_denomination", field="chip_set"))
        chips = None
    removed_at: dict[int, int] = {}  # denomination -> line of the break that removed it
    previous: tuple[int, LevelSpec] | None = None
    play_levels = 0

    for line, level in enumerate(levels, start=1):
        if level.kind not in KINDS:
            errors.append(_error("unknown_kind", line, "kind", value=str(level.kind)))
            continue
        if level.duration <= 0:
            errors.append(_error("duration_not_positive", line, "duration"))
        if level.color_up and not level.is_break:
            errors.append(_error("color_up_not_on_break", line, "color_up"))
        if level.is_break:
            if level.small_blind or level.big_blind or level.ante or level.ante_type != "none":
                errors.append(_error("break_has_blinds", line, "small_blind"))
            errors.extend(_check_color_up(line, level.color_up, chips, removed_at))
            continue

        play_levels += 1
        errors.extend(_check_play_level(line, level))
        if previous is not None:
            previous_line, before = previous
            if level.small_blind < before.small_blind or level.big_blind < before.big_blind:
                errors.append(_error(
                    "blinds_decrease", line, "small_blind",
                    small_blind=level.small_blind, big_blind=level.big_blind,
                    previous_small_blind=before.small_blind,
                    previous_big_blind=before.big_blind, previous_line=previous_line,
                ))
        previous = (line, level)
        if chips is not None:
            errors.extend(_check_payable(line, level, chips, removed_at))

    if play_levels == 0:
        errors.append(_error("no_play_levels"))
    if errors:
        raise StructureError(errors)


def check_bounds(levels: Sequence[LevelSpec]) -> None:
    """Raise StructureError when an amount or a duration is beyond what can be stored
    (``MAX_AMOUNT``, ``MAX_DURATION``): the services check it before saving a structure.

    Not part of ``validate``: a generated structure may be sound and still too long to
    store (its blinds double past 64 bits), and says so only when someone saves it.
    """
    errors = []
    for line, level in enumerate(levels, start=1):
        for column in ("small_blind", "big_blind", "ante"):
            amount = getattr(level, column)
            if isinstance(amount, int) and amount > MAX_AMOUNT:
                errors.append(_error("too_large", line, column, value=_too_large(amount),
                                     limit=MAX_AMOUNT))
        if isinstance(level.duration, int) and level.duration > MAX_DURATION:
            errors.append(_error("too_large", line, "duration", value=_too_large(level.duration),
                                 limit=MAX_DURATION))
    if errors:
        raise StructureError(errors)


def _check_play_level(line: int, level: LevelSpec) -> Iterator[LineError]:
    if level.small_blind <= 0:
        yield _error("sb_not_positive", line, "small_blind")
    if level.big_blind < level.small_blind:
        yield _error("bb_below_sb", line, "big_blind",
                     small_blind=level.small_blind, big_blind=level.big_blind)
    if level.ante_type not in ANTE_TYPES:
        yield _error("unknown_ante_type", line, "ante_type", value=str(level.ante_type))
    elif level.ante < 0:
        yield _error("ante_negative", line, "ante")
    elif level.ante > 0 and level.ante_type == "none":
        yield _error("ante_type_missing", line, "ante_type", ante=level.ante)
    elif level.ante == 0 and level.ante_type != "none":
        yield _error("ante_missing", line, "ante", ante_type=level.ante_type)


def _check_color_up(
    line: int, color_up: Sequence[int], chips: list[int] | None, removed_at: dict[int, int]
) -> Iterator[LineError]:
    for denomination in color_up:
        if not _is_positive_int(denomination) or denomination > MAX_AMOUNT:
            yield _error("bad_denomination", line, "color_up")
        elif denomination in removed_at:
            yield _error("color_up_repeated", line, "color_up",
                         denomination=denomination, previous_line=removed_at[denomination])
        elif chips is not None and denomination not in chips:
            yield _error("color_up_unknown_denomination", line, "color_up",
                         denomination=denomination)
        else:
            removed_at[denomination] = line
    if chips is not None and chips and all(chip in removed_at for chip in chips):
        yield _error("color_up_removes_all", line, "color_up")


def _check_payable(
    line: int, level: LevelSpec, chips: list[int], removed_at: dict[int, int]
) -> Iterator[LineError]:
    """Every blind and ante must be payable with the chips still in play."""
    in_play = tuple(chip for chip in chips if chip not in removed_at)
    if not in_play:
        return  # already reported as color_up_removes_all
    amounts = (("small_blind", level.small_blind), ("big_blind", level.big_blind),
               ("ante", level.ante))
    for name, amount in amounts:
        if amount <= 0 or _payable(amount, in_play):
            continue
        culprit = _first_removal_that_breaks(amount, chips, removed_at)
        if culprit is None:
            yield _error("amount_not_expressible", line, name, amount=amount)
        else:
            break_line, denominations = culprit
            yield _error("color_up_still_needed", line, name, amount=amount,
                         denomination=" ".join(map(str, denominations)), break_line=break_line)


def _first_removal_that_breaks(
    amount: int, chips: list[int], removed_at: dict[int, int]
) -> tuple[int, list[int]] | None:
    """The break whose colour-up made ``amount`` unpayable, if the full set could pay it."""
    if not _payable(amount, tuple(chips)):
        return None
    for break_line in sorted(set(removed_at.values())):
        in_play = tuple(c for c in chips if c not in removed_at or removed_at[c] > break_line)
        if not _payable(amount, in_play):
            return break_line, sorted(c for c, at in removed_at.items() if at == break_line)
    return None  # pragma: no cover - unreachable: the last break leaves the current set


def _payable(amount: int, denominations: tuple[int, ...]) -> bool:
    """True when ``amount`` is a sum of chips of the given denominations."""
    divisor = math.gcd(*denominations)
    if amount % divisor:
        return False
    units = tuple(sorted({d // divisor for d in denominations}))
    target = amount // divisor
    return target >= _smallest_payable_by_residue(units)[target % units[0]]


@functools.lru_cache(maxsize=64)
def _smallest_payable_by_residue(units: tuple[int, ...]) -> tuple[float, ...]:
    """For each remainder modulo the smallest unit, the smallest payable amount with it.

    An amount is payable exactly when it is at least that smallest amount
    (add smallest-unit chips to get there). Dijkstra over the remainders.
    """
    modulus = units[0]
    best = [math.inf] * modulus
    best[0] = 0
    queue = [(0, 0)]
    while queue:
        total, residue = heapq.heappop(queue)
        if total > best[residue]:
            continue
        for unit in units[1:]:
            reached = total + unit
            if reached < best[reached % modulus]:
                best[reached % modulus] = reached
                heapq.heappush(queue, (reached, reached % modulus))
    return tuple(best)
