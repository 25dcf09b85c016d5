"""Web Push to players' phones: subscriptions from a player's page, notices sent on commit.

A notice is (group, entry id, kind, facts). The actions that make notices hand
them over with ``push_notices_on_commit``; once the change commits they go to
Celery in one task per group (a table: a table break at 5,000 players is a task
per table, not per player), and only for entries with a subscription. The task
(``tournament.tasks.push``) words each notice in the language of the page that
subscribed, signs with the site's VAPID key, encrypts (RFC 8291), retries with
backoff, and drops a subscription its push service answers 404 or 410 for.
Email stays the fallback (``notify_seat``), untouched.

Embedded mode (no worker: Celery runs tasks in process) runs the same tasks on
a thread of the process (``tournament.runtime.in_process``), so the floor's tap
never waits on the players' push services, and a failed send is retried after
the same backoff, as many times.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction

from tournament.models import Entry, PushSubscription
from tournament.runtime import broker, in_process
from tournament.services.base import ServiceError

PUSH_SEND = "tournament.tasks.push_send"
# One browser per phone; a player with a phone and a tablet is two. More is refused.
SUBSCRIPTIONS_PER_ENTRY = 5
KINDS = ("seated", "moved", "breaking", "stay", "called", "bubble", "out", "day2")


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
        if current_app.conf.task_always_eager:
            transaction.on_commit(lambda batch=batch: send_in_background(batch))
        else:
            broker.enqueue_on_commit(PUSH_SEND, args=(batch,))
    return sum(len(batch) for batch in groups.values())


def send_in_background(batch: list) -> None:
    """Embedded mode: the task runs on the in-process worker's thread, not in the request
    that committed. A seam: tests that run inside one transaction send in line."""
    in_process.worker.submit(PUSH_SEND, (batch,))


def seated_push_on_commit(seated: Mapping[int, tuple[int, int]], *, kind: str = "seated") -> int:
    """Each seated player's phone hears of the seat: ``seated`` is {entry id: (table, seat)}.

    Every path that seats someone calls it (the draw, a buy-in, the waiting list
    seated, a reinstatement, the floor seating an alternate; ``kind="day2"`` for the
    Day 2 draw). One query; one task per table.
    """
    return push_notices_on_commit(
        Notice(entry_id=entry_id, kind=kind, group=table, facts={"table": table, "seat": seat})
        for entry_id, (table, seat) in seated.items())


def bubble_push_on_commit(*, tournament_id: int, event_id: int | None = None) -> int:
    """The bubble has burst: every player still in hears they are in the money.

    ``event_id``: a Day 1 flight's bust counts places across its event, so the
    players still in every Day 1 flight of the event are told (never its Day 2's).
    Two queries; one task per table.
    """
    live = Entry.objects.filter(status__in=Entry.LIVE_STATUSES)
    if event_id is not None:
        live = live.filter(tournament__event_id=event_id, tournament__day2_of__isnull=True)
    else:
        live = live.filter(tournament_id=tournament_id)
    return push_notices_on_commit(
        Notice(entry_id=entry_id, kind="bubble", group=table_id or 0)
        for entry_id, table_id in live.values_list("pk", "table_id"))


def day2_push_on_commit(drawn: Mapping[int, tuple[int, int, int]]) -> int:
    """The Day 2 draw: each Day 1 entry's phone follows its Day 2 entry, and hears its seat.

    ``drawn`` is {Day 1 entry id: (Day 2 entry id, table, seat)}. The phones that
    subscribed on a Day 1 page are kept for the Day 2 entry too (the same browser,
    its own signed link), so Day 2's moves and result reach them as well. Two queries
    and one bulk insert, whatever the field size.
    """
    if not drawn:
        return 0
    PushSubscription.objects.bulk_create(
        [PushSubscription(entry_id=drawn[row["entry_id"]][0], endpoint=row["endpoint"],
                          p256dh=row["p256dh"], auth=row["auth"], language=row["language"])
         for row in PushSubscription.objects.filter(entry_id__in=list(drawn))
         .values("entry_id", "endpoint", "p256dh", "auth", "language")],
        batch_size=1000, ignore_conflicts=True)
    return seated_push_on_commit({to: (table, seat) for to, table, seat in drawn.values()},
                                 kind="day2")
