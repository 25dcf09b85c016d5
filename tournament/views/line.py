"""The alternate line: a player joins from their phone and follows their place; the desk
adds players, buys in the called and passes over those who do not come.

The player's side needs no account: the page's signed link (``player_links.line_token``)
is the key, as for a player's own page. Joining is the one public write: bounded by its
form, throttled per address. A call whose deadline has passed is passed over by the
first read that finds it (this page's poll, the desk), as a screen records a level
start it finds due; in full mode a task at the deadline and beat do it first.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.forms.line import DeskLineJoinForm, LineActionForm, LineJoinForm
from tournament.forms.players import push_subscription_form
from tournament.permissions import DIRECTOR, REGISTRATION, role_required
from tournament.player_links import line_page_path, player_token, token_spot
from tournament.runtime.vapid import vapid_public_key
from tournament.selectors.line import line_page as line_page_context
from tournament.services import line as line_services
from tournament.services import registration as reg
from tournament.services.base import ServiceError, now
from tournament.views.common import (
    HtmxHttpRequest,
    client_address,
    form_errors,
    run_service,
    throttled,
    tournament_or_404,
)
from tournament.views.registration import desk_response

# Joining the line: this many tries per address in the window, then a wait.
JOIN_TRIES = 10
JOIN_WINDOW_SECONDS = 600


@require_http_methods(["GET", "POST"])
def line_join(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Join the alternate line from a phone: name, email or phone, language."""
    tournament = tournament_or_404(tournament_id)
    form = LineJoinForm(request.POST if request.method == "POST" else None,
                        initial={"language": get_language()})
    status = 200
    if request.method == "POST":
        if throttled(f"floorman:line:join:{client_address(request)}", tries=JOIN_TRIES,
                     window_seconds=JOIN_WINDOW_SECONDS):
            form.add_error(None, _("Too many tries: wait ten minutes, or ask at the desk."))
            status = 429
        elif form.is_valid():
            d = form.cleaned_data
            spot, error = run_service(request, lambda: line_services.line_join(
                actor=request.user, tournament_id=tournament.pk, name=d["name"],
                email=d["email"], phone=d["phone"], language=d["language"] or get_language()),
                form=form)
            if spot is not None:
                return redirect(line_page_path(tournament_id=tournament.pk, spot_id=spot.pk))
            if error and not form.errors:
                form.add_error(None, error)
            status = 400
        else:
            status = 400
    refusal = line_services.line_joinable_refusal(tournament)
    return render(request, "line/join.html", {"tournament": tournament, "form": form,
                                              "refusal": refusal}, status=status)


@require_GET
def line_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """My place in line: position and an estimated wait; called, with the time left to pay;
    seated, with my table and seat; passed over, or the line closed."""
    found = token_spot(token)
    if found is None:
        raise Http404
    tournament_id, spot_id = found
    at = now()
    context = line_page_context(tournament_id, spot_id, at)
    if context is None:
        raise Http404
    if line_services.line_due([context["spot"]], at):
        line_services.line_reconcile(tournament_id=tournament_id, at=at)
        context = line_page_context(tournament_id, spot_id, at) or context
    spot = context["spot"]
    context |= {"token": token, "now_ms": int(at.timestamp() * 1000),
                "player_token": player_token(tournament_id=tournament_id, entry_id=spot.entry_id)
                if spot.entry_id else None}
    if request.htmx:
        response = render(request, "line/page.html#spot", context)
    else:
        context["vapid_public_key"] = vapid_public_key()
        response = render(request, "line/page.html", context)
    patch_cache_control(response, no_cache=True, private=True)
    response["Referrer-Policy"] = "no-referrer"
    return response


@csrf_exempt  # the signed link is the credential here, not a cookie: nothing to forge
@require_POST
def line_push(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Keep this phone's Web Push subscription for its place in line."""
    found = token_spot(token)
    if found is None:
        raise Http404
    tournament_id, spot_id = found
    form, sent, refusal = push_subscription_form(request.body)
    if form is None:
        return JsonResponse({"error": refusal}, status=400)
    try:
        line_services.line_push_subscribe(
            tournament_id=tournament_id, spot_id=spot_id,
            endpoint=form.cleaned_data["endpoint"], p256dh=form.cleaned_data["p256dh"],
            auth=form.cleaned_data["auth"],
            language=form.cleaned_data["language"] or get_language())
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)
    return JsonResponse({"ok": True, "message": _(
        "This phone will be told when you are called, and of your seat.")})


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def line_desk_join(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The desk puts a player in line (a name like one in line asks to confirm)."""
    tournament = tournament_or_404(tournament_id)
    form = DeskLineJoinForm(request.POST)
    if not form.is_valid():
        return desk_response(request, tournament, line_form=form, status=400)
    d = form.cleaned_data
    spot, error = run_service(request, lambda: line_services.line_join(
        actor=request.user, tournament_id=tournament.pk, name=d["name"], email=d["email"],
        phone=d["phone"], language=d["language"] or get_language(),
        confirm_look_alike=d["confirm"]), form=form)
    if error:
        if not form.errors:
            form.add_error(None, error)
        return desk_response(request, tournament, line_form=form, status=400)
    return desk_response(request, tournament, action_notice=_(
        "%(name)s is in the alternate line.") % {"name": spot.name}, line_spot_added=spot)


LINE_ACTIONS = ("pay", "pass", "remove")


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def line_spot_action(request: HtmxHttpRequest, tournament_id: int, spot_id: int,
                     action: str) -> HttpResponse:
    """Pay and seat a called alternate (the normal buy-in), pass one over, or remove one.
    The form carries the spot's status as this desk saw it: a stale screen is refused."""
    if action not in LINE_ACTIONS:
        raise Http404
    tournament = tournament_or_404(tournament_id)
    form = LineActionForm(request.POST)
    if not form.is_valid():
        return desk_response(request, tournament, action_error=form_errors(form), status=400)
    seen = form.cleaned_data["seen"]
    if action == "pay":
        method = form.cleaned_data["method"] or "cash"
        entry, error = run_service(request, lambda: reg.entry_register(
            actor=request.user, tournament_id=tournament.pk, line_spot_id=spot_id,
            line_spot_seen=seen, method=method))
        if error:
            return desk_response(request, tournament, action_error=error, status=409)
        return desk_response(request, tournament, registered=entry)
    service = line_services.line_pass_over if action == "pass" else line_services.line_remove
    event, error = run_service(request, lambda: service(
        actor=request.user, tournament_id=tournament.pk, spot_id=spot_id, seen_status=seen))
    if error:
        return desk_response(request, tournament, action_error=error, status=409)
    name = (event.payload.get("passed") or [event.payload])[0]["name"]
    text = (_("%(name)s was passed over.") if action == "pass"
            else _("%(name)s is out of the line.")) % {"name": name}
    if called := event.payload.get("called"):
        text += " " + _("Called: %(names)s.") % {"names": ", ".join(c["name"] for c in called)}
    return desk_response(request, tournament, action_notice=text)
