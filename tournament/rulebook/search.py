"""Search the rulebook by number, word or phrase, in English or Chinese.

Floor staff type whatever comes to mind in the middle of a ruling: "42",
"9c", "rule 42", "规则42", "min raise", "oversised chip" (typo), "拆池". The
search answers in this order of confidence:

1. a rule number (house numbering, lettered parts and RP-n; "tda 47" looks
   up the TDA 2024 number instead);
2. a phrase that is, or is close to, a rule's title or keyword;
3. words: each query word scored by how rare it is in the rulebook (IDF) and
   where it appears (title > keywords > summary > examples). English words
   are lightly stemmed and matched with a typo tolerance (rapidfuzz); Chinese
   has no spaces, so it is matched as character bigrams and substrings.

Before 2 and 3, floor talk the rulebook never uses ("tanking", "cussing",
"扔牌" ...) gets the rulebook's own terms added beside it, through the table in
``floor_talk.py`` (added, not replaced: a loose mapping cannot hide the words
the user typed).

Then a situation told in the floor's words (``situations.py``: concepts, and
the amounts compared in ``amounts.py``) lifts the rule it describes, and the
learned ranking (``learned.py``, naive Bayes trained on the rulebook and the
tuning sets) is blended in (``_blend_learned``). Folding and tokens are
``text.py``; number look-ups and ``SearchHit`` are ``numbers.py``; the index,
its field weights and the phrase and word matching are ``index.py``.

The index is built once per edition and cached for the process.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz, process

from tournament.rulebook import learned
from tournament.rulebook.catalog import (
    language_code,
    load_rules,
    rule_by_number,
)
from tournament.rulebook.homophones import normalize_query
from tournament.rulebook.index import (
    FIELD_ORDER,
    FIELD_WEIGHTS,
    LANG_BONUS,
    _index,
    _phrase_score,
    _positions,
    _token_matches,
)
from tournament.rulebook.numbers import SearchHit, _number_hits
from tournament.rulebook.situations import situation_scores
from tournament.rulebook.text import (
    _CJK,
    CHAR_PREFIX,
    CHAR_WEIGHT,
    _fold,
    _folded_tokens,
    _known_words,
    _rewrite,
)

__all__ = ["SearchHit", "search"]

# Below this a hit is noise (a lone common word matched in an example).
MIN_SCORE = 1.5
# What one concept of a matched situation (situations.py) adds to its rule's score.
# A phrase a director taught counts as a situation of learned.TAUGHT_STRENGTH.
SITUATION_SCORE = 30.0
# ... plus this share of the best word score, per concept.
SITUATION_SHARE = 0.5
# The learned ranking (learned.py): its weight against the word-and-situation score,
# the log-probability below which a rule gets nothing from it, and how many of its
# likeliest rules join the hits. Chosen leave-one-set-out (bench/rulings_learned_cv.py
# --blind) on the blind writers' folds, which no lexicon entry was written from: with
# twenty-odd writers' sets the ranking has earned more weight (3 -> 8: English first
# choices 89.7% -> 91.8% on folds 4-15; 8, 12 and 20 within 0.3 points of each other).
LEARNED_WEIGHT = 8.0
LEARNED_FLOOR = 20.0
LEARNED_EXTRA = 3
LEARNED_TEMPERATURE = 3.0



def search(
    query: str,
    *,
    lang: str = "en",
    limit: int = 10,
    edition: str = "house",
    taught: Sequence[tuple[str, str]] = (),
) -> list[SearchHit]:
    """Rules matching ``query``, best first, at most ``limit`` of them.

    ``query`` may be a rule number ("42", "9c", "rp-3", "rule 42", "规则42",
    "tda 47"), a phrase or a few words in English or Chinese; typos in longer
    English words are tolerated. ``lang`` ("en", "zh-hans") favours matches in
    the reader's language. ``taught`` holds (phrase, rule number) pairs a
    director attached to a rule: a query holding the phrase finds that rule.
    An empty or meaningless query returns [].
    """
    if not query or not query.strip() or limit <= 0:
        return []
    lang = language_code(lang)
    number_hits = _number_hits(query, edition)
    if number_hits:
        return number_hits[:limit]

    index = _index(edition)
    typed = query
    query = normalize_query(query, edition)
    folded = _rewrite(_fold(query), edition)
    tokens = list(dict.fromkeys(_folded_tokens(folded)))
    if not tokens and not taught:
        return []

    scores: dict[int, float] = defaultdict(float)
    fields_hit: dict[int, set[str]] = defaultdict(set)
    terms_hit: dict[int, set[str]] = defaultdict(set)
    covered: dict[int, float] = defaultdict(float)
    total_weight = 0.0

    for token in tokens:
        matches = _token_matches(token, index)
        token_weight = max((index.idf[word] for word, _ in matches), default=1.0)
        total_weight += token_weight
        best_per_doc: dict[int, float] = {}
        if token.startswith(CHAR_PREFIX):
            matches = [(word, similarity * CHAR_WEIGHT) for word, similarity in matches]
        for word, similarity in matches:
            idf = index.idf[word]
            per_doc: dict[int, float] = defaultdict(float)
            for doc, field, doc_lang in index.postings[word]:
                bonus = LANG_BONUS if doc_lang == lang else 1.0
                per_doc[doc] += FIELD_WEIGHTS[field] * bonus
                fields_hit[doc].add(field)
                terms_hit[doc].add(word)
            for doc, weight in per_doc.items():
                value = similarity * idf * weight
                if value > best_per_doc.get(doc, 0.0):
                    best_per_doc[doc] = value
        for doc, value in best_per_doc.items():
            scores[doc] += value
            covered[doc] += token_weight

    # Whole-phrase matches, exact or within a typo or two of a title or keyword.
    if len(folded) >= 2:
        for doc_index, doc in enumerate(index.docs):
            bonus, fields = _phrase_score(folded, doc, lang)
            if bonus:
                scores[doc_index] += bonus
                fields_hit[doc_index] |= fields
                covered[doc_index] = max(covered[doc_index], total_weight)
        if len(folded) >= 6 and not _CJK.search(folded):
            for _, ratio, position in process.extract(
                folded, index.phrases, scorer=fuzz.ratio, score_cutoff=85, limit=5
            ):
                doc_index, field = index.phrase_owners[position]
                scores[doc_index] += 35 * (ratio / 100) ** 2
                fields_hit[doc_index].add(field)
                terms_hit[doc_index].add(index.phrases[position])
                covered[doc_index] = max(covered[doc_index], total_weight)

    final: dict[int, float] = {}
    for doc_index, raw in scores.items():
        coverage = covered[doc_index] / total_weight if total_weight else 0.0
        final[doc_index] = raw * coverage**2
    # A situation told in the floor's words (situations.py) lifts the rule it describes.
    # The lift grows with the best score so far, so a situation told in many words
    # (each of them scoring some rule) still outranks the loudest single word.
    positions = _positions(edition)
    lift = SITUATION_SCORE + SITUATION_SHARE * max(final.values(), default=0.0)
    lifted = situation_scores(_fold(query), _known_words(edition))
    taught_numbers = learned.taught_scores(_fold(query), taught)
    for number, strength in taught_numbers.items():
        lifted[number] = max(lifted.get(number, 0.0), strength)
    for number, strength in lifted.items():
        if number not in positions:
            continue
        doc_index = positions[number]
        final[doc_index] = final.get(doc_index, 0.0) + lift * strength
        fields_hit[doc_index].add("situation")

    hits: list[SearchHit] = []
    for doc_index, score in final.items():
        if score < MIN_SCORE:
            continue
        rule = index.docs[doc_index].rule
        matched = tuple(f for f in FIELD_ORDER if f in fields_hit[doc_index])
        hits.append(SearchHit(rule, round(score, 3), matched, tuple(sorted(terms_hit[doc_index]))))
    order = {rule.number: i for i, rule in enumerate(load_rules(edition))}
    words_first = min(hits, key=lambda hit: (-hit.score, order[hit.rule.number]), default=None)
    hits, likeliest = _blend_learned(typed, hits, edition, taught_numbers)
    hits.sort(key=lambda hit: (-hit.score, order[hit.rule.number]))
    keep = (words_first.rule.number if words_first else None, likeliest)
    return _keep_in_first_three(hits, keep)[:limit]


def _keep_in_first_three(hits: list[SearchHit], numbers: Iterable[str | None]) -> list[SearchHit]:
    """``hits`` with the rules ``numbers`` moved up into the first three when they rank lower.

    The floor reads the first three. The blend can bury the first choice of one
    of its two parts: the words-and-situations score's (a situation the lexicon
    knows, outvoted by a model that never saw such a sentence) or the learned
    model's (a strong word hit on sibling rules outvotes it). Each still shows
    in the first three, level with the best hit it passes; the first hit stays.
    """
    ranked = [hit.rule.number for hit in hits]
    missing = [n for n in dict.fromkeys(numbers) if n in ranked[3:]]
    if not missing:
        return hits
    moved = [hit for hit in hits if hit.rule.number in missing]
    rest = [hit for hit in hits if hit.rule.number not in missing]
    place = 3 - len(moved)
    score = rest[place].score
    return [*rest[:place], *(SearchHit(h.rule, score, h.matched, h.terms) for h in moved),
            *rest[place:]]


def _blend_learned(
    query: str, hits: list[SearchHit], edition: str, taught: Iterable[str] = ()
) -> tuple[list[SearchHit], str | None]:
    """``hits`` re-scored with the learned ranking (learned.py), its best rules added,
    and the learned model's first choice (None when it has no opinion).

    Each rule's score becomes its share of the best word-and-situation score
    (0..1) plus ``LEARNED_WEIGHT`` times its log-probability under the learned
    model, floored at ``LEARNED_FLOOR`` and scaled to 0..1, then put on a 0..100
    scale. The learned model's ``LEARNED_EXTRA`` likeliest rules join the hits
    ("learned" in ``matched``) when the search found anything at all: a query
    nothing in the rulebook answers ("你好吗") still finds nothing. A rule a
    director taught for a phrase in the query (``taught``) counts as certain.
    """
    if not hits or LEARNED_WEIGHT <= 0:
        return hits, None
    log_p = learned.log_posteriors(query, edition, LEARNED_TEMPERATURE)
    if not log_p:
        return hits, None
    by_number = {hit.rule.number: hit for hit in hits}
    likeliest = sorted(log_p, key=lambda number: -log_p[number])[:LEARNED_EXTRA]
    for number in likeliest:
        if number not in by_number and log_p[number] > -LEARNED_FLOOR:
            rule = rule_by_number(number, edition)
            by_number[number] = SearchHit(rule, 0.0, ("learned",), ())
    top = max(hit.score for hit in hits)
    blended = []
    for number, hit in by_number.items():
        learned_part = max(log_p.get(number, -LEARNED_FLOOR), -LEARNED_FLOOR) / LEARNED_FLOOR
        if number in taught:
            learned_part = 0.0
        value = (hit.score / top + LEARNED_WEIGHT * (1 + learned_part)) / (1 + LEARNED_WEIGHT)
        matched = hit.matched if number not in likeliest or "learned" in hit.matched else (
            *hit.matched, "learned")
        blended.append(SearchHit(hit.rule, round(100 * max(value, 0.001), 3), matched, hit.terms))
    return blended, likeliest[0] if likeliest[0] in by_number else None
