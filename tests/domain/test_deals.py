"""Deals: ICM against brute force over finishing orders, chip chop, rounding that adds up."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.domain.deals import (
    DealError,
    check_amounts,
    chip_chop,
    deal,
    icm,
    prizes_after_keep,
)


def brute_force_icm(stacks, prizes):
    """Malmuth–Harville by enumerating every finishing order (small fields only)."""
    n = len(stacks)
    equities = [0.0] * n
    for order in itertools.permutations(range(n)):
        chance, rest = 1.0, sum(stacks)
        for i in order:
            chance *= stacks[i] / rest
            rest -= stacks[i]
        for place, i in enumerate(order):
            if place < len(prizes):
                equities[i] += chance * prizes[place]
    return equities


stacks_strategy = st.lists(st.integers(1, 10_000_000), min_size=2, max_size=6)
prizes_strategy = st.lists(st.integers(0, 1_000_000), min_size=1, max_size=8).map(
    lambda p: sorted(p, reverse=True))


@settings(max_examples=150, deadline=None)
@given(stacks_strategy, prizes_strategy)
def test_icm_matches_brute_force_for_small_fields(stacks, prizes):
    expected = brute_force_icm(stacks, prizes)
    got = icm(stacks, prizes)
    for e, g in zip(expected, got, strict=True):
        assert math.isclose(e, g, rel_tol=1e-9, abs_tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(stacks_strategy, prizes_strategy, st.sampled_from(["icm", "chip"]),
       st.sampled_from([1, 5, 25, 100, 1000]))
def test_deal_adds_up_exactly_and_in_units(stacks, prizes, method, unit):
    money = sum(prizes[: len(stacks)])
    amounts = deal(stacks, prizes, method=method, unit=unit)
    assert sum(amounts) == money
    assert len(amounts) == len(stacks)
    off_unit = [a for a in amounts if a % unit]
    # Only the remainder of the total below one unit may land off the unit, on one player.
    assert len(off_unit) <= (1 if money % unit else 0)
    equities = icm(stacks, prizes) if method == "icm" else chip_chop(stacks, prizes)
    for amount, equity in zip(amounts, equities, strict=True):
        assert abs(amount - equity) < unit + money % unit + 1e-6


@settings(max_examples=100, deadline=None)
@given(stacks_strategy, prizes_strategy)
def test_bigger_stack_never_gets_less_equity(stacks, prizes):
    for method in (icm, chip_chop):
        equities = method(stacks, prizes)
        for (s1, e1), (s2, e2) in itertools.combinations(zip(stacks, equities, strict=True), 2):
            if s1 > s2:
                assert e1 >= e2 - 1e-6


def test_icm_worked_example_three_players():
    # 50/30/20 chips for 50/30/20. The leader is 1st with 0.5, 2nd with
    # 0.3 * 5/7 + 0.2 * 5/8 = 0.339286, 3rd with the rest 0.160714:
    # 25 + 10.1786 + 3.2143 = 38.3929.
    equities = icm([5000, 3000, 2000], [50, 30, 20])
    assert [round(e, 4) for e in equities] == [38.3929, 32.75, 28.8571]


def test_icm_equal_stacks_share_equally():
    assert icm([100] * 4, [40, 30, 20, 10]) == pytest.approx((25.0,) * 4)


def test_chip_chop_keeps_the_smallest_prize_and_shares_the_rest_by_chips():
    # 3 left, prizes 500/300/200: each keeps 200, the 400 above shared 60/30/10.
    assert chip_chop([600, 300, 100], [500, 300, 200]) == pytest.approx((440, 320, 240))
    # Fewer prizes than players: nothing to keep.
    assert chip_chop([1, 1, 2], [100]) == pytest.approx((25, 25, 50))


def test_deal_rounds_to_the_unit_and_gives_the_odd_amount_to_the_biggest_equity():
    amounts = deal([5000, 3000, 2000], [5003, 3000, 2000], method="icm", unit=100)
    assert sum(amounts) == 10003
    assert [a % 100 for a in amounts] == [3, 0, 0]


def test_nine_handed_icm_is_exact_against_chip_chop_sanity():
    stacks = [4_000_000, 2_500_000, 1_900_000, 1_200_000, 900_000, 700_000, 500_000, 300_000,
              100_000]
    prizes = [30000, 20000, 14000, 10000, 8000, 6500, 5000, 4000, 3000]
    equities = icm(stacks, prizes)
    assert sum(equities) == pytest.approx(sum(prizes))
    # ICM pulls the leader below the chip chop and the short stack above it.
    chop = chip_chop(stacks, prizes)
    assert equities[0] < chop[0] and equities[-1] > chop[-1]


@pytest.mark.parametrize(("stacks", "prizes", "code"), [
    ([100], [50], "no_players"),
    ([100, 0], [50, 20], "stack_not_positive"),
    ([100, -5], [50, 20], "stack_not_positive"),
    ([100, 50], [50, -20], "prize_negative"),
    ([1] * 19, [10], "too_many_players"),
])
def test_bad_input_is_refused_with_a_reason(stacks, prizes, code):
    with pytest.raises(DealError) as caught:
        icm(stacks, prizes)
    assert code in [e.code for e in caught.value.errors]


def test_bad_method_and_unit_are_refused():
    with pytest.raises(DealError, match="not a way"):
        deal([1, 2], [3, 1], method="coin")
    with pytest.raises(DealError, match="above 0"):
        deal([1, 2], [3, 1], method="icm", unit=0)


def test_amount_left_to_play_for_comes_off_first_place():
    assert prizes_after_keep([1000, 600, 400], 300) == (700, 600, 400)
    with pytest.raises(DealError, match="between 0 and 400"):
        prizes_after_keep([1000, 600, 400], 401)


def test_hand_adjusted_amounts_must_keep_the_total():
    assert check_amounts([500, 300, 200], 1000) == (500, 300, 200)
    with pytest.raises(DealError, match="add up to 1010, not the 1000 left"):
        check_amounts([510, 300, 200], 1000)
    with pytest.raises(DealError, match="below 0"):
        check_amounts([1100, -100, 0], 1000)


@settings(max_examples=150, deadline=None)
@given(stacks_strategy, prizes_strategy, st.sampled_from([1, 10, 100]), st.data())
def test_hand_adjustment_keeps_the_held_amounts_and_the_total(stacks, prizes, unit, data):
    from tournament.domain.deals import rebalance

    money = sum(prizes[: len(stacks)])
    equities = icm(stacks, prizes)
    positions = data.draw(st.sets(st.integers(0, len(stacks) - 1), max_size=len(stacks) - 1))
    held = {i: data.draw(st.integers(0, max(0, money // len(stacks)))) for i in positions}
    amounts = rebalance(equities, held, money, unit=unit, stacks=stacks)
    assert sum(amounts) == money
    assert all(amounts[i] == a for i, a in held.items())
    assert all(a >= 0 for a in amounts)


def test_hand_adjustment_that_takes_too_much_is_refused():
    from tournament.domain.deals import rebalance

    with pytest.raises(DealError, match="add up to 1200, more than the 1000"):
        rebalance([500.0, 300.0, 200.0], {0: 700, 1: 500}, 1000)
