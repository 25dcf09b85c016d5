"""Webhooks: events of the audit log sent, signed, to the director's endpoints, with retries.

``record`` (tournament.services.audit) calls ``webhooks_on_commit`` (registered in
TournamentConfig.ready) for every
event; the events a webhook carries are queued only once the transaction
commits, and delivered by Celery (full mode) or a background thread
(embedded mode, where Celery runs tasks in the request).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import secrets
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.domain.signing import backoff_seconds, sign
from tournament.models import AuditEvent, WebhookDelivery, WebhookEndpoint
from tournament.runtime import broker
from tournament.runtime.cache import cache_add
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now

log = logging.getLogger(__name__)

EVENT_OF_KIND = {
    "entry_busted": WebhookEndpoint.Event.BUST,
    "entry_moved": WebhookEndpoint.Event.MOVE,
    "move_done": WebhookEndpoint.Event.MOVE,
    "tournament_finished": WebhookEndpoint.Event.FINISH,
    # The alternate line: names and places only, never a contact.
    "line_joined": WebhookEndpoint.Event.LINE,
    "line_called": WebhookEndpoint.Event.LINE,
    "line_passed": WebhookEndpoint.Event.LINE,
    "line_removed": WebhookEndpoint.Event.LINE,
    "line_closed": WebhookEndpoint.Event.LINE,
    "reservation_made": WebhookEndpoint.Event.RESERVATION,
    "reservation_cancelled": WebhookEndpoint.Event.RESERVATION,
}
MAX_ATTEMPTS = 6
TIMEOUT_SECONDS = 5
MAX_ENDPOINTS = 10
# Answers worth trying again: the receiver is down, overloaded or slow.
RETRY_CODES = {408, 425, 429, 500, 502, 503, 504}


# The director's changes of level start a level as much as the clock running into it does.
LEVEL_CHANGES = ("clock_start", "clock_next_level", "clock_previous_level")


def webhook_event_for(kind: str, payload: dict[str, Any]) -> str | None:
    level = None
    if kind == "level_started":
        level = payload
    elif kind in LEVEL_CHANGES:
        before, after = payload.get("before") or {}, payload.get("after") or {}
        if kind == "clock_start" or before.get("level_index") != after.get("level_index"):
            level = after
    if level is not None:
        return WebhookEndpoint.Event.BREAK if level.get("is_break") else WebhookEndpoint.Event.LEVEL
    return EVENT_OF_KIND.get(kind)


def webhooks_on_commit(event: AuditEvent) -> None:
    """Queue the event for the tournament's endpoints once the change has committed."""
    name = webhook_event_for(event.kind, event.payload)
    if name is None or event.tournament_id is None:
        return
    transaction.on_commit(lambda: _enqueue_safely(event.pk, name))


def _enqueue_safely(event_id: int, name: str) -> None:
    # The change has committed: a webhook that cannot be queued must not fail it.
    try:
        webhooks_enqueue(event_id=event_id, name=name)
    except Exception:
        log.exception("webhooks for audit event %s were not queued", event_id)


def webhooks_enqueue(*, event_id: int, name: str) -> list[int]:
    """One delivery per endpoint that listens to ``name``; returns their ids."""
    event = AuditEvent.objects.filter(pk=event_id).first()
    if event is None:
        return []
    endpoints = [e for e in WebhookEndpoint.objects.filter(tournament_id=event.tournament_id,
                                                           active=True) if name in e.events]
    if not endpoints:
        return []
    at = now()
    body = {"event": name, "tournament": event.tournament_id, "audit_event": event.pk,
            "at": event.created_at.isoformat(), "data": event.payload}
    deliveries = WebhookDelivery.objects.bulk_create([
        WebhookDelivery(tournament_id=event.tournament_id, endpoint=endpoint, event=name,
                        audit_event=event, payload=body, created_at=at)
        for endpoint in endpoints])
    ids = [d.pk for d in deliveries]
    for delivery_id in ids:
        dispatch(delivery_id)
    return ids


def dispatch(delivery_id: int) -> None:
    """Full mode: a Celery task with retries. Embedded: a thread, so no request waits on it.

    Never raises: a broker that cannot take the task leaves the delivery pending
    for ``webhooks_reconcile``.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        start_background(delivery_id)
    else:
        # Sent from a thread, and found again by the reconcile if the broker is
        # away: no committed change fails or waits on it (tournament/runtime/broker.py).
        broker.sender.submit(broker.WEBHOOK_DELIVER, (delivery_id,))


def webhooks_reconcile(limit: int = 200) -> int:
    """Send again the deliveries no worker attempted when they were due; returns how many.

    The one resend path, run by the reconcile round (``tasks.clock_reconcile_all``,
    every 30 s): the broker was away when a delivery was queued, or a Redis
    restart or a dead worker lost its task (a first try, or a retry waiting for
    its backoff). A delivery is overdue once its due time (created, or the
    retry's backoff) is ``NOTIFY_RESEND_SECONDS`` past; each is sent again at
    most once per that interval (marked in the cache), and the task does not
    send a delivered delivery again.
    """
    at = now()
    grace = timedelta(seconds=settings.NOTIFY_RESEND_SECONDS)
    rows = (WebhookDelivery.objects.filter(
        Q(status=WebhookDelivery.Status.PENDING, attempts=0, created_at__lt=at - grace)
        | Q(status=WebhookDelivery.Status.RETRYING, last_attempt_at__lt=at - grace))
        .order_by("id")[:limit])
    sent = 0
    for delivery in rows:
        if (next_attempt_at(delivery) or delivery.created_at) + grace > at:
            continue  # its retry is still to come
        if cache_add(f"floorman:webhook-resent:{delivery.pk}", 1,
                     timeout=int(grace.total_seconds())) is False:
            continue
        if not broker.enqueue(broker.WEBHOOK_DELIVER, args=(delivery.pk,)):
            break  # the broker is away: the next round tries again
        sent += 1
    return sent


def _deliver_in_background(delivery_id: int) -> None:
    from django.db import close_old_connections

    try:
        while (wait := webhook_attempt(delivery_id=delivery_id)) is not None:
            time.sleep(wait)
    finally:
        close_old_connections()


def start_background(delivery_id: int) -> None:
    # A seam: tests replace it to run the attempts in line.
    threading.Thread(target=_deliver_in_background, args=(delivery_id,), daemon=True).start()


class PrivateTarget(ValueError):
    """A webhook address that reaches this machine or its private network."""


def _unmapped(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # an IPv6 scope ("fe80::1%eth0")
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    return ip


def private_target(url: str) -> str | None:
    """The first loopback, private, link-local or otherwise non-public address ``url``'s
    host resolves to (IPv4 and IPv6), or None.

    A webhook is a request this server makes on a director's word: without this
    check it could reach the server itself (Redis, the database, an admin port) or
    the room's private network. ``WEBHOOKS_ALLOW_PRIVATE_TARGETS`` lifts it (a
    receiver on the room's own network). A host that does not resolve is no
    address yet: delivery checks again, each time.
    """
    if settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS:
        return None
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, ValueError, UnicodeError):
        return None
    for *_rest, sockaddr in found:
        ip = _unmapped(str(sockaddr[0]))
        if not ip.is_global or ip.is_multicast:
            return str(ip)
    return None


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST and answer the HTTP status; network failures raise OSError, a target on a
    private network PrivateTarget (checked at each delivery: a name may change address)."""
    if (address := private_target(url)) is not None:
        raise PrivateTarget(f"refused: {address} is a private address")
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def webhook_attempt(*, delivery_id: int) -> int | None:
    """Try one delivery once; answer the seconds to wait before the next try, or None when done.

    Delivered on a 2xx answer. A network error or an answer in RETRY_CODES is
    tried again with exponential backoff, up to MAX_ATTEMPTS; any other
    answer (the receiver refuses it) fails at once.
    """
    delivery = (WebhookDelivery.objects.select_related("endpoint")
                .filter(pk=delivery_id).first())
    if delivery is None or delivery.status in (WebhookDelivery.Status.DELIVERED,
                                               WebhookDelivery.Status.FAILED):
        return None
    body = json.dumps(delivery.payload, separators=(",", ":")).encode()
    at = now()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Floorman-Webhook/1",
        "X-Floorman-Event": delivery.event,
        "X-Floorman-Delivery": str(delivery.pk),
        "X-Floorman-Signature": sign(delivery.endpoint.secret, body, int(at.timestamp())),
    }
    code, error, refused = None, "", False
    try:
        code = post(delivery.endpoint.url, body, headers)
    except PrivateTarget as exc:
        error, refused = str(exc), True
    except (OSError, ValueError) as exc:
        error = str(exc)[:300] or exc.__class__.__name__
    attempts = delivery.attempts + 1
    update: dict[str, Any] = {"attempts": attempts, "last_attempt_at": at,
                              "response_code": code, "error": error}
    wait = None
    if refused:  # no retry reaches another address
        update["status"] = WebhookDelivery.Status.FAILED
    elif code is not None and 200 <= code < 300:
        update |= {"status": WebhookDelivery.Status.DELIVERED, "delivered_at": at, "error": ""}
    elif (code is None or code in RETRY_CODES) and attempts < MAX_ATTEMPTS:
        update["status"] = WebhookDelivery.Status.RETRYING
        wait = backoff_seconds(attempts)
    else:
        update["status"] = WebhookDelivery.Status.FAILED
        update["error"] = error or _("The receiver answered %(code)s.") % {"code": code}
    WebhookDelivery.objects.filter(pk=delivery.pk).update(**update)
    return wait


def next_attempt_at(delivery: WebhookDelivery):
    if delivery.status != WebhookDelivery.Status.RETRYING or delivery.last_attempt_at is None:
        return None
    return delivery.last_attempt_at + timedelta(seconds=backoff_seconds(delivery.attempts))


@transaction.atomic
def webhook_add(*, actor: Actor, tournament_id: int, url: str, events: list[str]) -> WebhookEndpoint:
    tournament = lock_tournament(tournament_id)
    if not url.startswith(("http://", "https://")):
        raise ServiceError(_("The address must start with http:// or https://."), field="url")
    if (address := private_target(url)) is not None:
        raise ServiceError(
            _("This address reaches %(address)s, on this machine or a private network: "
              "a webhook goes to a public address.") % {"address": address}, field="url")
    if not events or any(e not in WebhookEndpoint.Event.values for e in events):
        raise ServiceError(_("Choose at least one event."), field="events")
    if WebhookEndpoint.objects.filter(tournament=tournament, active=True).count() >= MAX_ENDPOINTS:
        raise ServiceError(_("At most %(count)s webhooks per tournament.")
                           % {"count": MAX_ENDPOINTS})
    endpoint = WebhookEndpoint.objects.create(tournament=tournament, url=url, events=events,
                                              secret=secrets.token_hex(24), created_at=now())
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.WEBHOOK_ADDED,
           payload={"webhook": endpoint.pk, "url": url, "events": events})
    return endpoint


@transaction.atomic
def webhook_remove(*, actor: Actor, tournament_id: int, webhook_id: int) -> WebhookEndpoint:
    tournament = lock_tournament(tournament_id)
    endpoint = WebhookEndpoint.objects.filter(tournament=tournament, pk=webhook_id,
                                              active=True).first()
    if endpoint is None:
        raise ServiceError(_("That webhook does not exist."))
    endpoint.active = False
    endpoint.save(update_fields=["active"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.WEBHOOK_REMOVED,
           payload={"webhook": endpoint.pk, "url": endpoint.url})
    return endpoint


@transaction.atomic
def webhook_redeliver(*, actor: Actor, tournament_id: int, delivery_id: int) -> WebhookDelivery:
    """Send a failed delivery again (the receiver is back): attempts start over."""
    tournament = lock_tournament(tournament_id)
    delivery = WebhookDelivery.objects.filter(tournament=tournament, pk=delivery_id,
                                              endpoint__active=True).first()
    if delivery is None:
        raise ServiceError(_("That delivery does not exist."))
    if delivery.status == WebhookDelivery.Status.DELIVERED:
        raise ServiceError(_("That delivery arrived already."))
    delivery.status, delivery.attempts = WebhookDelivery.Status.PENDING, 0
    delivery.save(update_fields=["status", "attempts"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.WEBHOOK_REDELIVERED,
           payload={"delivery": delivery.pk, "event": delivery.event})
    transaction.on_commit(lambda: dispatch(delivery.pk))
    return delivery
