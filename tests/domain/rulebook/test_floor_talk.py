"""The floor-talk table: words the rulebook never uses find the rule they mean."""

from __future__ import annotations

import pytest

from tournament.rulebook.catalog import load_rules
from tournament.rulebook.floor_talk import FLOOR_TALK
from tournament.rulebook.search import _fold, _index, _rewrite, _tokens, search

# (floor talk, the rule it means). None of these words is in the rulebook.
PINNED = [
    ("guy tanking", "26"),
    ("cussing at the dealer", "64"),
    ("railbird coaching", "61"),
    ("ft seats", "10"),
    ("他想了很久", "26"),
    ("骂荷官", "64"),
    ("扔牌罚多久", "65"),
    ("上厕所", "28"),
    ("你全下我就跟", "53"),
    ("plo max bet", "49"),
]


@pytest.mark.parametrize(("query", "number"), PINNED)
def test_floor_talk_finds_the_rule_first(query, number):
    assert search(query, lang="zh-hans" if query[0] > "\u2e80" else "en")[0].rule.number == number


@pytest.mark.parametrize(
    ("query", "rewritten"),
    [
        ("guy tanked", "guy call the clock"),  # a plain ending on a listed word
        ("cussing out the dealer", "abusive language the dealer"),  # longest phrase wins
        ("处罚", "处罚"),  # a rulebook word holding a listed one ("罚") is left whole
        ("扔牌罚多久", "处罚 多久"),
    ],
)
def test_rewrite_replaces_floor_talk_by_rulebook_terms(query, rewritten):
    assert _rewrite(_fold(query), "house") == rewritten


def test_queries_in_the_rulebooks_own_words_are_not_rewritten():
    for rule in load_rules("house"):
        for lang in ("en", "zh"):
            for keyword in rule.keywords(lang):
                folded = _fold(keyword)
                assert _rewrite(folded, "house") == folded


def test_every_term_is_the_rulebooks_own_words():
    index = _index("house")
    for term, phrases in FLOOR_TALK:
        assert phrases, term
        missing = [t for t in _tokens(term) if t not in index.postings]
        assert not missing, (term, missing)


def test_no_floor_talk_phrase_is_already_a_rulebook_keyword():
    keywords = {
        _fold(k) for rule in load_rules("house") for lang in ("en", "zh") for k in rule.keywords(lang)
    }
    shadowed = [p for _, phrases in FLOOR_TALK for p in phrases if _fold(p) in keywords]
    assert not shadowed
