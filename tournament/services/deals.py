"""Recording a final-table deal into the payouts, and undoing it."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.bounds import AMOUNT_MAX, grouped
from tournament.domain import deals as deal_domain
from tournament.models import AuditEvent, Deal, DealShare, Entry, Payment, Tournament
from tournament.selectors.festival import placed_prizes
from tournament.selectors.money import deal_in_force, deal_inputs, deal_payouts
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.audit import record
from tournament.services.base import ServiceError, lock_tournament, now

# Bounds that fit the database columns (PositiveBigInteger) with room to add.


def deal_error_message(error: deal_domain.DealError) -> str:
    """The domain's English templates, translated, one sentence per problem."""
    return " ".join(_(problem.template).format(**problem.params) for problem in error.errors)


def stack_difference_message(total: int, chips_in_play: int) -> str:
    return _("The stacks add up to %(total)s, not the %(chips)s chips in play (difference "
             "%(difference)s). Correct the counts, or tick the box to record the deal with this "
             "difference.") % {"total": grouped(total), "chips": grouped(chips_in_play),
                               "difference": grouped(total - chips_in_play)}


@transaction.atomic
def deal_record(
    *,
    actor,
    tournament_id: int,
    method: str,
    unit: int,
    keep: int,
    stacks: Mapping[int, int],
    amounts: Mapping[int, int],
    accept_chip_difference: bool = False,
) -> Deal:
    """Record a deal of every player still in: their agreed amounts become their prizes.

    The money shared is the prizes of the places still to be paid minus
    ``keep`` (left to play for: the winner collects it on top). The amounts
    may be adjusted by hand but must add up to exactly the money shared. The
    stacks must add up to the chips in play, unless the director accepts the
    difference (a chip race can leave one; the audit event keeps it).
    """
    tournament = lock_tournament(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        raise ServiceError(_("A deal is made while the tournament is running."))
    if deal_in_force(tournament) is not None:
        raise ServiceError(_("A deal is in force already: undo it first to make another."))
    inputs = deal_inputs(tournament)
    in_play = {e.pk: e for e in inputs.players}
    if set(stacks) != set(in_play) or set(amounts) != set(in_play):
        raise ServiceError(_("The players in the deal must be exactly the players still in: "
                             "reload the page."))
    if not inputs.money_left:
        raise ServiceError(_("There is no prize money left to share."))
    values = [*stacks.values(), *amounts.values(), unit, keep]
    if any(not isinstance(v, int) or v < 0 or v > AMOUNT_MAX for v in values):
        raise ServiceError(_("Amounts and stacks must be whole numbers from 0 to %(most)s.")
                           % {"most": grouped(AMOUNT_MAX)})
    difference = sum(stacks.values()) - inputs.chips_in_play
    if difference and not accept_chip_difference:
        raise ServiceError(stack_difference_message(sum(stacks.values()), inputs.chips_in_play),
                           field="stacks")
    order = list(in_play)
    try:
        prizes = deal_domain.prizes_after_keep(inputs.prizes, keep)
        stack_list = [stacks[pk] for pk in order]
        equities = (deal_domain.icm(stack_list, prizes) if method == "icm"
                    else deal_domain.chip_chop(stack_list, prizes))
        deal_domain.deal(stack_list, prizes, method=method, unit=unit)  # validates method, unit
        deal_domain.check_amounts([amounts[pk] for pk in order], inputs.money_left - keep)
    except deal_domain.DealError as error:
        raise ServiceError(deal_error_message(error)) from error
    at = now()
    event = record(tournament=tournament, actor=actor, kind="deal_recorded", at=at, payload={
        "method": method, "unit": unit, "keep": keep, "money_left": inputs.money_left,
        "chips_in_play": inputs.chips_in_play, "chip_difference": difference,
        "players": [{"entry": pk, "name": in_play[pk].player.name, "stack": stacks[pk],
                     "amount": amounts[pk]} for pk in order],
    })
    deal = Deal.objects.create(
        tournament=tournament, method=method, unit=unit, money_left=inputs.money_left,
        keep=keep, created_at=at, event=event,
        actor=actor if getattr(actor, "is_authenticated", False) else None)
    DealShare.objects.bulk_create([
        DealShare(deal=deal, entry_id=pk, stack=stacks[pk], equity=equity, amount=amounts[pk])
        for pk, equity in zip(order, equities, strict=True)
    ])
    return deal


@transaction.atomic
def deal_undo(*, actor, tournament_id: int, event_id: int | None = None) -> AuditEvent:
    """Withdraw the deal in force: its players' prizes go back to the payout table."""
    tournament = lock_tournament(tournament_id)
    deal = (Deal.objects.select_for_update(of=("self",)).filter(tournament=tournament, undone=False)
            .select_related("event").first())
    if deal is None or (event_id is not None and deal.event_id != event_id):
        raise ServiceError(_("No deal in force to undo."))
    entry_ids = list(deal.shares.values_list("entry_id", flat=True))
    if Payment.objects.filter(entry_id__in=entry_ids, kind=Payment.Kind.PRIZE).exists():
        raise ServiceError(_("A prize of this deal has been paid: undo that payment first."))
    deal.undone = True
    deal.save(update_fields=["undone"])
    if tournament.status == Tournament.Status.FINISHED:
        table = dict(placed_prizes(tournament, payout_table(tournament, field_figures(tournament))))
        for entry_id in entry_ids:
            Entry.objects.filter(pk=entry_id).update(payout=table.get(entry_id, 0))
    undo = record(tournament=tournament, actor=actor, kind="deal_undone",
                  payload={"deal": deal.pk, "method": deal.method})
    if deal.event is not None:
        deal.event.undone_by = undo
        deal.event.save(update_fields=["undone_by"])
    return undo


def deal_apply_to_payouts(tournament: Tournament) -> None:
    """At the finish: the deal's players are paid their shares (and 1st what was kept).

    Called by the floor's finish after it stores the table's payouts.
    """
    for entry_id, amount in deal_payouts(tournament).items():
        Entry.objects.filter(pk=entry_id).update(payout=amount)
