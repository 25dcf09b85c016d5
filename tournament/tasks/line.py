"""The alternate line's tasks: its reconcile (a call's deadline, beat's round) and its pushes."""

from __future__ import annotations

import json

from celery import shared_task
from django.utils import translation
from django.utils.translation import gettext as _

from tournament.domain.signing import backoff_seconds
from tournament.models import LineSpot, PushSubscription
from tournament.player_links import line_page_path
from tournament.services.line import line_reconcile as line_reconcile_service
from tournament.tasks.push import GONE, _send


@shared_task(name="tournament.tasks.line_reconcile", ignore_result=True)
def line_reconcile(tournament_id: int) -> str:
    """After a change that may open a place: call the next in line (or close the line)."""
    event = line_reconcile_service(tournament_id=tournament_id)
    return event.kind if event else "nothing due"


@shared_task(name="tournament.tasks.line_deadline", acks_late=True, ignore_result=True)
def line_deadline(tournament_id: int) -> str:
    """At a call's deadline: pass over whoever has not paid, call the next. Idempotent:
    a call paid for, or passed over by the desk, is no longer due."""
    event = line_reconcile_service(tournament_id=tournament_id)
    return event.kind if event else "nothing due"


@shared_task(name="tournament.tasks.line_reconcile_all", ignore_result=True)
def line_reconcile_all() -> int:
    """Beat's safety net (every 15 s): every line with someone in it, for a deadline task
    lost with a worker or a broker away."""
    done = 0
    for tournament_id in (LineSpot.objects.filter(status__in=LineSpot.OPEN_STATUSES)
                          .values_list("tournament_id", flat=True).distinct()):
        done += line_reconcile_service(tournament_id=tournament_id) is not None
    return done


def line_push_text(kind: str, facts: dict, language: str) -> tuple[str, str]:
    """A line notice's title and body in the language of the page that subscribed."""
    with translation.override(language):
        if kind == "called":
            return (_("A seat is open for you: pay at the desk"),
                    _("You have %(minutes)s minutes to pay at the desk, or your place goes "
                      "to the next in line.") % {"minutes": facts.get("minutes", 5)})
        if kind == "passed":
            return (_("You were passed over in the alternate line"),
                    _("You did not pay in time, and the seat went to the next in line. Ask "
                      "at the desk."))
        if kind == "closed":
            return (_("Late registration has closed: the alternate line is over"),
                    _("No more players can enter this tournament. Thank you for waiting."))
        return _("News from the tournament"), ""


@shared_task(name="tournament.tasks.line_push_send", bind=True, acks_late=True,
             ignore_result=True, max_retries=5)
def line_push_send(self, batch: list) -> str:
    """Send ``[[spot id, kind, facts], ...]`` to the phones that follow those places in line;
    retried with backoff, a subscription answered 404/410 dropped (as ``push_send``)."""
    by_spot: dict[int, list[PushSubscription]] = {}
    for subscription in (PushSubscription.objects.filter(spot_id__in={row[0] for row in batch})
                         .select_related("spot").only("pk", "endpoint", "p256dh", "auth",
                                                      "language", "spot__id",
                                                      "spot__tournament_id")):
        by_spot.setdefault(subscription.spot_id, []).append(subscription)
    failed, gone, sent = [], [], 0
    for spot_id, kind, facts in batch:
        for subscription in by_spot.get(spot_id, []):
            title, body = line_push_text(kind, facts, subscription.language)
            payload = json.dumps({"title": title, "body": body, "kind": f"line-{kind}",
                                  "url": line_page_path(
                                      tournament_id=subscription.spot.tournament_id,
                                      spot_id=spot_id)}, ensure_ascii=False)
            status = _send(subscription, payload)
            if status in GONE:
                gone.append(subscription.pk)
            elif 200 <= status < 300:
                sent += 1
            elif [spot_id, kind, facts] not in failed:
                failed.append([spot_id, kind, facts])
    if gone:
        PushSubscription.objects.filter(pk__in=gone).delete()
    if failed and self.request.retries < self.max_retries:
        raise self.retry(args=(failed,), countdown=backoff_seconds(self.request.retries + 1))
    return f"sent {sent}, dropped {len(gone)}, failed {len(failed)}"
