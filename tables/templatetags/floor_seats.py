"""The floor's seat lists, printed in Python: a 40-table section has 360 seats or more."""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

OPEN_SEAT = mark_safe('<span class="muted">—</span>')


@register.simple_tag
def seat_list(seats: list[dict[str, Any]]) -> SafeString:
    """The ``<li>`` of each seat of a floor table (rows of `tables.selectors.floor.floor_context`).

    The markup a template loop would print (templates/tables/floor.html), at a
    tenth of its cost: the floor's page then costs about the same with 40 full
    tables as with 6. Every value from the database is escaped.

    House rule 8 / TDA 2024 9: a blocked seat is struck and says so (no one is
    seated there); an accessible seat carries a mark with its name for screen readers.
    A player whose phone gets Web Push carries the phone mark (the floor's legend says
    so): a player without it hears of a move only from the floor.
    """
    blocked_label = escape(gettext("Blocked"))
    access_label = escape(gettext("Accessible seat"))
    access_mark = (f'<span class="access-mark" title="{access_label}"><span aria-hidden="true">'
                   f'♿</span><span class="visually-hidden">{access_label}</span></span> ')
    waits_label = escape(gettext("dealt in once the button has passed"))
    waits_badge = (f' <span class="role role-waits" title="{waits_label}">'
                   f'{escape(gettext("waits for the button"))}</span>')
    push_label = escape(gettext("This player's phone is told of moves"))
    push_mark = (f' <span class="push-mark" title="{push_label}"><i class="phone-glyph" '
                 f'aria-hidden="true"></i><span class="visually-hidden">{push_label}</span></span>')
    items = []
    for seat in seats:
        entry, role = seat["entry"], seat["role"]
        if seat.get("blocked") and entry is None:
            items.append(f'<li class="seat blocked"><span class="seat-no"><s>{int(seat["number"])}'
                         f'</s></span> <span class="blocked-mark">{blocked_label}</span></li>')
            continue
        classes = "seat" + (" open" if entry is None else "") + (
            " moving-in" if seat["moving_in"] else "") + (
            " accessible" if seat.get("accessible") else "")
        mark = access_mark if seat.get("accessible") else ""
        player = OPEN_SEAT if entry is None else (
            f'<button type="button" class="seat-player" hx-get="{escape(entry["url"])}" '
            f'hx-target="#seat-dialog" hx-swap="innerHTML" data-entry="{int(entry["pk"])}">'
            f'{escape(entry["name"])}</button>'
            + (push_mark if entry.get("push") else ""))
        badge = f' <span class="role role-{escape(role.lower())}">{escape(role)}</span>' if role else ""
        if seat.get("waits"):
            badge = waits_badge
        items.append(f'<li class="{classes}"><span class="seat-no">{int(seat["number"])}</span> '
                     f'{mark}{player}{badge}</li>')
    return mark_safe("\n".join(items))
