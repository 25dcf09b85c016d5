"""Reading reservations: the desk's panel and lookup, a reservation's own page, the API.

Each reader costs a fixed number of queries whatever the number of reservations.
``registration_closed`` is passed in (the caller asked the clock once): every
reservation lapses when late registration closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q

from tournament.domain import reservations as rules
from tournament.models import Entry, Reservation, Tournament
from tournament.player_links import token_reservation

DESK_ROWS = 20


def status_of(reservation: Reservation, *, registration_closed: bool, now: datetime) -> str:
    """active, used, expired or cancelled (a registration taken back frees it again)."""
    if reservation.cancelled_at is not None:
        return "cancelled"
    entry = reservation.entry
    used = entry is not None and entry.status != Entry.Status.UNREGISTERED
    return rules.reservation_status(used=used, expires_at=reservation.expires_at,
                                    registration_closed=registration_closed, now=now)


@dataclass
class DeskReservations:
    """The desk's panel: the reservations found (or the latest active ones) and the counts."""

    rows: list[Reservation] = field(default_factory=list)
    active: int = 0
    used: int = 0
    lookup: str = ""
    # A scanned or typed code that named one reservation no longer usable: why.
    not_usable: Reservation | None = None


def desk_reservations(tournament: Tournament, typed: str, *, registration_closed: bool,
                      now: datetime) -> DeskReservations:
    """What the desk's lookup field found (a scanned link, a code or a name), else the
    latest active reservations; three queries."""
    lookup = rules.desk_lookup(typed[:300])
    base = Reservation.objects.filter(tournament=tournament).select_related("entry")
    active_now = Q(entry__isnull=True) | Q(entry__status=Entry.Status.UNREGISTERED)
    active_now &= Q(cancelled_at__isnull=True) & (Q(expires_at__isnull=True)
                                                  | Q(expires_at__gt=now))
    counts = {"active": 0, "used": 0}
    if not registration_closed:
        counts["active"] = Reservation.objects.filter(active_now, tournament=tournament).count()
    counts["used"] = Reservation.objects.filter(
        tournament=tournament, entry__isnull=False).exclude(
        entry__status=Entry.Status.UNREGISTERED).count()
    panel = DeskReservations(active=counts["active"], used=counts["used"], lookup=lookup.text)
    if lookup.kind == "token":
        found = token_reservation(lookup.value)
        rows = list(base.filter(pk=found[1])) if found and found[0] == tournament.pk else []
    elif lookup.kind == "code":
        rows = list(base.filter(Q(code=lookup.value) | Q(name__icontains=lookup.text))
                    .order_by("-made_at")[:DESK_ROWS])
    elif lookup.kind == "name":
        rows = list(base.filter(name__icontains=lookup.text).order_by("-made_at")[:DESK_ROWS])
    else:
        rows = [] if registration_closed else list(
            base.filter(active_now).order_by("-made_at")[:DESK_ROWS])
    for reservation in rows:
        reservation.status = status_of(reservation, registration_closed=registration_closed,
                                       now=now)
    if lookup.kind in ("token", "code") and len(rows) == 1 and rows[0].status != "active":
        panel.not_usable = rows[0]
    panel.rows = rows
    return panel


def reservation_for_page(tournament_id: int, reservation_id: int) -> Reservation | None:
    """A reservation with its tournament and entry, for its own page (one query)."""
    return (Reservation.objects.select_related("tournament", "entry")
            .filter(tournament_id=tournament_id, pk=reservation_id).first())
