"""Helpers shared by the views: running one service and answering page or partial."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from tournament.models import Tournament
from tournament.services.base import ServiceError


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (django-htmx's documented typing)."""

    htmx: HtmxDetails


def tournament_or_404(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament, pk=tournament_id)


def run_service(request: HttpRequest, action: Callable[[], Any], *,
                form: forms.Form | None = None,
                fields: Mapping[str, str] | None = None) -> tuple[Any, str | None]:
    """Call one service; a refusal becomes a message, never a 500.

    A refusal that names a field lands on that field of ``form`` (``fields``
    maps the service's argument names to the form's where they differ).
    """
    try:
        return action(), None
    except ServiceError as error:
        name = (fields or {}).get(error.field or "", error.field)
        if form is not None and name in form.fields:
            form.add_error(name, error.message)
        return None, error.message


def render_screen(request: HtmxHttpRequest, template: str, partial: str,
                  context: Mapping[str, Any], *, status: int = 200) -> HttpResponse:
    """The whole screen, or for htmx only the named `{% partialdef %}` of it."""
    name = f"{template}#{partial}" if request.htmx else template
    return render(request, name, context, status=status)


def form_errors(form) -> str:
    """A refused form's messages on one line, for a page that shows one error."""
    return " ".join(str(message) for messages in form.errors.values() for message in messages)


def done(request: HttpRequest, url: str, message: str | None = None) -> HttpResponse:
    if message:
        messages.success(request, message)
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "")[:64]


def throttled(key: str, *, tries: int, window_seconds: int) -> bool:
    """Counts a try under ``key``; True once ``tries`` were used in the window (the
    player lookup's rule: the first try opens the window, it is not sliding)."""
    if cache.add(key, 1, timeout=window_seconds):
        return False
    try:
        count = cache.incr(key)
    except ValueError:  # the window closed between the add and the incr
        return False
    return count > tries
