"""What the floor shows, read in a fixed number of queries whatever the field size."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tables.domain.seating import Table as SeatingTable
from tables.models import Move, Table
from tournament.models import Entry, Tournament


def floor_context(tournament: Tournament) -> dict[str, Any]:
    """Every open table with its seats and roles, and the moves to make: three queries."""
    tables = list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN))
    entries = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                   .select_related("player").only("pk", "number", "seat", "table_id",
                                                  "wait_for_button", "player__name"))
    pending = list(Move.objects.filter(tournament=tournament, status=Move.Status.PENDING)
                   .select_related("entry__player", "from_table", "to_table")
                   .order_by("created_at", "id"))
    moving_in = {(m.to_table_id, m.to_seat) for m in pending}
    by_table: dict[int, dict[int, Entry]] = {t.pk: {} for t in tables}
    for e in entries:
        by_table.setdefault(e.table_id, {})[e.seat] = e
    largest = max((len(s) for s in by_table.values()), default=0)
    grid = []
    for t in tables:
        seated = by_table.get(t.pk, {})
        domain = SeatingTable(number=t.number, capacity=t.capacity,
                              seats={s: e.pk for s, e in seated.items()}, button=t.button)
        seats = [{"number": n, "entry": seated.get(n), "moving_in": (t.pk, n) in moving_in,
                  "role": domain.role_of(n)} for n in range(1, t.capacity + 1)]
        grid.append({"table": t, "seats": seats, "count": len(seated),
                     "short": largest - len(seated) >= 3})
    return {"tournament": tournament, "grid": grid, "pending": pending,
            "players_left": len(entries), "shared_break_orders": shared_break_orders(tables)}


def shared_break_orders(tables: list[Table]) -> list[dict[str, Any]]:
    """Break orders set by the director that two or more open tables share.

    The default 0 everywhere means "highest number first" (house 9-B); a set
    value given twice is likely a slip, and the floor is shown which tables tie.
    """
    counts = Counter(t.break_order for t in tables if t.break_order)
    return [{"order": order, "tables": [t.number for t in tables if t.break_order == order]}
            for order in sorted(counts, reverse=True) if counts[order] > 1]
