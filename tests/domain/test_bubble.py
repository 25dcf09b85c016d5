"""Hand-for-hand at the bubble: the prompt and the burst (tournament.domain.bubble)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.bubble import Bubble, bubble, prompt_at


def test_the_prompt_comes_at_one_more_than_the_places_paid_and_not_before():
    assert bubble(left=17, paid=15, setting=0, hand_for_hand=False) is None
    assert bubble(left=16, paid=15, setting=0, hand_for_hand=False) == Bubble("due", 16, 15)
    assert bubble(left=15, paid=15, setting=0, hand_for_hand=False) is None  # in the money


def test_the_directors_number_brings_the_prompt_earlier():
    assert prompt_at(15, 20) == 20
    assert bubble(left=21, paid=15, setting=20, hand_for_hand=False) is None
    assert bubble(left=20, paid=15, setting=20, hand_for_hand=False).state == "due"
    assert bubble(left=16, paid=15, setting=20, hand_for_hand=False).state == "due"


def test_in_hand_for_hand_the_bubble_bursts_at_the_places_paid():
    assert bubble(left=16, paid=15, setting=0, hand_for_hand=True) is None
    assert bubble(left=15, paid=15, setting=0, hand_for_hand=True) == Bubble("burst", 15, 15)
    assert bubble(left=14, paid=15, setting=0, hand_for_hand=True).state == "burst"


@given(left=st.integers(0, 10_000), paid=st.integers(0, 2_000), setting=st.integers(0, 10_000),
       on=st.booleans())
def test_due_only_while_off_and_out_of_the_money_burst_only_while_on_and_in_it(
        left, paid, setting, on):
    result = bubble(left=left, paid=paid, setting=setting, hand_for_hand=on)
    if result is None:
        return
    assert (result.state == "burst") == on
    assert (left <= paid) == on
