"""The baseline for bench/tv_poll.py and bench/phones.py: a bare Django view returning captured bytes.

Served by gunicorn exactly like the site (``gunicorn bare_app:application``,
``--chdir bench``): no middleware, no database, no template, no cache; one URL
that answers with the bytes and headers the real clock partial answered with
(read from the file named by ``BARE_BODY_FILE``), or 304 to a poll holding the
partial's ETag (``BARE_ETAG``), as the real view does.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import django
from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import re_path
from django.utils.cache import patch_vary_headers


def _body() -> tuple[bytes, str]:
    path = os.environ.get("BARE_BODY_FILE")
    if not path:
        return b"<div id=clock-state></div>", "text/html; charset=utf-8"
    return Path(path).read_bytes(), os.environ.get("BARE_CONTENT_TYPE", "text/html; charset=utf-8")


BODY, CONTENT_TYPE = _body()


ETAG = os.environ.get("BARE_ETAG", "")


def clock_state(request, tournament_id=None):
    # The same conditional answer as the real view: 304 when the poll holds the
    # captured ETag (bench/phones.py), the captured bytes otherwise.
    if ETAG and ETAG in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(BODY, content_type=CONTENT_TYPE)
    # The same headers the real view sets, computed the same way.
    if ETAG:
        response["ETag"] = ETAG
    response["X-Server-Time"] = f"{time.time() * 1000:.0f}"
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


urlpatterns = [re_path(r"^t/(?P<tournament_id>\d+)/clock/state/$", clock_state)]

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bare-bench",
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        MIDDLEWARE=[],
        INSTALLED_APPS=[],
        USE_I18N=False,
        LOGGING_CONFIG=None,
    )
    django.setup()

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()

if __name__ == "__main__":
    # `make bench` runs every bench/*.py: this one is only served by bench/tv_poll.py.
    print("bench/bare_app.py is the baseline app of bench/tv_poll.py; nothing to measure alone.")
