"""Chinese pinyin slips corrected by sound (rulebook/homophones.py), not from a list."""

from __future__ import annotations

import pytest

from tournament.rulebook.homophones import correct_homophones
from tournament.rulebook.search import search
from tournament.rulebook.situations import ZH_VARIANTS


@pytest.mark.parametrize(
    ("query", "corrected", "number"),
    [
        ("他一直躲忙", "他一直躲盲", "31"),  # 一直 is a common word: left alone
        ("这桌要拆卓了 先拆哪张", "这桌要拆桌了 先拆哪张", "9-B"),
        ("荷官误法了 要重发吗", "荷官误发了 要重发吗", "33"),
        ("两个人全下 边吃怎么分", "两个人全下 边池怎么分", "19"),
    ],
)
def test_a_same_sounding_slip_is_read_as_the_poker_term(query, corrected, number):
    # None of these slips is in the hand-written list of common ones.
    assert not any(slip in query for slip in ZH_VARIANTS)
    assert correct_homophones(query) == corrected
    assert search(query, lang="zh-hans")[0].rule.number == number


@pytest.mark.parametrize("text", ["他一直在想", "他说你过牌我就过牌", "时间到了", "hello 你好"])
def test_real_words_and_the_rulebooks_own_text_are_left_alone(text):
    assert correct_homophones(text) == text
