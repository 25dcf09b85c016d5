"""Home, creating and editing tournaments, the console and the audit log."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.floor_port import floor
from tournament.forms.tournaments import LogoForm, NewTournamentForm, TournamentForm
from tournament.models import AuditEvent, Tournament
from tournament.permissions import DIRECTOR, STAFF, role_required, roles_of
from tournament.services.structures import copy_levels_of, ensure_builtin_templates
from tournament.services.tournaments import (
    EDITABLE_FIELDS,
    tournament_create,
    tournament_logo_set,
    tournament_update,
)
from tournament.services.undo import UNDOABLE, event_undo, undo_blockers, undoable_kinds
from tournament.views.common import done, run_service, tournament_or_404
from tournament.views.live import live_screen


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.exclude(status=Tournament.Status.FINISHED)[:50]
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED)[:20]
    return render(request, "home.html", {"tournaments": tournaments, "finished": finished})


def _values(form) -> dict:
    values = {name: form.cleaned_data.get(name) for name in EDITABLE_FIELDS if name in form.cleaned_data}
    if values.get("final_table_size") is None:
        values.pop("final_table_size", None)
    return values


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def tournament_create_view(request: HttpRequest) -> HttpResponse:
    ensure_builtin_templates()
    form = NewTournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        def create():
            template = form.cleaned_data["template"]
            tournament = tournament_create(
                actor=request.user,
                values=_values(form),
                levels=copy_levels_of(template),
                structure_name=template.name,
            )
            tables = form.cleaned_data.get("tables") or 0
            if tables:
                floor().tables_add(actor=request.user, tournament_id=tournament.pk, count=tables)
            return tournament

        tournament, error = run_service(request, create)
        if tournament:
            return done(request, reverse("tournament_console", args=[tournament.pk]),
                        _("Tournament created."))
        form.add_error(None, error)
    return render(request, "tournament/form.html", {"form": form, "creating": True},
                  status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def tournament_edit_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        _result, error = run_service(
            request,
            lambda: tournament_update(actor=request.user, tournament_id=tournament.pk,
                                      values=_values(form)),
        )
        if error is None:
            return done(request, reverse("tournament_console", args=[tournament.pk]),
                        _("Settings saved."))
        form.add_error(None, error)
    return render(request, "tournament/form.html",
                  {"form": form, "tournament": tournament, "logo_form": LogoForm()},
                  status=400 if form.errors else 200)


@require_POST
@role_required(DIRECTOR)
def tournament_logo_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Upload or remove the logo the TV shows beside the event's name."""
    tournament = tournament_or_404(tournament_id)
    logo_form = LogoForm(request.POST, request.FILES)
    error = None
    if logo_form.is_valid():
        data = None if logo_form.cleaned_data["remove"] else logo_form.cleaned_data["logo"]
        if data is None and not logo_form.cleaned_data["remove"]:
            error = _("Choose an image file, or tick “Remove the logo”.")
        else:
            _result, error = run_service(request, lambda: tournament_logo_set(
                actor=request.user, tournament_id=tournament.pk, data=data))
        if error is None:
            return done(request, reverse("tournament_edit", args=[tournament.pk]),
                        _("Logo saved.") if data else _("Logo removed."))
    if error:
        logo_form.add_error(None, error)
    form = TournamentForm(instance=Tournament.objects.get(pk=tournament.pk))
    return render(request, "tournament/form.html",
                  {"form": form, "tournament": tournament, "logo_form": logo_form}, status=400)


@require_GET
@role_required(*STAFF)
@live_screen
def audit_log(request: HttpRequest, tournament_id: int, error: str | None = None,
              notice: str | None = None) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    events = AuditEvent.objects.filter(tournament=tournament).select_related("actor")
    page = Paginator(events, 100).get_page(request.GET.get("page"))
    kinds = undoable_kinds(roles_of(request.user))
    shown = [e for e in page.object_list if e.kind in kinds]
    undoable = {pk for pk, blocker in undo_blockers(tournament, shown).items() if blocker is None}
    return render(request, "tournament/log.html",
                  {"tournament": tournament, "page": page, "undoable": undoable,
                   "error": error, "notice": notice}, status=400 if error else 200)


@require_POST
@role_required(*STAFF)
def event_undo_view(request: HttpRequest, tournament_id: int, event_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    event = AuditEvent.objects.filter(pk=event_id, tournament=tournament).first()
    roles = UNDOABLE.get(event.kind, ()) if event else ()
    if not roles_of(request.user) & set(roles):
        error = _("You may not undo that action.") if event else _("That action does not exist.")
        request.method = "GET"
        return audit_log(request, tournament_id, error=error)
    _inverse, error = run_service(request, lambda: event_undo(
        actor=request.user, tournament_id=tournament.pk, event_id=event_id))
    request.method = "GET"
    return audit_log(request, tournament_id, error=error, notice=None if error else _("Undone."))
