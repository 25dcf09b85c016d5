"""Undo from the audit log: each undoable action has its inverse, written as a new event."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEvent
from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION
from tournament.services.base import ServiceError

# Which roles may undo which kind of event (DESIGN §8).
UNDOABLE = {
    "entry_registered": (DIRECTOR, REGISTRATION),
    "entry_unregistered": (DIRECTOR,),
    "entry_moved": (DIRECTOR, FLOOR),
    "entry_busted": (DIRECTOR, FLOOR),
    "chips_counted": (DIRECTOR, FLOOR),
    "chips_bagged": (DIRECTOR, FLOOR),
}


@transaction.atomic
def event_undo(*, actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Apply the inverse of one logged action; the original is marked undone by it."""
    from tables.services import floor
    from tournament.services import registration

    event = AuditEvent.objects.select_for_update().filter(
        pk=event_id, tournament_id=tournament_id).first()
    if event is None or event.kind not in UNDOABLE:
        raise ServiceError(_("That action cannot be undone."))
    if event.undone_by_id:
        raise ServiceError(_("That action is undone already."))
    if event.kind in ("chips_counted", "chips_bagged"):
        from tournament.services.counts import chip_counts_undo

        return chip_counts_undo(actor=actor, tournament_id=tournament_id, event_id=event_id)
    entry_id = event.payload["entry"]
    if event.kind == "entry_registered":
        registration.entry_unregister(actor=actor, tournament_id=tournament_id,
                                      entry_id=entry_id, correcting=True)
    elif event.kind == "entry_unregistered":
        registration.entry_reinstate(actor=actor, tournament_id=tournament_id, entry_id=entry_id)
    elif event.kind == "entry_moved":
        table, seat = event.payload["from"]
        floor.entry_move(actor=actor, tournament_id=tournament_id, entry_id=entry_id,
                         table_number=table, seat=seat)
    else:
        floor.entry_bust_undo(actor=actor, tournament_id=tournament_id, entry_id=entry_id)
        event.refresh_from_db()
        return event.undone_by
    inverse = AuditEvent.objects.filter(tournament_id=tournament_id).order_by("-id").first()
    event.undone_by = inverse
    event.save(update_fields=["undone_by"])
    return inverse
