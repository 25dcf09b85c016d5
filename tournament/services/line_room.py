"""The alternate line's room, and the desk's rules that follow from it.

Read by the registration desk (``services/registration.py``: a walk-up is refused
while alternates wait or the cap is reached; a called alternate pays through the
normal buy-in) and by the line's own services (``services/line.py``). Kept apart
from ``line.py`` because the line's services register players, so registration
cannot import them.
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from tournament.domain import line as line_domain
from tournament.floor_port import floor
from tournament.models import Clock, Entry, LineSpot, PushSubscription, Tournament
from tournament.services.base import ServiceError, now


def line_room(tournament: Tournament) -> line_domain.Room:
    """Room for new entries now (three queries): under the cap, and once play runs, in
    the open seats after the paid waiting list."""
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        entries=Count("pk", filter=~Q(status=Entry.Status.UNREGISTERED)),
        seated=Count("pk", filter=Q(status=Entry.Status.SEATED)),
        waiting=Count("pk", filter=Q(status=Entry.Status.WAITING)))
    running = Clock.objects.filter(tournament=tournament, started=True).exists()
    seats = 0
    if running:
        seats = sum(capacity - len(blocked or ()) for capacity, blocked in
                    floor().open_tables(tournament).values_list("capacity", "blocked_seats"))
    return line_domain.room(cap=tournament.entry_cap, entries=counts["entries"],
                            running=running, seats=seats, seated=counts["seated"],
                            waiting=counts["waiting"])


def walk_up_refusal(tournament: Tournament) -> str | None:
    """Why the desk may not buy in a player who is not a called alternate, or None.

    The cap holds, and while alternates wait or are called, their places are theirs.
    """
    if tournament.entry_cap is not None:
        entries = Entry.objects.filter(tournament=tournament).exclude(
            status=Entry.Status.UNREGISTERED).count()
        if entries >= tournament.entry_cap:
            return _("This flight is full (%(cap)s entries): add the player to the alternate "
                     "line.") % {"cap": tournament.entry_cap}
    if LineSpot.objects.filter(tournament=tournament,
                               status__in=LineSpot.OPEN_STATUSES).exists():
        return _("Alternates are in line: add the player to the line, or buy in the called "
                 "alternate from the line.")
    return None


def line_spot_pay(*, tournament: Tournament, spot_id: int, seen_status: str | None) -> LineSpot:
    """The called alternate the desk buys in (the tournament already locked).

    ``seen_status``: the spot's status on the desk's screen; a screen that no longer
    says what is true is refused, nothing written.
    """
    spot = LineSpot.objects.select_for_update().filter(tournament=tournament,
                                                       pk=spot_id).first()
    if spot is None:
        raise ServiceError(_("That place in the line does not exist."))
    if seen_status is not None and seen_status != spot.status:
        raise ServiceError(_("%(name)s is no longer as your screen shows (now: %(status)s): "
                             "the desk is shown again as it is.")
                           % {"name": spot.name, "status": spot.get_status_display()})
    if spot.status != LineSpot.Status.CALLED:
        raise ServiceError(_("Only a called alternate can pay and be seated: %(name)s is "
                             "%(status)s.") % {"name": spot.name,
                                               "status": spot.get_status_display()})
    if tournament.entry_cap is not None and Entry.objects.filter(tournament=tournament).exclude(
            status=Entry.Status.UNREGISTERED).count() >= tournament.entry_cap:
        raise ServiceError(_("This flight is full (%(cap)s entries): raise the cap to seat "
                             "%(name)s.") % {"cap": tournament.entry_cap, "name": spot.name})
    return spot


def line_spot_seated(spot: LineSpot, entry: Entry) -> None:
    """The paid alternate leaves the line; the phone that followed the line follows the entry."""
    spot.status, spot.entry, spot.ended_at = LineSpot.Status.SEATED, entry, now()
    spot.save(update_fields=["status", "entry", "ended_at"])
    PushSubscription.objects.filter(spot=spot).update(entry=entry)
