"""The field and its payout table: entries, prize pool, places paid and their amounts.

Read by the clock, the money pages, the payouts printout and the services that
settle prizes (a fixed number of SQL queries whatever the field size).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from tournament.domain import payouts as payout_domain
from tournament.models import Entry, Payment, Tournament
from tournament.selectors.festival import chips_in_play, event_money

ACTIVE = Entry.LIVE_STATUSES
POOL_KINDS = (Payment.Kind.BUY_IN, Payment.Kind.REBUY, Payment.Kind.ADDON, Payment.Kind.REFUND)


@dataclass(frozen=True)
class FieldFigures:
    entries: int
    players_left: int
    unique_players: int
    rebuys: int
    addons: int
    chips_in_play: int
    collected: int
    prize_pool: int
    overlay: int
    # Day 2 of an event that reached the money on Day 1: places from here on are decided.
    decided_from_place: int | None = None

    @property
    def average_stack(self) -> int:
        """The domain's average (rounded to the nearest chip), 0 when nobody is left."""
        return payout_domain.average_stack(self.chips_in_play, self.players_left) or 0


def field_figures(tournament: Tournament) -> FieldFigures:
    """Entries, players left, chips and prize pool, in two queries."""
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        entries=Count("id", filter=~Q(status=Entry.Status.UNREGISTERED)),
        players_left=Count("id", filter=Q(status__in=ACTIVE)),
        unique_players=Count(
            "player", distinct=True, filter=~Q(status=Entry.Status.UNREGISTERED)
        ),
        rebuys=Sum("rebuys", default=0),
        addons=Sum("addons", default=0),
    )
    money = Payment.objects.filter(tournament=tournament, kind__in=POOL_KINDS).aggregate(
        collected=Sum("amount", default=0),
        chips=Sum("chips", default=0, filter=~Q(entry__status=Entry.Status.UNREGISTERED)),
    )
    collected, entries, chips = money["collected"], counts["entries"], money["chips"]
    decided = None
    if tournament.event_id:
        # A festival event: entries and the prize pool are the whole event's;
        # a Day 2 plays the bags carried from Day 1 (tournament.selectors.festival)
        # for the places the Day 1 flights have not decided.
        event = event_money(tournament.event_id)
        collected, entries, chips = event.collected, event.entries, chips_in_play(tournament)
        if event.day2_id == tournament.pk:
            decided = event.day1_best_place
    pool = payout_domain.pool_with_guarantee(collected=collected, guarantee=tournament.guarantee)
    return FieldFigures(
        entries=entries,
        players_left=counts["players_left"],
        unique_players=counts["unique_players"],
        rebuys=counts["rebuys"],
        addons=counts["addons"],
        chips_in_play=chips,
        collected=collected,
        prize_pool=pool.total,
        overlay=pool.overlay,
        decided_from_place=decided,
    )


@functools.lru_cache(maxsize=64)
def _payout_amounts(pool: int, entries: int, percentages: tuple[str, ...], unit: int
                    ) -> tuple[int, ...]:
    """The amounts per place, worked out once per process for the same pool and rules.

    About 60 ms for the 1,500 places of 10,000 entries: every bust near and in
    the money reads the table, and the pool does not change between busts.
    """
    standard = payout_domain.payout_percentages(entries)
    # A table that pays more places than there are entries: the places nobody can take
    # would keep their share of the pool; the places there are share it all instead.
    percentages = percentages[:entries]
    try:
        return payout_domain.payouts(pool, percentages or standard, unit=unit)
    except payout_domain.PayoutError:
        # A stored table that no longer fits (edited by hand): the standard curve.
        return payout_domain.payouts(pool, standard, unit=unit)


def payout_table(tournament: Tournament, figures: FieldFigures) -> list[dict[str, int]]:
    """Places paid with their amounts, for the prize pool as it stands.

    A Day 2 whose event reached the money on Day 1 pays only the places still
    to decide (the best ones): the others were paid on Day 1.
    """
    if figures.entries == 0 or figures.prize_pool == 0:
        return []
    amounts = _payout_amounts(figures.prize_pool, figures.entries,
                              tuple(str(p) for p in tournament.payout_percentages or ()),
                              max(1, tournament.payout_unit))
    if figures.decided_from_place is not None:
        amounts = amounts[: figures.decided_from_place - 1]
    return [{"place": i + 1, "amount": a} for i, a in enumerate(amounts)]
