"""Bounties moved by a bust, called from the floor's bust and its undo."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Sum
from django.utils.translation import gettext as _

from tournament.bounds import grouped
from tournament.domain import bounties as bounty_domain
from tournament.models import AuditEvent, BountyAward, Entry, Tournament
from tournament.services.base import ServiceError, now


def _bounty_of(tournament: Tournament, entry: Entry, pending: Sequence[BountyAward] = ()) -> int:
    """The entry's bounty now; ``pending``: awards of this bust not saved yet (the last
    player standing collects the head they have just won too)."""
    added = BountyAward.objects.filter(entry=entry, kind=BountyAward.Kind.HEAD).aggregate(
        total=Sum("amount", default=0))["total"]
    won_now = [a.amount for a in pending
               if a.entry_id == entry.pk and a.kind == BountyAward.Kind.HEAD]
    # Each rebuy bought another bounty with its chips (registration.entry_rebuy).
    return bounty_domain.current_bounty(tournament.bounty * (1 + entry.rebuys),
                                        [added, *won_now])


def bounties_of_bust(*, tournament: Tournament, entry: Entry, hitman: Entry | None,
                     winner: Entry | None) -> list[BountyAward]:
    """What the bust moves, not yet saved: the bust records its event with their summary
    (``bounties_summary``), then saves them with it (``bounties_save``).

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
                                      created_at=at))
        if split.head:
            awards.append(BountyAward(tournament=tournament, entry=hitman, source=entry,
                                      kind=BountyAward.Kind.HEAD, amount=split.head,
                                      created_at=at))
    if winner is not None and (own := _bounty_of(tournament, winner, awards)):
        awards.append(BountyAward(tournament=tournament, entry=winner, source=winner,
                                  kind=BountyAward.Kind.OWN, amount=own, created_at=at))
    return awards


def bounties_summary(awards: list[BountyAward]) -> list[dict]:
    """The bounties a bust moved, for its audit payload."""
    return [{"kind": a.kind, "entry": a.entry_id, "name": a.entry.player.name,
             "amount": a.amount} for a in awards]


def bounties_save(awards: list[BountyAward], *, event: AuditEvent) -> None:
    """Save the bust's bounties with its event (their undo finds them by it)."""
    for award in awards:
        award.event = event
    BountyAward.objects.bulk_create(awards)


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
