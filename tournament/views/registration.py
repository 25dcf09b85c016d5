"""The registration desk: players, buy-ins, re-entries, rebuys, add-ons, seat cards."""

from __future__ import annotations

import segno
from django import forms
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.models import Entry, Payment, Player
from tournament.permissions import DIRECTOR, REGISTRATION, role_required
from tournament.security import public_url
from tournament.selectors import field_figures
from tournament.services import registration as reg
from tournament.services.players import players_matching, similar_players
from tournament.views.common import HtmxHttpRequest, render_screen, run_service, tournament_or_404


class RegisterForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.all(), required=False,
                                    widget=forms.HiddenInput)
    name = forms.CharField(label=gettext_lazy("Player name"), max_length=120, required=False)
    email = forms.EmailField(label=gettext_lazy("Email (optional)"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("Payment"), choices=Payment.Method.choices,
                               initial=Payment.Method.CASH)
    confirm_new = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Type the player's name or pick a player."))
        return data


def _desk_context(tournament, form, **extra):
    entries = (Entry.objects.filter(tournament=tournament).select_related("player", "table")
               .order_by("-number")[:30])
    return {"tournament": tournament, "form": form, "entries": entries,
            "figures": field_figures(tournament),
            "closed_reason": reg.registration_closed_reason(tournament), **extra}


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR, REGISTRATION)
def registration_desk(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = RegisterForm(request.POST or None)
    context = {}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            player = d.get("player")
            similar = [] if player or d.get("confirm_new") else similar_players(d["name"])
            if similar:
                context["similar"] = similar
                status = 409
            else:
                entry, error = run_service(request, lambda: reg.entry_register(
                    actor=request.user, tournament_id=tournament.pk,
                    player_id=player.pk if player else None, player_name=d.get("name"),
                    email=d.get("email") or "", method=d["method"]))
                if error:
                    # The refused pick is not kept: the next name typed is a new attempt.
                    data = request.POST.copy()
                    data.pop("player", None)
                    form = RegisterForm(data)
                    form.is_valid()
                    form.add_error(None, error)
                    status = 400
                else:
                    context["registered"] = entry
                    form = RegisterForm(initial={"method": d["method"]})
        else:
            status = 400
    return render_screen(request, "registration/desk.html", "desk",
                         _desk_context(tournament, form, **context), status=status)


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def player_search(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    players = players_matching(request.GET.get("name", ""))
    return render(request, "registration/desk.html#player-results",
                  {"players": players, "tournament": tournament})


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def entry_buy_chips(request: HtmxHttpRequest, tournament_id: int, entry_id: int, kind: str) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _entry, error = run_service(request, lambda: reg.entry_rebuy(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        addon=kind == "addon", method=request.POST.get("method", Payment.Method.CASH)))
    context = _desk_context(tournament, RegisterForm(), action_error=error)
    return render_screen(request, "registration/desk.html", "desk", context,
                         status=400 if error else 200)


@require_POST
@role_required(DIRECTOR)
def entry_unregister_view(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    _entry, error = run_service(request, lambda: reg.entry_unregister(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id))
    context = _desk_context(tournament, RegisterForm(), action_error=error)
    return render_screen(request, "registration/desk.html", "desk", context,
                         status=400 if error else 200)


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def seat_card(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A printable seat card with a QR code to the player's own seat page."""
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, number=number)
    url = public_url(request, reverse("entry_seat", args=[tournament.pk, entry.number]))
    qr_svg = segno.make(url, error="m").svg_inline(scale=4, omitsize=True)
    return render(request, "registration/seat_card.html",
                  {"tournament": tournament, "entry": entry, "qr_svg": qr_svg, "url": url})
