"""What the floor shows, read in a fixed number of queries whatever the field size."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables.domain import dealers as rot
from tables.domain.seating import Table as SeatingTable
from tables.explain import explain_move, move_facts
from tables.models import Dealer, DealerBreak, DealerDown, DealerShift, Move, Table
from tables.services.buttons import age_of, current_level
from tables.services.dealers import dealers_version, load_room, rules_of, rules_read
from tournament.models import Advance, AuditEvent, ChipCount, Entry, Flight, Tournament
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.selectors.money import prizes_due
from tournament.services.base import now

DEFAULT_SECTION = 40  # tables shown before a floor person picks a section


def _url_maker(name: str, tournament_id: int):
    """``number -> url`` for a route whose last argument varies: reversed once, not per row."""
    sentinel = 2_147_483_647
    prefix, _sentinel, suffix = reverse(name, args=[tournament_id, sentinel]).rpartition(
        str(sentinel))
    return lambda number: f"{prefix}{number}{suffix}"


def floor_context(tournament: Tournament, *, first: int | None = None,
                  last: int | None = None) -> dict[str, Any]:
    """The open tables of a section (tables ``first`` to ``last``) with their seats and roles,
    and the moves to make there, in a fixed number of queries whatever the room's size.

    A section keeps a festival room of 560 tables off a phone; the room's
    largest table still decides which are short. The rows come ready to print
    (names, roles, addresses): what the page costs follows the tables shown,
    at a few microseconds a seat.
    """
    in_section = Q()
    if first is not None:
        in_section &= Q(number__gte=first)
    if last is not None:
        in_section &= Q(number__lte=last)
    sectioned = first is not None or last is not None
    at = now()
    tables = Table.objects.filter(in_section, tournament=tournament, status=Table.Status.OPEN)
    if not sectioned:
        # Nothing chosen on this device yet: the first tables, not the whole room.
        tables = list(tables[:DEFAULT_SECTION + 1])
        if len(tables) > DEFAULT_SECTION:
            tables, sectioned = tables[:DEFAULT_SECTION], True
            first, last = tables[0].number, tables[-1].number
    else:
        tables = list(tables)
    seated_rows = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED,
                                        table__in=[t.pk for t in tables])
                   .values_list("pk", "seat", "table_id", "player__name", "wait_for_button"))
    pending = list(Move.objects.filter(tournament=tournament, status=Move.Status.PENDING)
                   .filter(Q(from_table__in=tables) | Q(to_table__in=tables))
                   .select_related("entry__player", "from_table", "to_table")
                   .order_by("created_at", "id"))
    moving_in = {(m.to_table_id, m.to_seat) for m in pending}
    by_table: dict[int, dict[int, dict[str, Any]]] = {t.pk: {} for t in tables}
    for pk, seat, table_id, name, waits in seated_rows:
        by_table.setdefault(table_id, {})[seat] = {"pk": pk, "name": name, "waits": waits}
    # Room-wide counts whether or not a section is shown: the same queries at any size.
    counts = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                  .values("table_id").annotate(n=Count("id")).values_list("n", flat=True))
    largest, room_players = max(counts, default=0), sum(counts)
    level = current_level(tournament, at)  # once for every table's button age
    dialog_url = _url_maker("seat_dialog", tournament.pk)
    button_url = _url_maker("table_button", tournament.pk)
    order_url = _url_maker("table_break_order", tournament.pk)
    seats_url = _url_maker("table_seats", tournament.pk)
    remove_url = _url_maker("table_remove", tournament.pk)
    grid = []
    for t in tables:
        seated = by_table.get(t.pk, {})
        # A player waiting for the button to pass (house 7 and 9 / TDA 2024 8 and 10) is
        # not dealt in: the blinds are read without them, and their seat says they wait,
        # as their move does (``tables.explain``).
        domain = SeatingTable(number=t.number, capacity=t.capacity,
                              seats={s: e["pk"] for s, e in seated.items() if not e["waits"]},
                              button=t.button)
        blocked, accessible = set(t.blocked_seats or ()), set(t.accessible_seats or ())
        seats = []
        for n in range(1, t.capacity + 1):
            entry = seated.get(n)
            if entry is not None:
                entry["url"] = dialog_url(entry["pk"])
            waits = entry is not None and entry["waits"]
            seats.append({"number": n, "entry": entry, "moving_in": (t.pk, n) in moving_in,
                          "role": "" if waits else domain.role_of(n), "waits": waits,
                          "blocked": n in blocked,
                          "accessible": n in accessible})
        grid.append({"table": t, "seats": seats, "count": len(seated),
                     # Nobody sits or is moving there: the director may take it away.
                     "removable": not seated and not any(s["moving_in"] for s in seats),
                     "short": largest - len(seated) >= 3,
                     "button": age_of(t, tournament, at, level),
                     "button_url": button_url(t.number), "order_url": order_url(t.number),
                     "seats_url": seats_url(t.number), "remove_url": remove_url(t.number)})
    return {"tournament": tournament, "grid": grid, "pending": pending,
            **unseated_players(tournament),
            # A balance waits for these tables' buttons (tables.services.buttons).
            "buttons_wanted": [row for row in grid if row["table"].button_wanted],
            "players_left": room_players, "section": (first, last) if sectioned else None,
            # Start hand-for-hand, or end it: the bubble burst (a fixed number of queries).
            "bubble": hand_for_hand_bubble(tournament),
            "shared_break_orders": shared_break_orders(tables)}


UNSEATED_SHOWN = 20


def unseated_players(tournament: Tournament, limit: int = UNSEATED_SHOWN) -> dict[str, Any]:
    """Live players without a seat (alternates, a re-entry made while every seat was
    taken), first come first, each with the address that seats them: the floor never
    loses one. Two queries whatever the number waiting."""
    waiting = Entry.objects.filter(tournament=tournament, status=Entry.Status.WAITING)
    rows = list(waiting.order_by("waiting_since", "number")
                .values_list("pk", "number", "player__name")[:limit])
    seat_url = _url_maker("entry_seat_now", tournament.pk)
    count = len(rows) if len(rows) < limit else waiting.count()
    return {"unseated": [{"pk": pk, "number": number, "name": name, "url": seat_url(pk)}
                         for pk, number, name in rows],
            "unseated_count": count}


def table_removal_problem(tournament: Tournament, table_number: int) -> str | None:
    """Why the table cannot be removed (``tables_remove`` refuses the same), asked before
    the director is asked to confirm; two queries at most."""
    table = Table.objects.filter(tournament=tournament, number=table_number).first()
    if table is None:
        return _("There is no table %(number)s.") % {"number": table_number}
    if Entry.objects.filter(table=table, status=Entry.Status.SEATED).exists():
        return _("Table %(number)s is not empty: players sit there.") % {"number": table_number}
    if Move.objects.filter(to_table=table, status=Move.Status.PENDING).exists():
        return _("Players are moving to table %(number)s: it is not empty.") % {
            "number": table_number}
    return None


def seat_editor(tournament: Tournament, table_number: int) -> dict[str, Any] | None:
    """An open table's seats as the director's seat editor shows them: blocked,
    accessible, and who sits there (a seat taken cannot be blocked). Two queries."""
    table = Table.objects.filter(tournament=tournament, number=table_number,
                                 status=Table.Status.OPEN).first()
    if table is None:
        return None
    names = dict(Entry.objects.filter(table=table, status=Entry.Status.SEATED)
                 .values_list("seat", "player__name"))
    blocked, accessible = set(table.blocked_seats or ()), set(table.accessible_seats or ())
    return {"table": table, "seats": [
        {"number": n, "name": names.get(n), "blocked": n in blocked, "accessible": n in accessible}
        for n in range(1, table.capacity + 1)]}


def shared_break_orders(tables: list[Table]) -> list[dict[str, Any]]:
    """Break orders set by the director that two or more open tables share.

    The default 0 everywhere means "highest number first" (house 9-B); a set
    value given twice is likely a slip, and the floor is shown which tables tie.
    """
    counts = Counter(t.break_order for t in tables if t.break_order)
    return [{"order": order, "tables": [t.number for t in tables if t.break_order == order]}
            for order in sorted(counts, reverse=True) if counts[order] > 1]


MOVES_SHOWN = 6


def recent_moves(tournament_id: int, limit: int = MOVES_SHOWN) -> dict[str, Any]:
    """The newest moves for the TV, one line per player (their latest move), and how
    many players' pending moves did not fit.

    A withdrawn move, or the move of a player since busted or unregistered, is
    not shown. Two queries whatever the number of moves.
    """
    moves = (Move.objects.filter(tournament_id=tournament_id)
             .exclude(status=Move.Status.CANCELLED)
             .exclude(entry__status__in=(Entry.Status.BUSTED, Entry.Status.UNREGISTERED)))
    # A player's latest move (moves are numbered in the order they were made)
    # hides their earlier ones: the TV never shows a player twice.
    latest = moves.exclude(Exists(
        Move.objects.filter(entry_id=OuterRef("entry_id"), pk__gt=OuterRef("pk"))
        .exclude(status=Move.Status.CANCELLED)))
    rows = list(
        latest.order_by("-created_at", "-id")
        .values("entry__player__name", "from_table__number", "from_seat",
                "to_table__number", "to_seat", "status", "reason", "random_pick",
                "before_first_hand", "rule", "broken_table", "no_accessible_seat",
                "wait_for_button")[:limit]
    )
    pending = latest.filter(status=Move.Status.PENDING).count()
    pending_shown = sum(1 for row in rows if row["status"] == Move.Status.PENDING)
    return {
        # The facts every screen explains a move from (``tables.explain.explain_move``).
        "moves": [
            {"name": r["entry__player__name"], "from": [r["from_table__number"], r["from_seat"]],
             "to": [r["to_table__number"], r["to_seat"]], "done": r["status"] == Move.Status.DONE,
             # House 9-C / TDA 11: the mover was the player due the big blind next.
             "big_blind_rule": r["reason"] == Move.Reason.BALANCE and not r["random_pick"],
             **move_facts(reason=r["reason"], from_table=r["from_table__number"],
                          broken_table=r["broken_table"], random_pick=r["random_pick"],
                          rule=r["rule"], no_accessible_seat=r["no_accessible_seat"],
                          before_first_hand=r["before_first_hand"],
                          wait_for_button=r["wait_for_button"])}
            for r in rows
        ],
        "moves_more": pending - pending_shown,
    }


PLAYER_MOVES_SHOWN = 10


def player_page(tournament_id: int, entry_id: int) -> dict[str, Any] | None:
    """What a player's own page shows (``tables.views.players``), or None for no such entry.

    A fixed number of queries, whatever the field size: the entry with its
    table, tournament and flight; its moves (newest ten) with their reasons;
    its current count; its place in line when waiting; its prize when placed;
    its Day 2 seat when bagged. Only this player's name: never anyone's contact.
    """
    entry = (Entry.objects.select_related("player", "table", "tournament")
             .only("pk", "number", "attempt", "status", "seat", "wait_for_button",
                   "waiting_since", "finish_place", "tied_place", "payout", "payout_paid",
                   "player__name", "table__number", "tournament__id", "tournament__name",
                   "tournament__status")
             .filter(pk=entry_id, tournament_id=tournament_id).first())
    if entry is None:
        return None
    tournament = entry.tournament
    moves = []
    pending = None
    for move in (Move.objects.filter(entry_id=entry.pk).exclude(status=Move.Status.CANCELLED)
                 .select_related("from_table", "to_table").order_by("-id")[:PLAYER_MOVES_SHOWN]):
        row = {"from_table": move.from_table.number, "from_seat": move.from_seat,
               "to_table": move.to_table.number, "to_seat": move.to_seat,
               "why": explain_move(move), "at": move.created_at,
               "pending": move.status == Move.Status.PENDING,
               "wait_for_button": move.wait_for_button}
        if row["pending"] and pending is None:
            pending = row
        moves.append(row)
    count = (ChipCount.objects.filter(entry_id=entry.pk, current=True)
             .values("chips", "counted_at", "bag").first())
    flight = Flight.objects.filter(tournament_id=tournament.pk).values("status").first()
    bagged = bool(flight and flight["status"] in (Flight.Status.BAGGING, Flight.Status.BAGGED)
                  and entry.status != Entry.Status.BUSTED and count and count["bag"])
    context: dict[str, Any] = {
        "tournament": tournament, "entry": entry, "name": entry.player.name,
        "moves": moves, "pending": pending, "count": count, "bagged": bagged,
        "day2": None, "line_place": None, "prize": None, "section": None,
    }
    if entry.status == Entry.Status.SEATED and entry.table_id:
        first = (entry.table.number - 1) // DEFAULT_SECTION * DEFAULT_SECTION + 1
        context["section"] = (first, first + DEFAULT_SECTION - 1)
    if entry.status == Entry.Status.WAITING:
        ahead = Entry.objects.filter(tournament_id=tournament.pk, status=Entry.Status.WAITING)
        if entry.waiting_since is not None:
            ahead = ahead.filter(Q(waiting_since__lt=entry.waiting_since)
                                 | Q(waiting_since=entry.waiting_since, number__lt=entry.number))
        else:
            ahead = ahead.filter(number__lt=entry.number)
        context["line_place"] = ahead.count() + 1
    if entry.finish_place is not None:
        context["prize"] = prizes_due(tournament).get(entry.pk) or None
    if bagged:
        advance = (Advance.objects.filter(from_entry_id=entry.pk)
                   .select_related("to_entry__table", "event")
                   .only("chips", "bag", "to_entry__number", "to_entry__seat",
                         "to_entry__status", "to_entry__tournament_id",
                         "to_entry__table__number", "event__day2_id").first())
        if advance is not None:
            context["day2"] = {"chips": advance.chips, "bag": advance.bag,
                               "tournament_id": advance.event.day2_id,
                               "entry": advance.to_entry}
    return context


def hand_out_at_table(tournament: Tournament, table_number: int) -> list[dict[str, Any]]:
    """The players already out at this table in the hand a bust here would share (the hand in
    play in hand-for-hand, else the last bust's): the seat dialog asks their starting stacks
    beside the player's own (issue 21). Two queries at most."""
    busted = Entry.objects.filter(tournament=tournament, status=Entry.Status.BUSTED,
                                  finish_place__isnull=False)
    if tournament.hand_for_hand:
        rows = list(busted.filter(bust_hand=tournament.hand_number)
                    .values("pk", "player__name", "chips", "finish_place"))
    else:
        rows = list(busted.order_by("-busted_at", "-pk")
                    .values("pk", "player__name", "chips", "finish_place")[:1])
    if not rows:
        return []
    tables = dict(AuditEvent.objects.filter(
        tournament=tournament, kind="entry_busted", undone_by__isnull=True,
        payload__entry__in=[r["pk"] for r in rows]).values_list("payload__entry",
                                                                "payload__table"))
    return [{"entry": r["pk"], "name": r["player__name"], "chips": r["chips"],
             "place": r["finish_place"]} for r in rows if tables.get(r["pk"]) == table_number]


# --- Dealers: the coordinator's board, a dealer's own page, the payroll (issue 24) ---------
# The board asks the pure engine (``tables.domain.dealers.plan``) over the room as
# stored: tables, dealers, clocks and each running tournament's levels, whatever the size.


def _hm(at: datetime | None) -> str:
    return timezone.localtime(at).strftime("%H:%M") if at else ""


def reason_text(line: rot.Line) -> str:
    params = {k: (_hm(v) if isinstance(v, datetime) else v) for k, v in line.params}
    template = rot.REASONS.get(line.reason, "")
    return _(template) % params if template else ""


def shortage_text(shortage: rot.Shortage) -> str:
    """"3 tables without a relief dealer at 14:30" (``rot.SHORTAGES``)."""
    values = {"count": shortage.count, "at": _hm(shortage.at)}
    if shortage.kind == "waiting":
        return ngettext("%(count)s table waiting for a dealer at %(at)s",
                        "%(count)s tables waiting for a dealer at %(at)s", shortage.count) % values
    return ngettext("%(count)s table without a relief dealer at %(at)s",
                    "%(count)s tables without a relief dealer at %(at)s", shortage.count) % values


def dealer_board(*, first: int | None = None, last: int | None = None, at: datetime | None = None
          ) -> dict:
    """The coordinator's board: the next push, each table's dealer now and next, the
    breaks with their return times, the pool, the early-out list, shortages."""
    at = at or timezone.now()
    rules_row = rules_read()
    rules = rules_of(rules_row)
    room, tables, rows = load_room(at)
    plan = rot.plan(room, rules, at)
    name = {pk: str(d) for pk, d in rows.items()}
    now_at = {d.table_id: d for d in rows.values() if d.status == Dealer.Status.DEALING}
    fill_at = {line.table: line.dealer for line in plan.fills}
    push_to = {line.table: line for line in plan.push.lines if line.kind == "push"}
    after_push = {line.dealer: line for line in plan.push.lines if line.kind in ("break", "pool")}
    section = [t for t in tables.values()
               if (first is None or t.number >= first) and (last is None or t.number <= last)]
    sectioned = first is not None or last is not None
    if not sectioned and len(section) > DEFAULT_SECTION:
        section, sectioned = section[:DEFAULT_SECTION], True
    table_rows = []
    for table in section:
        dealer = now_at.get(table.pk)
        nxt = push_to.get(table.pk)
        table_rows.append({
            "pk": table.pk, "number": table.number, "tournament": table.tournament.name,
            "dealer": str(dealer) if dealer else "", "until": _hm(dealer.due) if dealer else "",
            "waiting": dealer is None, "fill": name.get(fill_at.get(table.pk), ""),
            "next": name.get(nxt.dealer, "") if nxt else "",
            "next_why": reason_text(nxt) if nxt else "",
            "then": (after_push[dealer.pk].kind if dealer and dealer.pk in after_push else ""),
        })
    out = sorted((d for d in rows.values() if d.status == Dealer.Status.OUT),
                 key=lambda d: (d.early_out, d.since or at))
    breaks = sorted((d for d in rows.values() if d.status == Dealer.Status.BREAK),
                    key=lambda d: d.until or at)
    early = [rows[k] for k in plan.early_out if k in rows]
    return {
        "at": at, "rules": rules, "rules_row": rules_row, "version": dealers_version(),
        "push_at": plan.push.at, "push_at_label": _hm(plan.push.at),
        "push_iso": plan.push.at.isoformat() if plan.push.at else "",
        "push_count": len(push_to), "push_due": plan.push.at is not None and plan.push.at <= at
        + timedelta(minutes=2),
        "tables": table_rows, "tables_total": len(tables), "section": (first, last)
        if sectioned else None,
        "waiting": sum(1 for t in tables if t not in now_at),
        "breaks": [{"dealer": d, "until": _hm(d.until)} for d in breaks],
        "pool": [{"dealer": d, "since": _hm(d.since), "early_out": d.early_out} for d in out],
        "early_out": early, "shortages": [shortage_text(s) for s in plan.shortages],
        "dealers_on_shift": len(rows),
        "off_shift": list(Dealer.objects.filter(active=True, status=Dealer.Status.OFF)
                          .order_by("name")[:1000]),
        "roster": list(Dealer.objects.filter(active=True).order_by("name")[:1000]),
    }


def dealer_page(dealer: Dealer, *, at: datetime | None = None) -> dict:
    """A dealer's own page: where they are now and what comes next
    ("Table 57 at 14:30, then break until 15:20")."""
    at = at or timezone.now()
    now_line = next_line = then_line = ""
    if dealer.status == Dealer.Status.DEALING and dealer.table_id:
        now_line = _("Table %(number)s now, until %(at)s") % {
            "number": dealer.table.number, "at": _hm(dealer.due)}
    elif dealer.status == Dealer.Status.BREAK:
        now_line = _("On break until %(at)s") % {"at": _hm(dealer.until)}
    elif dealer.status == Dealer.Status.OUT:
        now_line = _("In the pool since %(at)s") % {"at": _hm(dealer.since)}
    else:
        now_line = _("Off shift")
    if dealer.status != Dealer.Status.OFF:
        rules = rules_of(rules_read())
        room, tables, _rows = load_room(at)
        plan = rot.plan(room, rules, at)
        for line in plan.fills + plan.push.lines:
            if line.dealer != dealer.pk:
                continue
            if line.kind in ("push", "fill"):
                next_line = _("Table %(number)s at %(at)s") % {
                    "number": tables[line.table].number, "at": _hm(line.at)}
            elif line.kind == "break":
                then_line = _("then break until %(at)s") % {"at": _hm(line.until)}
            elif line.kind == "pool" and line.reason == "to_pool":
                then_line = _("then back to the pool at %(at)s") % {"at": _hm(line.at)}
    return {"dealer": dealer, "now_line": now_line, "next_line": next_line,
            "then_line": then_line, "version": dealers_version()}


def dealer_ledger(day: date) -> list[dict]:
    """Payroll: downs per dealer per tournament on ``day``, breaks taken and early-outs.
    Four queries whatever the number of dealers."""
    start = timezone.make_aware(datetime.combine(day, time.min))
    end = start + timedelta(days=1)
    downs = (DealerDown.objects.filter(started_at__gte=start, started_at__lt=end)
             .values("dealer_id", "tournament_id", "tournament__name")
             .annotate(n=Count("id")).order_by("dealer_id", "tournament_id"))
    breaks = dict(DealerBreak.objects.filter(started_at__gte=start, started_at__lt=end)
                  .values_list("dealer_id").annotate(n=Count("id")))
    early = dict(DealerShift.objects.filter(clocked_out_at__gte=start, clocked_out_at__lt=end)
                 .values_list("dealer_id").annotate(n=Count("id", filter=Q(early_out=True))))
    per: dict[int, list] = defaultdict(list)
    for row in downs:
        per[row["dealer_id"]].append(row)
    ids = set(per) | set(breaks) | {k for k, v in early.items() if v}
    names = {d.pk: d for d in Dealer.objects.filter(pk__in=ids)}
    lines = []
    for pk in sorted(ids, key=lambda k: (names[k].name, k)):
        for row in per.get(pk) or [{"tournament_id": None, "tournament__name": "", "n": 0}]:
            lines.append({"dealer": pk, "name": names[pk].name, "name_zh": names[pk].name_zh,
                          "day": day.isoformat(), "tournament": row["tournament_id"],
                          "tournament_name": row["tournament__name"], "downs": row["n"],
                          "breaks": breaks.get(pk, 0), "early_outs": early.get(pk, 0)})
    return lines
