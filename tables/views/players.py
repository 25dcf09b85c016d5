"""A player's own page, no account: reached from the QR on a receipt or seat card
(a signed link, ``tournament.player_links``) or found by name and the short code.

The page polls a fragment that is cached per change of the tournaments it
depends on (the entry's, and its Day 2 once drawn): an unchanged poll costs
cache reads only, no SQL, whatever the field size.
"""

from __future__ import annotations

import hashlib

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tables.selectors.players import player_page as player_page_context
from tournament.forms.players import PlayerFindForm, push_subscription_form
from tournament.models import Entry
from tournament.player_links import code_matches, player_page_path, token_entry
from tournament.runtime.cache import cache_read, cache_write_many, tournament_version
from tournament.runtime.vapid import vapid_public_key
from tournament.services.base import ServiceError
from tournament.services.push import push_subscribe, push_unsubscribe
from tournament.views.clock import clock_context_of
from tournament.views.common import HtmxHttpRequest, client_address, throttled, tournament_or_404

PAGE_TIMEOUT = 3600
# Looking oneself up: this many tries per address in the window, then a wait.
FIND_TRIES = 10
FIND_WINDOW_SECONDS = 600
FIND_CANDIDATES = 50


def _deps_key(entry_id: int) -> str:
    return f"floorman:player:deps:{entry_id}"


def _tag(entry_id: int, tournament_ids: list[int]) -> str:
    versions = ",".join(f"{t}:{tournament_version(t)}" for t in tournament_ids)
    raw = f"player|{entry_id}|{versions}|{get_language()}"
    return '"' + hashlib.blake2s(raw.encode(), digest_size=12).hexdigest() + '"'


def _conditional(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_GET
def player_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """My tournament and clock, my state, my last count, my moves with their reasons."""
    found = token_entry(token)
    if found is None:
        raise Http404
    tournament_id, entry_id = found
    if request.htmx:
        _ok, deps = cache_read(_deps_key(entry_id))
        deps = deps or [tournament_id]
        tag = _tag(entry_id, deps)
        if tag in request.headers.get("If-None-Match", ""):
            return _conditional(HttpResponseNotModified(), tag)
        key = f"floorman:player:page:{tag.strip(chr(34))}"
        _ok, stored = cache_read(key)
        if stored is not None:
            return _conditional(HttpResponse(stored), tag)
    context = player_page_context(tournament_id, entry_id)
    if context is None:
        raise Http404
    context["token"] = token
    if not request.htmx:
        context |= clock_context_of(tournament_id) | {"vapid_public_key": vapid_public_key()}
        response = render(request, "players/page.html", context)
        response["Referrer-Policy"] = "no-referrer"
        return response
    response = render(request, "players/page.html#me", context)
    new_deps = [tournament_id] + ([context["day2"]["tournament_id"]]
                                  if context["day2"] and context["day2"]["tournament_id"] else [])
    if new_deps != deps:
        tag = _tag(entry_id, new_deps)
    # A version read before the render: a change that commits meanwhile moves it,
    # and this body is never served under the newer one.
    cache_write_many({_deps_key(entry_id): new_deps,
                      f"floorman:player:page:{tag.strip(chr(34))}": response.content},
                     timeout=PAGE_TIMEOUT)
    return _conditional(response, tag)




@require_http_methods(["GET", "POST"])
def player_find(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Look myself up by name and confirm with the code printed on my receipt or card."""
    tournament = tournament_or_404(tournament_id)
    form = PlayerFindForm(request.POST if request.method == "POST" else None,
                          initial={"name": request.GET.get("name", "")[:120]})
    status = 200
    if request.method == "POST":
        if throttled(f"floorman:player:find:{client_address(request)}", tries=FIND_TRIES,
                     window_seconds=FIND_WINDOW_SECONDS):
            form.add_error(None, _("Too many tries: wait ten minutes, or ask at the desk."))
            status = 429
        elif form.is_valid():
            # A Day 2 entry is found by its own code or by the code of the Day 1
            # entry it came from: the receipt or card the player holds.
            candidates = (Entry.objects.filter(tournament=tournament,
                                               player__name__iexact=form.cleaned_data["name"])
                          .order_by("-number")
                          .values_list("pk", "carried_from__from_entry_id")[:FIND_CANDIDATES])
            for entry_id, day1_entry_id in candidates:
                if any(code_matches(pk, form.cleaned_data["code"])
                       for pk in (entry_id, day1_entry_id) if pk is not None):
                    return redirect(player_page_path(tournament_id=tournament.pk,
                                                     entry_id=entry_id))
            form.add_error(None, _("No entry has that name and code. Check the code on your "
                                   "receipt or seat card, or ask at the desk."))
            status = 400
        else:
            status = 400
    return render(request, "players/find.html", {"tournament": tournament, "form": form},
                  status=status)





@csrf_exempt  # the signed link is the credential here, not a cookie: nothing to forge
@require_POST
def player_push(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Keep (or with ``"unsubscribe": true`` forget) this phone's Web Push subscription."""
    found = token_entry(token)
    if found is None:
        raise Http404
    tournament_id, entry_id = found
    form, sent, refusal = push_subscription_form(request.body)
    if form is None:
        return JsonResponse({"error": refusal}, status=400)
    try:
        if sent.get("unsubscribe") is True:
            push_unsubscribe(tournament_id=tournament_id, entry_id=entry_id,
                             endpoint=form.cleaned_data["endpoint"])
            return JsonResponse({"ok": True, "message": _("This phone gets no more messages.")})
        push_subscribe(tournament_id=tournament_id, entry_id=entry_id,
                       endpoint=form.cleaned_data["endpoint"], p256dh=form.cleaned_data["p256dh"],
                       auth=form.cleaned_data["auth"],
                       language=form.cleaned_data["language"] or get_language())
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)
    return JsonResponse({"ok": True, "message": _(
        "This phone will be told of your seat, moves and results.")})


@require_GET
def player_service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """The players' service worker, served under /me/ so that it controls their pages."""
    path = finders.find("js/player-sw.js")
    with open(path, "rb") as handle:
        response = HttpResponse(handle.read(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/me/"
    patch_cache_control(response, no_cache=True)
    return response
