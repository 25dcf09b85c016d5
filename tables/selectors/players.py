"""A player's own page (``tables.views.players``), read in a fixed number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from tables.explain import explain_move
from tables.models import Move
from tables.selectors.floor import DEFAULT_SECTION
from tournament.models import Advance, ChipCount, Entry, Flight
from tournament.player_links import player_page_path
from tournament.selectors.money import prizes_due

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
                               "entry": advance.to_entry,
                               # The Day 2 entry's own page: a signed link of Day 1's form.
                               "page": player_page_path(tournament_id=advance.event.day2_id,
                                                        entry_id=advance.to_entry_id)}
    return context

