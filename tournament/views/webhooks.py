"""The director's webhooks: endpoints, their signing secrets, and the delivery log."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.forms.money import WebhookForm
from tournament.models import WebhookDelivery, WebhookEndpoint
from tournament.permissions import DIRECTOR, role_required
from tournament.services import webhooks
from tournament.views.common import run_service, tournament_or_404

LOG_ROWS = 100


def _page(request: HttpRequest, tournament, *, form: WebhookForm | None = None,
          error: str | None = None, notice: str | None = None) -> HttpResponse:
    deliveries = list(WebhookDelivery.objects.filter(tournament=tournament)
                      .select_related("endpoint")[:LOG_ROWS])
    for delivery in deliveries:
        delivery.next_at = webhooks.next_attempt_at(delivery)
    context = {
        "tournament": tournament, "form": form or WebhookForm(), "error": error,
        "notice": notice, "deliveries": deliveries,
        "endpoints": list(WebhookEndpoint.objects.filter(tournament=tournament, active=True)),
    }
    failed = error or (form is not None and form.errors)
    template = "money/_webhooks.html" if request.htmx else "money/webhooks.html"
    return render(request, template, context, status=400 if failed else 200)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def webhooks_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    if request.method == "GET":
        return _page(request, tournament)
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, form=form)
    _endpoint, error = run_service(request, lambda: webhooks.webhook_add(
        actor=request.user, tournament_id=tournament.pk, url=form.cleaned_data["url"],
        events=form.cleaned_data["events"]))
    if error:
        return _page(request, tournament, form=form, error=error)
    return _page(request, tournament, notice=_("Webhook added."))


@require_POST
@role_required(DIRECTOR)
def webhook_remove(request: HttpRequest, tournament_id: int, webhook_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _endpoint, error = run_service(request, lambda: webhooks.webhook_remove(
        actor=request.user, tournament_id=tournament.pk, webhook_id=webhook_id))
    return _page(request, tournament, error=error,
                 notice=None if error else _("Webhook removed."))


@require_POST
@role_required(DIRECTOR)
def webhook_redeliver(request: HttpRequest, tournament_id: int, item_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _delivery, error = run_service(request, lambda: webhooks.webhook_redeliver(
        actor=request.user, tournament_id=tournament.pk, delivery_id=item_id))
    return _page(request, tournament, error=error,
                 notice=None if error else _("Sent again."))
