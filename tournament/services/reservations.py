"""Reservations before the day (issue 23, item 3): made by a player on the public page or
at the entrance kiosk, cancelled by the desk; the desk's buy-in uses one
(``registration.entry_register(reservation_id=...)``). The kiosk's opening and closing
are recorded here too.

No money is taken: a reservation is a name, a contact and a language, so the desk
types nothing but the payment.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import reservations as rules
from tournament.models import AuditEvent, Reservation
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.contacts import clean_email, clean_name, clean_phone
from tournament.services.players import name_key, similar_players
from tournament.services.registration import registration_closed_reason, reservation_unused

# A bound on what an anonymous page can add to one tournament (a festival's biggest
# flight is a few thousand players).
RESERVATIONS_MAX = 10_000
LOOK_ALIKES_KEPT = 3


def language_codes() -> set[str]:
    return {code for code, _name in settings.LANGUAGES}


@transaction.atomic
def reservation_create(*, actor: Actor, tournament_id: int, name: str, email: str = "",
                       phone: str = "", language: str = "en", at_kiosk: bool = False,
                       rng: random.Random | None = None) -> Reservation:
    """Reserve an entry: name, email or phone, language. Refused when the tournament's
    public page is closed (the kiosk, opened by staff, works without it), registration
    has closed, or the tournament has ``RESERVATIONS_MAX`` already.

    The same name with the same contact, still active, is the same reservation: it is
    answered again, nothing new is written (a player who lost their page gets it back).
    Names are checked against the known players with the desk's look-alike rule; the
    names found are kept for the desk, never shown to the public.
    """
    tournament = lock_tournament(tournament_id)
    if not (tournament.reservations_open or at_kiosk):
        raise ServiceError(_("This tournament takes no reservations: register at the desk."))
    if reason := registration_closed_reason(tournament):
        raise ServiceError(reason)
    name = clean_name(name)
    email, phone = clean_email((email or "").strip()), clean_phone((phone or "").strip())
    if not (email or phone):
        raise ServiceError(_("Give an email address or a phone number, so the desk can reach "
                             "you."), field="email")
    if language not in language_codes():
        raise ServiceError(_("Choose a language."), field="language")
    at = now()
    key = name_key(name)
    for same in Reservation.objects.filter(tournament=tournament, name__iexact=name,
                                           entry__isnull=True, cancelled_at__isnull=True):
        alive = rules.reservation_status(used=False, expires_at=same.expires_at,
                                         registration_closed=False, now=at) == "active"
        if alive and name_key(same.name) == key and (same.email, same.phone) == (email, phone):
            return same
    if Reservation.objects.filter(tournament=tournament).count() >= RESERVATIONS_MAX:
        raise ServiceError(_("This tournament has all the reservations it can take: register "
                             "at the desk."))
    rng = rng or random.SystemRandom()
    taken = set(Reservation.objects.filter(tournament=tournament).values_list("code", flat=True))
    code = rules.reservation_code(rng)
    while code in taken:
        code = rules.reservation_code(rng)
    reservation = Reservation.objects.create(
        tournament=tournament, name=name, email=email, phone=phone, language=language,
        code=code, at_kiosk=at_kiosk, made_at=at,
        expires_at=rules.reservation_expires_at(at, tournament.reservation_hold_hours),
        look_alikes=[p.name for p in similar_players(name, limit=LOOK_ALIKES_KEPT)])
    # The contact stays out of the log and the webhooks: the desk reads it from the row.
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.RESERVATION_MADE,
           payload={"reservation": reservation.pk, "name": name, "language": language,
                    "at_kiosk": at_kiosk, "look_alikes": len(reservation.look_alikes),
                    "expires_at": reservation.expires_at.isoformat()
                    if reservation.expires_at else None})
    return reservation


@transaction.atomic
def reservation_cancel(*, actor: Actor, tournament_id: int, reservation_id: int
                       ) -> Reservation:
    """The desk cancels a reservation not used (a player who called off, a duplicate)."""
    tournament = lock_tournament(tournament_id)
    reservation = reservation_unused(tournament, reservation_id)
    reservation.cancelled_at = now()
    reservation.save(update_fields=["cancelled_at"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.RESERVATION_CANCELLED,
           payload={"reservation": reservation.pk, "name": reservation.name})
    return reservation


@transaction.atomic
def kiosk_start(*, actor: Actor, tournament_id: int) -> AuditEvent:
    """A staff member turns a tablet at the entrance into this tournament's kiosk."""
    tournament = lock_tournament(tournament_id)
    if reason := registration_closed_reason(tournament):
        raise ServiceError(reason)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.KIOSK_STARTED,
                  payload={"reservations": Reservation.objects.filter(
                      tournament=tournament).count()})


@transaction.atomic
def kiosk_end(*, actor: Actor, tournament_id: int, made: int) -> AuditEvent:
    """A staff member takes the tablet back; ``made``: reservations it took meanwhile."""
    tournament = lock_tournament(tournament_id)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.KIOSK_ENDED,
                  payload={"made": max(0, int(made))})
