"""An entry taken back and put back: the director's unregistration (or a registration
made by mistake, undone) with its refund, and its undo, the reinstatement, which takes the
money again and gives the seat back; neither while only two players are left."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.floor_port import floor
from tournament.models import AuditEvent, Clock, Entry, Payment, Tournament
from tournament.runtime.broker import seat_notice_on_commit
from tournament.selectors.money import prize_pool_fixed_reason
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, acting_user, lock_tournament, now
from tournament.services.push import seated_push_on_commit
from tournament.services.registration import registration_closed_reason, shift_places


def last_two_reason(tournament: Tournament) -> str | None:
    """Why no entry can be taken back now (a refund, or an undone registration), or None.

    Only a bust finishes a tournament (the last player standing wins): once it has
    started, taking back one of the last two players would leave it running with
    one player or none, and nobody to bust. Two queries.
    """
    if not Clock.objects.filter(tournament=tournament, started=True).exists():
        return None
    if Entry.objects.filter(tournament=tournament, status__in=Entry.LIVE_STATUSES).count() > 2:
        return None
    return _("Only two players are left: neither can be taken back now, or the tournament "
             "could never finish. Record a bust instead.")


@transaction.atomic
def entry_unregister(*, actor: Actor, tournament_id: int, entry_id: int,
                     rng: random.Random | None = None, correcting: bool = False,
                     refund_method: str | None = None) -> AuditEvent:
    """Director: take an entry back and refund it, before the start or during late registration.

    ``correcting`` undoes a registration made by mistake, whenever it was made.
    Once the tournament has started, the one seat it frees goes to the first player
    on the waiting list (in the event's payload under ``seated``); before the start
    the waiting list waits for the director's draw (house rule 6). Once it has
    started, none of the last two players can be taken back: only a bust finishes
    a tournament, and it would be left running with one player or none.

    The money goes back by the method it came in by (a card buy-in to the card, one
    refund row per method), or all of it by ``refund_method`` when the desk chooses one;
    the cash report follows the rows.
    """
    if refund_method is not None and refund_method not in Payment.Method.values:
        raise ServiceError(_("Choose how the refund is paid."), field="refund_method")
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player", "table").filter(
        tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    if entry.status not in Entry.LIVE_STATUSES:
        raise ServiceError(_("Only a live entry can be unregistered."))
    if not correcting and (reason := registration_closed_reason(tournament)):
        raise ServiceError(_("Unregistering is possible only while registration is open. %(reason)s")
                           % {"reason": reason})
    if reason := prize_pool_fixed_reason(tournament):
        raise ServiceError(reason)
    if reason := last_two_reason(tournament):
        raise ServiceError(reason)
    before = {"status": entry.status, "table": entry.table.number if entry.table else None,
              "seat": entry.seat}
    entry.status = Entry.Status.UNREGISTERED
    entry.table, entry.seat, entry.wait_for_button = None, None, False
    entry.save(update_fields=["status", "table", "seat", "wait_for_button"])
    shift_places(tournament, -1)
    payments = list(entry.payments.all())
    paid = sum(p.amount for p in payments)
    fees = sum(p.fee for p in payments)
    bounties = sum(p.bounty for p in payments)
    # The refund takes the money out of the pool; the entry's chips leave play
    # with its status (chips in play count live and busted entries only).
    by_method: dict[str, list[int]] = {}
    for p in payments:
        held = by_method.setdefault(refund_method or p.method, [0, 0, 0])
        held[0] += p.amount
        held[1] += p.fee
        held[2] += p.bounty
    user = acting_user(actor)
    refunds = [Payment.objects.create(entry=entry, tournament=tournament,
                                      kind=Payment.Kind.REFUND, method=method, amount=-amount,
                                      fee=-fee, bounty=-bounty, actor=user)
               for method, (amount, fee, bounty) in by_method.items()
               if amount or fee or bounty] or [
        Payment.objects.create(entry=entry, tournament=tournament, kind=Payment.Kind.REFUND,
                               method=refund_method or Payment.Method.CASH, actor=user)]
    floor().moves_cancel(tournament=tournament, entry=entry)
    started = Clock.objects.filter(tournament=tournament, started=True).exists()
    seated = (floor().seat_waiting_list(tournament=tournament, rng=rng, limit=1)
              if started and before["status"] == Entry.Status.SEATED else None)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_UNREGISTERED,
                  payload={"entry": entry.pk, "number": entry.number, "name": entry.player.name,
                           "refund": paid + fees + bounties, "amount": paid, "fee": fees,
                           "bounty": bounties, **before,
                           "refunds": {p.method: -(p.amount + p.fee + p.bounty) for p in refunds},
                           "refund_payments": [p.pk for p in refunds],
                           "seated": seated})


@transaction.atomic
def entry_reinstate(*, actor: Actor, tournament_id: int, entry_id: int,
                    rng: random.Random | None = None,
                    unregistered_event_id: int | None = None) -> AuditEvent:
    """Undo an unregistration: the buy-in is taken again and the entry gets its seat back.

    The seat of the unregistration (``unregistered_event_id``, else the
    latest) if it is still open, else a fresh random seat (or the waiting list).
    """
    tournament = lock_tournament(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None or entry.status != Entry.Status.UNREGISTERED:
        raise ServiceError(_("Only an unregistered entry can be reinstated."))
    if Entry.objects.filter(tournament=tournament, player=entry.player,
                            status__in=Entry.LIVE_STATUSES).exists():
        raise ServiceError(_("%(name)s already has a live entry in this tournament.")
                           % {"name": entry.player.name})
    if reason := prize_pool_fixed_reason(tournament):  # the pool and every place would move
        raise ServiceError(reason)
    events = AuditEvent.objects.filter(tournament=tournament, kind=AuditEvent.Kind.ENTRY_UNREGISTERED,
                                       payload__entry=entry.pk)
    if unregistered_event_id is not None:
        events = events.filter(pk=unregistered_event_id)
    event = events.order_by("-created_at", "-id").first()
    # The money the unregistration gave back is taken again, by the same methods.
    refund_ids = event.payload.get("refund_payments") if event else None
    refunds = list(entry.payments.filter(kind=Payment.Kind.REFUND, pk__in=refund_ids)
                   if refund_ids else
                   entry.payments.filter(kind=Payment.Kind.REFUND)
                   .order_by("-created_at", "-id")[:1])
    user = acting_user(actor)
    for refund in refunds:
        Payment.objects.create(entry=entry, tournament=tournament, kind=Payment.Kind.BUY_IN,
                               method=refund.method, amount=-refund.amount, fee=-refund.fee,
                               bounty=-refund.bounty, chips=0, actor=user)
    if not refunds:
        Payment.objects.create(entry=entry, tournament=tournament, kind=Payment.Kind.BUY_IN,
                               amount=tournament.buy_in, fee=tournament.fee,
                               bounty=tournament.bounty, chips=0, actor=user)
    old_table = (event.payload.get("table"), event.payload.get("seat")) if event else (None, None)
    entry.status, entry.waiting_since = Entry.Status.WAITING, now()
    entry.save(update_fields=["status", "waiting_since"])
    shift_places(tournament, +1)
    table = floor().open_tables(tournament).filter(
        number=old_table[0]).first() if old_table[0] else None
    if table and old_table[1] not in (table.blocked_seats or []) and not Entry.objects.filter(
            table=table, seat=old_table[1], status=Entry.Status.SEATED).exists():
        entry.status, entry.table, entry.seat, entry.waiting_since = (
            Entry.Status.SEATED, table, old_table[1], None)
        entry.save(update_fields=["status", "table", "seat", "waiting_since"])
        seated_push_on_commit({entry.pk: (table.number, entry.seat)})
        if entry.player.email:
            seat_notice_on_commit(entry.pk)
    else:
        floor().seat_entries(tournament=tournament, entries=[entry], rng=rng)
    entry.refresh_from_db()
    if (entry.status == Entry.Status.WAITING and tournament.status == Tournament.Status.RUNNING
            and floor().seat_extra(tournament=tournament, entry=entry)):
        # Every seat taken while play runs: he never left, so he is seated (one over the
        # smallest table's size until the next balance or break), as an undone bust is.
        entry.refresh_from_db()
        if entry.player.email:
            seat_notice_on_commit(entry.pk)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ENTRY_REINSTATED,
                  payload={"entry": entry.pk, "number": entry.number, "name": entry.player.name,
                           "table": entry.table.number if entry.table else None,
                           "seat": entry.seat})
