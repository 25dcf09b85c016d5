"""Template filters: readable names for audit events."""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import pgettext, pgettext_lazy

from tournament.models import AuditEvent, Deal, Payment
from tournament.runtime.cache import tournament_version
from tournament.services.structures import template_display_name

register = template.Library()


@register.filter
def event_label(kind: str) -> str:
    """The log's label for an event kind (``AuditEvent.Kind``)."""
    return AuditEvent.Kind.label_of(kind)


@register.filter
def event_details(payload: dict) -> str:
    """The payload as short "key: value" pairs, names and numbers first."""
    if not isinstance(payload, dict):
        return ""
    parts = []
    for key, label in DETAIL_LABELS.items():
        if key in payload and payload[key] not in (None, ""):
            parts.append(pgettext("audit log detail", "%(label)s: %(value)s")
                         % {"label": label, "value": detail_value(key, payload[key])})
    return " · ".join(parts)


DETAIL_LABELS = {
    "name": pgettext_lazy("audit log detail", "Name"),
    "number": pgettext_lazy("audit log detail", "Entry"),
    "place": pgettext_lazy("audit log detail", "Place"),
    "table": pgettext_lazy("audit log detail", "Table"),
    "seat": pgettext_lazy("audit log detail", "Seat"),
    "level": pgettext_lazy("audit log detail", "Level"),
    "seconds": pgettext_lazy("audit log detail", "Seconds"),
    "seconds_left": pgettext_lazy("audit log detail", "Seconds left"),
    "amount": pgettext_lazy("audit log detail", "Amount"),
    "method": pgettext_lazy("audit log detail", "Method"),
    # A move: where the player left and where they went ([table, seat]).
    "from": pgettext_lazy("audit log detail", "From"),
    "to": pgettext_lazy("audit log detail", "To"),
}


def detail_value(key: str, value) -> str:
    """A payload value as the reader says it: payment and deal methods by their label."""
    if key in ("from", "to") and isinstance(value, list) and len(value) == 2:
        return pgettext("audit log detail", "table %(table)s seat %(seat)s") % {
            "table": value[0], "seat": value[1]}
    if key == "method" and isinstance(value, str):
        for choices in (Payment.Method, Deal.Method):
            if value in choices.values:
                return str(choices(value).label)
    return str(value)


@register.filter
def structure_label(name: str) -> str:
    """A built-in template's name in the reader's language; any other name as it is."""
    return template_display_name(name)


@register.simple_tag(takes_context=True)
def live_root(context, tournament, page: str) -> str:
    """Attributes that keep a staff screen current (static/js/live.js).

    ``page`` is the screen's own address; a GET keeps its query (search, page).
    The version is the one read before the view read its rows
    (``tournament.views.live.live_screen``) when the view says so.
    """
    from django.conf import settings
    from django.urls import reverse
    from django.utils.html import format_html

    request = context.get("request")
    if request is not None and request.method == "GET" and request.GET:
        page = f"{page}?{request.GET.urlencode()}"
    return format_html(
        ' data-live="{}" data-live-version="{}" data-live-ms="{}" data-live-page="{}"',
        reverse("tournament_version", args=[tournament.pk]),
        getattr(request, "live_version", None) or tournament_version(tournament.pk),
        getattr(settings, "STAFF_POLL_MS", 1000), page)


@register.filter
def get_item(mapping, key):
    """``mapping[key]``, or nothing: per-row data in a template loop."""
    return (mapping or {}).get(key) or ()


@register.filter
def long_figure(text) -> str:
    """' class="long"' for a figure longer than 999,999,999 (the TV sets it a size down
    so that six figures stay on one line), else nothing."""
    return mark_safe(' class="long"') if len(str(text)) > 11 else ""
