"""The floor console's reads: a section's tables and moves, the players without a seat,
the seat editor, the recent moves for the clock screens, the hand a bust would share."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext as _

from tables.domain.table import Table as SeatingTable
from tables.explain import move_facts
from tables.models import Move, Table
from tables.services.state import age_of, current_level
from tournament.models import AuditEvent, Entry, Tournament
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.selectors.push import entries_with_push
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
    mark_push([e for seats in by_table.values() for e in seats.values()])  # one query
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
            # A balance waits for these tables' buttons (tables.services.plans).
            "buttons_wanted": [row for row in grid if row["table"].button_wanted],
            "players_left": room_players, "section": (first, last) if sectioned else None,
            # Start hand-for-hand, or end it: the bubble burst (a fixed number of queries).
            "bubble": hand_for_hand_bubble(tournament),
            "shared_break_orders": shared_break_orders(tables)}


def mark_push(entries: list[dict[str, Any]]) -> None:
    """Each seated entry's row says whether its phone hears of a move (``push``)."""
    with_push = entries_with_push(e["pk"] for e in entries)
    for e in entries:
        e["push"] = e["pk"] in with_push


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

