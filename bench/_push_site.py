"""URLs for bench/push_vs_poll.py (settings: `_push_settings`): the site, plus a Server-Sent Events stream.

The stream is the simplest push on the existing stack (gunicorn threads, the
Redis cache): it holds one thread per screen, reads the tournament's version
from the cache every 0.25 s and sends the clock partial when it moved.
"""

import time

from django.contrib.auth.models import AnonymousUser
from django.http import StreamingHttpResponse
from django.test import RequestFactory
from django.urls import path

from tournament.config.urls import urlpatterns as site_urls


def clock_stream(request, tournament_id: int) -> StreamingHttpResponse:
    from tournament.runtime.cache import tournament_version
    from tournament.views.clock import clock_state

    def events():
        seen = None
        while True:
            version = tournament_version(tournament_id)
            if version != seen:
                seen = version
                poll = RequestFactory().get(f"/t/{tournament_id}/clock/state/",
                                            HTTP_HX_REQUEST="true")
                poll.user, poll.htmx = AnonymousUser(), True
                body = clock_state(poll, tournament_id).content.decode()
                yield "event: clock\ndata: " + body.replace("\n", "\ndata: ") + "\n\n"
            time.sleep(0.25)

    response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    return response


urlpatterns = [path("bench/sse/<int:tournament_id>/", clock_stream), *site_urls]
