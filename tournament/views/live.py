"""What keeps every staff screen current: the tournament's version, one cache read."""

from __future__ import annotations

from functools import wraps

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from tournament.runtime.cache import tournament_version


@require_GET
def tournament_version_view(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """The id of the tournament's latest audit event; a screen refetches when it changes.

    Public like the clock partial: a number says nothing, and reading no
    session keeps an unchanged poll at one cache read and no SQL query.
    """
    response = JsonResponse({"version": tournament_version(tournament_id)})
    response["Cache-Control"] = "no-store"
    return response


def live_screen(view):
    """A staff screen's view: the tournament's version is read before its rows.

    The page carries that number (``live_root``) and polls until it changes;
    read after the rows instead, a write committing in between would stamp an
    older screen with the newer number, and it would never refresh.
    """
    @wraps(view)
    def wrapper(request: HttpRequest, tournament_id: int, *args, **kwargs):
        request.live_version = tournament_version(tournament_id)
        return view(request, tournament_id, *args, **kwargs)
    return wrapper
