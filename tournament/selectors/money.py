"""Reads for deals, bounties and the cashier, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, Sum
from django.utils.translation import gettext as _

from tournament.domain import ledger
from tournament.models import BountyAward, ChipCount, Deal, DealShare, Entry, Payment, Tournament
from tournament.selectors.festival import chips_in_play
from tournament.selectors.payouts import field_figures, payout_table

CASH_KINDS = (BountyAward.Kind.CASH, BountyAward.Kind.OWN)


@dataclass(frozen=True)
class DealInputs:
    players: list[Entry]
    prizes: list[int]
    money_left: int
    unit: int
    chips_in_play: int


def deal_in_force(tournament: Tournament) -> Deal | None:
    return Deal.objects.filter(tournament=tournament, undone=False).first()


def prize_pool_fixed_reason(tournament: Tournament) -> str | None:
    """Why the prize pool may not change now (None while it may): a prize paid, a deal made.

    A rebuy, an add-on, an entry or an entry taken back would then change prizes
    already in players' hands or signed for. A festival event's pool is the
    whole event's: a prize paid in any of its flights, or on Day 2, fixes it.
    Two queries.
    """
    pool = (Payment.objects.filter(tournament__event_id=tournament.event_id)
            if tournament.event_id else Payment.objects.filter(tournament=tournament))
    if pool.filter(kind=Payment.Kind.PRIZE).exists():
        return _("A prize has been paid from this prize pool: undo that payment first.")
    if Deal.objects.filter(tournament=tournament, undone=False).exists():
        return _("A deal is in force on this prize pool: undo the deal first.")
    return None


def deal_inputs(tournament: Tournament) -> DealInputs:
    """The players still in (their last counted stacks as ``chips``) and the prizes left.

    The prizes left are the payout table's places 1 to the number of players left.
    """
    players = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
                   .select_related("player", "table").order_by("number"))
    counted = dict(ChipCount.objects.filter(entry__in=players, current=True)
                   .values_list("entry_id", "chips"))
    for entry in players:  # the last count; a stack entered at a bust otherwise
        entry.chips = counted.get(entry.pk, entry.chips)
    players.sort(key=lambda e: (-(e.chips or 0), e.number))
    table = payout_table(tournament, field_figures(tournament))
    prizes = [row["amount"] for row in table[: len(players)]]
    return DealInputs(players=players, prizes=prizes, money_left=sum(prizes),
                      unit=max(1, tournament.payout_unit), chips_in_play=chips_in_play(tournament))


def deal_terms(tournament: Tournament) -> ledger.DealTerms | None:
    """The deal in force as the ledger reads it: each player's share and what was kept (one
    query), or None."""
    rows = list(DealShare.objects.filter(deal__tournament=tournament, deal__undone=False)
                .values_list("entry_id", "amount", "deal__keep"))
    if not rows:
        return None
    return ledger.DealTerms(shares={pk: amount for pk, amount, _keep in rows}, keep=rows[0][2])


def deal_payouts(tournament: Tournament) -> dict[int, int]:
    """Entry → prize under the deal in force, for its players (``prizes_by_entry``)."""
    terms = deal_terms(tournament)
    if terms is None:
        return {}
    prizes = prizes_by_entry(tournament)
    return {pk: prizes.get(pk, amount) for pk, amount in terms.shares.items()}


def prizes_by_entry(tournament: Tournament, table: list[dict[str, int]] | None = None, *,
                    entry_ids: list[int] | None = None) -> dict[int, int]:
    """Entry → prize for every finish in the money, from the one ledger function
    (``tournament.domain.ledger.prizes``): the payout table, the finishes (shared places
    included) and the deal in force. Two queries and the figures'.

    In a Day 1 flight only a bust in the money has a place, counted across the
    event (``tournament.services.event_places``), and wins that place's prize;
    a Day 2 pays the places the Day 1 flights left (``payout_table``).
    ``entry_ids``: only those entries (one query more, whatever the places decided).
    """
    if table is None:
        table = payout_table(tournament, field_figures(tournament))
    paid = len(table)
    terms = deal_terms(tournament)
    # Out of the money, no prize: a place shared into the money and a deal's player count.
    in_money = Q(finish_place__lte=paid) | Q(tied_place__lte=paid)
    if terms is not None:
        in_money |= Q(pk__in=list(terms.shares))
    placed = Entry.objects.filter(in_money, tournament=tournament, finish_place__isnull=False)
    if entry_ids is not None:  # only these entries' prizes (and those they share places with)
        tied = [t for t in placed.filter(pk__in=entry_ids).values_list("tied_place", flat=True)
                if t is not None]
        placed = placed.filter(Q(pk__in=entry_ids) | Q(tied_place__in=tied))
    rows = [ledger.Placed(pk, place, tied)
            for pk, place, tied in placed.values_list("pk", "finish_place", "tied_place")]
    return ledger.prizes([row["amount"] for row in table], rows, deal=terms,
                         unit=max(1, tournament.payout_unit))


def event_prizes(event, table: list[dict[str, int]]) -> dict[int, int]:
    """Entry → prize for every finish in the money of a festival event, on any day: the one
    ledger function over the event's payout table (the places are the event's), the Day 2
    deal included. Three queries whatever the places decided."""
    terms = deal_terms(event.day2) if event.day2_id else None
    paid = len(table)
    in_money = Q(finish_place__lte=paid) | Q(tied_place__lte=paid)
    if terms is not None:
        in_money |= Q(pk__in=list(terms.shares))
    rows = [ledger.Placed(pk, place, tied) for pk, place, tied in Entry.objects.filter(
        in_money, tournament__event=event, finish_place__isnull=False)
        .values_list("pk", "finish_place", "tied_place")]
    unit = max(1, event.day2.payout_unit) if event.day2_id else 1
    return ledger.prizes([row["amount"] for row in table], rows, deal=terms, unit=unit)


def payouts_with_deal(tournament: Tournament, table: list[dict[str, int]]) -> list[dict]:
    """The payout table by place, with the deal in force written over the places it shares.

    The rows the payout sheet and the TV print: ``place`` (a label: "4", or "1–2"
    for the places players of the deal still play for), ``amount``, ``name``
    (for a deal's player), ``deal`` and ``kept`` (what the deal left to play
    for, the winner's on top of their share). The amounts are those of
    ``deal_payouts``, so they agree with the results, the cashier and the
    receipts. One query.
    """
    shares = list(DealShare.objects.filter(deal__tournament=tournament, deal__undone=False)
                  .order_by("-amount", "entry__number")
                  .values_list("entry__finish_place", "entry__player__name", "amount",
                               "deal__keep"))
    rest = [{"place": str(row["place"]), "amount": row["amount"], "name": "", "deal": False,
             "kept": False} for row in table[len(shares):]]
    if not shares:
        return rest
    keep = shares[0][3]
    playing = [(name, amount) for place, name, amount, _keep in shares if place is None]
    label = "1" if len(playing) <= 1 else f"1–{len(playing)}"
    rows = [{"place": label, "amount": amount, "name": name, "deal": True, "kept": False}
            for name, amount in playing]
    placed = sorted((place, name, amount) for place, name, amount, _keep in shares
                    if place is not None)
    if keep and not any(place == 1 for place, _name, _amount in placed):
        rows.append({"place": label, "amount": keep, "name": "", "deal": True, "kept": True})
    rows += [{"place": str(place), "amount": amount + (keep if place == 1 else 0), "name": name,
              "deal": True, "kept": False} for place, name, amount in placed]
    return rows + rest


def prizes_due(tournament: Tournament) -> dict[int, int]:
    """Entry → prize for every placed entry with one (``prizes_by_entry``, amounts above 0)."""
    return {pk: amount for pk, amount in prizes_by_entry(tournament).items() if amount > 0}


def bounties_won(tournament: Tournament) -> dict[int, int]:
    """Entry → bounty money won (paid out or to pay)."""
    return dict(BountyAward.objects.filter(tournament=tournament, kind__in=CASH_KINDS)
                .values("entry_id").annotate(total=Sum("amount"))
                .values_list("entry_id", "total"))


def bounties_on_heads(tournament: Tournament, *, limit: int | None = None) -> list[dict]:
    """Players still in with their bounty now, biggest first (two queries)."""
    added = dict(BountyAward.objects.filter(tournament=tournament, kind=BountyAward.Kind.HEAD)
                 .values("entry_id").annotate(total=Sum("amount"))
                 .values_list("entry_id", "total"))
    rows = [{"entry": e, "bounty": tournament.bounty * (1 + e.rebuys) + added.get(e.pk, 0)}
            for e in Entry.objects.filter(tournament=tournament,
                                          status__in=Entry.LIVE_STATUSES)
            .select_related("player", "table")]
    rows.sort(key=lambda r: (-r["bounty"], r["entry"].number))
    return rows[:limit] if limit else rows


def cashier_rows(tournament: Tournament) -> dict:
    """What the cage owes and has paid: prizes and bounties, unpaid first."""
    due = prizes_due(tournament)
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament, pk__in=due)
               .select_related("player")}
    deal_entries = set(deal_payouts(tournament))
    paid_prizes = {p.entry_id: p for p in Payment.objects.filter(
        tournament=tournament, kind=Payment.Kind.PRIZE).select_related("actor")}
    prizes = []
    for pk, amount in sorted(due.items(), key=lambda item: entries[item[0]].finish_place or 0):
        entry = entries[pk]
        prizes.append({"entry": entry, "amount": amount, "payment": paid_prizes.get(pk),
                       "deal": pk in deal_entries})
    bounties = list(BountyAward.objects.filter(tournament=tournament, kind__in=CASH_KINDS)
                    .select_related("entry__player", "source__player", "payment__actor"))
    return {
        "unpaid_prizes": [r for r in prizes if r["payment"] is None],
        "paid_prizes": [r for r in prizes if r["payment"] is not None],
        "unpaid_bounties": [b for b in bounties if b.payment_id is None],
        "paid_bounties": [b for b in bounties if b.payment_id is not None],
    }

