"""Reads for chip counts, bags and events, each in a fixed number of queries.

The TV, the console and the public pages use ``stack_figures`` (chip
leaders, average stack and the reconciliation line) and ``leaderboard``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Min, Q, Sum

from tournament.domain import payouts as payout_domain
from tournament.models import (
    Advance,
    ChipCount,
    ChipRemoval,
    Entry,
    Event,
    Flight,
    Payment,
    Tournament,
)
from tournament.runtime.cache import cache_read, cache_write_many, tournament_version

LIVE = Entry.LIVE_STATUSES
CHIP_KINDS = (Payment.Kind.BUY_IN, Payment.Kind.REBUY, Payment.Kind.ADDON)
POOL_KINDS = (Payment.Kind.BUY_IN, Payment.Kind.REBUY, Payment.Kind.ADDON, Payment.Kind.REFUND)


@dataclass(frozen=True)
class ChipsInPlay:
    """Chips brought into play, by source, less those raced off at colour-ups."""

    starting: int = 0
    rebuys: int = 0
    addons: int = 0
    bags: int = 0
    removed: int = 0

    @property
    def total(self) -> int:
        return self.starting + self.rebuys + self.addons + self.bags - self.removed


def chips_in_play_detail(tournament: Tournament) -> ChipsInPlay:
    """Three queries: payments' chips, bags carried from Day 1, colour-up removals."""
    money = Payment.objects.filter(tournament=tournament, kind__in=CHIP_KINDS).exclude(
        entry__status=Entry.Status.UNREGISTERED).aggregate(
        starting=Sum("chips", default=0, filter=Q(kind=Payment.Kind.BUY_IN)),
        rebuys=Sum("chips", default=0, filter=Q(kind=Payment.Kind.REBUY)),
        addons=Sum("chips", default=0, filter=Q(kind=Payment.Kind.ADDON)),
    )
    bags = Advance.objects.filter(to_entry__tournament=tournament).aggregate(
        s=Sum("chips", default=0))["s"]
    removed = ChipRemoval.objects.filter(tournament=tournament).aggregate(
        s=Sum("chips", default=0))["s"]
    return ChipsInPlay(starting=money["starting"], rebuys=money["rebuys"],
                       addons=money["addons"], bags=bags, removed=removed)


def chips_in_play(tournament: Tournament) -> int:
    return chips_in_play_detail(tournament).total


@dataclass(frozen=True)
class Reconciliation:
    counted: int
    in_play: ChipsInPlay
    counted_players: int
    live_players: int
    tolerance: int

    @property
    def difference(self) -> int:
        return self.counted - self.in_play.total

    @property
    def complete(self) -> bool:
        return self.live_players > 0 and self.counted_players >= self.live_players

    @property
    def warning(self) -> bool:
        """Past the tolerance once every player still in is counted."""
        return self.complete and abs(self.difference) > self.tolerance


@dataclass(frozen=True)
class StackFigures:
    players_left: int
    average: int
    leaders: list[dict[str, Any]] = field(default_factory=list)
    reconciliation: Reconciliation | None = None


def _current_live(tournament: Tournament):
    return ChipCount.objects.filter(tournament=tournament, current=True,
                                    entry__status__in=LIVE)


def stack_figures(tournament: Tournament, *, leaders: int = 10) -> StackFigures:
    """Chip leaders, average stack and the reconciliation line, in seven queries."""
    in_play = chips_in_play_detail(tournament)
    counted = _current_live(tournament).aggregate(total=Sum("chips", default=0), n=Count("id"))
    live = Entry.objects.filter(tournament=tournament, status__in=LIVE).count()
    tolerance = (Flight.objects.filter(tournament=tournament)
                 .values_list("count_tolerance", flat=True).first()) or 0
    top = list(_current_live(tournament).order_by("-chips", "entry__number").values(
        "chips", "bag", "entry__number", "entry__player__name", "entry__table__number",
        "entry__seat")[:leaders])
    rows = [{"rank": i + 1, "chips": r["chips"], "bag": r["bag"], "number": r["entry__number"],
             "name": r["entry__player__name"], "table": r["entry__table__number"],
             "seat": r["entry__seat"]} for i, r in enumerate(top)]
    _share_tied_ranks(rows)
    return StackFigures(
        players_left=live,
        average=payout_domain.average_stack(in_play.total, live) or 0,
        leaders=rows,
        reconciliation=Reconciliation(counted=counted["total"], in_play=in_play,
                                      counted_players=counted["n"], live_players=live,
                                      tolerance=tolerance),
    )


def stack_figures_cached(tournament_id: int, *, leaders: int = 10) -> StackFigures | None:
    """``stack_figures`` kept in the cache until the tournament next changes.

    For screens that poll (the TV): an unchanged poll costs two cache reads.
    """
    key = f"floorman:stacks:{tournament_id}:{tournament_version(tournament_id)}:{leaders}"
    _reachable, figures = cache_read(key)
    if figures is None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return None
        figures = stack_figures(tournament, leaders=leaders)
        cache_write_many({key: figures}, timeout=3600)
    return figures


def _share_tied_ranks(rows: list[dict[str, Any]]) -> None:
    for i in range(1, len(rows)):
        if rows[i]["chips"] == rows[i - 1]["chips"]:
            rows[i]["rank"] = rows[i - 1]["rank"]


def leaderboard(tournament: Tournament, *, query: str = "", limit: int = 50
                ) -> list[dict[str, Any]]:
    """The top ``limit`` stacks, or the players whose name matches ``query`` with their rank.

    Two queries either way: a search ranks its (at most ``limit``) matches in
    one aggregate.
    """
    base = _current_live(tournament)
    fields = ("chips", "entry__number", "entry__player__name", "entry__table__number",
              "entry__seat")
    if not query:
        rows = list(base.order_by("-chips", "entry__number").values(*fields)[:limit])
        out = [_row(r, i + 1) for i, r in enumerate(rows)]
        _share_tied_ranks(out)
        return out
    rows = list(base.filter(Q(entry__player__name__icontains=query)
                            | Q(entry__player__nickname__icontains=query))
                .order_by("-chips", "entry__number").values(*fields)[:limit])
    if not rows:
        return []
    values = sorted({r["chips"] for r in rows})
    above = base.aggregate(**{f"r{i}": Count("id", filter=Q(chips__gt=v))
                              for i, v in enumerate(values)})
    rank_of = {v: above[f"r{i}"] + 1 for i, v in enumerate(values)}
    return [_row(r, rank_of[r["chips"]]) for r in rows]


def _row(r: dict[str, Any], rank: int) -> dict[str, Any]:
    return {"rank": rank, "chips": r["chips"], "number": r["entry__number"],
            "name": r["entry__player__name"], "table": r["entry__table__number"],
            "seat": r["entry__seat"]}


def entry_standing(entry: Entry) -> dict[str, Any] | None:
    """A player's own count and rank among the counted stacks (three queries), or None."""
    if entry.status not in LIVE:
        return None
    mine = ChipCount.objects.filter(entry=entry, current=True).values(
        "chips", "counted_at", "bag").first()
    if mine is None:
        return None
    base = _current_live(entry.tournament)
    figures = base.aggregate(above=Count("id", filter=Q(chips__gt=mine["chips"])),
                             of=Count("id"))
    return {"chips": mine["chips"], "at": mine["counted_at"], "bag": mine["bag"],
            "rank": figures["above"] + 1, "of": figures["of"]}


def table_sheet(tournament: Tournament, table) -> list[dict[str, Any]]:
    """A table's seats with who sits there and their current count (two queries)."""
    entries = list(Entry.objects.filter(table=table, status=Entry.Status.SEATED)
                   .select_related("player").only("pk", "number", "seat", "player__name"))
    counts = {c["entry_id"]: c for c in ChipCount.objects.filter(
        entry_id__in=[e.pk for e in entries], current=True).values(
        "entry_id", "chips", "bag", "counted_at")}
    by_seat = {e.seat: e for e in entries}
    return [{"seat": n, "entry": by_seat.get(n),
             "count": counts.get(by_seat[n].pk) if n in by_seat else None}
            for n in range(1, table.capacity + 1)]


def bag_report(tournament: Tournament) -> list[dict[str, Any]]:
    """Every player still in, by table and seat, with the current count and bag (one query)."""
    rows = list(Entry.objects.filter(tournament=tournament, status__in=LIVE)
                .order_by("table__number", "seat", "number")
                .values("pk", "number", "seat", "player__name", "table__number"))
    counts = {c["entry_id"]: c for c in ChipCount.objects.filter(
        tournament=tournament, current=True).values("entry_id", "chips", "bag")}
    tables: list[dict[str, Any]] = []
    for r in rows:
        if not tables or tables[-1]["number"] != r["table__number"]:
            tables.append({"number": r["table__number"], "rows": [], "total": 0})
        count = counts.get(r["pk"])
        tables[-1]["rows"].append({"number": r["number"], "seat": r["seat"],
                                   "name": r["player__name"],
                                   "chips": count["chips"] if count else None,
                                   "bag": count["bag"] if count else ""})
        tables[-1]["total"] += count["chips"] if count else 0
    return tables


def is_day1_flight(tournament: Tournament) -> bool:
    """A Day 1 flight of an event (no query for a tournament outside events)."""
    return bool(tournament.event_id) and not Event.objects.filter(
        pk=tournament.event_id, day2_id=tournament.pk).exists()


def day1_live(event: Event):
    """Every entry still in a Day 1 flight of the event: playing, waiting, or in a bag."""
    live = Entry.objects.filter(tournament__event=event, status__in=LIVE)
    return live.exclude(tournament_id=event.day2_id) if event.day2_id else live


def event_players_left(event: Event) -> int:
    """The event's players still in on Day 1, by its advance rule (one query).

    Best bag: a player counts once however many bags or seats they hold; every
    bag: each entry counts.
    """
    live = day1_live(event)
    if event.advance_rule == Event.AdvanceRule.EVERY:
        return live.count()
    return live.aggregate(n=Count("player", distinct=True))["n"]


def flight_status(tournament: Tournament) -> Flight | None:
    return Flight.objects.filter(tournament=tournament).first()


@dataclass(frozen=True)
class EventMoney:
    entries: int
    collected: int
    # The best place decided on Day 1 (the money reached before Day 2), else None.
    day1_best_place: int | None = None
    day2_id: int | None = None


def event_money(event_id: int) -> EventMoney:
    """Entries and money over every tournament of the event (two queries).

    A Day 2 entry that plays a bag carried from Day 1 is not a new entry.
    """
    figures = Entry.objects.filter(tournament__event_id=event_id).aggregate(
        entries=Count("id", filter=Q(carried_from__isnull=True)
                      & ~Q(status=Entry.Status.UNREGISTERED)),
        day1_best=Min("finish_place", filter=Q(tournament__day2_of__isnull=True)),
        day2=Max("tournament__event__day2_id"))
    collected = Payment.objects.filter(tournament__event_id=event_id, kind__in=POOL_KINDS
                                       ).aggregate(s=Sum("amount", default=0))["s"]
    return EventMoney(entries=figures["entries"], collected=collected,
                      day1_best_place=figures["day1_best"], day2_id=figures["day2"])


def event_overview(event: Event) -> dict[str, Any]:
    """The event's flights with their figures, in a fixed number of queries."""
    tournaments = list(Tournament.objects.filter(event=event).select_related("clock")
                       .order_by("created_at", "id"))
    flights = {f.tournament_id: f for f in Flight.objects.filter(
        tournament__in=[t.pk for t in tournaments])}
    per = {row["tournament"]: row for row in Entry.objects.filter(tournament__event=event)
           .values("tournament").annotate(
               entries=Count("id", filter=~Q(status=Entry.Status.UNREGISTERED)
                             & Q(carried_from__isnull=True)),
               left=Count("id", filter=Q(status__in=LIVE)),
               out=Count("id", filter=Q(status=Entry.Status.BUSTED)))}
    bags = {row["tournament"]: row["n"] for row in ChipCount.objects.filter(
        tournament__event=event, current=True, entry__status__in=LIVE).exclude(bag="")
        .values("tournament").annotate(n=Count("id"))}
    rows = []
    for t in tournaments:
        figures = per.get(t.pk, {})
        rows.append({"tournament": t, "flight": flights.get(t.pk),
                     "is_day2": t.pk == event.day2_id, "bags": bags.get(t.pk, 0),
                     "started": bool(getattr(t, "clock", None) and t.clock.started),
                     "entries": figures.get("entries", 0), "left": figures.get("left", 0),
                     "out": figures.get("out", 0)})
    return {"event": event, "flights": [r for r in rows if not r["is_day2"]],
            "day2": next((r for r in rows if r["is_day2"]), None),
            "money": event_money(event.pk)}
