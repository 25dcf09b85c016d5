"""Read-only JSON views: ETag and 304, CORS for any origin, no cookies, no writes."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.csrf import csrf_exempt

from tournament.api.openapi import schema
from tournament.exports import csv_response
from tournament.runtime.cache import due_key, tournament_version
from tournament.selectors import api as selectors
from tournament.services.registration import registration_closed_reason
from tournament.views.clock import snapshot_or_404
from tournament.views.common import tournament_or_404

READ_METHODS = ("GET", "HEAD")
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "If-None-Match",
    "Access-Control-Expose-Headers": "ETag, X-Server-Time",
    "Access-Control-Max-Age": "86400",
}


def _etag(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


@dataclass(frozen=True, slots=True)
class Prepared:
    """A body already encoded, with its ETag (kept in the cache between changes)."""

    body: bytes
    etag: str


def _encode(data: Any) -> tuple[bytes, str]:
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return body, _etag(body)


def _matches(request: HttpRequest, etag: str) -> bool:
    header = request.headers.get("If-None-Match", "")
    if not header:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return "*" in tags or etag in tags


def _finish(response: HttpResponse) -> HttpResponse:
    for name, value in CORS_HEADERS.items():
        response[name] = value
    # Screens correct their own clock by this header, as the clock partial does.
    response["X-Server-Time"] = f"{time.time() * 1000:.0f}"
    return response


def api_view(view: Callable[..., Any]) -> Callable[..., HttpResponse]:
    """GET/HEAD answer the view's data as JSON with an ETag (304 when it matches).

    OPTIONS answers a CORS preflight; every other method gets 405. The data
    is public (what the clock, chart and results pages already show), so any
    origin may read it, without credentials.
    """

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method == "OPTIONS":
            return _finish(HttpResponse(status=204))
        if request.method not in READ_METHODS:
            response = HttpResponse(status=405)
            response["Allow"] = "GET, HEAD, OPTIONS"
            return _finish(response)
        result = view(request, *args, **kwargs)
        if isinstance(result, Prepared):
            body, content_type, etag = result.body, "application/json", result.etag
        elif isinstance(result, HttpResponse):
            body, content_type = result.content, result["Content-Type"]
            etag = _etag(body)
        else:
            body, etag = _encode(result)
            content_type = "application/json"
        if _matches(request, etag):
            response = HttpResponse(status=304)
        else:
            response = HttpResponse(body, content_type=content_type)
            if isinstance(result, HttpResponse) and result.has_header("Content-Disposition"):
                response["Content-Disposition"] = result["Content-Disposition"]
        response["ETag"] = etag
        # Clients may keep a copy but must ask again (with If-None-Match) before using it.
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ["Origin"])
        return _finish(response)

    # Nothing here writes, so there is nothing for CSRF to protect: any other
    # method gets a plain 405 with the CORS headers.
    return csrf_exempt(wrapped)


@api_view
def api_index(request: HttpRequest) -> dict[str, Any]:
    return {"version": 1, "tournaments": "/api/v1/tournaments/",
            "schema": "/api/v1/openapi.json"}


@api_view
def openapi(request: HttpRequest) -> dict[str, Any]:
    return schema()


@api_view
def tournaments(request: HttpRequest) -> dict[str, Any]:
    return selectors.tournaments_list()


@api_view
def tournament(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.tournament_detail(tournament_or_404(tournament_id))


@api_view
def clock(request: HttpRequest, tournament_id: int) -> Prepared:
    """The resource overlays poll: encoded once per change of the tournament.

    Kept under the tournament's version (its latest audit event), so any
    committed change makes a new entry; in embedded mode a level boundary
    that fell due since is recorded first (and that is a change too).
    """
    # The version is read before the body is built: a change committed in
    # between has a newer version, so a stale body is never stored under it.
    key = f"floorman:api-clock:{tournament_id}:{tournament_version(tournament_id)}"
    cached = cache.get_many((key, due_key(tournament_id)))
    prepared, due = cached.get(key), cached.get(due_key(tournament_id))
    if prepared is not None and due is not None and not (due and time.time() >= due):
        return prepared
    snapshot = snapshot_or_404(tournament_id)  # records a boundary that fell due
    prepared = Prepared(*_encode(selectors.clock_resource(snapshot)))
    cache.set(key, prepared, timeout=3600)
    return prepared


@api_view
def levels(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.levels_resource(snapshot_or_404(tournament_id))


@api_view
def payouts(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.payouts_resource(tournament_or_404(tournament_id))


@api_view
def seating(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.seating_resource(tournament_or_404(tournament_id))


@api_view
def chips(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.chips_resource(tournament_or_404(tournament_id))


@api_view
def results(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.results_resource(tournament_or_404(tournament_id))


@api_view
def bounties(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.bounties_resource(tournament_or_404(tournament_id))


@api_view
def line(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return selectors.line_resource(tournament_or_404(tournament_id))


@api_view
def reservations(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    t = tournament_or_404(tournament_id)
    return selectors.reservations_resource(
        t, registration_closed=registration_closed_reason(t) is not None, now=timezone.now())


@api_view
def results_export(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """CSV in the columns public results databases ask for: place, name, country, prize."""
    t = tournament_or_404(tournament_id)
    return csv_response(
        f"results-{t.pk}-export.csv", ["place", "name", "country", "prize"],
        ([row["tied_from"] or row["place"], row["name"], row["country"], row["prize"]]
         for row in selectors.results_rows(t)))
