"""Pages made for paper: table sheets, the wall chart, the payout sheet, receipts, cash report.

Each prints from the browser on A4, Letter or an 80 mm receipt printer; the
paper is a query parameter (`?paper=a4|letter|80mm`) that picks the @page rule.
"""

from __future__ import annotations

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from tournament.domain.names import sort_key
from tournament.exports import csv_response
from tournament.floor_port import floor
from tournament.forms.money import CashDayForm
from tournament.models import Entry, Payment
from tournament.permissions import DIRECTOR, REGISTRATION, STAFF, role_required
from tournament.reports import COLUMNS, cash_report
from tournament.selectors.money import deal_payouts, payouts_with_deal, prizes_due
from tournament.selectors.payouts import field_figures, payout_table
from tournament.views.common import tournament_or_404
from tournament.views.security import player_card

PAPERS = {"a4": "A4", "letter": "Letter", "80mm": gettext_lazy("80 mm receipt")}
CASH_HEADINGS = {
    "buyins": gettext_lazy("Buy-ins"), "fees": gettext_lazy("Fees (house)"),
    "bounties": gettext_lazy("Bounties in"), "rebuys": gettext_lazy("Rebuys"),
    "addons": gettext_lazy("Add-ons"), "refunds": gettext_lazy("Refunds"), "payouts": gettext_lazy("Payouts paid"),
    "net": gettext_lazy("Net"),
}


def paper_choice(request: HttpRequest, default: str = "a4") -> dict:
    paper = request.GET.get("paper", default)
    if paper not in PAPERS:
        paper = default
    return {"paper": paper, "papers": list(PAPERS.items())}


@require_GET
@role_required(*STAFF)
def print_tables(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One sheet per table for the dealer: seats, names, the button. Two queries."""
    tournament = tournament_or_404(tournament_id)
    tables = list(floor().open_tables(tournament))
    seated = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
              .values_list("table_id", "seat", "number", "player__name"))
    by_table: dict[int, dict[int, tuple[int, str]]] = {t.pk: {} for t in tables}
    for table_id, seat, number, name in seated:
        if table_id in by_table:
            by_table[table_id][seat] = (number, name)
    sheets = [
        {"table": t, "seats": [(s, *by_table[t.pk].get(s, (None, ""))) for s in range(1, t.capacity + 1)],
         "players": len(by_table[t.pk])}
        for t in tables
    ]
    return render(request, "print/tables.html",
                  {"tournament": tournament, "sheets": sheets, "printed_at": timezone.now()}
                  | paper_choice(request))


@require_GET
def print_wall_chart(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every seated player by name as people read them (names.sort_key), in large type and
    several columns. One query."""
    tournament = tournament_or_404(tournament_id)
    seated = (Entry.objects.filter(tournament=tournament, status=Entry.Status.SEATED)
              .values_list("player__name", "table__number", "seat", "number"))
    rows = [row[:3] for row in sorted(seated, key=lambda r: (sort_key(r[0]), r[3]))]
    return render(request, "print/wall_chart.html",
                  {"tournament": tournament, "rows": rows, "printed_at": timezone.now()}
                  | paper_choice(request))


@require_GET
def print_payouts(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The payout sheet: every place paid, its amount, and who finished there.

    A deal in force replaces the places it shares with each player's agreed amount.
    """
    tournament = tournament_or_404(tournament_id)
    figures = field_figures(tournament)
    table = payout_table(tournament, figures)
    rows = payouts_with_deal(tournament, table)
    placed = dict(Entry.objects.filter(tournament=tournament, finish_place__isnull=False,
                                       finish_place__lte=len(table))
                  .values_list("finish_place", "player__name"))
    for row in rows:
        if not row["deal"]:
            row["name"] = placed.get(int(row["place"]), "")
    return render(request, "print/payouts.html",
                  {"tournament": tournament, "rows": rows, "figures": figures,
                   "printed_at": timezone.now()} | paper_choice(request))


MONEY_IN = (Payment.Kind.BUY_IN, Payment.Kind.REBUY, Payment.Kind.ADDON)


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def receipt_payment(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The receipt of an entry's latest buy-in, rebuy or add-on (`?payment=` picks one)."""
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, number=number)
    payments = (Payment.objects.select_related("actor")
                .filter(entry=entry, kind__in=MONEY_IN, amount__gt=0).order_by("-created_at", "-id"))
    wanted = request.GET.get("payment", "")
    if wanted:
        if not wanted.isdigit() or len(wanted) > 18:
            raise Http404
        payments = payments.filter(pk=int(wanted))
    payment = payments.first()
    if payment is None:
        raise Http404
    return render(request, "print/receipt.html",
                  {"tournament": tournament, "payment": payment, "entry": entry,
                   "total": payment.amount + payment.fee + payment.bounty}
                  | player_card(request, tournament_id=tournament.pk, entry_id=entry.pk)
                  | paper_choice(request, "80mm"))


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def receipt_payout(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The payout receipt, with lines for the player's and the cashier's signatures."""
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player"),
                              tournament=tournament, number=number)
    # The prize as the cashier pays it: a deal in force replaces the table's amount.
    amount = prizes_due(tournament).get(entry.pk, 0)
    if not amount:
        raise Http404
    in_deal = entry.pk in deal_payouts(tournament)
    return render(request, "print/payout_receipt.html",
                  {"tournament": tournament, "entry": entry, "amount": amount,
                   "in_deal": in_deal, "printed_at": timezone.now()}
                  | paper_choice(request, "80mm"))


def _cash_context(report, day: date | None = None) -> dict:
    headings = [CASH_HEADINGS[c] for c in COLUMNS]
    return {"report": report, "headings": headings,
            "day_form": CashDayForm(initial={"day": day or timezone.localdate()})}


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def cash_report_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    report = cash_report(tournament=tournament, no_cashier=_("(no cashier)"))
    if request.GET.get("format") == "csv":
        return _cash_csv(report, f"cash-{tournament.pk}.csv")
    return render(request, "print/cash_report.html",
                  {"tournament": tournament, "printed_at": timezone.now(),
                   "csv_url": "?format=csv"} | _cash_context(report) | paper_choice(request))


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def cash_report_day(request: HttpRequest, day: str) -> HttpResponse:
    try:
        when = date.fromisoformat(day)
    except ValueError as exc:
        raise Http404 from exc
    report = cash_report(day=when, no_cashier=_("(no cashier)"))
    if request.GET.get("format") == "csv":
        return _cash_csv(report, f"cash-{when.isoformat()}.csv")
    return render(request, "print/cash_report.html",
                  {"day": when, "printed_at": timezone.now(), "csv_url": "?format=csv"}
                  | _cash_context(report, when) | paper_choice(request))


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def cash_report_pick(request: HttpRequest) -> HttpResponse:
    """The day picked on a cash report (``?day=YYYY-MM-DD``): that day's report, or why not."""
    form = CashDayForm(request.GET)
    if form.is_valid():
        return redirect("cash_report_day", form.cleaned_data["day"].isoformat())
    return render(request, "print/cash_day_pick.html", {"day_form": form} | paper_choice(request),
                  status=400)


def _cash_csv(report, filename: str) -> HttpResponse:
    rows = [
        *(["method", line.label, *line.values(), line.count] for line in report.by_method),
        *(["cashier", line.label, *line.values(), line.count] for line in report.by_cashier),
        ["total", "", *report.total.values(), report.total.count],
    ]
    return csv_response(filename, ["section", "name", *COLUMNS, "payments"], rows)
