"""What keeps every staff screen current: the tournament's version, one cache read."""

from __future__ import annotations

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
