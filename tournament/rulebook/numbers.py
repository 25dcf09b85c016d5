"""Search hits, and the queries that are a rule number ("42", "9c", "rp-3", "规则42", "tda 47").

The first thing ``search.search`` tries: a query that names a rule by its
house number (lettered parts and RP-n included) or by its TDA 2024 number is
answered by that rule, ahead of any word match (``NUMBER_SCORE`` etc.).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tournament.rulebook.catalog import Rule, load_rules, normalize_number, rule_by_number

NUMBER_SCORE = 1000.0
PART_SCORE = 900.0
TDA_SCORE = 800.0

_TDA_QUERY = re.compile(
    r"^\s*(?:poker\s*)?tda\s*(?:2024)?\s*(?:rules?|第|规则)?\s*[#-]?\s*"
    r"(rp-?\s*\d+|\d+\s*-?\s*[a-e]?)\s*(?:条|款)?\s*$"
)


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: the rule, its score (higher is better) and what matched.

    ``matched`` names the parts of the rule that matched, strongest first:
    "number", "tda2024", "title", "keywords", "summary", "examples".
    ``terms`` are the indexed words or phrases the query hit.
    """

    rule: Rule
    score: float
    matched: tuple[str, ...]
    terms: tuple[str, ...] = ()


def _tda_hits(wanted: str | None, edition: str) -> list[SearchHit]:
    """House rules whose TDA 2024 counterpart is ``wanted`` ("47", "53-B", "RP-9").

    A whole number also finds the house rules mapped to its lettered parts
    ("tda 53" finds 39 for 53-A and 39-B for 53-B), exact parts first.
    """
    if wanted is None:
        return []
    exact, parts = [], []
    for rule in load_rules(edition):
        numbers = {normalize_number(n) for n in (rule.tda2024 or "").split(",") if n.strip()}
        if wanted in numbers:
            exact.append(SearchHit(rule, TDA_SCORE, ("tda2024",), (f"TDA {rule.tda2024}",)))
        elif any(n and n.split("-")[0] == wanted and not n.startswith("RP") for n in numbers):
            parts.append(SearchHit(rule, TDA_SCORE - 1, ("tda2024",), (f"TDA {rule.tda2024}",)))
    return exact + parts


def _number_hits(query: str, edition: str) -> list[SearchHit]:
    """Hits for a query that is a rule number ("42", "9c", "rp-3", "规则42", "tda 47")."""
    tda = _TDA_QUERY.match(_fold_number_query(query))
    if tda:
        return _tda_hits(normalize_number(tda[1]), edition)
    rule = rule_by_number(query, edition)
    if rule is None:
        # A number the house rulebook lacks ("71", "RP-9") may be a TDA 2024 citation.
        return _tda_hits(normalize_number(query), edition)
    canonical = rule.number
    hits = [SearchHit(rule, NUMBER_SCORE, ("number",), (canonical,))]
    # "9" also lists its lettered parts 9-A, 9-B, 9-C after the rule itself.
    hits.extend(
        SearchHit(part, PART_SCORE, ("number",), (part.number,))
        for part in load_rules(edition)
        if part.parent == canonical
    )
    return hits


def _fold_number_query(query: str) -> str:
    return unicodedata.normalize("NFKC", query).lower()
