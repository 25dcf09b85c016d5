"""Leagues: create and edit a series, and read its standings in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.domain import leagues as league_domain
from tournament.models import Entry, League, Player, Tournament
from tournament.selectors.money import prizes_by_entry
from tournament.services.audit import record
from tournament.services.base import ServiceError, now

TABLE_MESSAGES = {
    "empty": gettext_noop("Enter at least the points of 1st place."),
    "negative": gettext_noop("Points can't be below 0."),
    "too_long": gettext_noop("At most 500 places score."),
}


def _check(scoring: str, points_table: Sequence[int], multiplier: int) -> None:
    if scoring not in League.Scoring.values:
        raise ServiceError(_("Choose how points are scored."), field="scoring")
    if scoring == League.Scoring.TABLE:
        problems = league_domain.check_points_table(points_table)
        if problems:
            raise ServiceError(" ".join(_(TABLE_MESSAGES[p]) for p in problems),
                               field="points_table")
    if not 0 <= multiplier <= 10_000:
        raise ServiceError(_("The multiplier must be between 0 and 10000."), field="multiplier")


@transaction.atomic
def league_save(*, actor, league_id: int | None = None, name: str, scoring: str,
                points_table: Sequence[int], multiplier: int,
                tournament_ids: Sequence[int]) -> League:
    """Create a league, or change one: its name, its scoring, its tournaments."""
    _check(scoring, points_table, multiplier)
    if league_id is None:
        league = League(created_at=now())
    else:
        league = League.objects.select_for_update().filter(pk=league_id).first()
        if league is None:
            raise ServiceError(_("That league does not exist."))
    league.name, league.scoring = name, scoring
    league.points_table, league.multiplier = list(points_table), multiplier
    league.save()
    tournaments = list(Tournament.objects.filter(pk__in=tournament_ids))
    league.tournaments.set(tournaments)
    record(tournament=None, actor=actor,
           kind="league_created" if league_id is None else "league_updated",
           payload={"league": league.pk, "name": name, "scoring": scoring,
                    "tournaments": [t.pk for t in tournaments]})
    return league


@dataclass(frozen=True)
class LeagueFinish:
    tournament: Tournament
    entries: int
    place: int
    points: Decimal
    prize: int


def league_points(league: League, *, entries: int, buy_in: int, place: int) -> Decimal:
    if league.scoring == League.Scoring.TABLE:
        return league_domain.points_by_table(place, league.points_table)
    return league_domain.points_by_formula(entries=entries, buy_in=buy_in, place=place,
                                           multiplier=league.multiplier)


def _finishes(league: League, player_id: int | None = None):
    """Every placed entry of the league's tournaments, with points, and the entry of each
    finish (two queries)."""
    tournaments = {t.pk: t for t in league.tournaments.annotate(
        field=Count("entries", filter=~Q(entries__status=Entry.Status.UNREGISTERED)))}
    placed = Entry.objects.filter(tournament_id__in=tournaments, finish_place__isnull=False)
    if player_id is not None:
        placed = placed.filter(player_id=player_id)
    rows = list(placed.values_list("player_id", "tournament_id", "finish_place", "tied_place",
                                   "pk"))
    finishes, prizes = [], {}
    for player, tournament_id, place, tied, entry_id in rows:
        t = tournaments[tournament_id]
        shown = tied or place  # tied places score as the best of them
        points = league_points(league, entries=max(t.field, shown), buy_in=t.buy_in,
                               place=shown)
        finishes.append(league_domain.Finish(player=player, tournament=tournament_id,
                                             place=shown, points=points))
        prizes[(player, tournament_id, shown)] = entry_id
    return tournaments, finishes, prizes


def league_standings(league: League) -> list[dict]:
    """Standings with player names: three queries whatever the number of players."""
    _tournaments, finishes, _prizes = _finishes(league)
    rows = league_domain.standings(finishes)
    names = dict(Player.objects.filter(pk__in=[r.player for r in rows])
                 .values_list("pk", "name"))
    return [{"rank": i, "player_id": r.player, "name": names.get(r.player, ""),
             "points": r.points, "events": r.events, "wins": r.wins, "best": r.best}
            for i, r in enumerate(rows, start=1)]


def league_player_history(league: League, player_id: int) -> list[LeagueFinish]:
    tournaments, finishes, entry_of = _finishes(league, player_id)
    best = league_domain.best_finishes(finishes)
    # The prizes are the ledger's (two queries a tournament the player placed in).
    prizes = {pk: prizes_by_entry(tournaments[pk]) for pk in {f.tournament for f in best}}
    history = [LeagueFinish(tournament=tournaments[f.tournament],
                            entries=tournaments[f.tournament].field, place=f.place,
                            points=f.points,
                            prize=prizes[f.tournament].get(
                                entry_of[(f.player, f.tournament, f.place)], 0))
               for f in best]
    return sorted(history, key=lambda h: (h.tournament.created_at, h.tournament.pk))


def league_preview(*, scoring: str, points_table: Sequence[int], multiplier: int,
                   entries: int, buy_in: int, places: int = 10) -> list[tuple[int, Decimal]]:
    """Points for the top places of an example field, before the league is saved."""
    _check(scoring, points_table, multiplier)
    sample = League(scoring=scoring, points_table=list(points_table), multiplier=multiplier)
    return [(place, league_points(sample, entries=entries, buy_in=buy_in, place=place))
            for place in range(1, min(places, entries) + 1)]
