"""Chinese typed by pinyin input: a slip to a same-sounding character, corrected by its sound.

A floor person typing 拼音 on a phone picks the wrong character of the same
sound: "跟住" for 跟注, "筹马" for 筹码, "底尺" for 底池, "荷关" for 荷官.
``situations.ZH_VARIANTS`` lists the common ones; this module corrects any slip
to a poker term the search knows, by sound: a stretch of 2-4 characters of the
query that the rulebook never writes, read in pinyin without tones, becomes the
known term with that reading (when exactly one term has it).

Known terms (the targets): the rulebook's Chinese titles and keywords, the
Chinese phrases of the floor-talk table and of the situation lexicon, whole and
2-4 characters long. Never changed: any stretch the rulebook or the lexicon
writes, and any common word of pypinyin's phrase list (a maintained registry
package, already a dependency), so a real word ("一直") is not "corrected"
into a poker term ("一只").
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pypinyin import Style, lazy_pinyin
from pypinyin.constants import PHRASES_DICT

from tournament.rulebook.catalog import load_rules
from tournament.rulebook.floor_talk import FLOOR_TALK
from tournament.rulebook.situations import CONCEPTS, ZH_VARIANTS, normalize_variants

__all__ = ["correct_homophones", "normalize_query"]

_RUN = re.compile(r"[\u4e00-\u9fff]+")
_PLAIN_CJK = re.compile(r"[\u4e00-\u9fff]{2,}")
_LENGTHS = (4, 3, 2)


def _sound(text: str) -> tuple[str, ...]:
    return tuple(lazy_pinyin(text, style=Style.NORMAL))


@cache
def _tables(edition: str) -> tuple[dict[tuple[str, ...], str], frozenset[str]]:
    """(reading -> the one term with it, every stretch the rulebook and lexicon write)."""
    terms: set[str] = set(ZH_VARIANTS.values())
    written: set[str] = set()
    for rule in load_rules(edition):
        terms.update(rule.keywords_zh)
        terms.add(rule.title.zh)
        texts = [rule.title.zh, rule.summary.zh, *rule.keywords_zh]
        texts += [e.title.zh + " " + e.summary.zh for e in rule.examples]
        for text in texts:
            for run in _RUN.findall(text):
                written.update(run[i : i + n] for n in _LENGTHS for i in range(len(run) - n + 1))
    for term, phrases in FLOOR_TALK:
        terms.update((term, *phrases))
    for fragments in CONCEPTS.values():
        # plain Chinese alternatives only (a regex fragment has no one spelling)
        terms.update(f for f in fragments if _PLAIN_CJK.fullmatch(f))
    readings: dict[tuple[str, ...], set[str]] = {}
    for term in terms:
        for run in _RUN.findall(term):
            written.update(run[i : i + n] for n in _LENGTHS for i in range(len(run) - n + 1))
            if len(run) in _LENGTHS:  # a whole term is a target; a piece of one is not
                readings.setdefault(_sound(run), set()).add(run)
    # A common Chinese word (pypinyin's phrase list) is never a slip: "一直" stays.
    written.update(word for word in PHRASES_DICT if len(word) in _LENGTHS)
    unique = {sound: next(iter(pieces)) for sound, pieces in readings.items() if len(pieces) == 1}
    return unique, frozenset(written)


@lru_cache(maxsize=4096)
def correct_homophones(text: str, edition: str = "house") -> str:
    """``text`` with each unknown 2-4 character stretch that sounds like a known term replaced."""
    if not _RUN.search(text):
        return text
    readings, written = _tables(edition)

    def fix(run: str) -> str:
        sound = lazy_pinyin(run, style=Style.NORMAL)
        out, i = [], 0
        while i < len(run):
            for n in _LENGTHS:
                piece = run[i : i + n]
                if len(piece) == n and piece not in written:
                    term = readings.get(tuple(sound[i : i + n]))
                    if term is not None:
                        out.append(term)
                        i += n
                        break
            else:
                out.append(run[i])
                i += 1
        return "".join(out)

    return _RUN.sub(lambda m: fix(m[0]), text)


def normalize_query(query: str, edition: str = "house") -> str:
    """The query as search and the learned ranking read it: slips and mixed language fixed."""
    return correct_homophones(normalize_variants(query), edition)
