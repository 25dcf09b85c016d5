"""Public polls served from the cache, per change of the tournament.

Every service writes one audit event and the tournament's *version* (the id
of its latest event, ``tournament.runtime.cache``) moves on commit. A polled htmx
fragment that depends only on the tournament is therefore the same until the
version moves: it is rendered once per version, language and query, kept in
the cache, and sent with an ETag. A poll whose ETag still matches gets 304;
an unchanged poll costs cache reads only, no SQL query.

Only htmx fragments are cached: full pages carry the visitor's login state
and CSRF token.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from tournament.runtime.cache import cache_read, cache_write_many, tournament_version

PAGE_TIMEOUT = 3600


def _fingerprint(namespace: str, tournament_id: int, request) -> str:
    query = "&".join(f"{k}={v}" for k, v in sorted(request.GET.items()))
    raw = f"{namespace}|{tournament_id}|{tournament_version(tournament_id)}|{get_language()}|{query}"
    return hashlib.blake2s(raw.encode(), digest_size=12).hexdigest()


def cached_fragment(namespace: str) -> Callable:
    """Decorate a GET view ``(request, tournament_id, ...)``: its htmx answers are cached."""

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapped(request, tournament_id: int, *args, **kwargs) -> HttpResponse:
            if not getattr(request, "htmx", False):
                return view(request, tournament_id, *args, **kwargs)
            tag = f'"{_fingerprint(namespace, tournament_id, request)}"'
            if tag in request.headers.get("If-None-Match", ""):
                return _conditional(HttpResponseNotModified(), tag)
            key = f"floorman:fragment:{tag.strip(chr(34))}"
            _reachable, stored = cache_read(key)
            if stored is not None:
                return _conditional(HttpResponse(stored), tag)
            response = view(request, tournament_id, *args, **kwargs)
            if response.status_code == 200:
                # With the cache away this renders every time, and still answers.
                cache_write_many({key: response.content}, timeout=PAGE_TIMEOUT)
                _conditional(response, tag)
            return response

        return wrapped

    return decorator


def _conditional(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    # Revalidate every time: a phone never shows a stale chart from its own cache.
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response
