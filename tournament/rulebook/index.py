"""The rulebook's search index: each rule's folded fields, word weights (IDF by field), and
the phrase and word matching that ``search.py`` scores with.

Built once per edition and cached for the process (``_index``). Pure: no Django.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process

from tournament.rulebook.catalog import Rule, load_rules
from tournament.rulebook.text import (
    _CJK,
    _LATIN,
    _doc_fields,
    _fold,
    _tokens,
)

# The language the user reads gets a small edge when both languages match.
LANG_BONUS = 1.15
# Field weights: a word in the title says more about a rule than one in a worked example.
FIELD_WEIGHTS = {"title": 10.0, "keywords": 8.0, "summary": 3.0, "examples": 1.5}
FIELD_ORDER = (
    "number", "tda2024", "situation", "title", "keywords", "summary", "examples", "learned",
)


@dataclass(frozen=True, slots=True)
class _Doc:
    """What the index keeps of one rule: folded strings per field, for phrase matching."""

    rule: Rule
    titles: dict[str, str]
    keywords: dict[str, tuple[str, ...]]
    summaries: dict[str, str]
    examples: dict[str, str]
    # Keywords that may sit inside a longer query: Chinese ones as they are, Latin
    # phrases of two words or more padded with spaces (whole words only).
    inner: dict[str, tuple[str, ...]]
    inner_titles: dict[str, str]


@dataclass(frozen=True, slots=True)
class _Index:
    docs: tuple[_Doc, ...]
    # token -> list of (doc index, field, lang)
    postings: dict[str, tuple[tuple[int, str, str], ...]]
    idf: dict[str, float]
    latin_vocabulary: tuple[str, ...]
    # every folded keyword and title, for whole-phrase fuzzy matching
    phrases: tuple[str, ...]
    phrase_owners: tuple[tuple[int, str], ...]



@cache
def _index(edition: str) -> _Index:
    rules = load_rules(edition)
    postings: dict[str, set[tuple[int, str, str]]] = defaultdict(set)
    docs: list[_Doc] = []
    phrases: list[str] = []
    owners: list[tuple[int, str]] = []
    for i, rule in enumerate(rules):
        for field, lang, text in _doc_fields(rule):
            for token in _tokens(text):
                postings[token].add((i, field, lang))
        keywords = {lang: tuple(_fold(k) for k in rule.keywords(lang)) for lang in ("en", "zh")}
        titles = {lang: _fold(getattr(rule.title, lang)) for lang in ("en", "zh")}
        docs.append(
            _Doc(
                rule=rule,
                titles=titles,
                keywords=keywords,
                summaries={lang: _fold(getattr(rule.summary, lang)) for lang in ("en", "zh")},
                examples={
                    lang: " | ".join(
                        _fold(getattr(e.title, lang) + " " + getattr(e.summary, lang))
                        for e in rule.examples
                    )
                    for lang in ("en", "zh")
                },
                inner={lang: tuple(_inner_needle(k) for k in keywords[lang] if _inner_needle(k))
                       for lang in ("en", "zh")},
                inner_titles={lang: _inner_needle(titles[lang]) for lang in ("en", "zh")},
            )
        )
        for lang in ("en", "zh"):
            for phrase in (*keywords[lang], titles[lang]):
                phrases.append(phrase)
                owners.append((i, "title" if phrase == titles[lang] else "keywords"))
    n_docs = len(rules)
    idf = {
        token: math.log(1 + n_docs / len({doc for doc, _, _ in posts}))
        for token, posts in postings.items()
    }
    return _Index(
        docs=tuple(docs),
        postings={token: tuple(sorted(posts)) for token, posts in postings.items()},
        idf=idf,
        latin_vocabulary=tuple(t for t in postings if _LATIN.fullmatch(t)),
        phrases=tuple(phrases),
        phrase_owners=tuple(owners),
    )


@cache
def _positions(edition: str) -> dict[str, int]:
    """Rule number -> its position in the index."""
    return {doc.rule.number: i for i, doc in enumerate(_index(edition).docs)}



def _token_matches(token: str, index: _Index) -> list[tuple[str, float]]:
    """Indexed tokens that stand for a query token, with a similarity in (0, 1].

    An exact hit wins outright. Otherwise, for words long enough to carry a
    typo (5+ letters), the nearest spellings by edit ratio; short words and
    Chinese bigrams must match exactly or not at all.
    """
    if token in index.postings:
        return [(token, 1.0)]
    if not _LATIN.fullmatch(token) or len(token) < 5 or token.isdigit():
        return []
    found = process.extract(
        token, index.latin_vocabulary, scorer=fuzz.ratio, score_cutoff=80, limit=3
    )
    matches = [(word, (score / 100) ** 2) for word, score, _ in found]
    # A prefix typed in full ("reopen" for "reopening") is as good as a close spelling.
    if not matches:
        matches = [
            (word, 0.7)
            for word in index.latin_vocabulary
            if word.startswith(token) and len(word) - len(token) <= 4
        ][:3]
    return matches


def _inner_needle(keyword: str) -> str:
    """What to look for in a query to find ``keyword`` inside it ("" when it cannot be)."""
    if len(keyword) < 2:
        return ""
    if _CJK.search(keyword):
        return keyword
    return f" {keyword} " if " " in keyword else ""


def _phrase_score(folded: str, doc: _Doc, lang: str) -> tuple[float, set[str]]:
    """Bonus for the whole query appearing as a keyword, in the title or in the text."""
    score = 0.0
    fields: set[str] = set()
    padded = f" {folded} "
    for doc_lang in ("en", "zh"):
        bonus = LANG_BONUS if doc_lang == lang else 1.0
        title_needle = doc.inner_titles[doc_lang]
        if folded == doc.titles[doc_lang]:
            score += 60 * bonus
            fields.add("title")
        elif folded in doc.titles[doc_lang]:
            score += 30 * bonus
            fields.add("title")
        elif title_needle and title_needle in padded:
            score += 30 * len(doc.titles[doc_lang]) / len(folded) * bonus
            fields.add("title")
        if folded in doc.keywords[doc_lang]:
            score += 45 * bonus
            fields.add("keywords")
        elif any(folded in k for k in doc.keywords[doc_lang]):
            score += 20 * bonus
            fields.add("keywords")
        else:
            # The query holds a whole keyword ("全下后离开桌子" holds "离开桌子"): the longer
            # the keyword against the query, the surer the match.
            inside = [n.strip() for n in doc.inner[doc_lang] if n in padded and n.strip() != folded]
            if inside:
                share = max(len(k) for k in inside) / len(folded)
                score += 30 * share * bonus
                fields.add("keywords")
        if folded in doc.summaries[doc_lang]:
            score += 8 * bonus
            fields.add("summary")
        if folded in doc.examples[doc_lang]:
            score += 3 * bonus
            fields.add("examples")
    return score, fields

