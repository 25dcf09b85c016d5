"""How a query or a rule becomes words: folding, stemming, tokens, floor talk added.

Shared by the search (``search.py``) and the learned ranking (``learned.py``):
both must see a query the same way. ``fold`` lower-cases and joins compound
words ("all in" -> "allin"); English words are lightly stemmed; Chinese, which
has no spaces, is cut into character bigrams (and single characters under
``CHAR_PREFIX``); ``rewrite`` adds the rulebook's own term beside floor talk
(``floor_talk.py``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from tournament.rulebook.catalog import Rule, load_rules
from tournament.rulebook.floor_talk import FLOOR_TALK

_STOPWORD_TEXT = (
    "a an the of to in on at by for and or is are was be it its this that what whats "
    "how when who why which do does did can could should i me my you your we with "
    "from as if not no rule rules about re"
)
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
# Compound words are written spaced, hyphenated or joined; fold them into one token.
COMPOUNDS = (
    (re.compile(r"\ball[\s-]+in\b"), "allin"),
    (re.compile(r"\bheads[\s-]+up\b"), "headsup"),
    (re.compile(r"\bre[\s-]+(raise|entry|entries|open|opening|opened|deal|buy)"), r"re\1"),
    (re.compile(r"\bmis[\s-]+deal"), "misdeal"),
    (re.compile(r"\bcolou?r[\s-]*up"), "colorup"),
    (re.compile(r"\bover[\s-]+sized?\b"), "oversized"),
    (re.compile(r"\bunder[\s-]+call"), "undercall"),
    (re.compile(r"\bmin[\s-]+raise"), "min raise"),
)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_LATIN = re.compile(r"[a-z0-9]+")

def _fold(text: str) -> str:
    """Lower-case, full-width to half-width, compounds joined, punctuation to spaces."""
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    text = text.replace("'", "")
    for pattern, replacement in COMPOUNDS:
        text = pattern.sub(replacement, text)
    text = re.sub(r"[^\w\u3400-\u9fff]+", " ", text)
    return " ".join(text.split())


def _stem(word: str) -> str:
    """A light English stemmer: enough to meet "raises"/"raised"/"raising" at "rais"."""
    if word.isdigit() or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif len(word) > 4 and (word.endswith("ed") or (word.endswith("es") and word[-3] in "sxz")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _latin_tokens(folded: str) -> list[str]:
    return [_stem(w) for w in _LATIN.findall(folded) if w not in STOPWORDS]


def _cjk_tokens(folded: str) -> list[str]:
    """Chinese as overlapping character bigrams; a lone character stays a unigram."""
    tokens: list[str] = []
    for run in _CJK.findall(folded):
        if len(run) == 1:
            if run not in CJK_STOP_CHARS:
                tokens.append(run)
        else:
            tokens.extend(run[i : i + 2] for i in range(len(run) - 1))
    return tokens


# Single Chinese characters are indexed too, under this prefix, and weigh less than
# bigrams: they rescue shorthand whose bigrams the rulebook never uses ("罚两轮").
CHAR_PREFIX = "字:"
CHAR_WEIGHT = 0.3


# Function characters that say nothing about a rule on their own.
CJK_STOP_CHARS = frozenset("的了是在和与或吗呢吧么这那就都也还很我你他她它们啊呀")


def _cjk_chars(folded: str) -> list[str]:
    return [
        CHAR_PREFIX + char
        for run in _CJK.findall(folded)
        for char in run
        if char not in CJK_STOP_CHARS
    ]


def _tokens(text: str) -> list[str]:
    return _folded_tokens(_fold(text))


def _folded_tokens(folded: str) -> list[str]:
    latin_only = _CJK.sub(" ", folded)
    return _latin_tokens(latin_only) + _cjk_tokens(folded) + _cjk_chars(folded)


def _doc_fields(rule: Rule) -> Iterable[tuple[str, str, str]]:
    """(field, lang, text) for every searchable piece of a rule."""
    for lang in ("en", "zh"):
        yield "title", lang, getattr(rule.title, lang)
        yield "keywords", lang, " ; ".join(rule.keywords(lang))
        yield "summary", lang, getattr(rule.summary, lang)
        for example in rule.examples:
            yield "examples", lang, getattr(example.title, lang)
            yield "examples", lang, getattr(example.summary, lang)


@cache
def _known_words(edition: str) -> frozenset[str]:
    """Every English word of the rulebook as written (not stemmed): never a typo."""
    return frozenset(
        word
        for rule in load_rules(edition)
        for _field, lang, text in _doc_fields(rule)
        if lang == "en"
        for word in _LATIN.findall(_fold(text))
    )


@dataclass(frozen=True, slots=True)
class _Rewriter:
    pattern: re.Pattern[str]
    # folded phrase -> what it becomes (a rulebook phrase maps to itself)
    replacement: dict[str, str]


@cache
def _rewriter(edition: str) -> _Rewriter:
    """One regex over every floor-talk phrase and every rulebook keyword and title.

    The rulebook's own phrases map to themselves, so a floor-talk phrase found
    inside one ("罚" in "处罚") never breaks it: at each position the longest
    phrase wins.
    """
    replacement: dict[str, str] = {}
    for term, phrases in FLOOR_TALK:
        for phrase in phrases:
            replacement.setdefault(_fold(phrase), _fold(term))
    for rule in load_rules(edition):
        for lang in ("en", "zh"):
            for phrase in (*rule.keywords(lang), getattr(rule.title, lang)):
                folded = _fold(phrase)
                if len(folded) >= 2:
                    replacement[folded] = folded
    alternatives = []
    for phrase in sorted(replacement, key=len, reverse=True):
        escaped = re.escape(phrase)
        if _CJK.fullmatch(phrase):
            alternatives.append(escaped)
        else:
            alternatives.append(rf"(?<![a-z0-9]){escaped}(?:s|es|ed|d|ing)?(?![a-z0-9])")
    return _Rewriter(re.compile("|".join(alternatives)), replacement)


def _rewrite(folded: str, edition: str) -> str:
    """``folded`` with the rulebook's terms added after floor talk (see floor_talk.py)."""
    rewriter = _rewriter(edition)

    def replace(match: re.Match[str]) -> str:
        found = match[0]
        term = rewriter.replacement.get(found)
        if term is None:  # matched with a plain ending ("tanked" for "tank")
            term = next(
                rewriter.replacement[found[: -len(end)]]
                for end in ("ing", "es", "ed", "d", "s")
                if found.endswith(end) and found[: -len(end)] in rewriter.replacement
            )
        if term == found:
            return found
        return f" {found} {term} "

    return " ".join(rewriter.pattern.sub(replace, folded).split())
