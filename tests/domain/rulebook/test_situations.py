"""Search finds the rule for a situation told in the floor's own words (issue 25)."""

from __future__ import annotations

import pytest

from tournament.rulebook.catalog import rule_by_number
from tournament.rulebook.search import search
from tournament.rulebook.situations import CONCEPTS, SITUATIONS, situation_scores


def _lang(query: str) -> str:
    return "zh-hans" if any("\u4e00" <= c <= "\u9fff" for c in query) else "en"


# The issue's own four situations, and slang from both languages.
@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("guy threw one big chip in facing a raise and said nothing", "44"),
        ("two friends obviously going easy on each other", "63"),
        ("he announced two pair but actually had a straight", "11"),
        ("他说你过牌我就过牌", "53"),
        ("slow rolled the nuts and the table is pissed", "64"),
        ("他一直躲盲", "31"),
        ("两个人明显在互相放水", "63"),
        ("梭哈了 人跑去厕所", "29"),
        ("秀牌给旁边朋友看", "62"),
        ("他拖时间 想了好久", "26"),
    ],
)
def test_a_situation_finds_its_rule_first(query, number):
    hits = search(query, lang=_lang(query))
    assert hits[0].rule.number == number, [h.rule.number for h in hits[:3]]
    assert "situation" in hits[0].matched


def test_without_the_situation_layer_the_issue_examples_miss(monkeypatch):
    from tournament.rulebook import search as search_module
    from tournament.rulebook import situations

    monkeypatch.setattr(situations, "SITUATIONS", ())
    monkeypatch.setattr(search_module, "LEARNED_WEIGHT", 0.0)  # it learned them too
    for query, number in [
        ("two friends obviously going easy on each other", "63"),
        ("he announced two pair but actually had a straight", "11"),
        ("他说你过牌我就过牌", "53"),
    ]:
        assert search(query, lang=_lang(query))[0].rule.number != number


def test_a_situation_needs_all_its_concepts():
    # "one chip" alone is not the oversized-chip situation; with "said nothing" it is.
    assert "44" not in situation_scores("one chip")
    assert situation_scores("one chip said nothing")["44"] == 2


def test_situations_name_real_rules_and_known_concepts():
    for number, concepts, *_weight in SITUATIONS:
        assert rule_by_number(number) is not None and rule_by_number(number).number == number
        assert concepts and all(c in CONCEPTS for c in concepts)


@pytest.mark.parametrize("language", ["English", "Chinese"])
def test_tuning_set_90_percent_first_and_all_in_the_first_three(language):
    # The tuning set is held to a mark; the test set (situations_test.py) is only measured.
    from tests.domain.rulebook.search_set import figures
    from tests.domain.rulebook.situations_tune import TUNE_CHINESE, TUNE_ENGLISH

    cases, lang = (TUNE_ENGLISH, "en") if language == "English" else (TUNE_CHINESE, "zh-hans")
    size, first, top3, misses = figures(cases, lang)
    assert first >= 0.9 * size, misses
    assert top3 == size, misses


def test_situation_sets_are_apart_and_name_real_rules():
    from tests.domain.rulebook.situations_test import TEST_CHINESE, TEST_ENGLISH
    from tests.domain.rulebook.situations_tune import TUNE_CHINESE, TUNE_ENGLISH

    tune = {q for q, _ in TUNE_ENGLISH + TUNE_CHINESE}
    test = {q for q, _ in TEST_ENGLISH + TEST_CHINESE}
    assert not tune & test
    assert len(TEST_ENGLISH) >= 50 and len(TEST_CHINESE) >= 24
    for _query, number in TUNE_ENGLISH + TUNE_CHINESE + TEST_ENGLISH + TEST_CHINESE:
        assert rule_by_number(number).number == number


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("two frends obviosly going easy on each other", "63"),
        ("he anounced two pair but acutally had a straigt", "11"),
        ("guy sliently tossed a singel chip", "44"),
    ],
)
def test_typos_in_a_situation_still_find_its_rule(query, number):
    assert search(query)[0].rule.number == number


def test_typo_correction_leaves_rulebook_and_lexicon_words_alone():
    from tournament.rulebook.situations import correct_typos

    assert correct_typos("sliently frends") == "silently friends"
    assert correct_typos("undercall oversized", frozenset({"undercall", "oversized"})) == (
        "undercall oversized"
    )


@pytest.mark.parametrize(
    ("query", "number"),
    [("他唆哈了然后去厕所", "29"), ("最小加住是多少", "42"), ("底尺限注能下多少", "49")],
)
def test_chinese_same_sounding_slips_still_find_the_rule(query, number):
    assert search(query, lang="zh-hans")[0].rule.number == number


@pytest.mark.parametrize(
    ("query", "concept"),
    [
        ("facing 8000 he puts in 5000", "short_of_bet"),
        ("bet was 1200, she slid out 800", "short_of_bet"),
        ("面对五千他只推了三千", "short_of_bet"),
        ("前面下注2000 他扔了个5000的码", "over_bet"),
        ("he threw a 25k chip in to call 6k", "over_bet"),
    ],
)
def test_the_numbers_of_a_situation_say_whether_less_or_more_went_in(query, concept):
    from tournament.rulebook.situations import concepts_in
    from tournament.rulebook.text import _fold

    assert concept in concepts_in(_fold(query))


def test_amounts_alone_say_nothing():
    from tournament.rulebook.amounts import amount_concepts, parse_amount

    assert amount_concepts("blinds 400 800 utg opens to 2000") == frozenset()
    assert amount_concepts("对面下1000 他推了两个500") == frozenset()  # a count of chips
    assert [parse_amount(a) for a in ("5k", "1.5k", "5千", "两万五千", "十二")] == [
        5000, 1500, 5000, 25000, 12]


def test_less_than_the_bet_in_numbers_is_an_undercall():
    # No word says undercall; the numbers do (rule 38), in either language.
    assert search("facing 900 heads up he pushed 700 without a word")[0].rule.number == "38"
    assert search("面对一万二他推了八千", lang="zh-hans")[0].rule.number == "38"


@pytest.mark.parametrize(
    ("query", "number"),
    [
        # a promise whatever the other does (53), in both languages and mixed
        ("she told him no matter what you do im shoving", "53"),
        ("你bet我也bet，这算数吗", "53"),
        # acting before the bet was counted (37)
        ("he mucked before the dealer even counted the raise", "37"),
        ("筹码还没数完他就弃牌了", "37"),
        # acting on another seat's turn (39)
        ("seat 2 folded when it was seat 9s turn", "39"),
        # exactly the bet, no word (40); said raise and then stopped (41)
        ("quietly matched the bet without a word", "40"),
        ("他喊了加注就停了，接下来怎么办", "41"),
        # less in than the bet (38). "他看错了下注额，推少了" (misread the bet) now finds 48
        # first, finding out the amount being the caller's job, as the blind writers read it
        ("他跟注的码推少了", "38"),
        # away when the cards were dealt (28), leaving with a bet to face (29)
        ("牌都发了他还在吧台没回来", "28"),
        ("she stepped out to smoke while facing a raise", "29"),
    ],
)
def test_situation_families_told_in_new_words(query, number):
    assert number in situation_scores(_fold_for(query))
    hits = search(query, lang=_lang(query))
    assert hits[0].rule.number == number, [h.rule.number for h in hits[:3]]


def _fold_for(query: str) -> str:
    from tournament.rulebook.text import _fold

    return _fold(query)


def test_a_promise_names_an_action():
    # "你...我也..." is a conditional statement only when the "I" clause acts.
    assert "53" not in situation_scores(_fold_for("你说怎么办我也不知道"))
    assert "53" in situation_scores(_fold_for("你check我也check"))


def test_min_click_is_the_minimum_raise():
    assert search("can he min click it to 4k at 1k/2k")[0].rule.number == "42"


def test_must_both_cards_be_shown_to_win_is_tabling():
    assert "12" in situation_scores(_fold_for("do you have to turn both cards up to win the pot?"))
    assert "12" in situation_scores(_fold_for("赢了必须两张牌都亮吗"))
    # both cards shown while folding is another matter
    assert "12" not in situation_scores(_fold_for("she flipped both cards face up when she folded"))
    hits = search("赢了是不是必须两张牌都亮", lang="zh-hans")
    assert "12" in [hit.rule.number for hit in hits[:3]]
