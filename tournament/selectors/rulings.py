"""Reads for the rulings helper's learning from use (issue 25): a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max
from django.utils import timezone

from tournament.models import RulebookSearch, TaughtPhrase

# A search whose last keystroke is older than this, with no rule chosen, has ended.
ENDED_AFTER = timedelta(minutes=1)


@dataclass(frozen=True)
class UnchosenSearch:
    query: str
    lang: str
    times: int
    last_at: datetime
    top_rule: str


def taught_phrases() -> list[tuple[str, str]]:
    """Every (phrase, rule number) a director taught the search. One query."""
    return list(TaughtPhrase.objects.values_list("phrase", "rule"))


def unchosen_searches(limit: int = 100) -> list[UnchosenSearch]:
    """Searches that ended without a chosen rule, most frequent first. Two queries.

    The same words searched several times are one line with a count; a search
    whose words a director already taught is left out.
    """
    taught = {phrase.casefold() for phrase, _rule in taught_phrases()}
    rows = (RulebookSearch.objects
            .filter(chosen_rule="", updated_at__lt=timezone.now() - ENDED_AFTER)
            .values("query", "lang")
            .annotate(times=Count("id"), last_at=Max("updated_at"), top_rule=Max("top_rule"))
            .order_by("-times", "-last_at")[: limit + len(taught)])
    found = [UnchosenSearch(r["query"], r["lang"], r["times"], r["last_at"], r["top_rule"])
             for r in rows if r["query"].casefold() not in taught]
    return found[:limit]
