"""Read-only reports for paper and spreadsheets: the cash report (issue 13, item 9).

Selectors: a fixed number of queries whatever the number of payments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, Sum

from tournament.models import Payment, Tournament

# The report's columns, in the order a cashier counts them.
COLUMNS = ("buyins", "fees", "bounties", "rebuys", "addons", "refunds", "payouts", "net")


@dataclass
class CashLine:
    """One row of the report: the money of one payment method or one cashier."""

    label: str
    buyins: int = 0
    fees: int = 0
    bounties: int = 0  # bounty money taken in (less refunded): not the prize pool's
    rebuys: int = 0
    addons: int = 0
    refunds: int = 0
    payouts: int = 0
    count: int = 0

    @property
    def net(self) -> int:
        """What the drawer holds: everything in, less refunds and prizes paid."""
        return (self.buyins + self.fees + self.bounties + self.rebuys + self.addons
                + self.refunds + self.payouts)

    def add(self, kind: str, amount: int, fee: int, count: int, bounty: int = 0) -> None:
        self.fees += fee
        self.bounties += bounty
        self.count += count
        if kind == Payment.Kind.BUY_IN:
            self.buyins += amount
        elif kind == Payment.Kind.REBUY:
            self.rebuys += amount
        elif kind == Payment.Kind.ADDON:
            self.addons += amount
        elif kind == Payment.Kind.REFUND:
            # A refund gives back the fee too: it shows in the fees column.
            self.refunds += amount
        elif kind in (Payment.Kind.PRIZE, Payment.Kind.BOUNTY):  # bounties are paid out too
            self.payouts += amount

    def values(self) -> list[int]:
        return [getattr(self, name) for name in COLUMNS]


@dataclass
class CashReport:
    by_method: list[CashLine] = field(default_factory=list)
    by_cashier: list[CashLine] = field(default_factory=list)
    total: CashLine = field(default_factory=lambda: CashLine(label=""))
    tournaments: list[Tournament] = field(default_factory=list)


def cash_report(*, tournament: Tournament | None = None, day: date | None = None,
                no_cashier: str = "") -> CashReport:
    """Money by payment method and by cashier, for a tournament or a day (local time).

    Three queries whatever the number of payments.
    """
    payments = Payment.objects.all()
    if tournament is not None:
        payments = payments.filter(tournament=tournament)
    if day is not None:
        payments = payments.filter(created_at__date=day)
    sums = ("kind",)
    report = CashReport()
    labels = dict(Payment.Method.choices)
    methods: dict[str, CashLine] = {}
    for row in (payments.values("method", *sums)
                .annotate(amount=Sum("amount"), fee=Sum("fee"), bounty=Sum("bounty"), n=Count("id"))
                .order_by("method")):
        line = methods.setdefault(row["method"],
                                  CashLine(label=str(labels.get(row["method"], row["method"]))))
        line.add(row["kind"], row["amount"], row["fee"], row["n"], row["bounty"])
        report.total.add(row["kind"], row["amount"], row["fee"], row["n"], row["bounty"])
    report.by_method = [methods[m] for m in Payment.Method.values if m in methods]
    cashiers: dict[str, CashLine] = {}
    for row in (payments.values("actor__username", *sums)
                .annotate(amount=Sum("amount"), fee=Sum("fee"), bounty=Sum("bounty"), n=Count("id"))
                .order_by("actor__username")):
        name = row["actor__username"] or no_cashier
        line = cashiers.setdefault(name, CashLine(label=name))
        line.add(row["kind"], row["amount"], row["fee"], row["n"], row["bounty"])
    report.by_cashier = list(cashiers.values())
    if tournament is not None:
        report.tournaments = [tournament]
    else:
        report.tournaments = list(
            Tournament.objects.filter(pk__in=payments.values("tournament_id").distinct())
            .defer("logo").order_by("name", "id")
        )
    return report
