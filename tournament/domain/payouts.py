"""Payouts: places paid, the payout curve, rounded amounts, prize pool and chip figures.

Pure: no Django. Errors are ``PayoutError`` with ``LineError`` items (``line``
is the place, 1-based); ``MESSAGES`` holds the English template per code.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction
from typing import Any

from tournament.domain.errors import N_, LineError

MESSAGES: dict[str, str] = {
    "entries_not_positive": N_("There must be at least one entry."),
    "no_places": N_("At least one place must be paid."),
    "bad_percentage": N_('"{value}" is not a valid percentage.'),
    "percentage_negative": N_("A percentage can't be below 0."),
    "percentages_sum": N_("The percentages add up to {total}%, not 100%."),
    "percentages_increase": N_("This place gets more than place {previous_place}."),
    "prize_pool_negative": N_("The prize pool can't be below 0."),
    "unit_not_positive": N_("Payouts must be rounded to an amount above 0."),
    "amount_negative": N_("This can't be below 0."),
}

PERCENT_QUANTUM = Decimal("0.001")


class PayoutError(ValueError):
    """Percentages or amounts are wrong; ``errors`` lists every problem."""

    def __init__(self, errors: Sequence[LineError]) -> None:
        self.errors: list[LineError] = list(errors)
        super().__init__("\n".join(str(error) for error in self.errors))


def _error(code: str, line: int | None = None, field: str | None = None, **params: Any) -> LineError:
    return LineError(line, field, code, params, MESSAGES[code])


def places_paid(entries: int, *, paid_fraction: float = 0.15) -> int:
    """How many places are paid: ``paid_fraction`` of the field, rounded up, at least 1.

    With the default 15%: 1-6 entries pay 1, 7-13 pay 2, 14-20 pay 3, 100 pay 15.
    """
    if entries <= 0:
        raise PayoutError([_error("entries_not_positive", field="entries")])
    fraction = Fraction(str(paid_fraction))
    return max(1, min(entries, math.ceil(entries * fraction)))


def payout_percentages(
    entries: int,
    *,
    paid_fraction: float = 0.15,
    places: int | None = None,
    steepness: float = 1.0,
    floor_buyins: float = 1.0,
) -> tuple[Decimal, ...]:
    """Percentages of the prize pool per place (1st first), summing to exactly 100.

    Each paid place first gets ``floor_buyins`` average buy-ins (prize pool /
    entries), capped so that the floors take at most half the pool; the rest is
    shared in proportion to 1 / place ** ``steepness``. This is steep at the top
    like real payout tables: 2 places pay about 63/37, 3 about 51/28/21, 1st
    gets about 27% of 100 entries and 15% of 1000, and a min-cash is worth
    about 2-3 buy-ins.
    Percentages are rounded down to 0.001 and the rest goes to 1st, so they
    never increase by place.
    """
    count = places if places is not None else places_paid(entries, paid_fraction=paid_fraction)
    if entries <= 0:
        raise PayoutError([_error("entries_not_positive", field="entries")])
    if count <= 0:
        raise PayoutError([_error("no_places", field="places")])
    floor = min(Fraction(str(floor_buyins)) / entries, Fraction(1, 2 * count))
    weights = [1 / place ** steepness for place in range(1, count + 1)]
    total_weight = sum(weights)
    shares = [
        Decimal(float(100 * (floor + (1 - count * floor) * Fraction(weight / total_weight))))
        .quantize(PERCENT_QUANTUM, rounding=ROUND_FLOOR)
        for weight in weights
    ]
    shares[0] += Decimal(100) - sum(shares)
    return tuple(shares)


def _as_fraction(value: object) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return Fraction(repr(value)) if math.isfinite(value) else None
    try:
        return Fraction(str(value).strip()) if isinstance(value, str) else Fraction(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def check_percentages(
    percentages: Sequence[object], *, tolerance: Decimal = Decimal("0.01")
) -> tuple[Fraction, ...]:
    """The percentages as exact fractions; PayoutError unless they are a valid payout table.

    Valid: at least one place, numbers of 0 or more, not increasing by place,
    summing to 100 within ``tolerance`` percentage points. Accepts ints,
    Decimals, floats, Fractions and numeric strings.
    """
    errors: list[LineError] = []
    values: list[Fraction] = []
    if not percentages:
        raise PayoutError([_error("no_places")])
    for place, raw in enumerate(percentages, start=1):
        value = _as_fraction(raw)
        if value is None:
            errors.append(_error("bad_percentage", place, "percentage", value=str(raw)))
            continue
        if value < 0:
            errors.append(_error("percentage_negative", place, "percentage"))
        if values and value > values[-1]:
            errors.append(_error("percentages_increase", place, "percentage",
                                 place=place, previous_place=place - 1))
        values.append(value)
    if not errors and abs(sum(values) - 100) > Fraction(tolerance):
        total = Decimal(float(sum(values))).quantize(PERCENT_QUANTUM).normalize()
        errors.append(_error("percentages_sum", field="percentage", total=f"{total:f}"))
    if errors:
        raise PayoutError(errors)
    return tuple(values)


def payouts(
    prize_pool: int,
    percentages: Sequence[object],
    *,
    unit: int = 1,
    tolerance: Decimal = Decimal("0.01"),
) -> tuple[int, ...]:
    """Amounts per place (1st first) that add up to exactly ``prize_pool``.

    Every place but 1st is a multiple of ``unit``. Percentages are scaled to
    add up to exactly 100; each place gets its share rounded down to the unit,
    leftover units go one each to the places with the largest rounded-off
    parts (the higher place on a tie), and what is left below one unit goes
    to 1st. So amounts never increase by place. A place whose share is under
    one unit gets 0.
    """
    errors = []
    if prize_pool < 0:
        errors.append(_error("prize_pool_negative", field="prize_pool"))
    if unit <= 0:
        errors.append(_error("unit_not_positive", field="unit"))
    if errors:
        raise PayoutError(errors)
    values = check_percentages(percentages, tolerance=tolerance)
    total = sum(values)
    exact = [prize_pool * value / total / unit for value in values]  # in units
    units = [math.floor(share) for share in exact]
    leftover_units = prize_pool // unit - sum(units)
    by_remainder = sorted(range(len(exact)), key=lambda place: (units[place] - exact[place], place))
    for place in by_remainder[:leftover_units]:
        units[place] += 1
    amounts = [count * unit for count in units]
    amounts[0] += prize_pool - sum(amounts)
    return tuple(amounts)


@dataclass(frozen=True, slots=True)
class PrizePool:
    """``total`` is what gets paid: the money collected, or the guarantee when that is more."""

    collected: int
    guarantee: int
    total: int
    overlay: int


def prize_pool(
    *,
    buyins: int,
    buyin_amount: int,
    rebuys: int = 0,
    rebuy_amount: int = 0,
    addons: int = 0,
    addon_amount: int = 0,
    guarantee: int = 0,
) -> PrizePool:
    """The prize pool from counts and the prize-pool part of each payment (fees excluded).

    ``overlay`` is what the house adds to reach the guarantee (0 when collected
    money covers it).
    """
    _check_not_negative(buyins=buyins, buyin_amount=buyin_amount, rebuys=rebuys,
                        rebuy_amount=rebuy_amount, addons=addons, addon_amount=addon_amount,
                        guarantee=guarantee)
    collected = buyins * buyin_amount + rebuys * rebuy_amount + addons * addon_amount
    return pool_with_guarantee(collected=collected, guarantee=guarantee)


def pool_with_guarantee(*, collected: int, guarantee: int) -> PrizePool:
    """The prize pool for money collected: at least the guarantee, the house paying the overlay."""
    total = max(collected, guarantee)
    return PrizePool(collected=collected, guarantee=guarantee, total=total,
                     overlay=total - collected)


def chips_in_play(
    *,
    entries: int,
    starting_stack: int,
    rebuys: int = 0,
    rebuy_chips: int = 0,
    addons: int = 0,
    addon_chips: int = 0,
) -> int:
    """Chips issued: every entry's starting stack plus rebuy and add-on chips."""
    _check_not_negative(entries=entries, starting_stack=starting_stack, rebuys=rebuys,
                        rebuy_chips=rebuy_chips, addons=addons, addon_chips=addon_chips)
    return entries * starting_stack + rebuys * rebuy_chips + addons * addon_chips


def average_stack(chips: int, players_left: int) -> int | None:
    """Chips per player still in, rounded to the nearest chip; None when nobody is left."""
    if players_left <= 0:
        return None
    return int((Fraction(chips, players_left) + Fraction(1, 2)) // 1)


def _check_not_negative(**values: int) -> None:
    errors = [_error("amount_negative", field=name) for name, value in values.items() if value < 0]
    if errors:
        raise PayoutError(errors)
