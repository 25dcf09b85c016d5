"""Registration: players, buy-ins, re-entries, rebuys, add-ons, alternates, the file
import and the draw. Names and contacts are checked in ``contacts.py``; an entry taken
back (unregistered) and put back (reinstated) is ``unregister.py``'s.

Every action locks the tournament row, so two cashiers acting at once are
served one after the other and never draw the same seat; the database's
unique (table, seat) constraint is the last line of defence.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import F, Max
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.domain import reservations as reservations_domain
from tournament.floor_port import floor
from tournament.models import AuditEvent, Clock, Entry, Payment, Player, Reservation, Tournament
from tournament.selectors.money import prize_pool_fixed_reason
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, acting_user, lock_tournament, now
from tournament.services.clock import clock_state, tournament_levels
from tournament.services.contacts import (
    clean_email,
    clean_name,
    clean_phone,
    contact_column,
    new_player,
    player_contact_fill,
)
from tournament.services.events import day2_registration_closed_reason
from tournament.services.line_room import line_spot_pay, line_spot_seated, walk_up_refusal
from tournament.services.players import live_entries_named, name_key, similar_players

PLACE_PARKING = 1_000_000


class LookAlikeError(ServiceError):
    """A new name looks like known players: the desk asks whether it is one of them."""

    def __init__(self, players: list[Player]) -> None:
        super().__init__(_("These players look like the same person: pick one, or register "
                           "a new player."), field="name")
        self.players = players


def shift_places(tournament: Tournament, delta: int) -> None:
    """Entries that came in (or went) after a bust change the places of those out.

    A busted entry's place is one more than the number of entries that outlast
    it; during late registration and re-entry that number still grows. The
    shift goes through a parking range so the unique places hold at every row.
    """
    if delta == 0:
        return
    out = Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
    if not out.exists():
        return
    # NULL + delta stays NULL: only tied places move.
    out.update(finish_place=F("finish_place") + PLACE_PARKING,
               tied_place=F("tied_place") + delta)
    Entry.objects.filter(tournament=tournament, finish_place__gt=PLACE_PARKING).update(
        finish_place=F("finish_place") - PLACE_PARKING + delta)


def registration_closed_reason(tournament: Tournament) -> str | None:
    """Why registration is closed now, or None while it is open."""
    if tournament.status == Tournament.Status.FINISHED:
        return _("The tournament is finished.")
    if reason := day2_registration_closed_reason(tournament):
        return reason
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None or not clock.started:
        return None
    levels = tournament_levels(tournament)
    closes_at = clock_domain.late_registration_closes_at(levels, tournament.late_reg_end_level)
    if closes_at is not None and clock_state(clock).elapsed(now()) >= closes_at:
        return _("Late registration closed at the end of level %(level)s.") % {
            "level": tournament.late_reg_end_level
        }
    return None


def reservation_unused(tournament: Tournament, reservation_id: int) -> Reservation:
    """This tournament's reservation, locked; refused when it was cancelled or used already
    (by an entry still registered). Both using and cancelling start here."""
    reservation = (Reservation.objects.select_for_update(of=("self",)).select_related("entry")
                   .filter(tournament=tournament, pk=reservation_id).first())
    if reservation is None:
        raise ServiceError(_("That reservation does not exist in this tournament."))
    if reservation.cancelled_at is not None:
        raise ServiceError(_("%(name)s's reservation was cancelled.") % {"name": reservation.name})
    entry = reservation.entry
    if entry is not None and entry.status != Entry.Status.UNREGISTERED:
        raise ServiceError(_("This reservation was used already: %(name)s is entry #%(number)s.")
                           % {"name": reservation.name, "number": entry.number})
    return reservation


def reservation_to_use(tournament: Tournament, reservation_id: int) -> Reservation:
    """The reservation the desk is taking the money for, locked; refused when it is not
    this tournament's, was cancelled, has lapsed, or was used already."""
    reservation = reservation_unused(tournament, reservation_id)
    status = reservations_domain.reservation_status(
        used=False, expires_at=reservation.expires_at, registration_closed=False, now=now())
    if status == "expired":
        raise ServiceError(_("%(name)s's reservation lapsed at %(time)s: register them as a "
                             "new player.") % {"name": reservation.name,
                                               "time": localtime(reservation.expires_at)
                                               .strftime("%H:%M")})
    return reservation


@transaction.atomic
def player_create(*, actor: Actor, name: str, nickname: str = "", email: str = "", phone: str = "",
                  notes: str = "") -> AuditEvent:
    player = new_player(name=name, nickname=nickname, email=email, phone=phone, notes=notes)
    return record(tournament=None, actor=actor, kind=AuditEvent.Kind.PLAYER_CREATED,
                  payload={"player": player.pk, "name": player.name})


@transaction.atomic
def entry_register(
    *,
    actor: Actor,
    tournament_id: int,
    player_id: int | None = None,
    player_name: str | None = None,
    email: str = "",
    method: str = Payment.Method.CASH,
    needs_accessible_seat: bool = False,
    rng: random.Random | None = None,
    refuse_look_alikes: bool = False,
    line_spot_id: int | None = None,
    line_spot_seen: str | None = None,
    reservation_id: int | None = None,
) -> Entry:
    """Buy a player in (or re-enter them) and draw a random seat.

    With every seat taken the entry joins the waiting list (alternates) and is
    seated in order as seats open. A player who needs an accessible seat gets
    one when one is open (house rule 8 / TDA 2024 9).

    ``refuse_look_alikes``: a new name that looks like known players raises
    ``LookAlikeError`` instead. The check runs under the tournament's lock, so the
    same name sent twice at once registers once and asks the second time.

    ``line_spot_id``: a called alternate pays (``tournament.models.line``); the new
    player takes the name and contact given in line, and the spot leaves the line.
    Anyone else is refused while the cap is reached or alternates are in line.

    ``reservation_id``: the buy-in of a reservation made before the day (issue 23):
    its name, contact and language become the player's (an existing player picked
    at the desk keeps the contact they have and gains what was missing); the
    reservation is then used, and a second use is refused.
    """
    tournament = lock_tournament(tournament_id)
    if reason := registration_closed_reason(tournament) or prize_pool_fixed_reason(tournament):
        raise ServiceError(reason)
    if method not in Payment.Method.values:
        raise ServiceError(_("Choose a payment method."), field="method")
    spot = None
    if line_spot_id is not None:
        spot = line_spot_pay(tournament=tournament, spot_id=line_spot_id,
                             seen_status=line_spot_seen)
    elif reason := walk_up_refusal(tournament):
        raise ServiceError(reason)
    phone, language = "", ""
    reservation = None
    if reservation_id is not None:
        reservation = reservation_to_use(tournament, reservation_id)
        player_name, email = reservation.name, reservation.email
        phone, language = reservation.phone, reservation.language
    if spot is not None and player_id is None:
        player = new_player(name=spot.name, email=spot.email, phone=spot.phone)
        if spot.language:
            player.language = spot.language
            player.save(update_fields=["language"])
    elif player_id is not None:
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise ServiceError(_("That player does not exist."), field="player")
        if reservation is not None:
            player_contact_fill(player, email=email, phone=phone, language=language)
    else:
        if refuse_look_alikes and (alikes := similar_players(player_name or "")):
            raise LookAlikeError(alikes)
        player = new_player(name=player_name or "", email=email, phone=phone)
        if language:
            player.language = language
            player.save(update_fields=["language"])
    previous = list(Entry.objects.filter(tournament=tournament, player=player)
                    .exclude(status=Entry.Status.UNREGISTERED).values_list("status", flat=True))
    if any(status in Entry.LIVE_STATUSES for status in previous):
        raise ServiceError(_("%(name)s already has a live entry in this tournament.")
                           % {"name": player.name})
    attempt = len(previous) + 1
    if previous:
        if not tournament.re_entry_allowed:
            raise ServiceError(_("This tournament does not allow re-entries."))
        if tournament.re_entry_limit and attempt - 1 > tournament.re_entry_limit:
            raise ServiceError(_("%(name)s has used all %(limit)s re-entries.")
                               % {"name": player.name, "limit": tournament.re_entry_limit})
    number = (Entry.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1
    entry = Entry.objects.create(tournament=tournament, player=player, number=number,
                                 attempt=attempt, status=Entry.Status.WAITING,
                                 waiting_since=now(),
                                 needs_accessible_seat=bool(needs_accessible_seat))
    shift_places(tournament, +1)
    Payment.objects.create(entry=entry, tournament=tournament, kind=Payment.Kind.BUY_IN,
                           method=method, amount=tournament.buy_in, fee=tournament.fee,
                           bounty=tournament.bounty, chips=tournament.starting_stack,
                           actor=acting_user(actor))
    seated = floor().seat_entries(tournament=tournament, entries=[entry], rng=rng)
    payload = {
        "entry": entry.pk, "number": entry.number, "player": player.pk, "name": player.name,
        "player_created": player_id is None,
        "attempt": attempt, "table": seated.get(entry.pk, (None, None))[0],
        "seat": seated.get(entry.pk, (None, None))[1], "method": method,
    }
    if spot is not None:
        line_spot_seated(spot, entry)
        payload["line_spot"] = spot.pk
    if reservation is not None:
        reservation.entry, reservation.used_at = entry, now()
        reservation.save(update_fields=["entry", "used_at"])
        payload["reservation"] = reservation.pk
    balanced = None
    if seated and tournament.status == Tournament.Status.RUNNING:
        # Once hands are dealt, a newly opened table starts short: the plan
        # balances it at once (house rule 9-C), asking the floor for the
        # buttons it needs as a bust does. Before the start nothing moves:
        # the seats fill the fewest tables and the start balances once.
        balanced = floor().balance(tournament=tournament, cause=None, rng=rng, ask_buttons=True)
        if balanced.changed:
            payload["plan"] = balanced.summary
    event = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_REGISTERED,
                   payload=payload)
    if balanced is not None:
        floor().moves_caused_by(tournament=tournament, cause=event, moves=balanced.moves)
    entry.refresh_from_db()  # the seat's notice went with the seat (floor's seat_entries)
    return entry


@transaction.atomic
def entry_rebuy(*, actor: Actor, tournament_id: int, entry_id: int, addon: bool = False,
                method: str = Payment.Method.CASH) -> AuditEvent:
    """A rebuy (while registration is open) or an add-on, where the tournament allows it.

    Undone from the audit log by ``cashier.entry_rebuy_undo`` (the event keeps the payment).
    """
    if method not in Payment.Method.values:
        raise ServiceError(_("Choose a payment method."), field="method")
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status not in Entry.LIVE_STATUSES:
        raise ServiceError(_("Only a player still in the tournament can buy chips."))
    if reason := prize_pool_fixed_reason(tournament):
        raise ServiceError(reason)
    if addon:
        if not tournament.addon_allowed:
            raise ServiceError(_("This tournament has no add-on."))
        if entry.addons:
            raise ServiceError(_("This entry has taken its add-on already."))
        amount, chips, kind = tournament.addon_amount, tournament.addon_chips, Payment.Kind.ADDON
        entry.addons += 1
    else:
        if not tournament.rebuy_allowed:
            raise ServiceError(_("This tournament has no rebuys."))
        if reason := registration_closed_reason(tournament):
            raise ServiceError(reason)
        amount, chips, kind = tournament.rebuy_amount, tournament.rebuy_chips, Payment.Kind.REBUY
        entry.rebuys += 1
    entry.save(update_fields=["addons", "rebuys"])
    payment = Payment.objects.create(entry=entry, tournament=tournament, kind=kind,
                                     method=method, amount=amount, chips=chips,
                                     actor=acting_user(actor),
                                     bounty=0 if addon else tournament.bounty)  # a rebuy buys a bounty
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind(f"entry_{kind}"),
                  payload={"entry": entry.pk, "number": entry.number, "name": entry.player.name,
                           "amount": amount, "chips": chips, "method": method,
                           "payment": payment.pk})


@transaction.atomic
def entries_import(*, actor: Actor, tournament_id: int, names: list[str],
                   emails: list[str] | None = None, phones: list[str] | None = None,
                   method: str = Payment.Method.CASH) -> list[int]:
    """Pre-registration: buy many players in at once, unseated until the draw.

    Each name (with its email and phone, when given: one per name) becomes a
    new player and an entry on the waiting list with its buy-in paid.
    ``seats_draw`` then seats them all in one random draw. The desk's rule holds: a
    name of a player who already has a live entry here is refused (no second buy-in).
    """
    if method not in Payment.Method.values:
        raise ServiceError(_("Choose a payment method."), field="method")
    tournament = lock_tournament(tournament_id)
    if reason := registration_closed_reason(tournament):
        raise ServiceError(reason)
    if tournament.entry_cap is not None and (Entry.objects.filter(tournament=tournament).exclude(
            status=Entry.Status.UNREGISTERED).count() + len(names or ())) > tournament.entry_cap:
        raise ServiceError(_("This flight is capped at %(cap)s entries: the file has too many "
                             "players.") % {"cap": tournament.entry_cap})
    if not names or any(not " ".join((n or "").split()) for n in names):
        raise ServiceError(_("Every line needs a player's name."))
    emails = contact_column(emails, len(names), clean_email)
    phones = contact_column(phones, len(names), clean_phone)
    clean = [clean_name(n) for n in names]
    live = live_entries_named(tournament.pk, clean)
    if already := [n for n in clean if name_key(n) in live]:
        raise ServiceError(" ".join(
            _("%(name)s already has a live entry in this tournament.") % {"name": name}
            for name in dict.fromkeys(already)))
    at = now()
    players = Player.objects.bulk_create(
        [Player(name=n, email=e, phone=p) for n, e, p in zip(clean, emails, phones, strict=True)],
        batch_size=1000)
    start = (Entry.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1
    entries = Entry.objects.bulk_create(
        [Entry(tournament=tournament, player=p, number=start + i, status=Entry.Status.WAITING,
               waiting_since=at) for i, p in enumerate(players)], batch_size=1000)
    shift_places(tournament, len(entries))
    user = acting_user(actor)
    Payment.objects.bulk_create(
        [Payment(entry=e, tournament=tournament, kind=Payment.Kind.BUY_IN, method=method,
                 amount=tournament.buy_in, fee=tournament.fee, bounty=tournament.bounty,
                 chips=tournament.starting_stack, actor=user) for e in entries], batch_size=1000)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRIES_IMPORTED,
           payload={"count": len(entries), "first": start, "last": start + len(entries) - 1})
    return [e.pk for e in entries]


@transaction.atomic
def seats_draw(*, actor: Actor, tournament_id: int, rng: random.Random | None = None) -> int:
    """Seat everyone on the waiting list in one random draw over the fewest tables.

    House rule 6: seats are drawn at random; counts stay as even as possible.
    Returns how many were seated; the rest stay on the waiting list.
    """
    tournament = lock_tournament(tournament_id)
    waiting = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.WAITING)
                   .order_by("waiting_since", "number").values_list("pk", flat=True))
    if not waiting:
        raise ServiceError(_("Nobody is waiting for a seat."))
    seated = floor().seat_entries(tournament=tournament, entries_ids=waiting, rng=rng)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.SEATS_DRAWN,
           payload={"seated": len(seated), "waiting": len(waiting) - len(seated)})
    return len(seated)


@transaction.atomic
def entry_set_accessible(*, actor: Actor, tournament_id: int, entry_id: int, needed: bool) -> AuditEvent:
    """House rule 8 / TDA 2024 9: the player keeps an accessible seat (moved only to another)."""
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    before = entry.needs_accessible_seat
    entry.needs_accessible_seat = needed
    entry.save(update_fields=["needs_accessible_seat"])
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_ACCESSIBLE_SET,
                  payload={"entry": entry.pk, "name": entry.player.name, "before": before,
                           "after": needed})
