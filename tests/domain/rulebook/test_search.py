"""Searching the rulebook the way floor staff type: numbers, words, slang, typos, Chinese."""

from __future__ import annotations

import pytest

from tournament.rulebook.search import SearchHit, search

# (query, the rule a floor person means). Each must come back first.
EXPECTED_FIRST = [
    # numbers, however written
    ("42", "42"),
    ("rule 42", "42"),
    ("规则42", "42"),
    ("第43条", "43"),
    ("9c", "9-C"),
    ("9-C", "9-C"),
    ("rp-3", "RP-3"),
    ("RP3", "RP-3"),
    ("tda 47", "43"),
    # betting and wagers
    ("undercall", "38"),
    ("跟注不足", "38"),
    ("minimum raise", "42"),
    ("min raise", "42"),
    ("min-raise", "42"),
    ("最小加注", "42"),
    ("reopen", "43"),
    ("short all-in", "43"),
    ("重新开放下注", "43"),
    ("oversized chip", "44"),
    ("oversised chip", "44"),
    ("大额筹码", "44"),
    ("multiple chips", "45"),
    ("string bet", "50"),
    ("string raise", "50"),
    ("what is a string bet", "50"),
    ("betting for change", "55"),
    ("找零", "55"),
    ("out of turn", "39"),
    ("skipped player", "39-B"),
    ("substantial action", "34"),
    ("verbal declaration", "36"),
    ("pot limit", "49"),
    # pots and showdown
    ("side pot", "19"),
    ("拆池", "19"),
    ("边池", "19"),
    ("odd chip", "18"),
    ("cards speak", "11"),
    ("以牌为准", "11"),
    ("all in showdown", "14"),
    ("全下亮牌", "14"),
    ("who shows first", "15"),
    ("亮牌顺序", "15"),
    ("ask to see a hand", "16"),
    ("play the board", "17"),
    # dealing
    ("misdeal", "33"),
    ("misdeel", "33"),
    ("误发", "33"),
    ("four card flop", "35"),
    ("premature flop", "RP-5"),
    # tables, button, clock
    ("breaking tables", "9"),
    ("破桌", "9"),
    ("拆桌", "9"),
    ("破桌/拆桌", "9"),
    ("balancing", "9-C"),
    ("balancng", "9-C"),
    ("平衡牌桌", "9-C"),
    ("final table", "10"),
    ("决赛桌", "10"),
    ("dead button", "30"),
    ("dead buton", "30"),
    ("死按钮", "30"),
    ("heads up", "32"),
    ("单挑", "32"),
    ("random seating", "6"),
    ("late registration", "7"),
    ("clock", "26"),
    ("call the clock", "26"),
    ("叫时间", "26"),
    ("计时", "26"),
    ("叫时间/计时", "26"),
    ("chip race", "22"),
    ("colour up", "22"),
    ("rabbit hunt", "27"),
    # conduct
    ("penalty", "65"),
    ("penalti", "65"),
    ("处罚", "65"),
    ("soft play", "63"),
    ("chip dumping", "63"),
    ("dodging blinds", "31"),
    ("phone", "4"),
    ("all-in button", "RP-1"),
]


@pytest.mark.parametrize(("query", "number"), EXPECTED_FIRST)
def test_expected_rule_comes_first(query, number):
    hits = search(query)
    assert hits, f"nothing found for {query!r}"
    assert hits[0].rule.number == number, [h.rule.number for h in hits[:5]]


def test_table_covers_enough_queries_in_both_languages():
    chinese = [q for q, _ in EXPECTED_FIRST if any("\u4e00" <= c <= "\u9fff" for c in q)]
    assert len(EXPECTED_FIRST) >= 40
    assert len(chinese) >= 15


@pytest.mark.parametrize("query", ["", "   ", "\n"])
def test_empty_query_finds_nothing(query):
    assert search(query) == []


@pytest.mark.parametrize("query", ["asdfghjkl", "qwzx plorf", "zzzzzz", "99", "xyzzy plugh"])
def test_gibberish_finds_nothing(query):
    assert search(query) == []


def test_a_number_hit_says_so_and_outranks_everything():
    (hit,) = search("42")
    assert isinstance(hit, SearchHit)
    assert hit.matched == ("number",)
    assert hit.terms == ("42",)


def test_a_parent_number_lists_its_lettered_parts_after_it():
    assert [hit.rule.number for hit in search("9")] == ["9", "9-A", "9-B", "9-C"]
    assert [hit.rule.number for hit in search("39")] == ["39", "39-B", "39-C"]


def test_hits_are_ranked_and_say_what_matched():
    hits = search("side pot")
    scores = [hit.score for hit in hits]
    assert scores == sorted(scores, reverse=True)
    assert "title" in hits[0].matched and "keywords" in hits[0].matched
    assert all(hit.score > 0 for hit in hits)


def test_numbers_only_tda_2024_has_fall_back_to_the_tda_mapping():
    assert [hit.rule.number for hit in search("RP-9")] == ["10"]
    assert search("71")[0].rule.number == "65"
    assert search("71")[0].matched == ("tda2024",)


def test_limit_is_respected():
    assert len(search("raise", limit=3)) == 3
    assert search("raise", limit=0) == []


def test_chinese_reader_finds_english_and_chinese_queries():
    assert search("oversized chip", lang="zh-hans")[0].rule.number == "44"
    assert search("最小加注", lang="zh-hans")[0].rule.number == "42"


def test_worked_examples_are_searchable_by_their_figures():
    numbers = [hit.rule.number for hit in search("11500")]
    assert numbers[0] == "43"


def test_search_is_case_and_width_insensitive():
    assert search("UNDERCALL")[0].rule.number == "38"
    assert search("ＲＰ－３")[0].rule.number == "RP-3"


# --- the floor-talk search set (tests/domain/rulebook/search_set.py) -----------------


def test_floor_talk_set_is_large_and_half_chinese():
    from tests.domain.rulebook.search_set import CHINESE, ENGLISH

    assert len(ENGLISH) + len(CHINESE) >= 150
    assert len(CHINESE) >= len(ENGLISH)
    assert all(any("\u4e00" <= c <= "\u9fff" for c in query) for query, _ in CHINESE)


def test_second_held_out_set_is_60_or_more_half_chinese_and_names_real_rules():
    # Measured by search_set.py, never asserted on: a held-out set must not be tuned to.
    from tests.domain.rulebook.search_set import HELD_OUT_2_CHINESE, HELD_OUT_2_ENGLISH
    from tournament.rulebook.catalog import rule_by_number

    assert len(HELD_OUT_2_ENGLISH) + len(HELD_OUT_2_CHINESE) >= 60
    assert len(HELD_OUT_2_CHINESE) >= 30 and len(HELD_OUT_2_ENGLISH) >= 30
    assert all(any("\u4e00" <= c <= "\u9fff" for c in q) for q, _ in HELD_OUT_2_CHINESE)
    for _query, number in HELD_OUT_2_ENGLISH + HELD_OUT_2_CHINESE:
        rule = rule_by_number(number, "house")
        assert rule is not None and rule.number == number


def test_third_held_out_set_is_100_or_more_half_chinese_spans_the_rulebook():
    # Written before the synonym table; measured by search_set.py, never asserted on.
    from tests.domain.rulebook.search_set import HELD_OUT_3_CHINESE, HELD_OUT_3_ENGLISH
    from tournament.rulebook.catalog import rule_by_number

    assert len(HELD_OUT_3_ENGLISH) >= 50 and len(HELD_OUT_3_CHINESE) >= 50
    assert all(any("\u4e00" <= c <= "\u9fff" for c in q) for q, _ in HELD_OUT_3_CHINESE)
    numbers = {number for _query, number in HELD_OUT_3_ENGLISH + HELD_OUT_3_CHINESE}
    for number in numbers:
        rule = rule_by_number(number, "house")
        assert rule is not None and rule.number == number
    assert len(numbers) >= 60


@pytest.mark.parametrize("language", ["English", "Chinese"])
def test_floor_talk_set_95_percent_first_and_all_in_the_first_three(language):
    from tests.domain.rulebook.search_set import CHINESE, ENGLISH, figures

    cases, lang = (ENGLISH, "en") if language == "English" else (CHINESE, "zh-hans")
    size, first, top3, misses = figures(cases, lang)
    assert first >= 0.95 * size, misses
    assert top3 == size, misses


@pytest.mark.parametrize(
    ("query", "number"),
    [("超时", "26"), ("漏盲", "31"), ("手对手", "32"), ("angle shooting", "63"),
     ("talking about a hand in progress", "61"), ("missed blind", "31"), ("tda 29", "26"),
     ("TDA 53", "39")],
)
def test_the_audit_misses_now_come_first(query, number):
    assert search(query)[0].rule.number == number


@pytest.mark.parametrize("query", ["的", "你好吗", "天气很好", "我今天吃饭"])
def test_chinese_small_talk_finds_nothing(query):
    assert search(query, lang="zh-hans") == []


def test_shorthand_whose_bigrams_the_rulebook_never_uses_still_finds_by_characters():
    # "罚两轮" (a two-round penalty): no rule says 两轮, but 罚 and 轮 lead to rule 65.
    assert "65" in [hit.rule.number for hit in search("罚两轮怎么算", lang="zh-hans", limit=3)]


def test_fourth_held_out_set_is_80_half_chinese_and_names_real_rules():
    # Written by someone who had not seen the synonym table; measured, never asserted on.
    from tests.domain.rulebook.held_out_4 import HELD_OUT_4_CHINESE, HELD_OUT_4_ENGLISH
    from tournament.rulebook.catalog import rule_by_number

    assert len(HELD_OUT_4_ENGLISH) == len(HELD_OUT_4_CHINESE) == 40
    assert all(any("\u4e00" <= c <= "\u9fff" for c in q) for q, _ in HELD_OUT_4_CHINESE)
    numbers = {number for _query, number in HELD_OUT_4_ENGLISH + HELD_OUT_4_CHINESE}
    assert len(numbers) >= 50  # spread over the rulebook
    for number in numbers:
        rule = rule_by_number(number, "house")
        assert rule is not None and rule.number == number
