"""Every staff write is done once, however many times the venue's Wi-Fi makes the page send it.

A page names each write with a key it makes (`static/js/idempotency.js`: the
``Idempotency-Key`` header on htmx requests, the ``idempotency_key`` field on
plain forms; an API client sends the header). The first request with a key
claims it with a unique row in its own transaction, then acts; its answer is
kept for a day. A repeat (a retry after a dropped answer, a queued tap sent
again, a double tap) gets that same answer without acting again; a duplicate
that arrives while the first is still acting waits briefly for its answer, or
is told it is in progress (409), and never acts.

Keys are scoped to the signed-in user and bounded (8-64 letters, digits, ``-``
and ``_``). A request without a key acts as before; one from nobody signed in
is not kept (staff writes need a login). Answers that say nothing about the
action (a server error, a refused login or CSRF token, a streamed file) are not
kept: the claim is dropped so the retry acts.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import IdempotentRequest

HEADER = "HTTP_IDEMPOTENCY_KEY"
FIELD = "idempotency_key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}\Z")
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
KEEP_FOR = timedelta(days=1)
WAIT_SECONDS = 3.0  # a duplicate waits this long for the first request's answer
ABANDONED_AFTER = timedelta(minutes=2)  # a claim with no answer by then: its process died
PRUNE_EVERY_SECONDS = 600
NOT_KEPT = frozenset({401, 403, 408, 429})
KEPT_HEADERS = ("Content-Type", "Location", "Content-Disposition")
REPLAYED = "Idempotent-Replayed"

_last_prune = 0.0


def request_key(request: HttpRequest) -> str | None:
    """The key the page sent with this write, '' when it sent none."""
    key = request.META.get(HEADER)
    if key is None and request.content_type in ("application/x-www-form-urlencoded",
                                                 "multipart/form-data"):
        key = request.POST.get(FIELD)
    return key or ""


def _fingerprint(request: HttpRequest) -> str:
    return f"{request.method} {request.path}"[:300]


def _refusal(message: str, status: int, *, retry: bool = False) -> HttpResponse:
    """A plain-text refusal; ``retry`` says (Retry-After) that the same request may come again."""
    response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    if retry:
        response["Retry-After"] = "1"
    response["HX-Reswap"] = "none"  # htmx keeps the screen as it is
    return response


def _prune(now) -> None:
    """Forget answers older than a day (at most every ten minutes per process)."""
    global _last_prune
    if time.monotonic() - _last_prune < PRUNE_EVERY_SECONDS:
        return
    _last_prune = time.monotonic()
    IdempotentRequest.objects.filter(created_at__lt=now - KEEP_FOR).delete()


def _replay(record) -> HttpResponse:
    response = HttpResponse(zlib.decompress(bytes(record.body)) if record.body else b"",
                            status=record.status)
    for name, value in record.headers.items():
        response[name] = value
    response[REPLAYED] = "true"
    return response


class IdempotencyMiddleware:
    """Answer a repeated staff write from its kept outcome; act on the first only."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in WRITE_METHODS:
            return self.get_response(request)
        key = request_key(request)
        if not key:
            return self.get_response(request)
        if not KEY_PATTERN.match(key):
            return _refusal(_("This request's idempotency key is not valid (8 to 64 letters, "
                              "digits, - or _): nothing was done."), 400)
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return self.get_response(request)
        return self._once(request, user, key)

    def _once(self, request: HttpRequest, user, key: str) -> HttpResponse:
        now = timezone.now()
        _prune(now)
        fingerprint = _fingerprint(request)
        record = None
        for _attempt in range(2):
            try:
                with transaction.atomic():
                    record = IdempotentRequest.objects.create(
                        user=user, key=key, fingerprint=fingerprint, created_at=now)
                break
            except IntegrityError:
                existing = IdempotentRequest.objects.filter(user=user, key=key).first()
                if existing is None:
                    continue  # answered and pruned in between: claim it again
                if existing.created_at < now - KEEP_FOR:
                    existing.delete()
                    continue
                return self._repeat(existing, fingerprint)
        if record is None:
            return _refusal(_("This request is being handled already. Try again in a moment."),
                            409, retry=True)
        try:
            response = self.get_response(request)
        except BaseException:
            record.delete()
            raise
        if response.streaming or response.status_code >= 500 or response.status_code in NOT_KEPT:
            record.delete()
            return response
        IdempotentRequest.objects.filter(pk=record.pk).update(
            done=True, status=response.status_code,
            headers={name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
            | {name: value for name, value in response.items() if name.startswith("HX-")},
            body=zlib.compress(response.content, 1))
        return response

    def _repeat(self, record, fingerprint: str) -> HttpResponse:
        if record.fingerprint != fingerprint:
            return _refusal(_("This idempotency key was already used for another action: "
                              "nothing was done."), 422)
        deadline = time.monotonic() + WAIT_SECONDS
        while not record.done and time.monotonic() < deadline:
            time.sleep(0.05)
            record = IdempotentRequest.objects.filter(pk=record.pk).first()
            if record is None:  # the first attempt failed without an answer: this one may act
                return _refusal(_("The first attempt of this action failed: send it again."),
                                409, retry=True)
        if record.done:
            return _replay(record)
        if record.created_at < timezone.now() - ABANDONED_AFTER:
            return _refusal(_("This action was received but its outcome is unknown: check the "
                              "screen before doing it again."), 409)
        return _refusal(_("This request is being handled already. Try again in a moment."), 409,
                        retry=True)
