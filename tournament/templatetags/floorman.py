"""Template filters: readable names for audit events."""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from tournament.models import Deal, Payment
from tournament.runtime.cache import tournament_version
from tournament.services.structures import template_display_name

register = template.Library()

EVENT_LABELS = {
    "tournament_created": _("Tournament created"),
    "tournament_updated": _("Settings changed"),
    "tournament_finished": _("Tournament finished"),
    "structure_edited": _("Structure edited"),
    "structure_template_saved": _("Structure template saved"),
    "clock_start": _("Clock started"),
    "clock_start_undone": _("Start undone"),
    "clock_pause": _("Clock paused"),
    "clock_resume": _("Clock resumed"),
    "clock_next_level": _("Next level"),
    "clock_previous_level": _("Previous level"),
    "clock_set_time": _("Time left set"),
    "clock_add_time": _("Time added or removed"),
    "level_started": _("Level started"),
    "late_registration_closed": _("Late registration closed"),
    "tables_added": _("Tables added"),
    "table_button_set": _("Button set"),
    "table_break_order_set": _("Break order set"),
    "table_seats_set": _("Blocked and accessible seats set"),
    "entry_accessible_set": _("Accessible seat need set"),
    "tables_removed": _("Tables removed"),
    "tables_restored": _("Tables restored"),
    "player_created": _("Player created"),
    "entry_registered": _("Registered"),
    "entries_imported": _("Entries imported"),
    "seats_drawn": _("Seats drawn"),
    "entry_unregistered": _("Unregistered and refunded"),
    "entry_reinstated": _("Registration restored"),
    "entry_rebuy": _("Rebuy"),
    "entry_addon": _("Add-on"),
    "entry_rebuy_undone": _("Rebuy taken back"),
    "entry_addon_undone": _("Add-on taken back"),
    "waiting_list_seated": _("Waiting list seated"),
    "entry_busted": _("Bust-out"),
    "entry_bust_undone": _("Bust-out undone"),
    "entry_moved": _("Player moved"),
    "entry_seated": _("Player seated"),
    "move_done": _("Move made"),
    "tables_balanced": _("Tables balanced"),
    "hand_for_hand": _("Hand-for-hand on/off"),
    "hand_next": _("Next hand (hand-for-hand)"),
    "ruling_log": _("Ruling logged"),
    "event_exported": _("Backup downloaded"),
    "deal_recorded": _("Deal recorded"),
    "deal_undone": _("Deal undone"),
    "prize_paid": _("Prize paid"),
    "prize_paid_undone": _("Prize payment undone"),
    "bounty_paid": _("Bounty paid"),
    "bounty_paid_undone": _("Bounty payment undone"),
    "webhook_added": _("Webhook added"),
    "webhook_removed": _("Webhook removed"),
    "webhook_redelivered": _("Webhook sent again"),
    "league_created": _("League created"),
    "league_updated": _("League changed"),
    "player_countries_set": _("Countries set"),
    "chips_counted": _("Chips counted"),
    "chips_bagged": _("Stacks bagged"),
    "chips_count_undone": _("Counts taken back"),
    "chips_removed": _("Chips removed at a colour-up"),
    "count_tolerance_set": _("Count tolerance set"),
    "day_end_scheduled": _("End of day set for the end of the level"),
    "day_ended": _("Day ended"),
    "day_resumed": _("Day goes on"),
    "day_bagged": _("Flight bagged"),
    "bag_corrected": _("Bag corrected"),
    "flight_added": _("Flight added to an event"),
    "day2_drawn": _("Day 2 drawn"),
    "day2_withdrawn": _("Day 2 draw taken back"),
    "chips_removed_undone": _("Colour-up taken back"),
    "announcement_set": _("Announcement on the TV"),
    "logo_set": _("Logo uploaded"),
    "logo_removed": _("Logo removed"),
}


@register.filter
def event_label(kind: str) -> str:
    return EVENT_LABELS.get(kind, kind)


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
    """
    from django.conf import settings
    from django.urls import reverse
    from django.utils.html import format_html

    request = context.get("request")
    if request is not None and request.method == "GET" and request.GET:
        page = f"{page}?{request.GET.urlencode()}"
    return format_html(
        ' data-live="{}" data-live-version="{}" data-live-ms="{}" data-live-page="{}"',
        reverse("tournament_version", args=[tournament.pk]), tournament_version(tournament.pk),
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
