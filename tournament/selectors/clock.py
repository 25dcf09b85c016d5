"""Read queries with a fixed number of SQL queries whatever the field size."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import BigIntegerField, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from tournament.domain import bubble as bubble_domain
from tournament.domain import clock as clock_domain
from tournament.domain import names as name_domain
from tournament.domain import payouts as payout_domain
from tournament.floor_port import floor
from tournament.models import Clock, Entry, Event, Level, Tournament
from tournament.runtime.cache import (
    MEMO_SECONDS,
    cache_read_current,
    cache_write_current,
    cache_write_many,
    due_key,
    memo,
    snapshot_key,
    tournament_version,
)
from tournament.selectors.festival import event_players_left
from tournament.selectors.money import payouts_with_deal, prizes_by_entry
from tournament.selectors.payouts import ACTIVE, field_figures, payout_table


def hand_for_hand_bubble(tournament: Tournament) -> bubble_domain.Bubble | None:
    """What the floor and the director's consoles say about hand-for-hand now:
    start it (the bubble has come), or end it at the next hand (it burst).

    Only while the tournament runs. The players left are the event's in a
    Day 1 flight (as its busts count them). The queries of ``field_figures``
    (two outside festival events), two more in a Day 1 flight, whatever the
    field; the payout table is worked out only near the money.
    """
    if tournament.status != Tournament.Status.RUNNING:
        return None
    figures = field_figures(tournament)
    left = figures.players_left
    if tournament.event_id:
        event = Event.objects.filter(pk=tournament.event_id).first()
        if event is not None and event.day2_id != tournament.pk:
            left = event_players_left(event)
    if not tournament.hand_for_hand:
        most_paid = max(payout_domain.places_paid(figures.entries) if figures.entries else 0,
                        len(tournament.payout_percentages or ()))
        if left > bubble_domain.prompt_at(most_paid, tournament.hand_for_hand_at):
            return None
    return bubble_domain.bubble(left=left, paid=len(payout_table(tournament, figures)),
                                setting=tournament.hand_for_hand_at,
                                hand_for_hand=tournament.hand_for_hand)


def _level_dict(level: Level, number: int | None) -> dict[str, Any]:
    return {
        "n": number,
        "brk": level.is_break,
        "sb": level.small_blind,
        "bb": level.big_blind,
        "ante": level.ante,
        "at": level.ante_type,
        "d": level.duration,
        "cu": list(level.color_up or []),
    }


def clock_snapshot(tournament_id: int) -> dict[str, Any] | None:
    """Everything a clock screen needs, cached until the next change commits.

    The snapshot holds the anchor, not a time left: every screen computes the
    countdown from it, so a cached snapshot never goes stale by the passing
    of time, only by a change (which drops it on commit). With the cache away
    it is built from the database, at most once per `MEMO_SECONDS` per process.
    """
    key = snapshot_key(tournament_id)
    reachable, snapshot = cache_read_current(key, tournament_id)
    if snapshot is not None:
        return snapshot
    if not reachable and (remembered := memo.get(key)) is not None:
        return remembered
    built_at = tournament_version(tournament_id)  # before the database is read
    tournament = Tournament.objects.filter(pk=tournament_id).defer("logo").first()
    if tournament is None:
        return None
    clock = Clock.objects.filter(tournament=tournament).first()
    levels = list(Level.objects.filter(structure_id=tournament.structure_id).order_by("order"))
    numbers = clock_domain.play_level_numbers(levels)
    figures = field_figures(tournament)
    payouts = payout_table(tournament, figures)
    late_close = clock_domain.late_registration_closes_at(levels, tournament.late_reg_end_level)
    snapshot = {
        "id": tournament.pk,
        "name": tournament.name,
        "status": tournament.status,
        "levels": [_level_dict(level, n) for level, n in zip(levels, numbers, strict=True)],
        "running": bool(clock and clock.running),
        "started": bool(clock and clock.started),
        "anchor": clock.anchor_at.timestamp() if clock and clock.anchor_at else None,
        "elapsed": clock.elapsed_at_anchor if clock else 0.0,
        "version": clock.version if clock else 0,
        "recorded_level": clock.recorded_level if clock else -1,
        "late_recorded": bool(clock and clock.late_reg_close_recorded),
        "late_close": late_close,
        "late_level": tournament.late_reg_end_level,
        "entries": figures.entries,
        "players_left": figures.players_left,
        "chips": figures.chips_in_play,
        "average": figures.average_stack,
        "prize_pool": figures.prize_pool,
        "payouts": _payouts_shown(tournament, payouts),
        "paid_places": len(payouts),
        "hand_for_hand": tournament.hand_for_hand,
        **floor().recent_moves(tournament.pk),
        **tv_extras(tournament),
    }
    snapshot["due_at"] = boundary_due_at(snapshot)
    if not (reachable
            and cache_write_current({key: snapshot}, version=built_at, timeout=3600)
            and cache_write_many({due_key(tournament_id): snapshot["due_at"] or 0.0},
                                 timeout=3600)):
        memo.set(key, snapshot, MEMO_SECONDS)
    return snapshot


def _payouts_shown(tournament: Tournament, table: list[dict[str, int]]) -> list[dict[str, Any]]:
    """The TV's first ten payout rows, a deal in force written in (one query)."""
    return payouts_with_deal(tournament, table)[:10] if table else []


def boundary_due_at(snapshot: dict[str, Any]) -> float | None:
    """POSIX time of the next level start or late-registration close not yet recorded.

    None while the clock stands still or nothing is left to record. A screen's
    poll compares this one number with the time instead of reading the clock.
    """
    if not snapshot["running"] or snapshot["anchor"] is None:
        return None
    levels = snapshot["levels"]
    targets = []
    next_index = snapshot["recorded_level"] + 1
    if next_index < len(levels):
        targets.append(sum(level["d"] for level in levels[:next_index]))
    if snapshot["late_close"] is not None and not snapshot["late_recorded"]:
        targets.append(snapshot["late_close"])
    if not targets:
        return None
    return snapshot["anchor"] + min(targets) - snapshot["elapsed"]


LEADERS_SHOWN = 5
PLACES_SHOWN = 5
BOUNTIES_SHOWN = 5


def biggest_bounties(tournament: Tournament, limit: int = BOUNTIES_SHOWN) -> list[dict[str, Any]]:
    """The players still in with the biggest bounties on their heads, in one query.

    A head is the bounty per entry (one more for each rebuy) and what knockouts
    added to it in a progressive knockout (tournament.services.bounties).
    """
    if tournament.bounty <= 0:
        return []
    added = Coalesce(Sum("bounty_awards__amount", filter=Q(bounty_awards__kind="head")), 0,
                     output_field=BigIntegerField())
    rows = (Entry.objects.filter(tournament=tournament, status__in=ACTIVE)
            .annotate(head=(F("rebuys") + 1) * tournament.bounty + added)
            .order_by("-head", "number").values_list("player__name", "head")[:limit])
    return [{"name": name, "bounty": head} for name, head in rows]


def tv_extras(tournament: Tournament) -> dict[str, Any]:
    """What the TV shows beside the clock: schedule, announcement, logo, leaders, places.

    Three queries at most whatever the field size: the chip leaders (when counts
    exist), the biggest bounties (in a bounty event) and, once finished, the top places.
    """
    finished = tournament.status == Tournament.Status.FINISHED
    leaders = []
    if not finished:
        leaders = [
            {"name": name, "chips": chips}
            for name, chips in Entry.objects.filter(
                tournament=tournament, status__in=ACTIVE, chips__isnull=False
            ).order_by("-chips", "number").values_list("player__name", "chips")[:LEADERS_SHOWN]
        ]
    places = []
    if finished:
        prizes = prizes_by_entry(tournament)
        places = [
            {"place": place, "name": name, "prize": prizes.get(pk, 0)}
            for pk, place, name in Entry.objects.filter(
                tournament=tournament, finish_place__isnull=False,
                finish_place__lte=PLACES_SHOWN,
            ).order_by("finish_place").values_list("pk", "finish_place", "player__name")
        ]
    return {
        "scheduled_start": (tournament.scheduled_start.timestamp()
                            if tournament.scheduled_start else None),
        "announcement": tournament.announcement,
        "announcement_until": (tournament.announcement_until.timestamp()
                               if tournament.announcement_until else None),
        "logo_version": tournament.logo_version if tournament.logo_type else 0,
        "chip_leaders": leaders,
        "bounties": [] if finished else biggest_bounties(tournament),
        "places": places,
    }


def reading_of(snapshot: dict[str, Any], now_ts: float) -> clock_domain.ClockReading:
    """The clock reading of a snapshot at a POSIX time."""
    elapsed = snapshot["elapsed"]
    if snapshot["running"] and snapshot["anchor"] is not None:
        elapsed += max(0.0, now_ts - snapshot["anchor"])
    return clock_domain.clock_at(_SnapshotLevels(snapshot["levels"]), elapsed)


class _SnapshotLevel:
    __slots__ = ("duration", "is_break")

    def __init__(self, data: dict[str, Any]) -> None:
        self.duration = data["d"]
        self.is_break = data["brk"]


class _SnapshotLevels(list):
    def __init__(self, levels: list[dict[str, Any]]) -> None:
        super().__init__(_SnapshotLevel(level) for level in levels)


ENTRY_NUMBER = re.compile(r"#?(\d{1,9})")
TABLE_NUMBER = re.compile(r"(?:t|table|桌)\s*(\d{1,9})", re.IGNORECASE)


def desk_entries(tournament: Tournament, query: str = "") -> QuerySet[Entry]:
    """The desk's list of entries, newest first, narrowed by entry number ("12", "#12"),
    table ("T3", "table 3") or name; paged by the view (two queries a page)."""
    entries = (Entry.objects.filter(tournament=tournament).select_related("player", "table")
               .order_by("-number"))
    if match := ENTRY_NUMBER.fullmatch(query):
        return entries.filter(number=int(match[1]))
    if match := TABLE_NUMBER.fullmatch(query):
        return entries.filter(table__number=int(match[1]), status=Entry.Status.SEATED)
    if query:
        match = Q(player__name__icontains=query) | Q(player__nickname__icontains=query)
        if name_domain.wants_fuzzy(query) and not entries.filter(match).exists():
            # Nothing contains it: near misses instead, every name scored in Python (one query).
            match = Q(pk__in=name_domain.fuzzy_keys(query, entries.values_list(
                "pk", "player__name", "player__nickname")))
        return entries.filter(match)
    return entries


def reentries_open(tournament: Tournament, entries, *, closed: bool) -> set[int]:
    """The busted entries on a desk page whose player may re-enter now: re-entry
    allowed and open (``closed``: registration is not), no live entry of the player,
    the player's latest entry, re-entries left. One query whatever the page."""
    out = [e for e in entries if e.status == Entry.Status.BUSTED]
    if closed or not tournament.re_entry_allowed or not out:
        return set()
    latest: dict[int, tuple[int, bool, int]] = {}  # player: (entries, live, last number)
    for player_id, status, number in Entry.objects.filter(
            tournament=tournament, player_id__in={e.player_id for e in out}).exclude(
            status=Entry.Status.UNREGISTERED).values_list("player_id", "status", "number"):
        count, live, last = latest.get(player_id, (0, False, 0))
        latest[player_id] = (count + 1, live or status in Entry.LIVE_STATUSES, max(last, number))
    limit = tournament.re_entry_limit
    return {e.pk for e in out
            if not latest[e.player_id][1] and latest[e.player_id][2] == e.number
            and (not limit or latest[e.player_id][0] <= limit)}


LOOKUP_LIMIT = 20


def lookup_entries(tournament: Tournament | int, query: str, *, limit: int = LOOKUP_LIMIT,
                   related: tuple[str, ...] = ()) -> list[Entry]:
    """The public seat lookup: entries whose player's name or nickname contains the query
    (one CJK character is enough); when none does, near misses of a Latin name ("Negranu"
    finds Negreanu). At most three queries whatever the field size. ``related``: more
    relations to load with each entry (the Day 2 lookup shows the bag carried)."""
    query = " ".join(query.split())
    if not name_domain.long_enough(query):
        return []
    live = (Entry.objects.filter(tournament=tournament).exclude(status=Entry.Status.UNREGISTERED)
            .select_related("player", "table", *related))
    found = list(live.filter(Q(player__name__icontains=query)
                             | Q(player__nickname__icontains=query))
                 .order_by("player__name", "-number")[:limit])
    if not found and name_domain.wants_fuzzy(query):
        keys = name_domain.fuzzy_keys(
            query, live.values_list("pk", "player__name", "player__nickname"), limit=limit)
        by_pk = live.in_bulk(keys)
        found = [by_pk[key] for key in keys if key in by_pk]
    return found
