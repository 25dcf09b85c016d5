"""Hand values (house rule 11): categories, kickers, ties and input checks."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.hands import CATEGORIES, best_hand, evaluate

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        (["As", "Ks", "Qs", "Js", "Ts"], "straight flush"),
        (["9h", "9d", "9s", "9c", "2d"], "four of a kind"),
        (["3h", "3d", "3s", "Kc", "Kd"], "full house"),
        (["2h", "7h", "9h", "Jh", "Kh"], "flush"),
        (["5d", "4c", "3h", "2s", "Ad"], "straight"),
        (["Qh", "Qd", "Qs", "4c", "2d"], "three of a kind"),
        (["Qh", "Qd", "4s", "4c", "2d"], "two pair"),
        (["Qh", "Qd", "5s", "4c", "2d"], "one pair"),
        (["Ah", "Qd", "5s", "4c", "2d"], "high card"),
    ],
)
def test_category_names(cards, category):
    assert evaluate(cards).category == category


def test_categories_ordered_weakest_first():
    assert CATEGORIES[0] == "high card"
    assert CATEGORIES[-1] == "straight flush"


def test_ten_written_as_10_and_any_case():
    assert evaluate(["10d", "jd", "QD", "kD", "Ad"]) == evaluate(["Td", "Jd", "Qd", "Kd", "Ad"])


def test_best_five_of_seven_and_display_order():
    value = evaluate(["Kh", "Kd", "2c", "Ks", "7d", "7h", "3s"])
    assert value.category == "full house"
    assert value.cards[:3] == ("Ks", "Kh", "Kd")
    assert {card[0] for card in value.cards[3:]} == {"7"}


def test_wheel_reads_five_high():
    value = evaluate(["Ad", "2c", "3h", "4s", "5d", "Kc", "Qh"])
    assert value.category == "straight"
    assert value.cards[-1] == "Ad"
    assert evaluate(["6d", "2c", "3h", "4s", "5d"]) > value


def test_kicker_decides_seed_example():
    # Hold'em article: J-8 beats 9-8 on 6-7-8-Q-K (pair of eights, jack kicker).
    board = ["6c", "7d", "8h", "Qs", "Kd"]
    a = best_hand(["Jh", "8c"], board)
    b = best_hand(["9c", "8d"], board)
    assert a.category == b.category == "one pair"
    assert a > b


def test_unused_cards_do_not_break_ties_seed_example():
    # Same hands on 7-8-K-Q-A: both play 8-8-A-K-Q and split.
    board = ["7c", "8d", "Kh", "Qs", "Ad"]
    assert best_hand(["Jh", "8c"], board) == best_hand(["9c", "8s"], board)


def test_suits_never_break_ties():
    assert evaluate(["Ah", "Kd", "9s", "5c", "3d"]) == evaluate(["Ac", "Kh", "9d", "5s", "3h"])


@pytest.mark.parametrize(
    "cards",
    [
        ["As", "Ks", "Qs", "Js"],
        ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"],
        ["As", "As", "Qs", "Js", "Ts"],
        ["As", "Ks", "Qs", "Js", "1s"],
        ["As", "Ks", "Qs", "Js", "Tx"],
        ["As", "Ks", "Qs", "Js", ""],
        ["As", "Ks", "Qs", "Js", 10],
    ],
)
def test_impossible_cards_are_refused(cards):
    with pytest.raises(RulingInputError):
        evaluate(cards)


def test_duplicate_between_hole_and_board_is_refused():
    with pytest.raises(RulingInputError, match="twice"):
        best_hand(["As", "Kd"], ["As", "2c", "3d"])


hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands, hands, hands)
def test_total_order_consistent_with_categories(a, b, c):
    va, vb, vc = evaluate(a), evaluate(b), evaluate(c)
    assert (va < vb) + (va == vb) + (va > vb) == 1
    if va <= vb <= vc:
        assert va <= vc
    if va.category_rank > vb.category_rank:
        assert va > vb
    if va == vb:
        assert va.category == vb.category


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=7, unique=True))
def test_best_of_seven_is_the_best_five(cards):
    value = evaluate(cards)
    assert value == max(evaluate(list(five)) for five in combinations(cards, 5))
    assert evaluate(list(value.cards)) == value


# --- 8-or-better lows (house rule 18, high-low split games) --------------------


def test_eight_or_better_reads_the_best_low_with_the_ace_low():
    from tournament.rulebook.hands import eight_or_better

    wheel = eight_or_better(["Ah", "2c", "3d", "4s", "5h", "Kd", "Kc"])
    assert wheel is not None and wheel.cards == ("5h", "4s", "3d", "2c", "Ah")
    # The lower top card wins, then the next: 8-6-4-3-2 beats 8-7-3-2-A.
    assert eight_or_better(["8h", "6c", "4d", "3c", "2d"]) > eight_or_better(["8s", "7c", "3h", "2h", "Ad"])
    # Straights and flushes do not spoil a low; pairs and a nine do not qualify.
    assert eight_or_better(["2h", "3h", "4h", "5h", "6h"]) is not None
    assert eight_or_better(["9h", "6c", "4d", "3c", "2d", "Ks", "Qs"]) is None
    assert eight_or_better(["7h", "7c", "4d", "3c", "2d", "Ks", "Qs"]) is None
