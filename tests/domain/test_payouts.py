"""Payouts: places paid, the curve, rounded amounts, prize pool and chip figures."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tournament.domain.payouts import (
    MESSAGES,
    PayoutError,
    average_stack,
    chips_in_play,
    payout_percentages,
    payouts,
    places_paid,
    prize_pool,
)

UNITS = st.sampled_from([1, 5, 10, 25, 50, 100, 500, 1000])


def codes(error: PayoutError) -> list[tuple[int | None, str]]:
    return [(problem.line, problem.code) for problem in error.errors]


@st.composite
def percentage_tables(draw):
    """Non-increasing percentages summing to exactly 100, with 2 decimals."""
    cents = draw(st.lists(st.integers(0, 5000), min_size=1, max_size=40))
    cents.sort(reverse=True)
    total = sum(cents)
    assume(total > 0)
    scaled = [cent * 10_000 // total for cent in cents]
    scaled[0] += 10_000 - sum(scaled)
    return [Decimal(value) / 100 for value in scaled]


# --- places and the curve -------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "places"),
    [(1, 1), (2, 1), (6, 1), (7, 2), (10, 2), (13, 2), (14, 3), (20, 3), (21, 4), (100, 15),
     (101, 16), (1000, 150)],
)
def test_about_fifteen_percent_of_the_field_is_paid(entries, places):
    assert places_paid(entries) == places
    assert len(payout_percentages(entries)) == places


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 3000))
def test_curve_sums_to_100_and_never_rises(entries):
    shares = payout_percentages(entries)
    assert sum(shares) == 100
    assert all(a >= b for a, b in zip(shares, shares[1:], strict=False))
    assert all(share > 0 for share in shares)
    assert len(shares) == max(1, math.ceil(entries * Fraction(15, 100)))


@settings(max_examples=300, deadline=None)
@given(st.integers(7, 3000))
def test_curve_is_steep_at_the_top_and_a_min_cash_beats_the_buy_in(entries):
    shares = payout_percentages(entries)
    assert shares[0] > shares[1]
    assert shares[0] >= Decimal("1.4") * shares[1]
    buyin_share = Decimal(100) / entries  # one buy-in, as a share of the pool
    assert shares[-1] >= Decimal("1.5") * buyin_share


@pytest.mark.parametrize(
    ("entries", "low", "high"),
    [(8, 55, 70), (20, 45, 55), (100, 20, 30), (200, 18, 28), (1000, 12, 20)],
)
def test_first_prize_size_matches_real_tournaments(entries, low, high):
    assert low <= payout_percentages(entries)[0] <= high


def test_curve_options():
    three = payout_percentages(100, places=3)
    assert len(three) == 3 and sum(three) == 100
    assert len(payout_percentages(100, paid_fraction=0.1)) == 10
    flatter = payout_percentages(100, steepness=0.5)
    assert flatter[0] < payout_percentages(100)[0]
    with pytest.raises(PayoutError) as caught:
        payout_percentages(0)
    assert codes(caught.value) == [(None, "entries_not_positive")]


# --- amounts --------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**8), st.integers(1, 2000), UNITS)
def test_amounts_add_up_exactly_and_never_rise(pool, entries, unit):
    amounts = payouts(pool, payout_percentages(entries), unit=unit)
    assert sum(amounts) == pool
    assert all(a >= b for a, b in zip(amounts, amounts[1:], strict=False))
    assert all(amount % unit == 0 for amount in amounts[1:])
    assert len(amounts) == places_paid(entries)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**8), percentage_tables(), UNITS)
def test_amounts_stay_within_a_unit_of_each_exact_share(pool, shares, unit):
    amounts = payouts(pool, shares, unit=unit)
    assert sum(amounts) == pool
    assert all(a >= b for a, b in zip(amounts, amounts[1:], strict=False))
    for place, (amount, share) in enumerate(zip(amounts, shares, strict=True)):
        exact = Fraction(pool) * Fraction(share) / 100
        if place == 0:
            assert exact - unit < amount < exact + len(shares) * unit
        else:
            assert amount % unit == 0
            assert abs(amount - exact) < unit


def test_odd_money_goes_to_first():
    assert payouts(10_050, ["50", "30", "20"], unit=100) == (5_050, 3_000, 2_000)
    assert payouts(1_000, [Fraction(100, 3)] * 3) == (334, 333, 333)
    assert payouts(1_000, [50.0, 30.0, 20.0], unit=25) == (500, 300, 200)


def test_leftover_units_go_to_the_largest_rounded_off_parts():
    # Exact: 466.67, 333.33, 200 in units of 100 -> 4.67, 3.33, 2: one unit left over for 1st.
    assert payouts(1_000, ["46.667", "33.333", "20"], unit=100) == (500, 300, 200)
    # Exact 4.5 and 4.5 and 1 unit: the tie goes to the higher place.
    assert payouts(1_000, ["45", "45", "10"], unit=100) == (500, 400, 100)


def test_percentages_within_tolerance_are_scaled_to_100():
    assert sum(payouts(10_000, [Decimal("50.005"), Decimal("30"), Decimal("20")])) == 10_000
    with pytest.raises(PayoutError) as caught:
        payouts(10_000, [50, 30, 19])
    assert codes(caught.value) == [(None, "percentages_sum")]
    assert caught.value.errors[0].message == "The percentages add up to 99%, not 100%."


def test_bad_percentages_are_each_reported_with_their_place():
    with pytest.raises(PayoutError) as caught:
        payouts(10_000, [40, "abc", 45, -5, True])
    assert codes(caught.value) == [
        (2, "bad_percentage"), (3, "percentages_increase"), (4, "percentage_negative"),
        (5, "bad_percentage"),
    ]
    increase = caught.value.errors[1]
    assert str(increase) == "Line 3: This place gets more than place 2."


def test_bad_pool_unit_or_table():
    with pytest.raises(PayoutError) as caught:
        payouts(-1, [100], unit=0)
    assert codes(caught.value) == [(None, "prize_pool_negative"), (None, "unit_not_positive")]
    with pytest.raises(PayoutError) as caught:
        payouts(100, [])
    assert codes(caught.value) == [(None, "no_places")]


def test_every_message_is_a_short_sentence():
    for code, template in MESSAGES.items():
        assert template.endswith(".") and len(template) < 100, code


# --- prize pool and chips -------------------------------------------------


def test_prize_pool_adds_rebuys_and_addons():
    pool = prize_pool(buyins=40, buyin_amount=100, rebuys=10, rebuy_amount=100, addons=30,
                      addon_amount=50)
    assert (pool.collected, pool.total, pool.overlay) == (6_500, 6_500, 0)


def test_guarantee_overlay():
    pool = prize_pool(buyins=30, buyin_amount=100, guarantee=5_000)
    assert (pool.collected, pool.total, pool.overlay) == (3_000, 5_000, 2_000)
    assert prize_pool(buyins=60, buyin_amount=100, guarantee=5_000).overlay == 0


def test_negative_figures_are_refused():
    with pytest.raises(PayoutError) as caught:
        prize_pool(buyins=-1, buyin_amount=100, guarantee=-5)
    assert {problem.field for problem in caught.value.errors} == {"buyins", "guarantee"}


def test_chips_in_play_and_average_stack():
    chips = chips_in_play(entries=50, starting_stack=20_000, rebuys=5, rebuy_chips=20_000,
                          addons=40, addon_chips=10_000)
    assert chips == 1_500_000
    assert average_stack(chips, 7) == 214_286
    assert average_stack(10, 4) == 3  # 2.5 rounds half up
    assert average_stack(chips, 0) is None
