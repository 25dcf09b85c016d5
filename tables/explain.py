"""Why a player moves, in a few words with the rule: what every screen and the move email say.

Players trust what they can check: each reason names the rule it applies
(house rulebook numbers, DESIGN §5).
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def move_why(reason: str, *, from_table: int | None = None, random_pick: bool = False) -> str:
    """The reason of a move (``Move.Reason``) as players read it."""
    if reason == "break":
        return _("Table %(table)s breaks in the posted order (house 9-B)") % {"table": from_table}
    if reason == "balance":
        if random_pick:
            return _("Balancing: picked at random, the button is not known (house 9-C)")
        return _("Balancing: due the big blind next (house 9-C)")
    if reason == "final":
        return _("Final-table redraw (house 10)")
    return _("Moved by the floor")
