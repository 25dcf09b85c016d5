"""Dealers of the venue: the roster, shifts, and the rotation applied.

The rules are the pure engine's (``tables.domain.dealers``); these services
load the room (open tables of every running tournament, dealers on shift),
ask the engine, persist its answer with the ledger (downs, breaks) and write
one audit event per action (``tournament=None``: the roster is the venue's).
Every change takes the venue's lock (the ``DealerRules`` row) and bumps the
dealers' version on commit, which the coordinator's board and the dealers'
phones poll.

Tables change, the rotation follows: ``dealers_follow`` frees the dealer of a
table that broke and gives a dealer to a table that opened; it runs on commit
after every table change of the floor (``follow_on_commit``, registered in
``TablesConfig.ready()``), so the floor's services need no change.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils import formats
from django.utils.translation import gettext as _

from tables.domain import dealers as rot
from tables.models import Dealer, DealerBreak, DealerDown, DealerRules, DealerShift, Table
from tournament.domain import clock as clock_domain
from tournament.models import AuditEvent, Clock, Tournament
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, clock_state, now, tournament_levels

log = logging.getLogger(__name__)

VERSION_KEY = "dealers:version"
GAMES = tuple(Tournament.Game.values)
NAME_MAX, NAME_ZH_MAX, PHONE_MAX = 80, 40, 32
#: How early a push may be confirmed before its time (dealers walk to the table).
CONFIRM_EARLY = timedelta(minutes=2)

#: Table changes of the floor that the rotation follows (and their undo).
FOLLOW_KINDS = frozenset({
    "entry_busted", "entry_bust_undone", "entry_registered", "entry_reinstated",
    "seats_drawn", "day2_drawn", "day2_withdrawn", "day_ended", "day_resumed", "tables_added",
    "tables_removed", "tables_restored", "tables_balanced", "move_done", "hand_for_hand",
    "clock_start", "clock_start_undone", "undo",
})


# --- Reading the room ---------------------------------------------------------------------


def dealers_version() -> int:
    """The id of the latest dealers' event (0 before any): what the board polls."""
    version = cache.get(VERSION_KEY)
    if version is None:
        version = AuditEvent.objects.filter(kind__startswith="dealer").aggregate(
            m=Max("id"))["m"] or 0
        cache.add(VERSION_KEY, version, timeout=24 * 3600)
    return version


def version_bump_on_commit(event: AuditEvent) -> None:
    transaction.on_commit(lambda: cache.set(VERSION_KEY, event.pk, timeout=24 * 3600))


def rules_row() -> DealerRules:
    return DealerRules.objects.get_or_create(pk=1)[0]


def rules_read() -> DealerRules:
    """The venue's rules for a screen: the defaults, unsaved, until a change writes the row
    (a read writes nothing)."""
    return DealerRules.objects.filter(pk=1).first() or DealerRules(pk=1)


def venue_lock() -> DealerRules:
    """The venue's lock: every dealer change is taken one at a time."""
    rules_row()
    return DealerRules.objects.select_for_update().get(pk=1)


def rules_of(row: DealerRules) -> rot.Rules:
    return rot.Rules(down=timedelta(minutes=row.down_minutes), min_downs=row.min_downs,
                     max_downs=row.max_downs, break_length=timedelta(minutes=row.break_minutes),
                     quiet=timedelta(seconds=row.quiet_seconds))


def next_boundaries(tournaments: Iterable[Tournament], at: datetime
                    ) -> dict[int, tuple[datetime, ...]]:
    """Each running clock's next level change or break (house RP-7's quiet minutes)."""
    clocks = {c.tournament_id: c for c in Clock.objects.filter(
        tournament__in=[t.pk for t in tournaments])}
    marks: dict[int, tuple[datetime, ...]] = {}
    for tournament in tournaments:
        clock = clocks.get(tournament.pk)
        if clock is None or not clock.running:
            continue
        levels = tournament_levels(tournament)
        if not levels:
            continue
        reading = clock_domain.clock_at(levels, clock_state(clock).elapsed(at))
        if reading.next_level_index is not None:
            marks[tournament.pk] = (at + timedelta(seconds=reading.seconds_left),)
    return marks


def load_room(at: datetime) -> tuple[rot.Room, dict[int, Table], dict[int, Dealer]]:
    """The engine's input: the open tables of every running tournament, the
    dealers on shift, the clocks' next boundaries and hand-for-hand."""
    tables = {t.pk: t for t in Table.objects.filter(
        status=Table.Status.OPEN, tournament__status=Tournament.Status.RUNNING
    ).select_related("tournament").order_by("tournament_id", "number")}
    dealers = {d.pk: d for d in Dealer.objects.exclude(status=Dealer.Status.OFF)}
    tournaments = {t.tournament_id: t.tournament for t in tables.values()}
    room = rot.Room(
        tables=tuple(rot.OpenTable(t.pk, t.tournament_id, t.tournament.game, str(t.number))
                     for t in tables.values()),
        dealers=tuple(_domain(d) for d in dealers.values()),
        boundaries=next_boundaries(tournaments.values(), at),
        held=frozenset(pk for pk, t in tournaments.items() if t.hand_for_hand),
    )
    return room, tables, dealers


def _domain(row: Dealer) -> rot.Dealer:
    return rot.Dealer(row.pk, frozenset(row.games or GAMES), status=row.status,
                      table=row.table_id, since=row.since, due=row.due, until=row.until,
                      stint=row.stint, last_table=row.last_table_id, early_out=row.early_out)


def _persist(before: dict[int, rot.Dealer], after: Iterable[rot.Dealer],
             rows: dict[int, Dealer], tables: dict[int, Table], at: datetime) -> list[int]:
    """Write the dealers the engine changed, with the ledger's downs and breaks."""
    changed: list[Dealer] = []
    for new in after:
        old = before.get(new.key)
        if old == new:
            continue
        row = rows[new.key]
        if old is not None and old.status == rot.DEALING and (
                new.status != rot.DEALING or new.table != old.table):
            DealerDown.objects.filter(dealer=row, ended_at__isnull=True).update(
                ended_at=new.since or at)
        if new.status == rot.DEALING and (old is None or old.table != new.table
                                          or old.status != rot.DEALING):
            table = tables[new.table]
            DealerDown.objects.create(dealer=row, table=table, tournament_id=table.tournament_id,
                                      started_at=new.since)
        if new.status == rot.BREAK and (old is None or old.status != rot.BREAK):
            DealerBreak.objects.create(dealer=row, started_at=new.since, until=new.until)
        row.status, row.table_id, row.since, row.due, row.until = (
            new.status, new.table, new.since, new.due, new.until)
        row.stint, row.last_table_id, row.early_out = new.stint, new.last_table, new.early_out
        changed.append(row)
    if changed:
        # A push chain moves dealers between tables: clear first (one dealer per table).
        Dealer.objects.filter(pk__in=[row.pk for row in changed]).update(table=None)
        Dealer.objects.bulk_update(changed, ["status", "table", "since", "due", "until", "stint",
                                             "last_table", "early_out"])
    return [row.pk for row in changed]


def _follow(room: rot.Room, tables: dict[int, Table], rows: dict[int, Dealer], rules: rot.Rules,
            at: datetime) -> dict:
    """Free the dealers of tables that closed, fill the tables without a dealer."""
    before = {d.key: d for d in room.dealers}
    freed = []
    open_keys = {t.key for t in room.tables}
    for dealer in list(room.dealers):
        if dealer.status == rot.DEALING and dealer.table not in open_keys:
            room = replace(room, tables=room.tables + (rot.OpenTable(dealer.table, 0),))
            room, line = rot.table_closed(room, dealer.table, at, rules)
            freed.append(dealer.key)
    lines, after, waiting = rot.fill(room, rules, at)
    _persist(before, after, rows, tables, at)
    return {"freed": freed, "filled": [[line.dealer, line.table] for line in lines],
            "waiting": sorted(k for s in waiting for k in s.tables)}


def _record(actor: Actor, kind: AuditEvent.Kind, payload: dict) -> AuditEvent:
    event = record(tournament=None, actor=actor, kind=kind, payload=payload)
    version_bump_on_commit(event)
    return event


# --- The roster -------------------------------------------------------------------------


def _games(games: Iterable[str]) -> list[str]:
    chosen = sorted(set(games))
    if not chosen or any(g not in GAMES for g in chosen):
        raise ServiceError(_("Choose the games the dealer deals."), field="games")
    return chosen


@transaction.atomic
def dealer_add(*, actor: Actor, name: str, name_zh: str = "", games: Iterable[str] = ("nlhe",),
               language: str = "en", phone: str = "") -> Dealer:
    """A dealer joins the venue's roster (shared by every tournament)."""
    venue_lock()
    name, name_zh, phone = name.strip(), name_zh.strip(), phone.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise ServiceError(_("A name has 1 to %(max)s characters.") % {"max": NAME_MAX},
                           field="name")
    if len(name_zh) > NAME_ZH_MAX:
        raise ServiceError(_("A Chinese name has at most %(max)s characters.")
                           % {"max": NAME_ZH_MAX}, field="name_zh")
    if len(phone) > PHONE_MAX:
        raise ServiceError(_("A phone number has at most %(max)s characters.")
                           % {"max": PHONE_MAX}, field="phone")
    if language not in Dealer.Language.values:
        raise ServiceError(_("Choose English or Chinese."), field="language")
    dealer = Dealer.objects.create(name=name, name_zh=name_zh, games=_games(games),
                                   language=language, phone=phone)
    _record(actor, AuditEvent.Kind.DEALER_ADDED, {"dealer": dealer.pk, "name": name, "name_zh": name_zh,
                                    "games": dealer.games})
    return dealer


def _dealer(dealer_id: int) -> Dealer:
    dealer = Dealer.objects.filter(pk=dealer_id, active=True).first()
    if dealer is None:
        raise ServiceError(_("There is no such dealer."))
    return dealer


@transaction.atomic
def dealer_clock_in(*, actor: Actor, dealer_id: int, via: str = DealerShift.Via.DESK) -> AuditEvent:
    """A dealer clocks in (at the desk or by their own link) and joins the pool;
    a table waiting for a dealer takes them at once."""
    rules = rules_of(venue_lock())
    dealer = _dealer(dealer_id)
    if dealer.status != Dealer.Status.OFF:
        raise ServiceError(_("%(name)s is on shift already.") % {"name": dealer})
    at = now()
    DealerShift.objects.create(dealer=dealer, clocked_in_at=at, via_in=via)
    dealer.status, dealer.since, dealer.stint, dealer.early_out = Dealer.Status.OUT, at, 0, False
    dealer.table = dealer.due = dealer.until = None
    dealer.save(update_fields=["status", "since", "stint", "early_out", "table", "due", "until"])
    room, tables, rows = load_room(at)
    followed = _follow(room, tables, rows, rules, at)
    return _record(actor, AuditEvent.Kind.DEALER_CLOCKED_IN, {"dealer": dealer.pk, "via": via, **followed})


@transaction.atomic
def dealer_clock_out(*, actor: Actor, dealer_id: int, via: str = DealerShift.Via.DESK,
                     early: bool = False) -> AuditEvent:
    """A dealer clocks out (``early``: sent home from the early-out list). A
    dealer at a table leaves it at once: the table takes the next dealer."""
    rules = rules_of(venue_lock())
    dealer = _dealer(dealer_id)
    if dealer.status == Dealer.Status.OFF:
        raise ServiceError(_("%(name)s is not on shift.") % {"name": dealer})
    at = now()
    table = dealer.table_id
    DealerDown.objects.filter(dealer=dealer, ended_at__isnull=True).update(ended_at=at)
    DealerShift.objects.filter(dealer=dealer, clocked_out_at__isnull=True).update(
        clocked_out_at=at, via_out=via, early_out=early)
    dealer.status, dealer.table, dealer.due, dealer.until = Dealer.Status.OFF, None, None, None
    dealer.early_out = False
    dealer.save(update_fields=["status", "table", "due", "until", "early_out"])
    room, tables, rows = load_room(at)
    followed = _follow(room, tables, rows, rules, at)
    return _record(actor, AuditEvent.Kind.DEALER_CLOCKED_OUT, {"dealer": dealer.pk, "via": via,
                                                 "early": early, "table": table, **followed})


@transaction.atomic
def dealer_early_out_set(*, actor: Actor, dealer_id: int, on: bool) -> AuditEvent:
    """Put a dealer on the early-out list (they go in after everyone else), or off it."""
    venue_lock()
    dealer = _dealer(dealer_id)
    if dealer.status == Dealer.Status.OFF:
        raise ServiceError(_("%(name)s is not on shift.") % {"name": dealer})
    dealer.early_out = on
    dealer.save(update_fields=["early_out"])
    return _record(actor, AuditEvent.Kind.DEALER_EARLY_OUT, {"dealer": dealer.pk, "on": on})


# --- The rotation -------------------------------------------------------------------------


@transaction.atomic
def dealers_follow(*, actor: Actor=None) -> AuditEvent | None:
    """Tables changed: a table that broke frees its dealer at once, a table that
    opened (new tables, the final-table redraw, a Day 2 draw) takes one. Records
    an event only when a dealer moved or a table waits."""
    if not Dealer.objects.exclude(status=Dealer.Status.OFF).exists():
        return None
    rules = rules_of(venue_lock())
    at = now()
    room, tables, rows = load_room(at)
    followed = _follow(room, tables, rows, rules, at)
    if not followed["freed"] and not followed["filled"]:
        return None
    return _record(actor, AuditEvent.Kind.DEALERS_FOLLOWED, followed)


def _follow_after_commit() -> None:
    try:
        dealers_follow(actor=None)
    except Exception:  # a committed table change never fails for the dealers' sake
        log.exception("dealers_follow failed; the board's next action catches up")


def follow_on_commit(event: AuditEvent) -> None:
    """After a table change of the floor commits, the rotation follows (once per commit)."""
    if event.kind not in FOLLOW_KINDS and not event.kind.endswith("_undone"):
        return
    from django.db import connection

    # Once per block: several table events of one action follow once.
    current = set(connection.savepoint_ids)
    if any(item[1] is _follow_after_commit and set(item[0]) == current
           for item in connection.run_on_commit):
        return
    transaction.on_commit(_follow_after_commit)


def push_time_label(at: datetime) -> str:
    return formats.time_format(at.astimezone(), "H:i")


@transaction.atomic
def dealer_push_confirm(*, actor: Actor, expected_at: datetime) -> AuditEvent:
    """One tap: the next push happened as the board showed it.

    Refused when the push changed since the board was drawn (a table broke, a
    dealer clocked out) or is not due yet.
    """
    rules = rules_of(venue_lock())
    at = now()
    room, tables, rows = load_room(at)
    followed = _follow(room, tables, rows, rules, at)
    room, tables, rows = load_room(at) if followed["freed"] or followed["filled"] else (
        room, tables, rows)
    push = rot.next_push(room, rules, at)
    if push.at is None:
        raise ServiceError(_("There is no push to confirm."))
    if abs((push.at - expected_at).total_seconds()) >= 1:
        raise ServiceError(_("The push changed since this screen was drawn: it is now at "
                             "%(at)s. Look again and confirm.") % {"at": push_time_label(push.at)})
    if push.at > at + CONFIRM_EARLY:
        raise ServiceError(_("The push at %(at)s is not due yet.")
                           % {"at": push_time_label(push.at)})
    before = {d.key: d for d in room.dealers}
    _persist(before, push.dealers, rows, tables, push.at)
    return _record(actor, AuditEvent.Kind.DEALER_PUSH, {
        "at": push.at.isoformat(),
        "lines": [[line.kind, line.dealer, line.table] for line in push.lines],
        **followed})


@transaction.atomic
def dealer_swap(*, actor: Actor, table_id: int, dealer_id: int) -> AuditEvent:
    """The coordinator puts a dealer at a table by hand; the engine keeps the rest.

    The dealer relieved goes back to the pool (their stint goes on); the new
    one starts a down now. Refused for a dealer who does not deal the table's
    game, is dealing elsewhere, or is on break.
    """
    rules = rules_of(venue_lock())
    at = now()
    room, tables, rows = load_room(at)
    table = tables.get(table_id)
    if table is None:
        raise ServiceError(_("That table is not in play."))
    dealer = rows.get(dealer_id)
    if dealer is None:
        raise ServiceError(_("That dealer is not on shift."))
    if dealer.status == Dealer.Status.DEALING:
        raise ServiceError(_("%(name)s is dealing table %(number)s.")
                           % {"name": dealer, "number": dealer.table.number})
    if dealer.status == Dealer.Status.BREAK and dealer.until and dealer.until > at:
        raise ServiceError(_("%(name)s is on break until %(at)s.")
                           % {"name": dealer, "at": push_time_label(dealer.until)})
    if table.tournament.game not in (dealer.games or GAMES):
        raise ServiceError(_("%(name)s does not deal this game.") % {"name": dealer})
    before = {d.key: d for d in room.dealers}
    after = []
    relieved = next((d for d in room.dealers if d.status == rot.DEALING and d.table == table_id),
                    None)
    if relieved is not None:
        after.append(replace(relieved, status=rot.OUT, table=None, since=at, due=None))
    incoming = before[dealer_id]
    after.append(replace(incoming, status=rot.DEALING, table=table_id, since=at,
                         due=at + rules.down, until=None, early_out=False,
                         stint=(0 if incoming.status == rot.BREAK else incoming.stint) + 1,
                         last_table=table_id))
    _persist(before, after, rows, tables, at)
    return _record(actor, AuditEvent.Kind.DEALER_SWAPPED, {"table": table_id, "number": table.number,
                                             "dealer": dealer_id,
                                             "relieved": relieved.key if relieved else None})
