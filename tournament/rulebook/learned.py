"""A learned ranking: naive Bayes over a query's words, characters and situation concepts.

The lexicon (``situations.py``) and the word scoring (``search.py``) find a
rule when the query holds words someone thought of. A floor person describing
a dispute in their own words often uses words nobody listed, but the *mix* of
words still points at one rule ("pushed his chips out while the player on his
right was still thinking" is chips + acting + someone still to act: 39-C).
This module learns that mix from labelled examples and gives every rule a
probability; ``search.py`` blends it with its own score (``LEARNED_WEIGHT``).

Features of a text (``features``), after the same folding, Chinese slip
correction, typo correction and floor-talk rewrite the search uses:
- ``w:`` each stemmed English word, ``b:`` each pair of neighbouring words;
- ``c:`` each Chinese character, ``z:`` each pair of neighbouring characters;
- ``k:`` each situation concept found (``situations.CONCEPTS``).

Training examples: every rule's titles, keywords, summary and worked examples
in both languages (``rule_documents``), plus the search's *tuning* sets
(``tests/domain/rulebook/training.py`` lists them; the test sets are never
among them). The counts ship as ``data/<edition>.learned.json`` (written by
``python -m tests.domain.rulebook.training --write``; a test holds the file to
a fresh training). Multinomial naive Bayes with additive smoothing ``ALPHA``
and a uniform prior (the tuning sets' rule mix says nothing about the floor's).
Pure Python, no network: a query costs one pass over its features.

What the site learns from use lives here too: ``taught_scores`` finds the
phrases a director attached to a rule in a query.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from rapidfuzz import fuzz

from tournament.rulebook.catalog import DATA_DIR, load_rules
from tournament.rulebook.homophones import normalize_query
from tournament.rulebook.situations import concepts_in, correct_typos
from tournament.rulebook.text import _CJK, _fold, _known_words, _latin_tokens, _rewrite

__all__ = ["features", "log_posteriors", "model_path", "rule_documents", "taught_scores", "train"]

# Additive smoothing: small, so a feature seen with one rule only speaks for it
# (chosen leave-one-set-out with search.LEARNED_WEIGHT, bench/rulings_learned_cv.py).
ALPHA = 0.02
# A phrase a director taught (the rulings log's "teach", issue 25 item 4) counts as a
# situation of this many concepts in search.py.
TAUGHT_STRENGTH = 3.0


@lru_cache(maxsize=4096)
def features(text: str, edition: str = "house") -> frozenset[str]:
    """The features of ``text`` (a query or a piece of a rule), see the module docstring."""
    folded = _fold(normalize_query(text, edition))
    corrected = correct_typos(folded, _known_words(edition))
    rewritten = _rewrite(corrected, edition)
    words = _latin_tokens(_CJK.sub(" ", rewritten))
    found = {"w:" + w for w in words}
    found.update(f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False))
    for run in _CJK.findall(rewritten):
        found.update("c:" + c for c in run)
        found.update("z:" + run[i : i + 2] for i in range(len(run) - 1))
    found.update("k:" + c for c in concepts_in(corrected))
    return frozenset(found)


def rule_documents(edition: str = "house") -> Iterable[tuple[str, str]]:
    """(text, rule number) for every title, keyword, summary and worked example."""
    for rule in load_rules(edition):
        for lang in ("en", "zh"):
            yield getattr(rule.title, lang), rule.number
            for keyword in rule.keywords(lang):
                yield keyword, rule.number
            yield getattr(rule.summary, lang), rule.number
            for example in rule.examples:
                yield f"{getattr(example.title, lang)} {getattr(example.summary, lang)}", rule.number


def train(cases: Iterable[tuple[str, str]], edition: str = "house") -> dict:
    """The model's counts from the rulebook's own text and ``cases`` (query, rule number).

    The result is what ``data/<edition>.learned.json`` holds: the rules in
    rulebook order, how many features each was trained with, and per feature
    how often it was seen with each rule (by the rule's position).
    """
    numbers = [rule.number for rule in load_rules(edition)]
    position = {number: i for i, number in enumerate(numbers)}
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    totals = [0] * len(numbers)
    for text, number in (*rule_documents(edition), *cases):
        for feature in features(text, edition):
            counts[feature][position[number]] += 1
            totals[position[number]] += 1
    return {
        "edition": edition,
        "alpha": ALPHA,
        "rules": numbers,
        "totals": totals,
        "counts": {f: sorted(c.items()) for f, c in sorted(counts.items())},
    }


def model_path(edition: str) -> Path:
    return DATA_DIR / f"{edition}.learned.json"


@dataclass(frozen=True, slots=True)
class _Model:
    rules: tuple[str, ...]
    # log P(unseen feature | rule), per rule
    base: tuple[float, ...]
    # feature -> ((rule position, log P(feature | rule) - base), ...)
    lifts: dict[str, tuple[tuple[int, float], ...]]


@cache
def _model(edition: str) -> _Model | None:
    path = model_path(edition)
    if not path.exists():
        return None
    return _load(json.loads(path.read_text(encoding="utf-8")))


def _load(raw: dict) -> _Model:
    """The model ready to score, from the counts ``train`` returns."""
    alpha = raw["alpha"]
    size = len(raw["counts"])
    base = tuple(math.log(alpha / (total + alpha * size)) for total in raw["totals"])
    lifts = {
        feature: tuple((rule, math.log((count + alpha) / alpha)) for rule, count in seen)
        for feature, seen in raw["counts"].items()
    }
    return _Model(tuple(raw["rules"]), base, lifts)


def log_posteriors(query: str, edition: str = "house", temperature: float = 1.0) -> dict[str, float]:
    """Rule number -> log P(rule | query), or {} when there is no model or no known feature.

    Naive Bayes counts every feature as independent evidence, so its odds are far
    too sure of themselves; a ``temperature`` above 1 divides the log-odds and
    tempers them.
    """
    model = _model(edition)
    if model is None:
        return {}
    known = [model.lifts[f] for f in features(query, edition) if f in model.lifts]
    if not known:
        return {}
    scores = [len(known) * b for b in model.base]
    for lifts in known:
        for rule, lift in lifts:
            scores[rule] += lift
    scores = [s / temperature for s in scores]
    top = max(scores)
    norm = top + math.log(sum(math.exp(s - top) for s in scores))
    return {number: s - norm for number, s in zip(model.rules, scores, strict=True)}


def taught_scores(folded: str, taught: Sequence[tuple[str, str]]) -> dict[str, float]:
    """Rule number -> TAUGHT_STRENGTH for each taught phrase found in the folded query.

    A phrase is found when the query holds it (whole words for Latin text) or is
    within a typo of it.
    """
    found: dict[str, float] = {}
    padded = f" {folded} "
    for phrase, number in taught:
        needle = _fold(phrase)
        if not needle:
            continue
        inside = needle in folded if _CJK.search(needle) else f" {needle} " in padded
        if inside or fuzz.ratio(needle, folded) >= 90:
            found[number] = TAUGHT_STRENGTH
    return found
