"""Web Push deliveries: one task per batch of notices (a table's), retried with backoff."""

from __future__ import annotations

import json
import logging

from celery import shared_task
from django.conf import settings
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils import translation
from django.utils.translation import gettext as _
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from tournament.domain.signing import backoff_seconds
from tournament.models import PushSubscription, Tournament
from tournament.player_links import player_page_path
from tournament.runtime.vapid import vapid_private_pem
from tournament.selectors.money import prizes_due

log = logging.getLogger(__name__)

PUSH_TIMEOUT_SECONDS = 10
PUSH_TTL_SECONDS = 3600  # a notice older than an hour is no use at the table
GONE = (404, 410)


def push_text(kind: str, facts: dict, language: str) -> tuple[str, str]:
    """The title and body of a notice, in the language of the page that subscribed."""
    with translation.override(language):
        why = (facts.get("why") or {}).get(language) or (facts.get("why") or {}).get("en", "")
        where = {"table": facts.get("table"), "seat": facts.get("seat")}
        if kind == "breaking":
            return (_("Your table %(from)s is breaking: go to table %(table)s, seat %(seat)s")
                    % {"from": facts.get("from_table"), **where}, why)
        if kind == "moved":
            return _("Move to table %(table)s, seat %(seat)s") % where, why
        if kind == "stay":
            return (_("Your move is withdrawn: you stay at table %(table)s, seat %(seat)s") % where,
                    "")
        if kind == "seated":
            return _("Your seat: table %(table)s, seat %(seat)s") % where, ""
        if kind == "out":
            title = (_("You finished in place %(place)s.") % {"place": facts["place"]}
                     if facts.get("place") else _("You are out of the tournament."))
            body = (_("Prize: %(amount)s. Collect it at the cage (the cashier), with your "
                      "receipt and an ID.") % {"amount": intcomma(facts["prize"])}
                    if facts.get("prize") else "")
            return title, body
        if kind == "called":
            return _("A seat is open for you: pay at the desk"), ""
        if kind == "bubble":
            return _("The bubble has burst: everyone left is in the money"), ""
        if kind == "day2":
            return _("Your Day 2 seat: table %(table)s, seat %(seat)s") % where, ""
        return _("News from the tournament"), ""


def _send(subscription: PushSubscription, payload: str) -> int:
    """POST one encrypted message; the push service's status (0 when unreachable)."""
    vapid = Vapid02.from_pem(vapid_private_pem().encode())
    try:
        response = webpush(
            {"endpoint": subscription.endpoint,
             "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
            data=payload, vapid_private_key=vapid,
            vapid_claims={"sub": settings.PUSH_CONTACT}, ttl=PUSH_TTL_SECONDS,
            timeout=PUSH_TIMEOUT_SECONDS)
    except WebPushException as exc:
        return exc.response.status_code if exc.response is not None else 0
    except Exception as exc:  # the push service unreachable: retried
        log.warning("push to %s failed: %s", subscription.endpoint[:60], exc)
        return 0
    return response.status_code


@shared_task(name="tournament.tasks.push_send", bind=True, acks_late=True, ignore_result=True,
             max_retries=5)
def push_send(self, batch: list) -> str:
    """Send a batch of notices ``[[entry id, kind, facts], ...]`` to their subscriptions.

    Idempotent enough for a retry: only the messages that failed are tried again,
    each to the subscriptions that failed (a retried row names them: ``[entry id,
    kind, facts, [subscription ids]]``), so a player's phone that got the message is
    not sent it again because their tablet's push service failed.
    A subscription answered 404 or 410 is gone for good and is dropped.
    """
    by_entry: dict[int, list[PushSubscription]] = {}
    for subscription in (PushSubscription.objects.filter(
            entry_id__in={row[0] for row in batch})
            .select_related("entry").only("pk", "endpoint", "p256dh", "auth", "language",
                                          "entry__id", "entry__tournament_id")):
        by_entry.setdefault(subscription.entry_id, []).append(subscription)
    failed, gone, sent = [], [], 0
    prizes: dict[int, dict[int, int]] = {}
    for row in batch:
        entry_id, kind, facts = row[:3]
        only = set(row[3]) if len(row) > 3 else None
        failed_here: list[int] = []
        if kind == "out" and facts.get("place") and by_entry.get(entry_id):
            # The one reading of prizes (tournament.selectors.money), once per tournament.
            tournament_id = facts["tournament"]
            if tournament_id not in prizes:
                tournament = Tournament.objects.filter(pk=tournament_id).first()
                prizes[tournament_id] = prizes_due(tournament) if tournament else {}
            facts = {**facts, "prize": prizes[tournament_id].get(entry_id)}
        for subscription in by_entry.get(entry_id, []):
            if only is not None and subscription.pk not in only:
                continue
            title, body = push_text(kind, facts, subscription.language)
            payload = json.dumps({"title": title, "body": body, "kind": kind,
                                  "url": player_page_path(
                                      tournament_id=subscription.entry.tournament_id,
                                      entry_id=entry_id)}, ensure_ascii=False)
            status = _send(subscription, payload)
            if status in GONE:
                gone.append(subscription.pk)
            elif 200 <= status < 300:
                sent += 1
            else:
                failed_here.append(subscription.pk)
        if failed_here:
            failed.append([entry_id, kind, facts, failed_here])
    if gone:
        PushSubscription.objects.filter(pk__in=gone).delete()
    if failed and self.request.retries < self.max_retries:
        raise self.retry(args=(failed,), countdown=backoff_seconds(self.request.retries + 1))
    return f"sent {sent}, dropped {len(gone)}, failed {len(failed)}"
