"""The site's 403 and 404 answers: a page in the visitor's language with a way back;
JSON under /api/; a short message for an htmx request (it lands inside a screen)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


def _answer(request: HttpRequest, status: int, code: str, title: str, text: str) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": code, "detail": text}, status=status)
    template = "error.html#message" if request.headers.get("HX-Request") else "error.html"
    return render(request, template, {"status": status, "title": title, "text": text},
                  status=status)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(request, 404, "not_found", _("Page not found"),
                   _("There is nothing at this address: it may have been mistyped, "
                     "or what it showed is gone."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    text = (_("Your account's role does not allow this. A director can change roles.")
            if request.user.is_authenticated
            else _("Staff log in to do this."))
    return _answer(request, 403, "forbidden", _("Not allowed"), text)
