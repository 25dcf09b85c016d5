"""Unchanged clock polls answered at the WSGI level, ahead of Django.

Every player of a flight may follow the clock on a phone: 10,000 phones poll
the clock partial every 1.5 s, and nearly every poll is a 304 from the
partial the process holds (`tournament.views.clock.clock_state_held`). Django's
own handling of a request (the request object, its signals, the middleware's
responses, the header conversion) then costs more than the answer; this layer
answers those polls without it.

It answers only what Django has answered before for an equivalent request (the
same tournament, host, scheme, language cookie, Accept-Language and whether it
takes gzip): the first
such poll goes through Django, whose host check, language choice, security
middleware and fragment headers all run; the headers it answered with are kept
and given again, with the current ETag and server time, as long as the process
holds the partial (a quarter of a second after each refresh, see
`PARTIAL_MEMO_SECONDS`). Whatever else (another method or path, nothing held,
a host never answered, a redirect, a cookie set) goes to Django untouched.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie

from tournament.runtime.cache import memo, partial_key
from tournament.views.clock import (
    CLOCK_STATE_PATH,
    HELD_LANGUAGE,
    gzip_accepted,
    gzipped_partial,
    poll_tag,
    tag_held,
)

# The headers given fresh with each answer, never replayed.
PER_ANSWER = frozenset({"etag", "x-server-time", "content-length"})
# Equivalent requests remembered per process (phones share a handful of keys:
# one per host, scheme and language; a bound keeps a flood of made-up headers cheap).
MAX_KEYS = 4096

Headers = list[tuple[str, str]]


class HeldClockPolls:
    """WSGI middleware: clock polls answered from the held partial, the rest passed to ``app``."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.enabled = settings.FULL_MODE  # the embedded mode holds no partial in memory
        ssl_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
        self._ssl_header = ssl_header[0] if ssl_header else None
        # key -> (language, {status: headers Django answered with, per-answer ones removed})
        self._learned: dict[tuple, tuple[str, dict[int, Headers]]] = {}

    def __call__(self, environ: dict[str, Any], start_response) -> Iterable[bytes]:
        if not self.enabled or environ.get("REQUEST_METHOD") != "GET":
            return self.app(environ, start_response)
        match = CLOCK_STATE_PATH.match(environ.get("PATH_INFO", ""))
        if match is None:
            return self.app(environ, start_response)
        tournament_id = int(match[1])
        key = self._key(environ, tournament_id)
        if (learned := self._learned.get(key)) is not None:
            answer = self._answer(environ, tournament_id, *learned)
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return [body]
        return self._through_django(environ, start_response, key)

    def _key(self, environ: dict[str, Any], tournament_id: int) -> tuple:
        cookie = environ.get("HTTP_COOKIE", "")
        language_cookie = (parse_cookie(cookie).get(settings.LANGUAGE_COOKIE_NAME)
                           if settings.LANGUAGE_COOKIE_NAME in cookie else None)
        return (tournament_id, environ.get("HTTP_HOST"), environ.get("HTTP_X_FORWARDED_HOST"),
                environ.get("SERVER_NAME"), environ.get("SERVER_PORT"),
                environ.get("wsgi.url_scheme"),
                environ.get(self._ssl_header) if self._ssl_header else None,
                language_cookie, environ.get("HTTP_ACCEPT_LANGUAGE"),
                gzip_accepted(environ.get("HTTP_ACCEPT_ENCODING")))

    def _answer(self, environ: dict[str, Any], tournament_id: int, language: str,
                headers: dict[int, Headers]) -> tuple[str, Headers, bytes] | None:
        partial = memo.get(partial_key(tournament_id, language))
        if partial is None:
            return None
        tag, body = partial
        gzipped = gzip_accepted(environ.get("HTTP_ACCEPT_ENCODING"))
        fresh = [("ETag", poll_tag(tag, gzipped)),
                 ("X-Server-Time", f"{time.time() * 1000:.0f}")]
        if tag_held(environ.get("HTTP_IF_NONE_MATCH"), tag):
            if 304 not in headers:
                return None
            return "304 Not Modified", headers[304] + fresh, b""
        if 200 not in headers:
            return None
        content = gzipped_partial(tag, body) if gzipped else body.encode()
        return "200 OK", headers[200] + fresh + [("Content-Length", str(len(content)))], content

    def _through_django(self, environ: dict[str, Any], start_response, key: tuple
                        ) -> Iterable[bytes]:
        answered: list[tuple[str, Headers]] = []

        def remember(status: str, headers: Headers, exc_info=None):
            answered.append((status, headers))
            return start_response(status, headers, exc_info)

        result = self.app(environ, remember)
        language = environ.get(HELD_LANGUAGE)  # set when the held path answered
        if language and answered:
            status, headers = answered[-1]
            code = int(status.split(" ", 1)[0])
            if code in (200, 304) and not any(n.lower() == "set-cookie" for n, _v in headers):
                self._learn(key, language, code, headers)
        return result

    def _learn(self, key: tuple, language: str, code: int, headers: Headers) -> None:
        kept = [(n, v) for n, v in headers if n.lower() not in PER_ANSWER]
        known_language, by_status = self._learned.get(key, (language, {}))
        if known_language != language:  # settings do not change in a process; be safe
            by_status = {}
        if len(self._learned) >= MAX_KEYS and key not in self._learned:
            self._learned.clear()
        self._learned[key] = (language, by_status | {code: kept})
