"""The cashier pays prizes and bounties: method, time and who paid, each undoable."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEvent, BountyAward, Entry, Payment
from tournament.selectors_money import prizes_due
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
