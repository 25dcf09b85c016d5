"""Bounties: standard and progressive knockouts (PKO), and conservation of the bounty pool."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.bounties import Knockout, current_bounty, knockout


def test_standard_knockout_pays_the_whole_bounty():
    assert knockout(100, progressive=False) == Knockout(cash=100, head=0)


def test_pko_pays_half_and_puts_half_on_the_winners_head():
    assert knockout(100, progressive=True) == Knockout(cash=50, head=50)
    # Odd amounts: the half on the head is rounded down to the unit, the rest is paid.
    assert knockout(150, progressive=True, unit=25) == Knockout(cash=75, head=75)
    assert knockout(175, progressive=True, unit=25) == Knockout(cash=100, head=75)


@given(st.integers(0, 10**9), st.booleans(), st.sampled_from([1, 5, 25, 100]))
def test_a_knockout_moves_exactly_the_bounty(bounty, progressive, unit):
    split = knockout(bounty, progressive=progressive, unit=unit)
    assert split.cash + split.head == bounty
    assert split.cash >= 0 and split.head >= 0 and split.head % unit == 0


@given(st.integers(2, 40), st.integers(1, 10_000), st.randoms(use_true_random=False))
def test_pko_pool_is_conserved_to_the_winner(players, starting, rng: random.Random):
    """Bust everyone in random order to random hitmen: paid + the winner's own = the pool."""
    heads = {p: starting for p in range(players)}
    paid = 0
    while len(heads) > 1:
        out = rng.choice(sorted(heads))
        hitman = rng.choice(sorted(set(heads) - {out}))
        split = knockout(heads.pop(out), progressive=True)
        paid += split.cash
        heads[hitman] = current_bounty(heads[hitman], [split.head])
    (winner_own,) = heads.values()
    assert paid + winner_own == starting * players


def test_bad_amounts_are_refused():
    with pytest.raises(ValueError):
        knockout(-1, progressive=True)
    with pytest.raises(ValueError):
        knockout(10, progressive=True, unit=0)
