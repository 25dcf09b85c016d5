"""The floor-talk table: words the rulebook never uses find the rule they mean."""

from __future__ import annotations

import pytest

from tournament.rulebook.catalog import load_rules
from tournament.rulebook.floor_talk import FLOOR_TALK
from tournament.rulebook.search import _index, search
from tournament.rulebook.text import _fold, _rewrite, _tokens

# (floor talk, the rule it means). Without the table each of these finds another
# rule first, or nothing.
PINNED = [
    ("hollywooding", "26"),
    ("cussing at the dealer", "64"),
    ("top up my stack", "25"),
    ("guy in the restroom", "28"),
    ("airpods in", "4"),
    ("他上厕所了", "28"),
    ("你全下我就跟", "53"),
    ("他爆粗口", "64"),
    ("奥马哈最多下多少", "49"),
    ("牌撒了一地", "RP-4"),
    ("他在磨蹭", "26"),
]


@pytest.mark.parametrize(("query", "number"), PINNED)
def test_floor_talk_finds_the_rule_first(query, number):
    assert search(query, lang="zh-hans" if query[0] > "\u2e80" else "en")[0].rule.number == number


def test_without_the_table_the_pinned_queries_miss(monkeypatch):
    from tournament.rulebook import search as search_module
    from tournament.rulebook import situations
    from tournament.rulebook import text as text_module

    monkeypatch.setattr(text_module, "FLOOR_TALK", ())
    monkeypatch.setattr(search_module, "LEARNED_WEIGHT", 0.0)  # it learned floor talk too
    monkeypatch.setattr(situations, "SITUATIONS", ())  # the situation layer finds some too
    text_module._rewriter.cache_clear()
    try:
        for query, number in PINNED:
            hits = search(query, lang="zh-hans" if query[0] > "\u2e80" else "en")
            assert not hits or hits[0].rule.number != number, query
    finally:
        monkeypatch.undo()
        text_module._rewriter.cache_clear()


@pytest.mark.parametrize(
    ("query", "rewritten"),
    [
        ("guy hollywooded", "guy hollywooded call the clock"),  # a plain ending on a listed word
        ("cussing out the dealer", "cussing out abusive language the dealer"),  # longest wins
        ("处罚", "处罚"),  # a rulebook word holding a listed one ("罚") is left whole
        ("扔牌罚多久", "扔牌罚 处罚 多久"),
    ],
)
def test_rewrite_adds_the_rulebook_terms_beside_the_floor_talk(query, rewritten):
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
