"""Drawing seats for entries (house rules 6 and 7 / TDA 2024 7 and 8)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tables.domain import seating
from tables.models import Table
from tables.services.state import (
    domain_tables,
    open_tables,
    system_rng,
    tables_in_play,
    write_seats,
)
from tournament.models import Entry, Tournament
from tournament.runtime.broker import seat_notice_on_commit
from tournament.services.push import seated_push_on_commit


def seat_entries(
    *,
    tournament: Tournament,
    entries: Sequence[Entry] = (),
    entries_ids: Sequence[int] = (),
    rng: random.Random | None = None,
) -> dict[int, tuple[int, int]]:
    """Draw random open seats for waiting entries; returns {entry id: (table, seat)}.

    Called inside the caller's transaction, with the tournament row locked.
    Entries that find no seat stay on the waiting list. Every player seated here
    with an email is sent their seat once the caller commits (a buy-in, the draw,
    an alternate taking a freed seat): every path that seats sends the notice.
    """
    ids = [e.pk for e in entries] or list(entries_ids)
    if not ids:
        return {}
    tables = open_tables(tournament)
    by_number = domain_tables(tables, tournament)
    seated_now = sum(t.count for t in by_number.values())
    candidates = tables_in_play(by_number, seated_now + len(ids))
    rng = rng or system_rng()
    result = seating.seat_randomly_detailed(ids, candidates, rng)
    needs_access = set(Entry.objects.filter(pk__in=ids, needs_accessible_seat=True)
                       .values_list("pk", flat=True))
    if needs_access:
        result = seating.accessible_first(result, candidates, needs_access, rng)
    table_ids = {t.number: t.pk for t in tables}
    write_seats((a.entry, table_ids[a.table], a.seat, a.wait_for_button)
                for a in result.assignments)
    opened = {a.table for a in result.assignments if not by_number[a.table].count}
    if opened and tournament.status == Tournament.Status.RUNNING:
        # A table that opens while play runs has dealt no hand: a balance into it
        # draws the seat instead of asking for its button (``Table.fresh``).
        Table.objects.filter(pk__in=[table_ids[n] for n in opened]).update(fresh=True)
    seated = {a.entry: (a.table, a.seat) for a in result.assignments}
    for entry_id in (Entry.objects.filter(pk__in=list(seated)).exclude(player__email="")
                     .order_by("number").values_list("pk", flat=True)):
        seat_notice_on_commit(entry_id)
    seated_push_on_commit(seated)  # and every subscribed phone
    return seated


def seat_waiting_list(*, tournament: Tournament, rng: random.Random | None = None,
                      limit: int | None = None) -> dict[int, tuple[int, int]]:
    """Seat alternates in the order they joined, as far as seats are open (at most
    ``limit`` of them: one seat freed seats one alternate).

    A step of the caller's action (a bust, an unregistration, a table added):
    what it seated goes into the caller's audit event, not an event of its own.
    """
    waiting = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.WAITING)
                   .order_by("waiting_since", "number").values_list("pk", flat=True)
                   [:limit])
    if not waiting:
        return {}
    return seat_entries(tournament=tournament, entries_ids=waiting, rng=rng)


def seated_payload(seated: dict[int, tuple[int, int]]) -> dict:
    """What a seating step put in its action's audit event."""
    return {"entries": list(seated), "seats": [list(v) for v in seated.values()]}
