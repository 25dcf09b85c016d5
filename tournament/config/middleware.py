"""Middleware of the site's own."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class ClockPollMiddleware:
    """Answer a clock poll from the held partial before the rest of the middleware.

    Every phone following the clock polls the clock partial every 1.5 s, and
    the answer is held in memory (a 304, or the partial after a change):
    sessions, CSRF, login and messages have nothing to add to it and cost more
    than the answer itself (see `clock_state_held`). Placed after
    SecurityMiddleware: its HTTPS redirect and headers still apply. Anything
    else goes on down the stack untouched.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and request.path_info.endswith("/clock/state/"):
            from tournament.views.clock import clock_state_held

            if (response := clock_state_held(request)) is not None:
                return response
        return self.get_response(request)


class KioskMiddleware:
    """Keep an entrance kiosk on the kiosk's pages (``tournament.views.reservations``).

    A kiosk browser is anonymous (starting the kiosk signed the staff member out), so
    staff screens already ask it to log in; this also keeps walk-ups off every other
    page, the login page included: only the kiosk's exit page takes a staff login.
    Browsers without the kiosk's cookie pass untouched (their session is not read).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from tournament.views.reservations import KIOSK_COOKIE, kiosk_redirect

        if KIOSK_COOKIE in request.COOKIES and (answer := kiosk_redirect(request)) is not None:
            return answer
        return self.get_response(request)
