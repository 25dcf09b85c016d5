"""The cashier's money: prizes and bounties paid (method, time and who paid), and a rebuy
or add-on taken back; each payment undoable from the audit log."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEvent, BountyAward, Entry, Payment, Tournament
from tournament.selectors.money import prize_pool_fixed_reason, prizes_due
from tournament.services.audit import record
from tournament.services.base import ServiceError, lock_tournament, now


def _user(actor):
    return actor if getattr(actor, "is_authenticated", False) else None


def _method(method: str) -> str:
    if method not in Payment.Method.values:
        raise ServiceError(_("Choose how the money was paid."), field="method")
    return method


@transaction.atomic
def prize_mark_paid(*, actor, tournament_id: int, entry_id: int, method: str) -> Payment:
    """Pay a placed entry its prize (the deal's share when a deal is in force)."""
    tournament = lock_tournament(tournament_id)
    method = _method(method)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None:
        raise ServiceError(_("That entry does not exist."))
    amount = prizes_due(tournament).get(entry.pk, 0)
    if amount <= 0:
        raise ServiceError(_("%(name)s has no prize to pay.") % {"name": entry.player.name})
    if Payment.objects.filter(entry=entry, kind=Payment.Kind.PRIZE).exists():
        raise ServiceError(_("%(name)s's prize is paid already.") % {"name": entry.player.name})
    at = now()
    payment = Payment.objects.create(entry=entry, tournament=tournament, kind=Payment.Kind.PRIZE,
                                     method=method, amount=-amount, actor=_user(actor))
    entry.payout, entry.payout_paid = amount, True
    entry.save(update_fields=["payout", "payout_paid"])
    record(tournament=tournament, actor=actor, kind="prize_paid", at=at, payload={
        "payment": payment.pk, "entry": entry.pk, "name": entry.player.name, "amount": amount,
        "method": method})
    return payment


@transaction.atomic
def bounty_mark_paid(*, actor, tournament_id: int, award_id: int, method: str) -> Payment:
    tournament = lock_tournament(tournament_id)
    method = _method(method)
    award = (BountyAward.objects.select_for_update(of=("self",)).select_related("entry__player")
             .filter(tournament=tournament, pk=award_id,
                     kind__in=(BountyAward.Kind.CASH, BountyAward.Kind.OWN)).first())
    if award is None:
        raise ServiceError(_("That bounty does not exist."))
    if award.payment_id:
        raise ServiceError(_("That bounty is paid already."))
    payment = Payment.objects.create(entry=award.entry, tournament=tournament,
                                     kind=Payment.Kind.BOUNTY, method=method,
                                     amount=-award.amount, actor=_user(actor))
    award.payment = payment
    award.save(update_fields=["payment"])
    record(tournament=tournament, actor=actor, kind="bounty_paid", payload={
        "payment": payment.pk, "entry": award.entry_id, "name": award.entry.player.name,
        "amount": award.amount, "method": method})
    return payment


@transaction.atomic
def payment_undo(*, actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Take back a prize or bounty payment marked by mistake (from the audit log)."""
    tournament = lock_tournament(tournament_id)
    event = AuditEvent.objects.select_for_update().filter(
        tournament=tournament, pk=event_id, kind__in=("prize_paid", "bounty_paid")).first()
    if event is None:
        raise ServiceError(_("That action cannot be undone."))
    if event.undone_by_id:
        raise ServiceError(_("That action is undone already."))
    payment = Payment.objects.filter(tournament=tournament, pk=event.payload["payment"]).first()
    if payment is not None:
        if payment.kind == Payment.Kind.PRIZE:
            Entry.objects.filter(pk=payment.entry_id).update(payout_paid=False)
        payment.delete()  # the bounty award's link is cleared with it (SET_NULL)
    undo = record(tournament=tournament, actor=actor, kind=f"{event.kind}_undone",
                  payload={"entry": event.payload["entry"], "name": event.payload["name"],
                           "amount": event.payload["amount"]})
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return undo


BUY_KINDS = {"entry_rebuy": Payment.Kind.REBUY, "entry_addon": Payment.Kind.ADDON}


def _bought_payment(event: AuditEvent, payments: dict[int, Payment],
                    latest: dict[tuple[int, str], Payment]) -> Payment | None:
    """The payment a rebuy or add-on event took: by its id, or (events written before the
    id was kept) the entry's latest payment of that kind."""
    if "payment" in event.payload:
        return payments.get(event.payload["payment"])
    return latest.get((event.payload.get("entry"), BUY_KINDS[event.kind]))


def rebuy_undo_blockers(tournament: Tournament, events: Sequence[AuditEvent]
                        ) -> dict[int, str]:
    """Why a rebuy or add-on of ``events`` cannot be taken back now (absent when it can).

    Taking it back changes the prize pool and the player's stack, so it is
    refused once anything was decided on them: the tournament finished, a
    prize was paid or a deal made on the pool, or the player is out (the bust
    placed them and paid their bounty, which the rebuy raised: undo the bust
    first). Three queries whatever the number of events.
    """
    wanted = [e for e in events if e.kind in BUY_KINDS and not e.undone_by_id]
    if not wanted:
        return {}
    entry_ids = {e.payload.get("entry") for e in wanted}
    rows = list(Payment.objects.filter(tournament=tournament, entry_id__in=entry_ids,
                                       kind__in=BUY_KINDS.values())
                .select_related("entry").order_by("created_at", "id"))
    payments = {p.pk: p for p in rows}
    latest = {(p.entry_id, p.kind): p for p in rows}
    pool_fixed = prize_pool_fixed_reason(tournament)
    blockers: dict[int, str] = {}
    for event in wanted:
        payment = _bought_payment(event, payments, latest)
        if payment is None:
            blockers[event.pk] = _("That payment is no longer on record.")
        elif tournament.status == Tournament.Status.FINISHED:
            blockers[event.pk] = _("The tournament is finished.")
        elif payment.entry.status == Entry.Status.BUSTED:
            blockers[event.pk] = _("The player is out since: undo the bust first.")
        elif payment.entry.status not in Entry.LIVE_STATUSES:
            blockers[event.pk] = _("The entry was refunded since.")
        elif pool_fixed:
            blockers[event.pk] = pool_fixed
    return blockers


@transaction.atomic
def entry_rebuy_undo(*, actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Take back a rebuy or add-on recorded by mistake (from the audit log).

    The payment is removed, as a mistaken prize payment is: the cash report,
    the prize pool, the chips in play and the entry's rebuy or add-on count
    read as if it never happened, and the undo event keeps what was taken
    back (amount, chips, method, cashier). Refused as ``rebuy_undo_blockers``
    says.
    """
    tournament = lock_tournament(tournament_id)
    event = AuditEvent.objects.select_for_update().filter(
        tournament=tournament, pk=event_id, kind__in=BUY_KINDS).first()
    if event is None:
        raise ServiceError(_("That action cannot be undone."))
    if event.undone_by_id:
        raise ServiceError(_("That action is undone already."))
    if problem := rebuy_undo_blockers(tournament, [event]).get(event.pk):
        raise ServiceError(problem)
    rows = list(Payment.objects.filter(tournament=tournament, entry_id=event.payload["entry"],
                                       kind=BUY_KINDS[event.kind]).order_by("created_at", "id"))
    payment = _bought_payment(event, {p.pk: p for p in rows},
                              {(p.entry_id, p.kind): p for p in rows})
    entry = Entry.objects.select_related("player").select_for_update(of=("self",)).get(
        pk=payment.entry_id)
    if payment.kind == Payment.Kind.ADDON:
        entry.addons = max(0, entry.addons - 1)
    else:
        entry.rebuys = max(0, entry.rebuys - 1)
    entry.save(update_fields=["addons", "rebuys"])
    taken_back = {"payment": payment.pk, "amount": payment.amount, "chips": payment.chips,
                  "bounty": payment.bounty, "method": payment.method,
                  "cashier": payment.actor_id, "paid_at": payment.created_at.isoformat()}
    payment.delete()
    undo = record(tournament=tournament, actor=actor, kind=f"{event.kind}_undone",
                  payload={"entry": entry.pk, "number": entry.number, "name": entry.player.name,
                           "undoes": event.pk, **taken_back})
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return undo
