"""Staff login (throttled), password change, and the director's staff accounts page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.forms.accounts import (
    StaffActiveForm,
    StaffCreateForm,
    StaffRolesForm,
    ThrottledLoginForm,
)
from tournament.models import AuditEvent
from tournament.permissions import DIRECTOR, ROLES, STAFF, role_required
from tournament.runtime.event_backup import export_event
from tournament.services import accounts
from tournament.services.audit import ServiceError, record
from tournament.views.common import tournament_or_404

User = get_user_model()


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("home")

    def form_valid(self, form):
        response = super().form_valid(form)
        accounts.password_changed(actor=self.request.user)
        messages.success(self.request, _("Your password is changed."))
        return response


password_change = role_required(*STAFF)(PasswordChangeView.as_view())


def _staff_page(request: HttpRequest, *, create_form=None, error: str | None = None,
                handed_over: tuple[str, str] | None = None, status: int = 200) -> HttpResponse:
    from django.contrib.auth.models import Group

    users = (User.objects.order_by("-is_active", "username")
             .prefetch_related(Prefetch("groups", queryset=Group.objects.only("name"))))
    rows = []
    for user in users:
        names = {g.name for g in user.groups.all()}
        roles = list(ROLES) if user.is_superuser or DIRECTOR in names else [
            r for r in ROLES if r in names]
        rows.append({"user": user, "roles": roles})
    response = render(request, "accounts/staff.html", {
        "rows": rows, "create_form": create_form or StaffCreateForm(), "error": error,
        "handed_over": handed_over, "all_roles": ROLES,
    }, status=status)
    if handed_over:
        response["Cache-Control"] = "no-store"  # a password is on the page
    return response


@require_GET
@role_required(DIRECTOR)
def staff_list(request: HttpRequest) -> HttpResponse:
    return _staff_page(request)


@never_cache
@require_POST
@role_required(DIRECTOR)
def staff_create(request: HttpRequest) -> HttpResponse:
    form = StaffCreateForm(request.POST)
    if not form.is_valid():
        return _staff_page(request, create_form=form, status=400)
    try:
        user, password = accounts.staff_create(actor=request.user,
                                               username=form.cleaned_data["username"],
                                               roles=form.cleaned_data["roles"])
    except ServiceError as error:
        form.add_error(error.field if error.field in form.fields else None, error.message)
        return _staff_page(request, create_form=form, status=400)
    return _staff_page(request, handed_over=(user.username, password))


@require_POST
@role_required(DIRECTOR)
def staff_roles(request: HttpRequest, user_id: int) -> HttpResponse:
    form = StaffRolesForm(request.POST)
    if not form.is_valid():
        return _staff_page(request, error=_("Choose at least one role."), status=400)
    try:
        accounts.staff_set_roles(actor=request.user, user_id=user_id,
                                 roles=form.cleaned_data["roles"])
    except ServiceError as error:
        return _staff_page(request, error=error.message, status=400)
    messages.success(request, _("Roles saved."))
    return redirect("staff_list")


@require_POST
@role_required(DIRECTOR)
def staff_active(request: HttpRequest, user_id: int) -> HttpResponse:
    form = StaffActiveForm(request.POST)
    if not form.is_valid():
        return _staff_page(request, error=_("Choose enable or disable."), status=400)
    try:
        user = accounts.staff_set_active(actor=request.user, user_id=user_id,
                                         active=form.cleaned_data["active"])
    except ServiceError as error:
        return _staff_page(request, error=error.message, status=400)
    messages.success(request, (_("%(name)s can log in again.") if user.is_active
                               else _("%(name)s is disabled.")) % {"name": user.username})
    return redirect("staff_list")


@never_cache
@require_POST
@role_required(DIRECTOR)
def staff_password(request: HttpRequest, user_id: int) -> HttpResponse:
    try:
        user, password = accounts.staff_reset_password(actor=request.user, user_id=user_id)
    except ServiceError as error:
        return _staff_page(request, error=error.message, status=400)
    return _staff_page(request, handed_over=(user.username, password))


@require_GET
@role_required(DIRECTOR)
def event_backup(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The whole event as one JSON document (``manage.py import_event`` reads it back)."""
    from django.utils.text import slugify


    tournament = tournament_or_404(tournament_id)
    body = export_event(tournament.pk)
    record(tournament=tournament, actor=request.user, kind=AuditEvent.Kind.EVENT_EXPORTED,
           payload={"bytes": len(body.encode())})
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(tournament.name) or "event"
    response["Content-Disposition"] = f'attachment; filename="{name}-{tournament.pk}-backup.json"'
    response["Cache-Control"] = "no-store"
    return response
