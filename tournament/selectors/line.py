"""Reads of the alternate line (``tournament.models.line``), each in a fixed number of queries.

``line_page``: one place in line as its player's phone shows it (no one else's name
or contact). ``desk_line``: everyone in line for the desk, in order.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q

from tournament.domain import line as line_domain
from tournament.models import Entry, LineSpot


def line_page(tournament_id: int, spot_id: int, at: datetime) -> dict[str, Any] | None:
    """A place in line, or None: four queries whatever the size of the field or the line
    (the spot with its tournament and entry's table, the places ahead, the recent busts,
    the tournament's clock-free state)."""
    spot = (LineSpot.objects.select_related("tournament", "entry__table")
            .only("pk", "name", "status", "joined_at", "called_at", "call_deadline", "ended_at",
                  "language", "tournament__id", "tournament__name", "tournament__status",
                  "tournament__line_call_minutes", "entry__number", "entry__status",
                  "entry__seat", "entry__table__number", "entry__tournament_id")
            .filter(pk=spot_id, tournament_id=tournament_id).first())
    if spot is None:
        return None
    context: dict[str, Any] = {"spot": spot, "tournament": spot.tournament, "position": None,
                               "estimate_minutes": None, "seconds_left": None}
    if spot.status == LineSpot.Status.WAITING:
        ahead = LineSpot.objects.filter(
            Q(joined_at__lt=spot.joined_at) | Q(joined_at=spot.joined_at, pk__lt=spot.pk),
            tournament_id=tournament_id, status=LineSpot.Status.WAITING).count()
        context["position"] = ahead + 1
        busts = list(Entry.objects.filter(
            tournament_id=tournament_id, status=Entry.Status.BUSTED,
            busted_at__gte=at - line_domain.ESTIMATE_WINDOW).values_list("busted_at", flat=True))
        wait = line_domain.estimated_wait(position=ahead + 1, busts=busts, now=at)
        if wait is not None:
            context["estimate_minutes"] = line_domain.wait_minutes_rounded(wait)
    elif spot.status == LineSpot.Status.CALLED:
        context["seconds_left"] = max(0, int((spot.call_deadline - at).total_seconds()))
        context["countdown"] = countdown_text(context["seconds_left"])
    return context


def countdown_text(seconds: int) -> str:
    """Minutes and seconds left, as the page's script goes on counting them ("4:05")."""
    return f"{seconds // 60}:{seconds % 60:02d}"


DESK_LINE_SHOWN = 200


def desk_line(tournament_id: int, at: datetime) -> dict[str, Any]:
    """Who is in line (in order) and who is called (with the seconds left): two queries.
    The first ``DESK_LINE_SHOWN`` are listed; the count says how many more."""
    spots = list(LineSpot.objects.filter(tournament_id=tournament_id,
                                         status__in=LineSpot.OPEN_STATUSES)
                 .only("pk", "name", "phone", "email", "status", "joined_at", "called_at",
                       "call_deadline")
                 .order_by("joined_at", "id")[:DESK_LINE_SHOWN])
    total = (len(spots) if len(spots) < DESK_LINE_SHOWN else
             LineSpot.objects.filter(tournament_id=tournament_id,
                                     status__in=LineSpot.OPEN_STATUSES).count())
    called, waiting = [], []
    for spot in spots:
        if spot.status == LineSpot.Status.CALLED:
            spot.seconds_left = max(0, int((spot.call_deadline - at).total_seconds()))
            spot.countdown = countdown_text(spot.seconds_left)
            called.append(spot)
        else:
            spot.position = len(waiting) + 1
            waiting.append(spot)
    return {"called": called, "waiting": waiting, "more": total - len(spots),
            "spots": spots}
