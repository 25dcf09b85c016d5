"""Final-table deals: ICM (Malmuth–Harville), chip chop, and whole amounts that add up.

Pure: no Django. Errors are ``DealError`` with ``LineError`` items (``line``
is the player's position in ``stacks``, 1-based); ``MESSAGES`` holds the
English template per code, translated by the Django layer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tournament.domain.structures import LineError


def N_(message: str) -> str:
    return message


MESSAGES: dict[str, str] = {
    "no_players": N_("A deal needs at least two players."),
    "too_many_players": N_("A deal is for at most {limit} players."),
    "stack_not_positive": N_("Every player in the deal needs chips."),
    "prize_negative": N_("A prize can't be below 0."),
    "no_prizes": N_("There is no money left to share."),
    "unit_not_positive": N_("Amounts must be rounded to an amount above 0."),
    "bad_method": N_('"{method}" is not a way to make a deal.'),
    "keep_out_of_range": N_("The amount left to play for must be between 0 and {most}."),
    "amounts_sum": N_("The amounts add up to {total}, not the {expected} left."),
    "amount_negative": N_("An amount can't be below 0."),
    "held_too_much": N_("The amounts changed by hand add up to {held}, more than the {expected} "
                        "to share."),
}

METHODS = ("icm", "chip")
# Subsets of 18 players is 262,144 states: about two seconds in CPython. More
# players than that at a deal is not a final table.
MAX_PLAYERS = 18


class DealError(ValueError):
    """The deal cannot be made; ``errors`` lists every problem."""

    def __init__(self, errors: Sequence[LineError]) -> None:
        self.errors: list[LineError] = list(errors)
        super().__init__("\n".join(str(error) for error in self.errors))


def _error(code: str, line: int | None = None, field: str | None = None, **params: Any) -> LineError:
    return LineError(line, field, code, params, MESSAGES[code])


def _check(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    errors = []
    if len(stacks) < 2:
        errors.append(_error("no_players", field="stacks"))
    if len(stacks) > MAX_PLAYERS:
        errors.append(_error("too_many_players", field="stacks", limit=MAX_PLAYERS))
    for line, stack in enumerate(stacks, start=1):
        if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
            errors.append(_error("stack_not_positive", line, "stack"))
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in prizes):
        errors.append(_error("prize_negative", field="prizes"))
    if errors:
        raise DealError(errors)


def icm(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Each stack's equity in the prizes (Malmuth–Harville), in the order of ``stacks``.

    The chance of finishing first is the share of chips; given who finished
    above, the chance of finishing next is the share of the chips left, and so
    on. Exact, by recursion over the subsets of players already placed (never
    over finishing orders): with p prizes and n players, at most
    sum(C(n, k), k < p) subsets do any work, each once. ``prizes`` are the places
    still to be paid, first place first; places beyond them pay 0, prizes
    beyond the number of players are never reached.
    """
    _check(stacks, prizes)
    n = len(stacks)
    paid = [p for p in prizes[:n]]
    while paid and paid[-1] == 0:
        paid.pop()
    equities = [0.0] * n
    if not paid:
        return tuple(equities)
    size = 1 << n
    # chips_left[mask]: chips of the players not in mask (mask: the players placed so far).
    chips_left = [0] * size
    chips_left[0] = sum(stacks)
    for mask in range(1, size):
        low = mask & -mask
        chips_left[mask] = chips_left[mask ^ low] - stacks[low.bit_length() - 1]
    # chance[mask]: the chance that exactly the players in mask took the top |mask|
    # places. Masks run in increasing order, so every subset of a mask is done first.
    chance = [0.0] * size
    chance[0] = 1.0
    players = [(i, 1 << i, stack) for i, stack in enumerate(stacks)]
    for mask in range(size):
        place = mask.bit_count()
        if place >= len(paid) or not chance[mask]:
            continue
        share = chance[mask] / chips_left[mask]
        prize, more = paid[place], place + 1 < len(paid)
        for i, bit, stack in players:
            if mask & bit:
                continue
            p = share * stack
            equities[i] += p * prize
            if more:
                chance[mask | bit] += p
    return tuple(equities)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Every player keeps the smallest prize still to be paid; the rest goes by chips.

    The smallest prize is ``prizes[len(stacks) - 1]`` (0 when fewer places are
    paid than players remain).
    """
    _check(stacks, prizes)
    n = len(stacks)
    money = sum(prizes[:n])
    floor = prizes[n - 1] if len(prizes) >= n else 0
    rest = money - floor * n
    total = sum(stacks)
    return tuple(floor + rest * stack / total for stack in stacks)


def deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    method: str,
    unit: int = 1,
) -> tuple[int, ...]:
    """Whole amounts, one per stack, that add up exactly to the money left.

    The money left is the sum of the prizes the remaining players can still
    win. Each amount is a multiple of ``unit`` where the total allows and as
    close as possible to its equity: every player first gets their equity
    rounded down to the unit, the units left over go one each to the largest
    rounded-off parts (the bigger stack on a tie, then the earlier player),
    and what is left below one unit goes to the biggest equity.
    """
    if method not in METHODS:
        raise DealError([_error("bad_method", field="method", method=str(method))])
    if not isinstance(unit, int) or isinstance(unit, bool) or unit <= 0:
        raise DealError([_error("unit_not_positive", field="unit")])
    equities = icm(stacks, prizes) if method == "icm" else chip_chop(stacks, prizes)
    money = sum(prizes[: len(stacks)])
    return round_to_unit(equities, money, unit=unit, stacks=stacks)


def round_to_unit(
    equities: Sequence[float], money: int, *, unit: int = 1, stacks: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Largest-remainder rounding of ``equities`` to multiples of ``unit`` summing to ``money``."""
    n = len(equities)
    scale = sum(equities)
    # Equities are floats; rescale so they sum to the money exactly before rounding.
    exact = [e * money / scale / unit if scale else money / n / unit for e in equities]
    units = [math.floor(x + 1e-9) for x in exact]
    leftover = money // unit - sum(units)
    tie = stacks if stacks is not None else [0] * n
    order = sorted(range(n), key=lambda i: (units[i] - exact[i], -tie[i], i))
    for i in order[:leftover]:
        units[i] += 1
    amounts = [u * unit for u in units]
    biggest = max(range(n), key=lambda i: (exact[i], tie[i], -i))
    amounts[biggest] += money - sum(amounts)
    return tuple(amounts)


def prizes_after_keep(prizes: Sequence[int], keep: int) -> tuple[int, ...]:
    """The prizes to share when ``keep`` is left to play for (taken from first place).

    The player who wins the tournament gets ``keep`` on top of their share.
    """
    if not prizes:
        raise DealError([_error("no_prizes", field="prizes")])
    most = prizes[0] - (prizes[1] if len(prizes) > 1 else 0)
    if not isinstance(keep, int) or isinstance(keep, bool) or not 0 <= keep <= max(0, most):
        raise DealError([_error("keep_out_of_range", field="keep", most=max(0, most))])
    return (prizes[0] - keep, *prizes[1:])


def check_amounts(amounts: Sequence[int], expected: int) -> tuple[int, ...]:
    """Amounts adjusted by hand: each 0 or more, together exactly ``expected``."""
    errors = [_error("amount_negative", line, "amount")
              for line, amount in enumerate(amounts, start=1) if amount < 0]
    if not errors and sum(amounts) != expected:
        errors.append(_error("amounts_sum", field="amount", total=sum(amounts), expected=expected))
    if errors:
        raise DealError(errors)
    return tuple(amounts)


def rebalance(
    equities: Sequence[float],
    held: Mapping[int, int],
    money: int,
    *,
    unit: int = 1,
    stacks: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Keep the amounts set by hand (``held``: position → amount) and share the rest exactly.

    The players not held share what the held amounts leave of ``money`` in
    proportion to their equities, rounded as ``deal`` rounds; so the total
    stays exactly ``money`` after any hand adjustment.
    """
    errors = [_error("amount_negative", i + 1, "amount") for i, a in held.items() if a < 0]
    if errors:
        raise DealError(errors)
    rest = money - sum(held.values())
    free = [i for i in range(len(equities)) if i not in held]
    if rest < 0:
        raise DealError([_error("held_too_much", field="amount", held=sum(held.values()),
                                expected=money)])
    if not free:
        return check_amounts([held[i] for i in range(len(equities))], money)
    shared = round_to_unit([equities[i] for i in free], rest, unit=unit,
                           stacks=[stacks[i] for i in free] if stacks is not None else None)
    amounts = dict(held) | dict(zip(free, shared, strict=True))
    return tuple(amounts[i] for i in range(len(equities)))
