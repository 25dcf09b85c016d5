"""Unchanged clock polls answered ahead of Django (tournament/config/wsgi_polls.py), in full mode.

What a phone sees must not differ from Django's own answer: the same status,
body and headers (security headers, language, fragment policy), a fresh ETag
and server time; a change shows at once; an unknown host, another language, or
anything but a clock poll goes to Django.
"""

from __future__ import annotations

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import reverse

from tournament.config.wsgi_polls import HeldClockPolls
from tournament.runtime.cache import memo
from tournament.services.clock import clock_pause

pytestmark = pytest.mark.django_db


class Site:
    """The WSGI application as gunicorn calls it, counting what reached Django."""

    def __init__(self) -> None:
        self.django_calls = 0
        django = WSGIHandler()

        def counted(environ, start_response):
            self.django_calls += 1
            return django(environ, start_response)

        self.app = HeldClockPolls(counted)

    def get(self, path: str, **headers) -> tuple[int, dict[str, str], bytes]:
        return self.call(RequestFactory().get(path, **headers).environ)

    def call(self, environ: dict) -> tuple[int, dict[str, str], bytes]:
        answered = {}

        def start_response(status, headers, exc_info=None):
            answered["status"] = int(status.split()[0])
            answered["headers"] = dict(headers)

        body = b"".join(self.app(environ, start_response))
        return answered["status"], answered["headers"], body


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    # As Django's test client does: a request's end must not close the test's database.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def full_mode(settings):
    settings.FULL_MODE = True
    memo.clear()
    yield
    memo.clear()


def without_time(headers: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k not in {"X-Server-Time", "Content-Length"}}


def test_a_repeated_poll_is_answered_without_django_as_django_answered_it(
        full_mode, running, django_assert_num_queries):
    site = Site()
    url = reverse("clock_state", args=[running.pk])
    status, first, body = site.get(url)
    assert status == 200 and b'data-stat="players"' in body
    tag = first["ETag"]
    status, by_django, empty = site.get(url, HTTP_IF_NONE_MATCH=tag)
    assert (status, empty) == (304, b"")
    assert by_django["X-Content-Type-Options"] == "nosniff"  # SecurityMiddleware ran
    calls = site.django_calls

    with django_assert_num_queries(0):
        for _ in range(5):
            status, held, empty = site.get(url, HTTP_IF_NONE_MATCH=tag)
            assert (status, empty) == (304, b"")
            assert without_time(held) == without_time(by_django)
            assert int(held["X-Server-Time"]) >= int(by_django["X-Server-Time"])
        # A screen holding something else gets the partial: the same bytes and headers.
        status, fresh, again = site.get(url, HTTP_IF_NONE_MATCH='"old"')
    assert status == 200 and again == body
    assert site.django_calls == calls + 1  # the first 200 of its kind taught the headers
    status, held, again = site.get(url, HTTP_IF_NONE_MATCH='"older"')
    assert status == 200 and again == body and site.django_calls == calls + 1
    assert without_time(held) == without_time(fresh)
    assert held["Content-Length"] == str(len(body))
    assert held["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"


def test_a_change_shows_at_once_and_each_language_keeps_its_own(
        full_mode, running, director, settings, django_capture_on_commit_callbacks):
    site = Site()
    url = reverse("clock_state", args=[running.pk])
    _status, english, _body = site.get(url)
    site.get(url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert site.get(url, HTTP_IF_NONE_MATCH=english["ETag"])[0] == 304

    # A phone reading Chinese is never given the English partial as unchanged.
    cookie = f"{settings.LANGUAGE_COOKIE_NAME}=zh-hans"
    status, chinese, body = site.get(url, HTTP_IF_NONE_MATCH=english["ETag"], HTTP_COOKIE=cookie)
    assert status == 200 and chinese["Content-Language"] == "zh-hans"
    assert chinese["ETag"] != english["ETag"]
    assert site.get(url, HTTP_IF_NONE_MATCH=chinese["ETag"], HTTP_COOKIE=cookie)[0] == 304

    with django_capture_on_commit_callbacks(execute=True):
        clock_pause(tournament_id=running.pk, actor=director)
    status, after, body = site.get(url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert status == 200 and after["ETag"] != english["ETag"]
    assert b"&quot;running&quot;:false" in body
    assert site.get(url, HTTP_IF_NONE_MATCH=after["ETag"])[0] == 304


def test_an_unknown_host_and_everything_else_go_to_django(full_mode, running, settings):
    site = Site()
    url = reverse("clock_state", args=[running.pk])
    tag = site.get(url)[1]["ETag"]
    site.get(url, HTTP_IF_NONE_MATCH=tag)
    settings.ALLOWED_HOSTS = ["testserver"]
    calls = site.django_calls
    assert site.get(url, HTTP_IF_NONE_MATCH=tag, HTTP_HOST="evil.example")[0] == 400
    assert site.get(url, HTTP_IF_NONE_MATCH=tag, HTTP_HOST="evil.example")[0] == 400
    assert site.django_calls == calls + 2
    # Another tournament's poll, the phone page, a POST: Django's.
    assert site.get(reverse("clock_state", args=[running.pk + 1000]),
                    HTTP_IF_NONE_MATCH=tag)[0] == 404
    assert site.get(reverse("clock_phone", args=[running.pk]))[0] == 200
    environ = RequestFactory().post(url).environ
    assert site.call(environ)[0] == 403  # Django's CSRF check
    assert site.django_calls == calls + 5


def test_the_embedded_mode_holds_nothing_and_passes_every_poll_to_django(running, settings):
    settings.FULL_MODE = False
    site = Site()
    url = reverse("clock_state", args=[running.pk])
    tag = site.get(url)[1]["ETag"]
    for _ in range(3):
        assert site.get(url, HTTP_IF_NONE_MATCH=tag)[0] == 304
    assert site.django_calls == 4


def test_the_site_is_served_through_it():
    from tournament.config import wsgi

    assert isinstance(wsgi.application, HeldClockPolls)


def test_a_browser_that_takes_gzip_gets_the_partial_compressed_and_others_plain(
        full_mode, running):
    import gzip

    site = Site()
    url = reverse("clock_state", args=[running.pk])
    _status, plain_headers, plain = site.get(url)
    assert "Content-Encoding" not in plain_headers
    for _ in range(3):  # Django answers, then the layer ahead of it, the same way
        status, headers, body = site.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br",
                                         HTTP_IF_NONE_MATCH='"old"')
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == plain and len(body) * 3 < len(plain)
        # Another representation of the same content: a weak tag, and caches keep them apart.
        assert headers["ETag"] == f"W/{plain_headers['ETag']}"
        assert "Accept-Encoding" in headers["Vary"]
        assert headers["Content-Length"] == str(len(body))
        # The browser revalidates with the weak tag it was given: unchanged.
        assert site.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=headers["ETag"]
                        )[0] == 304
    # A client that takes no gzip is never sent it, whoever came before.
    for _ in range(2):
        status, headers, body = site.get(url, HTTP_IF_NONE_MATCH='"old"')
        assert status == 200 and "Content-Encoding" not in headers and body == plain
