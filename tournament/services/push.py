"""Web Push to players' phones: subscriptions from a player's page, notices sent on commit.

A notice is (group, entry id, kind, facts). The actions that make notices hand
them over with ``push_notices_on_commit``; once the change commits they go to
Celery in one task per group (a table: a table break at 5,000 players is a task
per table, not per player), and only for entries with a subscription. The task
(``tournament.tasks.push``) words each notice in the language of the page that
subscribed, signs with the site's VAPID key, encrypts (RFC 8291), retries with
backoff, and drops a subscription its push service answers 404 or 410 for.
Email stays the fallback (``notify_seat``), untouched.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from tournament.models import Entry, PushSubscription
from tournament.runtime import broker
from tournament.services.base import ServiceError

PUSH_SEND = "tournament.tasks.push_send"
# One browser per phone; a player with a phone and a tablet is two. More is refused.
SUBSCRIPTIONS_PER_ENTRY = 5
KINDS = ("seated", "moved", "breaking", "called", "bubble", "out", "day2")


@dataclass(frozen=True)
class Notice:
    """One message for one entry. ``group`` batches notices into one task (a table number)."""

    entry_id: int
    kind: str
    facts: dict[str, Any] = field(default_factory=dict)
    group: int = 0


@transaction.atomic
def push_subscribe(*, tournament_id: int, entry_id: int, endpoint: str, p256dh: str, auth: str,
                   language: str = "en") -> PushSubscription:
    """Keep the browser's subscription for this entry's notices (the page's own language).

    No audit event: a phone asking for messages changes nothing in the tournament
    (and its screens' caches stay as they are).
    """
    entry = Entry.objects.filter(pk=entry_id, tournament_id=tournament_id).first()
    if entry is None:
        raise ServiceError("No such entry.")
    languages = {code for code, _name in settings.LANGUAGES}
    language = language if language in languages else "en"
    subscription, created = PushSubscription.objects.update_or_create(
        entry=entry, endpoint=endpoint,
        defaults={"p256dh": p256dh, "auth": auth, "language": language})
    if created:
        extra = list(PushSubscription.objects.filter(entry=entry).order_by("-id")
                     .values_list("pk", flat=True)[SUBSCRIPTIONS_PER_ENTRY:])
        if extra:
            PushSubscription.objects.filter(pk__in=extra).delete()
    return subscription


@transaction.atomic
def push_unsubscribe(*, tournament_id: int, entry_id: int, endpoint: str) -> int:
    deleted, _rows = PushSubscription.objects.filter(
        entry_id=entry_id, entry__tournament_id=tournament_id, endpoint=endpoint).delete()
    return deleted


def push_notices_on_commit(notices: Iterable[Notice]) -> int:
    """Once the change commits, send the notices of subscribed entries: one task per group.

    One query (which of these entries have a subscription); the number of tasks
    is the number of groups with a subscriber. Returns the notices kept.
    """
    notices = list(notices)
    if not notices:
        return 0
    subscribed = set(PushSubscription.objects.filter(
        entry_id__in={n.entry_id for n in notices}).values_list("entry_id", flat=True))
    groups: dict[int, list[list]] = defaultdict(list)
    for notice in notices:
        if notice.entry_id in subscribed:
            groups[notice.group].append([notice.entry_id, notice.kind, notice.facts])
    for batch in groups.values():
        broker.enqueue_on_commit(PUSH_SEND, args=(batch,))
    return sum(len(batch) for batch in groups.values())
