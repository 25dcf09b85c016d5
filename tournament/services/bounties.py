"""Bounties moved by a bust, called from the floor's bust and its undo."""

from __future__ import annotations

from django.db.models import Sum
from django.utils.translation import gettext as _

from tournament.bounds import grouped
from tournament.domain import bounties as bounty_domain
from tournament.models import AuditEvent, BountyAward, Entry, Tournament
from tournament.services.base import ServiceError, now


def _bounty_of(tournament: Tournament, entry: Entry) -> int:
    added = BountyAward.objects.filter(entry=entry, kind=BountyAward.Kind.HEAD).aggregate(
        total=Sum("amount", default=0))["total"]
    # Each rebuy bought another bounty with its chips (registration.entry_rebuy).
    return bounty_domain.current_bounty(tournament.bounty * (1 + entry.rebuys), [added])


def bounties_on_bust(*, tournament: Tournament, event: AuditEvent, entry: Entry,
                     hitman: Entry | None, winner: Entry | None) -> list[dict]:
    """Record what the bust moved; returns the summary for the bust's audit payload.

    The knocked-out player's bounty goes to the player who won the hand (in a
    PKO half paid, half onto their head); a bust with nobody recorded as
    winning the hand moves no bounty. The last player standing collects their
    own bounty.
    """
    if tournament.bounty <= 0:
        return []
    at = now()
    awards: list[BountyAward] = []
    if hitman is not None:
        split = bounty_domain.knockout(_bounty_of(tournament, entry),
                                       progressive=tournament.bounty_progressive,
                                       unit=max(1, tournament.payout_unit))
        if split.cash:
            awards.append(BountyAward(tournament=tournament, entry=hitman, source=entry,
                                      kind=BountyAward.Kind.CASH, amount=split.cash,
                                      event=event, created_at=at))
        if split.head:
            awards.append(BountyAward(tournament=tournament, entry=hitman, source=entry,
                                      kind=BountyAward.Kind.HEAD, amount=split.head,
                                      event=event, created_at=at))
    BountyAward.objects.bulk_create(awards)
    if winner is not None:
        own = _bounty_of(tournament, winner)
        if own:
            awards.append(BountyAward.objects.create(
                tournament=tournament, entry=winner, source=winner, kind=BountyAward.Kind.OWN,
                amount=own, event=event, created_at=at))
    return [{"kind": a.kind, "entry": a.entry_id, "name": a.entry.player.name,
             "amount": a.amount} for a in awards]


def bounties_on_bust_undo(*, event: AuditEvent) -> None:
    """Undoing a bust takes back the bounty it moved; refused once that money was paid."""
    awards = BountyAward.objects.filter(event=event)
    if awards.filter(payment__isnull=False).exists():
        raise ServiceError(_("The bounty of this bust has been paid: undo that payment first."))
    awards.delete()


def bounty_notice(event: AuditEvent) -> str:
    """One sentence for the floor: who won what at this bust."""
    parts = []
    for award in event.payload.get("bounties", []):
        award = award | {"amount": grouped(award["amount"])}
        if award["kind"] == BountyAward.Kind.CASH:
            parts.append(_("%(name)s wins a bounty of %(amount)s.") % award)
        elif award["kind"] == BountyAward.Kind.HEAD:
            parts.append(_("%(name)s's bounty grows by %(amount)s.") % award)
        else:
            parts.append(_("%(name)s collects their own bounty of %(amount)s.") % award)
    return " ".join(parts)
