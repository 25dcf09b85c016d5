"""Reservations before the day (issue 23, item 3): the public page, a reservation's own
page (its QR is what the desk scans), the desk's panel, and the entrance kiosk.

The public page and the kiosk are the only anonymous writes here, and each can only
add a reservation (``services.reservations.reservation_create``): no money, no seat.
The kiosk is a tablet a staff member unlocks: starting it signs the staff member out
of that browser, so the walk-ups using it are anonymous and every staff screen asks
for a login; ``KioskMiddleware`` keeps the tablet on the kiosk's pages, and only a
staff login on the kiosk's own exit page gives the tablet back.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.contrib.auth import login, logout
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.forms.accounts import ThrottledLoginForm
from tournament.forms.reservations import ReservationForm, ReservationLookupForm
from tournament.models import Payment, Reservation, Tournament
from tournament.permissions import DIRECTOR, REGISTRATION, has_role, role_required
from tournament.player_links import (
    player_page_path,
    reservation_page_path,
    token_reservation,
)
from tournament.selectors.reservations import (
    desk_reservations,
    reservation_for_page,
    status_of,
)
from tournament.services import reservations as service
from tournament.services.registration import registration_closed_reason
from tournament.views.common import (
    HtmxHttpRequest,
    client_address,
    run_service,
    throttled,
    tournament_or_404,
)
from tournament.views.registration import desk_answer
from tournament.views.security import public_url

# The player lookup's rule (tables/views/players.py): ten tries per address in ten minutes.
RESERVE_TRIES = 10
RESERVE_WINDOW_SECONDS = 600
# A kiosk serves a queue of walk-ups from one address: its own, larger allowance.
KIOSK_TRIES = 120
KIOSK_SESSION_KEY = "kiosk"
KIOSK_COOKIE = "floorman_kiosk"
# The kiosk's confirmation goes back to a blank form by itself after this long.
KIOSK_DONE_SECONDS = 60


def reservation_card(request: HttpRequest, reservation: Reservation) -> dict[str, Any]:
    """The QR the desk scans (the reservation's own page, at the public address) and the
    short code beside it: the seat card's way of printing a link (views/security.py)."""
    url = public_url(request, reservation_page_path(tournament_id=reservation.tournament_id,
                                                    reservation_id=reservation.pk))
    return {"url": url, "qr_svg": segno.make(url, error="m").svg_inline(scale=4, omitsize=True),
            "code": reservation.code}


def _refused(form: ReservationForm, error: str | None) -> None:
    if error and not form.errors:
        form.add_error(None, error)


@require_http_methods(["GET", "POST"])
def reservation_new(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The public registration page: name, email or phone, language; pay at the desk."""
    tournament = tournament_or_404(tournament_id)
    if not tournament.reservations_open:
        raise Http404
    form = ReservationForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if throttled(f"floorman:reserve:{client_address(request)}", tries=RESERVE_TRIES,
                     window_seconds=RESERVE_WINDOW_SECONDS):
            form.add_error(None, _("Too many tries: wait ten minutes, or register at the "
                                   "desk."))
            status = 429
        elif form.is_valid():
            reservation, error = run_service(request, lambda: service.reservation_create(
                actor=request.user, tournament_id=tournament.pk, **form.cleaned_data),
                form=form)
            if reservation is not None:
                return redirect(reservation_page_path(tournament_id=tournament.pk,
                                                      reservation_id=reservation.pk))
            _refused(form, error)
    return render(request, "reservations/new.html", {
        "tournament": tournament, "form": form,
        "closed_reason": registration_closed_reason(tournament)}, status=status)


@require_GET
def reservation_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A reservation's own page: its QR and code for the desk, what to do, and once the
    desk has registered it, the way to the player's own page."""
    found = token_reservation(token)
    if found is None:
        raise Http404
    reservation = reservation_for_page(*found)
    if reservation is None:
        raise Http404
    tournament = reservation.tournament
    closed = registration_closed_reason(tournament)
    state = status_of(reservation, registration_closed=closed is not None, now=timezone.now())
    context = {"tournament": tournament, "reservation": reservation, "state": state,
               "closed_reason": closed, "token": token} | reservation_card(request, reservation)
    if state == "used":
        context["my_page"] = player_page_path(tournament_id=tournament.pk,
                                              entry_id=reservation.entry_id)
    template = ("reservations/page.html#status" if request.htmx
                else "reservations/page.html")
    response = render(request, template, context)
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "no-store"  # a contact is on the page
    return response


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def desk_reservations_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The desk's reservations panel for what the lookup field holds (a scan, a code, a name)."""
    tournament = tournament_or_404(tournament_id)
    lookup = ReservationLookupForm(request.GET)
    closed = registration_closed_reason(tournament)
    context = {"tournament": tournament, "reservation_lookup": lookup,
               "closed_reason": closed, "payment_methods": Payment.Method.choices,
               "reservations": desk_reservations(tournament, lookup.typed(),
                                                 registration_closed=closed is not None,
                                                 now=timezone.now())}
    desk = reverse("registration_desk", args=[tournament.pk])
    if not request.htmx:
        return redirect(f"{desk}?{request.GET.urlencode()}")
    response = render(request, "registration/_reservations.html#panel", context)
    # The desk's address keeps the lookup (and the entries' search beside it), so the
    # live refresh after another change redraws the same panel, not the default list.
    query = QueryDict(urlsplit(request.htmx.current_url or "").query, mutable=True)
    query.pop("reservation", None)
    if typed := lookup.typed():
        query["reservation"] = typed
    response["HX-Push-Url"] = f"{desk}?{query.urlencode()}" if query else desk
    return response


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def reservation_cancel_view(request: HtmxHttpRequest, tournament_id: int, reservation_id: int
                            ) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    reservation, error = run_service(request, lambda: service.reservation_cancel(
        actor=request.user, tournament_id=tournament.pk, reservation_id=reservation_id))
    if error:
        return desk_answer(request, tournament, action_error=error, status=400)
    return desk_answer(request, tournament, action_notice=_(
        "%(name)s's reservation is cancelled.") % {"name": reservation.name})


# The kiosk ------------------------------------------------------------------------------

def kiosk_tournament(request: HttpRequest) -> int | None:
    """The tournament this browser is a kiosk for, or None (a kiosk is anonymous)."""
    if KIOSK_COOKIE not in request.COOKIES:
        return None
    data = request.session.get(KIOSK_SESSION_KEY)
    return data.get("tournament") if isinstance(data, dict) else None


def kiosk_redirect(request: HttpRequest) -> HttpResponse | None:
    """Where a kiosk browser goes instead of a page outside the kiosk (None: it may stay)."""
    tournament_id = kiosk_tournament(request)
    if tournament_id is None or request.user.is_authenticated:
        return None
    home = reverse("kiosk", args=[tournament_id])
    allowed = (home, reverse("kiosk_done", args=[tournament_id]),
               reverse("kiosk_exit", args=[tournament_id]), reverse("set_language"))
    if request.path in allowed or request.path.startswith(settings.STATIC_URL):
        return None
    return redirect(home)


def _kiosk_render(request: HttpRequest, tournament: Tournament, **context: Any) -> HttpResponse:
    status = context.pop("status", 200)
    response = render(request, "reservations/kiosk.html",
                      {"tournament": tournament, "kiosk_done_seconds": KIOSK_DONE_SECONDS,
                       **context}, status=status)
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
def kiosk(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The entrance tablet: walk-ups reserve here and take the QR with their phone.

    Outside kiosk mode staff see the button that starts it; anyone else is asked to log in.
    """
    tournament = tournament_or_404(tournament_id)
    if kiosk_tournament(request) != tournament.pk:
        if not request.user.is_authenticated:
            if request.method == "GET":
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        if not has_role(request.user, DIRECTOR, REGISTRATION) or request.method != "GET":
            raise PermissionDenied
        return _kiosk_render(request, tournament, starting=True,
                             closed_reason=registration_closed_reason(tournament))
    form = ReservationForm(request.POST if request.method == "POST" else None)
    if request.method == "GET":
        return _kiosk_render(request, tournament, form=form)
    if throttled(f"floorman:kiosk:{request.session.session_key}", tries=KIOSK_TRIES,
                 window_seconds=RESERVE_WINDOW_SECONDS):
        form.add_error(None, _("The kiosk has taken many reservations in a short time: ask "
                               "the desk."))
        return _kiosk_render(request, tournament, form=form, status=429)
    if not form.is_valid():
        return _kiosk_render(request, tournament, form=form, status=400)
    reservation, error = run_service(request, lambda: service.reservation_create(
        actor=None, tournament_id=tournament.pk, at_kiosk=True, **form.cleaned_data), form=form)
    if reservation is None:
        _refused(form, error)
        return _kiosk_render(request, tournament, form=form, status=400)
    data = request.session[KIOSK_SESSION_KEY]
    data["made"] = int(data.get("made", 0)) + 1
    data["last"] = reservation.pk
    request.session.modified = True
    # Post/redirect/get: going back never resubmits a walk-up's form for the next one.
    return redirect("kiosk_done", tournament.pk)


@require_GET
def kiosk_done(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The QR of the reservation just made, shown once: a reload or the browser's history
    brings the next walk-up a blank form, never the previous player's QR."""
    tournament = tournament_or_404(tournament_id)
    if kiosk_tournament(request) != tournament.pk:
        raise PermissionDenied
    data = request.session[KIOSK_SESSION_KEY]
    last = data.pop("last", None)
    request.session.modified = True
    reservation = Reservation.objects.filter(tournament=tournament, pk=last).first() if last \
        else None
    if reservation is None:
        return redirect("kiosk", tournament.pk)
    return _kiosk_render(request, tournament, done=reservation,
                         **reservation_card(request, reservation))


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def kiosk_start_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Turn this browser into the tournament's kiosk: the staff member is signed out here."""
    tournament = tournament_or_404(tournament_id)
    _event, error = run_service(request, lambda: service.kiosk_start(
        actor=request.user, tournament_id=tournament.pk))
    if error:
        return _kiosk_render(request, tournament, starting=True, closed_reason=error, status=400)
    logout(request)
    request.session[KIOSK_SESSION_KEY] = {"tournament": tournament.pk, "made": 0}
    response = redirect("kiosk", tournament.pk)
    response.set_cookie(KIOSK_COOKIE, str(tournament.pk), httponly=True, samesite="Lax",
                        secure=request.is_secure())
    return response


@require_http_methods(["GET", "POST"])
def kiosk_exit(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Give the tablet back: a director or desk login here ends kiosk mode (only here)."""
    tournament = tournament_or_404(tournament_id)
    if kiosk_tournament(request) != tournament.pk:
        raise PermissionDenied
    form = ThrottledLoginForm(request, data=request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.get_user()
        if has_role(user, DIRECTOR, REGISTRATION):
            made = request.session.get(KIOSK_SESSION_KEY, {}).get("made", 0)
            service.kiosk_end(actor=user, tournament_id=tournament.pk, made=made)
            del request.session[KIOSK_SESSION_KEY]
            login(request, user)
            response = redirect("registration_desk", tournament.pk)
            response.delete_cookie(KIOSK_COOKIE)
            return response
        form.add_error(None, _("Only the director or the registration desk can close the "
                               "kiosk."))
    return _kiosk_render(request, tournament, exit_form=form,
                         status=400 if request.method == "POST" else 200)
