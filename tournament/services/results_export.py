"""Before results go to a public results database: each placed player's country."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEvent, Entry, Player
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament

MAX_COUNTRY = 60


def _clean(value: str) -> str:
    value = " ".join(value.split())
    if len(value) > MAX_COUNTRY:
        raise ServiceError(_("A country has at most %(count)s characters.") % {"count": MAX_COUNTRY})
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise ServiceError(_("A country cannot contain control characters."))
    return value


@transaction.atomic
def player_countries_set(*, actor: Actor, tournament_id: int, countries: Mapping[int, str]) -> int:
    """Set the country of players placed in this tournament; returns how many changed."""
    tournament = lock_tournament(tournament_id)
    placed = set(Entry.objects.filter(tournament=tournament, finish_place__isnull=False)
                 .values_list("player_id", flat=True))
    if not set(countries) <= placed:
        raise ServiceError(_("Only players placed in this tournament can be changed here."))
    cleaned = {pk: _clean(value) for pk, value in countries.items()}
    players = list(Player.objects.select_for_update().filter(pk__in=cleaned))
    changed = [p for p in players if p.country != cleaned[p.pk]]
    for player in changed:
        player.country = cleaned[player.pk]
    Player.objects.bulk_update(changed, ["country"])
    if changed:
        record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.PLAYER_COUNTRIES_SET, payload={
            "players": {str(p.pk): p.country for p in changed}})
    return len(changed)
