"""The dealer coordinator's board, the dealers' own phone page, and the payroll export."""

from __future__ import annotations

import csv
from datetime import date

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tables.forms import (
    DealerClockForm,
    DealerForm,
    DealerRulesForm,
    DealerSwapForm,
    PushConfirmForm,
)
from tables.models import Dealer, DealerShift
from tables.selectors import dealers as selectors
from tables.services import dealer_rules
from tables.services import dealers as services
from tournament.permissions import DIRECTOR, FLOOR, role_required
from tournament.services.base import ServiceError
from tournament.views.common import HtmxHttpRequest, form_errors
from tournament.views.section import floor_section

BOARD = "dealers/board.html"


def _board(request: HtmxHttpRequest, *, error: str | None = None, notice: str | None = None,
           form: DealerForm | None = None, rules_form: DealerRulesForm | None = None,
           status: int | None = None) -> HttpResponse:
    first, last = floor_section(request)
    context = selectors.dealer_board(first=first, last=last)
    context |= {"error": error, "notice": notice, "form": form or DealerForm(),
                "rules_form": rules_form or DealerRulesForm(initial={
                    name: getattr(context["rules_row"], name) for name in dealer_rules.FIELDS})}
    name = f"{BOARD}#board" if request.htmx else BOARD
    return render(request, name, context, status=status or (400 if error else 200))


@require_GET
def dealers_version_view(request: HttpRequest) -> JsonResponse:
    """The id of the latest dealers' event: the board and the phones refetch when it moves."""
    response = JsonResponse({"version": services.dealers_version()})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
@role_required(DIRECTOR, FLOOR)
def dealer_board(request: HtmxHttpRequest) -> HttpResponse:
    return _board(request)


def _act(request: HtmxHttpRequest, action) -> HttpResponse:
    try:
        notice = action()
    except ServiceError as refused:
        return _board(request, error=refused.message)
    if request.htmx:
        return _board(request, notice=notice)
    return redirect(reverse("dealer_board"))


@require_POST
@role_required(DIRECTOR, FLOOR)
def dealer_push(request: HtmxHttpRequest) -> HttpResponse:
    """One tap confirms the push the board shows."""
    form = PushConfirmForm(request.POST)
    if not form.is_valid():
        return _board(request, error=_("The push changed: look again and confirm."))

    def confirm() -> str:
        services.dealer_push_confirm(actor=request.user,
                                     expected_at=form.cleaned_data["expected_at"])
        return _("Push confirmed.")
    return _act(request, confirm)


@require_POST
@role_required(DIRECTOR, FLOOR)
def dealer_swap(request: HtmxHttpRequest) -> HttpResponse:
    form = DealerSwapForm(request.POST)
    if not form.is_valid():
        return _board(request, error=form_errors(form))

    def swap() -> str:
        services.dealer_swap(actor=request.user, table_id=form.cleaned_data["table"],
                             dealer_id=form.cleaned_data["dealer"])
        return _("Dealer swapped.")
    return _act(request, swap)


@require_POST
@role_required(DIRECTOR, FLOOR)
def dealer_clock(request: HtmxHttpRequest) -> HttpResponse:
    """Clock a dealer in or out at the desk, send one home, or mark an early-out."""
    form = DealerClockForm(request.POST)
    if not form.is_valid():
        return _board(request, error=form_errors(form))
    dealer, action = form.cleaned_data["dealer"], form.cleaned_data["action"]

    def clock() -> str:
        if action == "in":
            services.dealer_clock_in(actor=request.user, dealer_id=dealer)
            return _("Clocked in.")
        if action in ("early", "not_early"):
            services.dealer_early_out_set(actor=request.user, dealer_id=dealer,
                                          on=action == "early")
            return _("Early-out list updated.")
        services.dealer_clock_out(actor=request.user, dealer_id=dealer, early=action == "home")
        return _("Clocked out.")
    return _act(request, clock)


@require_POST
@role_required(DIRECTOR, FLOOR)
def dealer_add(request: HtmxHttpRequest) -> HttpResponse:
    form = DealerForm(request.POST)
    if not form.is_valid():
        return _board(request, error=form_errors(form), form=form)
    try:
        services.dealer_add(actor=request.user, **form.cleaned_data)
    except ServiceError as refused:
        return _board(request, error=refused.message, form=form)
    return _board(request, notice=_("Dealer added.")) if request.htmx else redirect(
        reverse("dealer_board"))


@require_POST
@role_required(DIRECTOR)
def dealer_rules_edit(request: HtmxHttpRequest) -> HttpResponse:
    """The director changes the rotation rules; they apply from the next push."""
    form = DealerRulesForm(request.POST)
    if not form.is_valid():
        return _board(request, error=form_errors(form), rules_form=form)
    try:
        dealer_rules.dealer_rules_set(actor=request.user, **form.cleaned_data)
    except ServiceError as refused:
        return _board(request, error=refused.message, rules_form=form)
    notice = _("Rotation rules saved: they apply from the next push.")
    return _board(request, notice=notice) if request.htmx else redirect(reverse("dealer_board"))


def _phone_dealer(token: str) -> Dealer:
    if len(token) > 40:
        raise Http404
    return get_object_or_404(Dealer.objects.select_related("table"), token=token, active=True)


@require_GET
def dealer_phone(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The dealer's own page, by their link, in their language; current within 2 s."""
    dealer = _phone_dealer(token)
    with translation.override(dealer.language):
        context = selectors.dealer_page(dealer) | {"token": token}
        response = render(request, "dealers/phone.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def dealer_phone_clock(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Clock in or out by the dealer's own link (refused for a link nobody holds)."""
    dealer = Dealer.objects.filter(token=token[:40], active=True).first()
    if dealer is None:
        raise PermissionDenied
    action = request.POST.get("action", "")
    try:
        if action == "in":
            services.dealer_clock_in(actor=None, dealer_id=dealer.pk,
                                     via=DealerShift.Via.LINK)
        elif action == "out":
            services.dealer_clock_out(actor=None, dealer_id=dealer.pk,
                                      via=DealerShift.Via.LINK)
    except ServiceError:
        pass  # the page shows where the dealer stands
    return redirect(reverse("dealer_phone", args=[token]))


def _day(request: HttpRequest) -> date:
    try:
        return date.fromisoformat(request.GET.get("day", "")[:10])
    except ValueError:
        return timezone.localdate()


LEDGER_FIELDS = ("day", "dealer", "name", "name_zh", "tournament", "tournament_name", "downs",
                 "breaks", "early_outs")


@require_GET
@role_required(DIRECTOR)
def dealer_ledger_csv(request: HttpRequest) -> HttpResponse:
    """Payroll: downs per dealer per day and tournament, breaks, early-outs."""
    day = _day(request)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="dealers-{day.isoformat()}.csv"'
    writer = csv.DictWriter(response, fieldnames=LEDGER_FIELDS, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(selectors.dealer_ledger(day))
    return response


@require_GET
@role_required(DIRECTOR)
def dealer_ledger_json(request: HttpRequest) -> JsonResponse:
    day = _day(request)
    return JsonResponse({"day": day.isoformat(), "lines": selectors.dealer_ledger(day)})
