"""Deployment helpers for views: the public address of a page, and embeddable pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.csp import CSP

from tournament.player_links import player_code, player_page_path


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute address of ``path`` as players reach it.

    Built from ``PUBLIC_URL`` when set (always, in production): a link printed on a
    seat card or sent by email never carries the Host header of the request that
    made it. The embedded default (no PUBLIC_URL, plain http on the room's network)
    uses the address the staff member's browser used.
    """
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


def embeddable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Let this page be framed by the site itself and by ``CLOCK_FRAME_ANCESTORS``.

    Every other page answers X-Frame-Options: DENY and CSP frame-ancestors 'none'.
    """

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response.xframe_options_exempt = True
        policy = dict(settings.SECURE_CSP)
        policy["frame-ancestors"] = [CSP.SELF, *settings.CLOCK_FRAME_ANCESTORS]
        response._csp_config = policy
        return response

    return wrapped


def player_card(request: HttpRequest, *, tournament_id: int, entry_id: int) -> dict:
    """What a receipt or seat card prints for the player: their page's QR and its code."""
    url = public_url(request, player_page_path(tournament_id=tournament_id, entry_id=entry_id))
    return {"url": url, "qr_svg": segno.make(url, error="m").svg_inline(scale=4, omitsize=True),
            "code": player_code(entry_id)}
