"""The ledger's pure rules (issue 21): places of one hand, and every entry's prize."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.ledger import Bust, DealTerms, Placed, hand_places, prizes, stacks_wanted


def test_same_hand_different_tables_share_the_places_they_cover():
    assert hand_places([Bust("a", 5, table=1), Bust("b", 4, table=2)]) == {
        "a": (4, 4), "b": (5, 4)} or hand_places(
        [Bust("a", 5, table=1), Bust("b", 4, table=2)]) == {"a": (5, 4), "b": (4, 4)}


def test_same_hand_one_table_the_bigger_starting_stack_finishes_higher():
    got = hand_places([Bust("a", 5, table=1, stack=9000), Bust("b", 4, table=1, stack=500)])
    assert got == {"a": (4, None), "b": (5, None)}
    assert stacks_wanted([Bust("a", 5, table=1), Bust("b", 4, table=1, stack=5)]) == ["a"]
    assert stacks_wanted([Bust("a", 5, table=1), Bust("b", 4, table=2)]) == []


def test_rank_by_table_then_shared_across_tables():
    """Table 1: A above B; table 2: C alone. A and C (each their table's first) share 3-4."""
    got = hand_places([Bust("A", 5, 1, 800), Bust("B", 4, 1, 100), Bust("C", 3, 2, None)])
    assert got["B"] == (5, None) and {got["A"][1], got["C"][1]} == {3}


def test_a_shared_prize_gives_the_odd_unit_to_the_higher_place():
    """House rule 18-C by analogy (the odd chip to the high hand): 300 + 215 shared by two,
    rounded to 10: 51 units, the odd one and the 5 below a unit to the higher place."""
    got = prizes([500, 300, 215], [Placed("x", 2, 2), Placed("y", 3, 2)], unit=10)
    assert got == {"x": 265, "y": 250}


def test_a_deal_shares_exactly_the_places_its_players_hold():
    deal = DealTerms(shares={"a": 400, "b": 300}, keep=100)
    got = prizes([500, 300, 200], [Placed("c", 3), Placed("b", 2), Placed("a", 1)], deal=deal)
    assert got == {"c": 200, "b": 300, "a": 500}
    # Nobody outside the deal is paid from its places, whatever the record says.
    assert prizes([500, 300, 200], [Placed("z", 2, 2), Placed("c", 3, 2)], deal=deal)["z"] == 100


@given(amounts=st.lists(st.integers(0, 10_000), min_size=1, max_size=8).map(
           lambda xs: sorted(xs, reverse=True)),
       field=st.integers(1, 12), cut=st.lists(st.integers(0, 11), max_size=6),
       unit=st.sampled_from([1, 5, 10]))
def test_prizes_never_add_up_to_more_than_the_table_and_to_all_of_it_once_decided(
        amounts, field, cut, unit):
    # Places field..1 split into consecutive groups: each group shares (a tie).
    places = list(range(field, 0, -1))
    cuts = sorted({c % field for c in cut} | {0, field})
    placed = []
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        group = places[lo:hi]
        tied = min(group) if len(group) > 1 else None
        placed += [Placed(f"e{p}", p, tied) for p in group]
    got = prizes(amounts, placed, unit=unit)
    assert sum(got.values()) == sum(amounts[:field])
    assert sum(got.values()) <= sum(amounts)
    assert all(v >= 0 for v in got.values())
