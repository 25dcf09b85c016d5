"""League points: a table by place, the entries/buy-in/place formula, standings."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.leagues import (
    Finish,
    check_points_table,
    points_by_formula,
    points_by_table,
    standings,
)


def test_points_by_table_and_past_the_table():
    assert points_by_table(1, [100, 70, 50]) == 100
    assert points_by_table(4, [100, 70, 50]) == 0


def test_formula_worked_example():
    # 10 × √(100 ÷ 1) × (1 + log10(100.25)) = 10 × 10 × 3.00108… = 300.11
    assert points_by_formula(entries=100, buy_in=100, place=1) == Decimal("300.11")
    assert points_by_formula(entries=100, buy_in=100, place=4) == Decimal("150.05")


@given(st.integers(1, 5000), st.integers(0, 100_000), st.data())
def test_formula_never_rewards_a_worse_place(entries, buy_in, data):
    place = data.draw(st.integers(1, entries))
    better = data.draw(st.integers(1, place))
    assert (points_by_formula(entries=entries, buy_in=buy_in, place=better)
            >= points_by_formula(entries=entries, buy_in=buy_in, place=place))


def test_formula_refuses_places_outside_the_field():
    with pytest.raises(ValueError):
        points_by_formula(entries=10, buy_in=100, place=11)
    with pytest.raises(ValueError):
        points_by_formula(entries=10, buy_in=100, place=0)


def test_points_table_problems():
    assert check_points_table([]) == ["empty"]
    assert check_points_table([10, -1]) == ["negative"]
    assert check_points_table([1] * 501) == ["too_long"]


def test_standings_count_the_best_finish_per_tournament_and_break_ties_by_wins():
    finishes = [
        Finish(player=1, tournament=1, place=5, points=Decimal(10)),
        Finish(player=1, tournament=1, place=2, points=Decimal(70)),  # re-entry: best counts
        Finish(player=2, tournament=1, place=1, points=Decimal(100)),
        Finish(player=1, tournament=2, place=3, points=Decimal(30)),
        Finish(player=3, tournament=2, place=1, points=Decimal(100)),
    ]
    rows = standings(finishes)
    assert [(r.player, r.points, r.events) for r in rows] == [
        (2, 100, 1), (3, 100, 1), (1, 100, 2)]
    assert rows[-1].best == 2 and rows[0].wins == 1
