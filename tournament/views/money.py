"""Deals at the final table, the cashier's page and receipts, the biggest bounties."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.bounds import grouped
from tournament.domain import deals as deal_domain
from tournament.forms.money import CountriesForm, DealForm, PayForm
from tournament.models import Entry, Payment, Tournament
from tournament.permissions import DIRECTOR, REGISTRATION, role_required
from tournament.selectors.api import results_rows
from tournament.selectors.money import (
    bounties_on_heads,
    cashier_rows,
    deal_in_force,
    deal_inputs,
    deal_payouts,
)
from tournament.services import cashier, deals
from tournament.services.results_export import player_countries_set
from tournament.views.common import done, run_service, tournament_or_404
from tournament.views.live import live_screen
from tournament.views.printouts import paper_choice


def _work_out(form: DealForm, prizes: list[int]) -> list[dict] | None:
    """Equities and rounded amounts for the form's stacks, or None with the error on the form."""
    data = form.cleaned_data
    try:
        shared = deal_domain.prizes_after_keep(prizes, data["keep"])
        stacks = list(form.stacks().values())
        equities = (deal_domain.icm(stacks, shared) if data["method"] == "icm"
                    else deal_domain.chip_chop(stacks, shared))
        amounts = deal_domain.deal(stacks, shared, method=data["method"], unit=data["unit"])
    except deal_domain.DealError as error:
        form.add_error(None, deals.deal_error_message(error))
        return None
    return [{"entry": e, "stack": s, "equity": q, "amount": a}
            for e, s, q, a in zip(form.players, stacks, equities, amounts, strict=True)]


def _balanced(form: DealForm, proposal: list[dict], money_left: int) -> list[int] | None:
    """The amounts changed by hand (not the worked-out ones) held, the others shared again."""
    typed = form.amounts()
    held = {i: typed[row["entry"].pk] for i, row in enumerate(proposal)
            if typed[row["entry"].pk] != row["amount"]}
    try:
        return list(deal_domain.rebalance(
            [row["equity"] for row in proposal], held,
            money_left - form.cleaned_data["keep"], unit=form.cleaned_data["unit"],
            stacks=[row["stack"] for row in proposal]))
    except deal_domain.DealError as error:
        form.add_error(None, deals.deal_error_message(error))
        return None


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def deal_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Work out a deal of the players still in, adjust it by hand, record it."""
    tournament = tournament_or_404(tournament_id)
    deal = deal_in_force(tournament)
    if deal is not None:
        shares = list(deal.shares.select_related("entry__player"))
        return render(request, "money/deal_recorded.html",
                      {"tournament": tournament, "deal": deal, "shares": shares})
    inputs = deal_inputs(tournament)
    action = request.POST.get("action", "")
    form = DealForm(request.POST or None, players=inputs.players,
                    with_amounts=action in ("record", "balance"),
                    initial={"unit": inputs.unit})
    proposal = None
    if request.method == "POST" and form.is_valid():
        proposal = _work_out(form, inputs.prizes)
        if proposal is not None and action == "record":
            _deal, error = run_service(request, lambda: deals.deal_record(
                actor=request.user, tournament_id=tournament.pk,
                method=form.cleaned_data["method"], unit=form.cleaned_data["unit"],
                keep=form.cleaned_data["keep"], stacks=form.stacks(),
                amounts={pk: a or 0 for pk, a in form.amounts().items()},
                accept_chip_difference=form.cleaned_data["accept_chip_difference"]))
            if error is None:
                return done(request, reverse("deal_page", args=[tournament.pk]),
                            _("The deal is recorded in the payouts."))
            form.add_error(None, error)
        elif proposal is not None:
            # Fill the amounts with the rounded deal (or, to keep the total, the amounts
            # changed by hand and the rest shared again); the director may adjust them.
            amounts = [row["amount"] for row in proposal]
            if action == "balance":
                amounts = _balanced(form, proposal, inputs.money_left)
            if amounts is not None:
                data = request.POST.copy()
                for row, amount in zip(proposal, amounts, strict=True):
                    data[f"amount_{row['entry'].pk}"] = str(amount)
                form = DealForm(data, players=inputs.players, with_amounts=True)
                form.is_valid()
    shared = chip_total = None
    if form.is_bound and form.is_valid():
        shared = inputs.money_left - form.cleaned_data["keep"]
        chip_total = sum(form.stacks().values())
    by_entry = {r["entry"].pk: r for r in proposal or []}
    context = {"tournament": tournament, "form": form, "inputs": inputs, "proposal": by_entry,
               "rows": [(*row, by_entry.get(row[0].pk)) for row in form.rows()], "shared": shared,
               "chip_total": chip_total,
               "chip_difference": None if chip_total is None
               else chip_total - inputs.chips_in_play,
               "status_ok": tournament.status == Tournament.Status.RUNNING}
    return render(request, "money/deal.html", context, status=400 if form.errors else 200)


@require_POST
@role_required(DIRECTOR)
def deal_undo_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _undo, error = run_service(request, lambda: deals.deal_undo(actor=request.user,
                                                                tournament_id=tournament.pk))
    url = reverse("deal_page", args=[tournament.pk])
    if error:
        from django.contrib import messages

        messages.error(request, error)
        return done(request, url)
    return done(request, url, _("The deal is withdrawn; the payout table applies again."))


@require_GET
@role_required(DIRECTOR)
def deal_sheet(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The deal in force on one page, with a line for each player's signature."""
    tournament = tournament_or_404(tournament_id)
    deal = deal_in_force(tournament)
    if deal is None:
        raise Http404
    shares = list(deal.shares.select_related("entry__player"))
    return render(request, "money/deal_sheet.html",
                  {"tournament": tournament, "deal": deal, "shares": shares})


# --- The cashier --------------------------------------------------------------------


def _cashier_page(request: HttpRequest, tournament, *, error: str | None = None,
                  notice: str | None = None) -> HttpResponse:
    context = cashier_rows(tournament) | {"tournament": tournament, "pay_form": PayForm(),
                                          "error": error, "notice": notice}
    template = "money/_cashier.html" if request.htmx else "money/cashier.html"
    return render(request, template, context, status=400 if error else 200)


@require_GET
@role_required(DIRECTOR, REGISTRATION)
@live_screen
def cashier_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _cashier_page(request, tournament_or_404(tournament_id))


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def pay(request: HttpRequest, tournament_id: int, kind: str, item_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = PayForm(request.POST)
    if not form.is_valid():
        return _cashier_page(request, tournament, error=_("Choose how the money was paid."))
    method = form.cleaned_data["method"]
    if kind == "prize":
        payment, error = run_service(request, lambda: cashier.prize_mark_paid(
            actor=request.user, tournament_id=tournament.pk, entry_id=item_id, method=method))
    elif kind == "bounty":
        payment, error = run_service(request, lambda: cashier.bounty_mark_paid(
            actor=request.user, tournament_id=tournament.pk, award_id=item_id, method=method))
    else:
        raise Http404
    notice = None
    if payment is not None:
        notice = _("Paid %(amount)s to %(name)s.") % {"amount": grouped(-payment.amount),
                                                       "name": payment.entry.player.name}
    return _cashier_page(request, tournament, error=error, notice=notice)


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def receipt(request: HttpRequest, tournament_id: int, payment_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    payment = (Payment.objects.select_related("entry__player", "actor")
               .filter(tournament=tournament, pk=payment_id,
                       kind__in=(Payment.Kind.PRIZE, Payment.Kind.BOUNTY)).first())
    if payment is None:
        raise Http404
    in_deal = payment.kind == Payment.Kind.PRIZE and payment.entry_id in deal_payouts(tournament)
    return render(request, "print/payout_receipt.html", {
        "tournament": tournament, "payment": payment, "entry": payment.entry,
        "amount": -payment.amount, "in_deal": in_deal} | paper_choice(request, "80mm"))


@require_GET
def bounties_board(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The biggest bounties still in play, for a TV (public, like the clock)."""
    tournament = tournament_or_404(tournament_id)
    rows = bounties_on_heads(tournament, limit=12)
    template = "money/_bounties.html" if request.htmx else "money/bounties.html"
    return render(request, template, {"tournament": tournament, "rows": rows})


# --- Results for public results databases ---------------------------------------------


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def results_export_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Check each placed player's country, then download place, name, country, prize."""
    tournament = tournament_or_404(tournament_id)
    error = notice = None
    if request.method == "POST":
        players = set(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                      .values_list("player_id", flat=True))
        form = CountriesForm(request.POST, players=sorted(players))
        if not form.is_valid():
            error = " ".join(str(e) for errors in form.errors.values() for e in errors)
        else:
            changed, error = run_service(request, lambda: player_countries_set(
                actor=request.user, tournament_id=tournament.pk, countries=form.countries()))
            if error is None:
                notice = _("Countries saved.") if changed else _("Nothing changed.")
    rows = results_rows(tournament)
    player_of = dict(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                     .values_list("number", "player_id"))
    for row in rows:
        row["player_id"] = player_of[row["entry"]]
    return render(request, "money/results_export.html", {
        "tournament": tournament, "rows": rows, "error": error, "notice": notice},
        status=400 if error else 200)
