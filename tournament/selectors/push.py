"""Who has Web Push: the floor marks the seats of players whose phone hears of a move."""

from __future__ import annotations

from collections.abc import Iterable

from tournament.models import PushSubscription


def entries_with_push(entry_ids: Iterable[int]) -> set[int]:
    """The entries among ``entry_ids`` with at least one push subscription; one query."""
    ids = list(entry_ids)
    if not ids:
        return set()
    return set(PushSubscription.objects.filter(entry_id__in=ids)
               .values_list("entry_id", flat=True).distinct())
