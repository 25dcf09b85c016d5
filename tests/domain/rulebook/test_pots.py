"""Main and side pots (house rule 19) and odd chips (house rule 18)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.pots import Pot, award, high_card_order, split


def test_equal_contributions_make_one_pot():
    assert split({1: 100, 2: 100, 3: 100}, set()) == [Pot(300, frozenset({1, 2, 3}))]


def test_all_in_makes_a_side_pot():
    pots = split({1: 300, 2: 100, 3: 300}, set())
    assert pots == [Pot(300, frozenset({1, 2, 3})), Pot(400, frozenset({1, 3}))]


def test_fold_does_not_cut_a_pot():
    # Seat 1 folded after putting in 50; its chips stay in the only pot.
    assert split({1: 50, 2: 200, 3: 200}, {1}) == [Pot(450, frozenset({2, 3}))]


def test_folded_chips_count_in_every_pot_up_to_what_they_put_in():
    pots = split({1: 250, 2: 100, 3: 400, 4: 400}, {1})
    assert pots == [
        Pot(400, frozenset({2, 3, 4})),  # 100 from each of four seats
        Pot(750, frozenset({3, 4})),  # 150 from seat 1, 300 each from seats 3 and 4
    ]


def test_uncalled_excess_comes_back_to_the_bettor():
    pots = split({1: 500, 2: 200}, set())
    assert pots == [Pot(400, frozenset({1, 2})), Pot(300, frozenset({1}))]
    assert award(pots, {1: 1, 2: 5}, button=2) == {1: 300, 2: 400}


def test_side_pot_example_six_players_from_seed_articles():
    # A all-in 50, B all-in 250, C all-in 350, D and E 800 each, F folded after 500.
    a, b, c, d, e, f = 1, 2, 3, 4, 5, 6
    contributions = {a: 50, b: 250, c: 350, d: 800, e: 800, f: 500}
    pots = split(contributions, {f})
    assert sum(pot.amount for pot in pots) == 2750
    assert pots[0] == Pot(300, frozenset({a, b, c, d, e}))
    assert pots[1] == Pot(1000, frozenset({b, c, d, e}))
    assert pots[2] == Pot(400, frozenset({c, d, e}))
    # The article also cuts at F's 500; with pots cut only at live levels the
    # 450 and 600 layers are one pot of 1050 for D and E: the payout is the same.
    assert pots[3] == Pot(1050, frozenset({d, e}))
    # Hand strength F > A > B > D > E > C (F folded and wins nothing).
    strength = {f: 6, a: 5, b: 4, d: 3, e: 2, c: 1}
    paid = award(pots, strength, button=f)
    assert (paid[a], paid[b], paid[d]) == (300, 1000, 1450)
    assert paid[c] == paid[e] == 0
    assert f not in paid


def test_rule_14_example_3_side_pot_between_the_two_with_chips():
    # A all-in for 700, B and C call; on the turn B bets 1000 and C calls.
    pots = split({1: 700, 2: 1700, 3: 1700}, set())
    assert pots == [Pot(2100, frozenset({1, 2, 3})), Pot(2000, frozenset({2, 3}))]


def test_rule_18_example_1_tied_hands_split_evenly():
    # 66 chips of the smallest denomination, two identical winning hands: 33 each.
    pots = [Pot(66, frozenset({1, 2}))]
    assert award(pots, {1: 9, 2: 9}, button=5) == {1: 33, 2: 33}


def test_rule_18_odd_chip_to_first_winner_left_of_button():
    pots = [Pot(67, frozenset({3, 8}))]
    # Button on seat 5: clockwise from it come 6, 7, 8, 9, 1, 2, 3.
    assert award(pots, {3: 1, 8: 1}, button=5) == {3: 33, 8: 34}
    assert award(pots, {3: 1, 8: 1}, button=1) == {3: 34, 8: 33}


def test_rule_18_odd_chips_in_smallest_chip_in_play():
    pots = [Pot(175, frozenset({2, 4}))]
    assert award(pots, {2: 7, 4: 7}, button=3, chip_unit=25) == {4: 100, 2: 75}


def test_three_way_split_two_odd_units_go_clockwise():
    pots = [Pot(500, frozenset({1, 4, 7}))]
    paid = award(pots, {1: 2, 4: 2, 7: 2}, button=4, chip_unit=100)
    assert paid == {7: 200, 1: 200, 4: 100}


def test_table_order_given_explicitly():
    pots = [Pot(3, frozenset({10, 20}))]
    paid = award(pots, {10: 1, 20: 1}, button=30, seats=[10, 20, 30])
    assert paid == {10: 2, 20: 1}


@pytest.mark.parametrize(
    ("contributions", "folded"),
    [
        ({1: -5, 2: 10}, set()),
        ({1: 5, 2: 10}, {3}),
        ({1: 5, 2: 10}, {1, 2}),
        ({1: 5.5, 2: 10}, set()),
    ],
)
def test_split_refuses_impossible_input(contributions, folded):
    with pytest.raises(RulingInputError):
        split(contributions, folded)


def test_award_needs_a_value_for_every_contender():
    with pytest.raises(RulingInputError, match="no hand value"):
        award([Pot(100, frozenset({1, 2}))], {1: 3}, button=1)


def test_award_refuses_bad_chip_unit():
    with pytest.raises(RulingInputError):
        award([Pot(100, frozenset({1, 2}))], {1: 3, 2: 3}, button=1, chip_unit=0)


hand_state = st.dictionaries(
    st.integers(1, 9), st.integers(0, 2000), min_size=2, max_size=9
).flatmap(
    lambda contributions: st.tuples(
        st.just(contributions),
        st.sets(st.sampled_from(sorted(contributions)), max_size=len(contributions) - 1),
        st.dictionaries(st.sampled_from(sorted(contributions)), st.integers(0, 3)),
        st.integers(1, 9),
        st.sampled_from([1, 5, 25]),
    )
)


@settings(max_examples=200, deadline=None)
@given(hand_state)
def test_pots_conserve_chips_and_pay_only_eligible_seats(state):
    contributions, folded, values, button, chip_unit = state
    values = {seat: values.get(seat, 0) for seat in contributions}
    pots = split(contributions, folded)
    assert sum(pot.amount for pot in pots) == sum(contributions.values())
    for earlier, later in zip(pots, pots[1:], strict=False):
        assert later.eligible < earlier.eligible
    for pot in pots:
        assert not pot.eligible & set(folded)
        paid = award([pot], values, button=button, chip_unit=chip_unit)
        assert sum(paid.values()) == pot.amount
        assert {seat for seat, chips in paid.items() if chips} <= pot.eligible
    total = award(pots, values, button=button, chip_unit=chip_unit)
    assert sum(total.values()) == sum(contributions.values())
    assert not {seat for seat, chips in total.items() if chips} & set(folded)


# --- house rule 18 / TDA 2024 20: odd chips in split and stud games -----------------


def test_rule_18c_hi_lo_the_odd_chip_of_the_total_pot_goes_high():
    # 67 units: high (seat 2) gets 34, low (seat 5) 33 - not 33.5 each rounded by position.
    won = award([Pot(67, frozenset({2, 5}))], {2: 10, 5: 1}, button=1, low_values={5: 7})
    assert won == {2: 34, 5: 33}


def test_rule_18c_hi_lo_split_high_tie_gets_the_odd_chip_of_the_total_then_by_position():
    # 67 units: the high half is 34 (the pot's odd chip), split 17/17 between seats 2 and 4;
    # the low half 33 goes to seat 6. Button on 3: seat 4 is first left of it.
    won = award([Pot(67, frozenset({2, 4, 6}))], {2: 10, 4: 10, 6: 1}, button=3,
                low_values={6: 7, 2: 3})
    assert won == {2: 17, 4: 17, 6: 33}


def test_rule_18c_no_qualifying_low_high_takes_all():
    won = award([Pot(66, frozenset({2, 5}))], {2: 10, 5: 1}, button=1, low_values={})
    assert won == {2: 66, 5: 0}


def test_rule_18d_example_1_same_hands_scoop_split_as_evenly_as_possible():
    # Omaha/8: A and B both hold a 2-3-4-5-6 wheel-less straight for high and low. 66 chips:
    # 33 each, not 34-32 from giving both halves' odd chips to A.
    won = award([Pot(66, frozenset({1, 2}))], {1: 9, 2: 9}, button=5, low_values={1: 4, 2: 4})
    assert won == {1: 33, 2: 33}
    odd = award([Pot(67, frozenset({1, 2}))], {1: 9, 2: 9}, button=5, low_values={1: 4, 2: 4})
    assert sorted(odd.values()) == [33, 34]


def test_rule_18b_stud_odd_chip_to_the_high_card_by_suit():
    # Two identical straights 2-3-4-5-6: the six of spades beats the six of hearts,
    # whatever the seats and the button.
    hands = {3: ["2c", "3d", "4h", "5c", "6h"], 7: ["2d", "3c", "4s", "5d", "6s"]}
    order = high_card_order(hands)
    assert order == [7, 3]
    won = award([Pot(25, frozenset({3, 7}))], {3: 5, 7: 5}, button=4, chip_unit=5,
                odd_chip_order=order)
    assert won == {3: 10, 7: 15}
    by_position = award([Pot(25, frozenset({3, 7}))], {3: 5, 7: 5}, button=1, chip_unit=5)
    assert by_position == {3: 15, 7: 10}


def test_rule_18b_stud_tie_without_a_known_high_card_is_refused():
    with pytest.raises(RulingInputError, match="high card"):
        award([Pot(25, frozenset({3, 7}))], {3: 5, 7: 5}, button=4, odd_chip_order=[3])


@given(
    amount=st.integers(0, 10_000),
    unit=st.sampled_from([1, 5, 25]),
    high=st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True),
    low=st.lists(st.integers(1, 9), min_size=0, max_size=4, unique=True),
)
@settings(max_examples=80, deadline=None)
def test_hi_lo_split_conserves_chips_and_high_is_never_below_low(amount, unit, high, low):
    eligible = frozenset(high) | frozenset(low) | {10}
    values = {seat: (2 if seat in high else 1) for seat in eligible}
    lows = {seat: 1 for seat in low}
    won = award([Pot(amount, eligible)], values, button=1, chip_unit=unit, low_values=lows)
    assert sum(won.values()) == amount
    if low and set(low) != set(high):
        high_total = sum(won[s] for s in high if s not in low)
        low_total = sum(won[s] for s in low if s not in high)
        if not set(high) & set(low):
            assert high_total >= low_total


def test_rule_18b_stud_8_low_tie_goes_by_the_high_card_of_the_low_hands():
    # Stud/8: seat 2 wins high; seats 4 and 6 tie for low with 8-6-4-3-2 each. The odd chip
    # of the low half goes to the low hand whose top card by suit is higher: the 8 of
    # spades (seat 6) beats the 8 of hearts (seat 4).
    lows = high_card_order({4: ["8h", "6c", "4d", "3c", "2d"], 6: ["8s", "6d", "4c", "3d", "2c"]})
    won = award([Pot(15, frozenset({2, 4, 6}))], {2: 9, 4: 1, 6: 1}, button=5,
                low_values={4: 3, 6: 3}, odd_chip_order=[2, 4, 6], low_odd_chip_order=lows)
    # 15 units: high half 8 (the odd unit), low half 7: seat 6 gets 4, seat 4 gets 3.
    assert won == {2: 8, 4: 3, 6: 4}


def test_rule_18b_low_card_order_counts_the_ace_low():
    from tournament.rulebook.pots import low_card_order

    # Both lows 8-4-3-2-A: the eight is the top card of a low; spades beat hearts.
    assert low_card_order({4: ["8h", "4d", "3c", "2d", "As"], 6: ["8s", "4c", "3d", "2c", "Ad"]}) \
        == [6, 4]
