"""The clock's controls: the director's and floor's console, start, pause, resume, levels,
time left and added, the announcement on every TV."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.forms.tournaments import AddTimeForm, AnnouncementForm, TimeLeftForm
from tournament.permissions import DIRECTOR, FLOOR, STAFF, role_required, roles_of
from tournament.selectors.clock import hand_for_hand_bubble
from tournament.services import clock as clock_services
from tournament.services.tournaments import tournament_announce
from tournament.views.clock import clock_context, snapshot_or_404, with_server_time
from tournament.views.common import HtmxHttpRequest, render_screen, run_service, tournament_or_404
from tournament.views.live import live_screen

CLOCK_ACTIONS = {
    "start": (clock_services.clock_start, (DIRECTOR, FLOOR)),
    "pause": (clock_services.clock_pause, (DIRECTOR, FLOOR)),
    "resume": (clock_services.clock_resume, (DIRECTOR, FLOOR)),
    "next": (clock_services.clock_next_level, (DIRECTOR,)),
    "previous": (clock_services.clock_previous_level, (DIRECTOR,)),
}


@require_GET
@role_required(*STAFF)
@live_screen
def clock_console(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    snapshot = snapshot_or_404(tournament_id)
    context = clock_context(snapshot) | {
        "tournament": tournament, "time_form": TimeLeftForm(),
        "announcement_form": AnnouncementForm(initial={"text": tournament.announcement}),
        "bubble": hand_for_hand_bubble(tournament),
    }
    return render(request, "clock/console.html", context)


def _controls_response(request: HtmxHttpRequest, tournament_id: int, error: str | None,
                       time_form: TimeLeftForm | None = None) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    snapshot = snapshot_or_404(tournament_id)
    context = clock_context(snapshot) | {
        "tournament": tournament,
        "error": error,
        "time_form": time_form or TimeLeftForm(),
        "announcement_form": AnnouncementForm(initial={"text": tournament.announcement}),
    }
    status = 400 if error or (time_form and time_form.errors) else 200
    return with_server_time(render_screen(request, "clock/console.html", "controls", context,
                                           status=status))


@require_POST
@role_required(DIRECTOR, FLOOR)
def clock_action(request: HtmxHttpRequest, tournament_id: int, action: str) -> HttpResponse:
    if action not in CLOCK_ACTIONS:
        raise Http404
    service, roles = CLOCK_ACTIONS[action]
    if not set(roles) & roles_of(request.user):
        return _controls_response(request, tournament_id, _("Only the director can do that."))
    _result, error = run_service(
        request, lambda: service(tournament_id=tournament_id, actor=request.user)
    )
    return _controls_response(request, tournament_id, error)


@require_POST
@role_required(DIRECTOR)
def clock_add_time(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    form = AddTimeForm(request.POST)
    if not form.is_valid():
        return _controls_response(request, tournament_id, form.errors["seconds"][0])
    _result, error = run_service(
        request,
        lambda: clock_services.clock_add_time(
            tournament_id=tournament_id, actor=request.user, seconds=form.cleaned_data["seconds"]
        ),
    )
    return _controls_response(request, tournament_id, error)


@require_POST
@role_required(DIRECTOR)
def clock_set_time(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    form = TimeLeftForm(request.POST)
    if not form.is_valid():
        return _controls_response(request, tournament_id, None, time_form=form)
    _result, error = run_service(
        request,
        lambda: clock_services.clock_set_time_left(
            tournament_id=tournament_id, actor=request.user,
            seconds_left=form.cleaned_data["time_left"],
        ),
    )
    return _controls_response(request, tournament_id, error)


@require_POST
@role_required(DIRECTOR)
def clock_announce(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The line on every TV: set, or cleared with empty text."""
    form = AnnouncementForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return _controls_response(request, tournament_id, errors)
    _result, error = run_service(
        request,
        lambda: tournament_announce(
            tournament_id=tournament_id, actor=request.user,
            text=form.cleaned_data["text"], minutes=form.cleaned_data["minutes"],
        ),
    )
    return _controls_response(request, tournament_id, error)
