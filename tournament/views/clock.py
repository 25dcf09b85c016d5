"""The clock: TV and phone screens (public) and the poll partial every screen reads (the
director's and floor's controls: ``clock_console.py``)."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import threading
import time

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, get_language_from_request, gettext_lazy
from django.views.decorators.http import require_GET

from tournament.models import Tournament
from tournament.runtime.broker import broker_outage
from tournament.runtime.cache import (
    MEMO_SECONDS,
    cache_delete_many,
    cache_outage,
    cache_read_current,
    cache_write_current,
    memo,
    partial_key,
    snapshot_key,
    tournament_version,
)
from tournament.selectors.clock import clock_snapshot, reading_of
from tournament.services import clock as clock_services
from tournament.views.security import embeddable


def snapshot_or_404(tournament_id: int) -> dict:
    snapshot = clock_snapshot(tournament_id)
    if snapshot is None:
        raise Http404
    return _recorded(snapshot)


# Full mode: a level boundary the worker has not recorded this long after it
# fell (worker dead, broker away) is recorded by the first screen that reads
# the clock, as the embedded mode always does. Exactly once either way.
LAZY_GRACE_SECONDS = 3.0


def _boundary_overdue(due: float | None) -> bool:
    if due is None:
        return False
    late = time.time() - due
    if not settings.FULL_MODE or cache_outage.down or broker_outage.down:
        return late >= 0
    return late >= LAZY_GRACE_SECONDS


def _recorded(snapshot: dict) -> dict:
    """Record a passed level boundary lazily, when the clock is read.

    Embedded mode has no worker: the first reader after a boundary records it.
    In full mode the worker does it on time, and readers only take over when it
    has not (see `LAZY_GRACE_SECONDS`), so a Redis outage or a dead worker
    delays no level start in the audit log.
    """
    if not _boundary_overdue(snapshot.get("due_at")):
        return snapshot
    clock_services.clock_record_boundaries(tournament_id=snapshot["id"])
    # Recorded here or by a concurrent reader: either way the snapshot is stale.
    memo.drop([snapshot_key(snapshot["id"])])
    cache_delete_many([snapshot_key(snapshot["id"])])
    return clock_snapshot(snapshot["id"]) or snapshot


def clock_context(snapshot: dict) -> dict:
    reading = reading_of(snapshot, time.time())
    levels = snapshot["levels"]
    return {
        "snapshot": snapshot,
        "snapshot_json": json.dumps(snapshot, separators=(",", ":")),
        "level": levels[reading.level_index] if levels else None,
        "next_level": levels[reading.next_level_index]
        if levels and reading.next_level_index is not None
        else None,
        "reading": reading,
        "poll_ms": settings.CLOCK_POLL_MS,
        "phone_poll_ms": settings.CLOCK_PHONE_POLL_MS,
        "server_now_ms": f"{time.time() * 1000:.0f}",
    }


def with_server_time(response: HttpResponse) -> HttpResponse:
    # Screens correct their own clock by this header at every poll.
    response["X-Server-Time"] = f"{time.time() * 1000:.0f}"
    response["Cache-Control"] = "no-store"
    return response


TV_LAYOUTS = {
    "classic": gettext_lazy("Classic"),
    "compact": gettext_lazy("Compact"),
    "portrait": gettext_lazy("Portrait"),
}


@require_GET
@embeddable
def clock_tv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    context = clock_context(snapshot_or_404(tournament_id))
    context["theme"] = "light" if request.GET.get("theme") == "light" else "dark"
    layout = request.GET.get("layout", "classic")
    context["layout"] = layout if layout in TV_LAYOUTS else "classic"
    context["layouts"] = list(TV_LAYOUTS.items())
    return with_server_time(render(request, "clock/tv.html", context))


@require_GET
def tournament_logo(request: HttpRequest, tournament_id: int, version: int) -> HttpResponse:
    """The event's logo; its URL carries the version, so browsers keep it for a day."""
    row = (Tournament.objects.filter(pk=tournament_id, logo_version=version)
           .exclude(logo_type="").values_list("logo", "logo_type").first())
    if row is None:
        raise Http404
    response = HttpResponse(bytes(row[0]), content_type=row[1])
    response["Cache-Control"] = "public, max-age=86400, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response


def clock_context_of(tournament_id: int) -> dict:
    """The clock's context for a page that shows it among other things (a player's page)."""
    return clock_context(snapshot_or_404(tournament_id))


@require_GET
def clock_phone(request: HttpRequest, tournament_id: int) -> HttpResponse:
    context = clock_context(snapshot_or_404(tournament_id))
    return with_server_time(render(request, "clock/phone.html", context))


# Full mode: each process keeps a partial for a quarter of a second, well inside
# the two seconds a change may take to reach every screen (with Redis away, for
# `MEMO_SECONDS`: the database then serves each process once per interval). A
# shorter memo costs nothing that matters: one Redis read per process and
# language every quarter second, however many screens poll.
PARTIAL_MEMO_SECONDS = 0.25


def _etag(body: str) -> str:
    # The body's own hash: equal tags mean equal bytes, whatever the body depends
    # on (the snapshot, the language, the template). A change that leaves the
    # partial as it was (a note in the audit log) costs the screens nothing.
    return f'"{hashlib.blake2s(body.encode(), digest_size=12).hexdigest()}"'


def _held_partial(key: str, tournament_id: int) -> tuple[bool, bool, tuple[str, str] | None]:
    """(from the memo, cache reachable, partial or None) of what is held now."""
    if settings.FULL_MODE and (remembered := memo.get(key)) is not None:
        return True, True, remembered
    reachable, cached = cache_read_current(key, tournament_id)
    if cached is not None:
        tag, body, due = cached
        if not _boundary_overdue(due):
            return False, reachable, (tag, body)
    return False, reachable, None


# After a change every poll misses at once: the threads of a process wait for
# one build instead of each building the same partial.
_build_lock = threading.Lock()


def _current_partial(request: HttpRequest, tournament_id: int, *, language: str,
                     build: bool = True) -> tuple[str, str] | None:
    """(ETag, body) of the clock partial as it is now, rendered once per change and language.

    Cached with the time its next level boundary falls due: one cache read per
    poll (none within `PARTIAL_MEMO_SECONDS` of the last in full mode). Past that
    time (see `_recorded`) the boundary is recorded and the partial rebuilt.
    ``build=False``: None instead of building (nothing held, or a boundary due).
    """
    key = partial_key(tournament_id, language)
    remembered, reachable, partial = _held_partial(key, tournament_id)
    if remembered:
        return partial
    if partial is None:
        if not build:
            return None
        with _build_lock:
            remembered, reachable, partial = _held_partial(key, tournament_id)
            if remembered:
                return partial
            if partial is None:
                built_at = tournament_version(tournament_id)  # before the database is read
                snapshot = snapshot_or_404(tournament_id)
                body = render_to_string("clock/_state.html", clock_context(snapshot),
                                        request=request)
                partial = (_etag(body), body)
                if reachable:
                    reachable = cache_write_current({key: (*partial, snapshot.get("due_at"))},
                                                    version=built_at, timeout=3600)
    if not reachable:
        memo.set(key, partial, MEMO_SECONDS)
    elif settings.FULL_MODE:
        memo.set(key, partial, PARTIAL_MEMO_SECONDS)
    return partial


def _unchanged(request: HttpRequest, tag: str) -> bool:
    """Whether the screen already holds this partial (If-None-Match, weak comparison)."""
    return tag_held(request.META.get("HTTP_IF_NONE_MATCH"), tag)


def tag_held(if_none_match: str | None, tag: str) -> bool:
    """Whether an If-None-Match header names ``tag`` (weak comparison, or ``*``)."""
    if not if_none_match:
        return False
    held = (t.strip().removeprefix("W/") for t in if_none_match.split(","))
    return any(t in (tag, "*") for t in held)


# After a change every phone fetches the partial once (10,000 phones: 10,000
# bodies within a poll's interval), so a 200 goes compressed to a browser that
# accepts it, compressed once per partial and process. Nothing secret is in the
# public partial (no token, no session data): compression reveals nothing.
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
_gzipped: dict[str, bytes] = {}
GZIPPED_KEPT = 64


def gzip_accepted(accept_encoding: str | None) -> bool:
    return bool(accept_encoding) and ACCEPTS_GZIP.search(accept_encoding) is not None


def gzipped_partial(tag: str, body: str) -> bytes:
    """The partial's bytes gzip-compressed, once per tag in a process."""
    if (done := _gzipped.get(tag)) is None:
        if len(_gzipped) >= GZIPPED_KEPT:
            _gzipped.clear()
        done = _gzipped[tag] = gzip.compress(body.encode(), compresslevel=6, mtime=0)
    return done


def poll_tag(tag: str, gzipped: bool) -> str:
    """The ETag a poll answers with: weak for the compressed representation
    (the same content, other bytes), as Django's GZipMiddleware makes it."""
    return f"W/{tag}" if gzipped else tag


def _poll_response(request: HttpRequest, response: HttpResponse, tag: str,
                   body: str | None = None) -> HttpResponse:
    """A clock poll's answer: a 304 (``body`` None) or the partial, compressed when accepted."""
    gzipped = gzip_accepted(request.META.get("HTTP_ACCEPT_ENCODING"))
    if body is not None:
        if gzipped:
            response.content = gzipped_partial(tag, body)
            response["Content-Encoding"] = "gzip"
        else:
            response.content = body
        response["Content-Length"] = str(len(response.content))
    response["ETag"] = poll_tag(tag, gzipped)
    response["X-Server-Time"] = f"{time.time() * 1000:.0f}"
    response["Cache-Control"] = "no-cache"
    # The language's cookie, and the encoding.
    patch_vary_headers(response, ["Accept-Language", "Cookie", "Accept-Encoding"])
    return response


@require_GET
def clock_state(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The small partial every screen polls: the anchor and the field's figures.

    Answers conditional GETs: a screen (its browser does it by itself) sends the
    ETag of the partial it holds and gets 304 while nothing changed, with no
    body, no render and no SQL query. Every answer, 304 included, carries the
    server's time, by which the screen corrects its own clock; the browser must
    revalidate at every poll (no-cache), never show its stored copy unasked.
    """
    tag, body = _current_partial(request, tournament_id, language=get_language())
    if _unchanged(request, tag):
        return _poll_response(request, HttpResponseNotModified(), tag)
    return _poll_response(request, HttpResponse(), tag, body)


# The path of `clock_state` (tournament/config/urls.py), matched without resolving every
# route of the site: half the cost of a 304 (a test keeps the two the same).
CLOCK_STATE_PATH = re.compile(r"^/t/([0-9]+)/clock/state/$")
# What the skipped middleware would add to a fragment that is never a page: it
# loads nothing and may be framed by nobody.
FRAGMENT_CSP = "default-src 'none'; frame-ancestors 'none'"
# Where `clock_state_held` notes, in the WSGI environ, the language of a poll it
# answered: `tournament.config.wsgi_polls` answers the same poll again without Django.
HELD_LANGUAGE = "floorman.clock_poll_language"


def clock_state_held(request: HttpRequest) -> HttpResponse | None:
    """A clock poll answered from what is held (memo or cache), or None: let the view answer.

    Called by `tournament.config.middleware.ClockPollMiddleware` before the rest of the
    middleware. Thousands of phones poll every 1.5 s: nearly all get a 304, and
    after each change every one of them gets the new partial once (a bust every
    few seconds in a big field: a good share of the polls). Sessions, login,
    CSRF and messages have nothing to do with a public fragment; the language is
    read as LocaleMiddleware reads it and the host checked as CommonMiddleware
    does. Anything to build, a boundary due or a tournament that does not exist
    goes on to the view.
    """
    match = CLOCK_STATE_PATH.match(request.path_info)
    if match is None:
        return None
    request.get_host()  # the Host check CommonMiddleware makes (DisallowedHost: 400)
    language = get_language_from_request(request)  # as LocaleMiddleware reads it
    partial = _current_partial(request, int(match[1]), language=language, build=False)
    if partial is None:
        return None
    tag, body = partial
    request.META[HELD_LANGUAGE] = language
    if _unchanged(request, tag):
        return _poll_response(request, HttpResponseNotModified(), tag)
    response = _poll_response(request, HttpResponse(), tag, body)
    response["Content-Language"] = language
    response["Content-Security-Policy"] = FRAGMENT_CSP
    response["X-Frame-Options"] = "DENY"
    return response
