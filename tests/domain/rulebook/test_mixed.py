"""Chinese typed with English poker words, 梭哈 as a verb, and floor slang for going all in."""

from __future__ import annotations

import pytest

from tournament.rulebook.mixed import mix_in_chinese
from tournament.rulebook.search import search


def test_english_poker_words_in_chinese_get_their_chinese_beside_them():
    assert mix_in_chinese("他说 call 然后推了加注的量") == "他说跟注call 然后推了加注的量"
    assert mix_in_chinese("dealer 把我的牌收了") == "荷官dealer 把我的牌收了"
    assert mix_in_chinese("he said call then pushed a raise") == "he said call then pushed a raise"


def test_showhand_as_a_verb_is_all_in_and_as_a_game_stays_stud():
    assert mix_in_chinese("他梭哈了") == "他全下了"
    assert mix_in_chinese("直接梭哈") == "直接全下"
    assert mix_in_chinese("换成梭哈了按钮怎么走") == "换成梭哈了按钮怎么走"
    assert mix_in_chinese("玩梭哈的时候") == "玩梭哈的时候"


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("他说 call 然后推了加注的量", "36"),  # said call, pushed a raise: verbal vs chips
        ("dealer 把我的牌收了", "59"),  # the dealer killed my hand by accident
        ("两个人梭哈了 要马上开牌吗", "14"),  # both all in: face up
        ("两个人一起 all in 筹码不一样 side pot 怎么分", "19"),
    ],
)
def test_a_mixed_language_situation_finds_its_rule(query, number):
    assert search(query, lang="zh-hans")[0].rule.number == number


def test_without_the_mixing_the_said_call_situation_is_missed(monkeypatch):
    from tournament.rulebook import search as search_module
    from tournament.rulebook import situations

    monkeypatch.setattr(situations, "mix_in_chinese", lambda text: text)
    monkeypatch.setattr(search_module, "LEARNED_WEIGHT", 0.0)
    assert search("他说 call 然后推了加注的量", lang="zh-hans")[0].rule.number != "36"


def test_a_shove_is_an_all_in_whatever_the_ending():
    # "shoved" found nothing before: no rulebook word, and "shove"+"d" was not an ending.
    assert search("he shoved")
    assert search("he shoved and then walked to the bar")[0].rule.number == "29"


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("guy ratholed a stack of chips during the break", "57"),  # chips off the table
        ("he ratholed 20k", "57"),
        # "I'm in" is no official word (rule 3 first, as the blind writers read it; 40 next)
        ("he just said im in, is that a call", "3"),
        ("说了一句陪你 算不算跟", "40"),
        ("他说我也来 算跟注吗", "40"),
    ],
)
def test_floor_slang_for_calling_and_ratholing_finds_the_rule(query, number):
    lang = "zh-hans" if any("\u4e00" <= c <= "\u9fff" for c in query) else "en"
    assert search(query, lang=lang)[0].rule.number == number
