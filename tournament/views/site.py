"""What a browser asks of the site itself: the web app manifest and the favicon."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET


def _start_url(path: str) -> str:
    """The page to open from the home screen: a path of this site, else the home page."""
    if not path.startswith("/") or path.startswith("//") or len(path) > 200:
        return "/"
    try:
        resolve(path)
    except Resolver404:
        return "/"
    return path


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """Installs the page it was linked from (the floor console, say) to a home screen."""
    start = _start_url(request.GET.get("start", "/"))
    body = {
        "name": "Floorman",
        "short_name": "Floorman",
        "description": _("Live poker tournaments: clock, seating, floor and registration."),
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f7f9",
        "theme_color": "#111827",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": static("icons/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = HttpResponse(json.dumps(body), content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers that ask for /favicon.ico without reading the page's icon link."""
    return HttpResponsePermanentRedirect(static("icons/icon-32.png"))
