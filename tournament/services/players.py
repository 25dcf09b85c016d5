"""Player look-ups for the registration desk (read-only)."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from tournament.domain.names import fuzzy_keys, long_enough, wants_fuzzy
from tournament.models import Entry, Player


def search_text(raw: str, *, limit: int = 120) -> str:
    """What a search box sent, as text a database can compare: control characters (NUL
    included, which PostgreSQL refuses in a string) dropped, spaces collapsed, bounded."""
    text = "".join(ch for ch in raw[: limit * 4] if ch.isprintable() or ch.isspace())
    return " ".join(text.split())[:limit]


def players_matching(query: str, limit: int = 10) -> list[Player]:
    """Players whose name or nickname contains the query (one CJK character is enough); when
    none does, near misses of a Latin name ("Negranu" finds Negreanu); at most four queries."""
    query = search_text(query)
    if not long_enough(query):
        return []
    found = list(Player.objects.filter(name__icontains=query)[:limit])
    if len(found) < limit:
        seen = {p.pk for p in found}
        found += [p for p in Player.objects.filter(nickname__icontains=query)[:limit]
                  if p.pk not in seen][: limit - len(found)]
    if not found and wants_fuzzy(query):
        keys = fuzzy_keys(query, Player.objects.values_list("pk", "name", "nickname"),
                          limit=limit)
        by_pk = Player.objects.in_bulk(keys)
        found = [by_pk[key] for key in keys if key in by_pk]
    return found


SIMILAR_CUTOFF = 85


def similar_players(name: str, *, limit: int = 5, score_cutoff: int = SIMILAR_CUTOFF
                    ) -> list[Player]:
    """Existing players whose names look like ``name`` (typos, word order, case).

    A warning, not a block: two different people may share a name.
    """
    name = " ".join(name.split())
    if len(name) < 3:
        return []
    # One pass over every name: rapidfuzz scores tens of thousands in milliseconds.
    names = dict(Player.objects.values_list("pk", "name"))
    matches = process.extract(name, names, scorer=fuzz.token_sort_ratio, processor=str.lower,
                              score_cutoff=score_cutoff, limit=limit)
    by_pk = Player.objects.in_bulk([pk for _name, _score, pk in matches])
    return [by_pk[pk] for _name, _score, pk in matches if pk in by_pk]


def look_alikes(names: list[str], *, limit: int = 3) -> list[list[str]]:
    """For each name, the known players' names that look like it (one query for all).

    The pre-registration preview warns with these, as the desk does for one name.
    """
    known = list(Player.objects.values_list("name", flat=True).distinct())
    found = []
    for name in names:
        name = " ".join(name.split())
        matches = [] if len(name) < 3 else process.extract(
            name, known, scorer=fuzz.token_sort_ratio, processor=str.lower,
            score_cutoff=SIMILAR_CUTOFF, limit=limit)
        found.append([match for match, _score, _index in matches])
    return found


def name_key(name: str) -> str:
    """A name as the desk compares it: spaces tidied, case ignored."""
    return " ".join(name.split()).casefold()


def live_entries_named(tournament_id: int, names: list[str]) -> dict[str, int]:
    """The live entry (its number) of each player in the tournament whose name is one of
    ``names``, by ``name_key``: the desk's rule, one live entry a player (one query)."""
    keys = {name_key(name) for name in names}
    found: dict[str, int] = {}
    for name, number in (Entry.objects.filter(tournament_id=tournament_id,
                                              status__in=Entry.LIVE_STATUSES)
                         .order_by("number").values_list("player__name", "number")):
        if (key := name_key(name)) in keys:
            found.setdefault(key, number)
    return found
