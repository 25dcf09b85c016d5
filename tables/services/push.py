"""The floor's notices to players' phones: a move (and a table breaking), a bust.

Worded facts only (why a player moves, in every language of the site, from
``tables.explain``); ``tournament.services.push`` sends them once the action
commits, one task per table.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from tables.explain import explain_move
from tables.models import Move
from tournament.models import Entry
from tournament.services.push import Notice, push_notices_on_commit


def moves_push_on_commit(move_ids: list[int]) -> int:
    """Each moved player's phone hears of the move: where to and why; one task per table
    the players go to. A move withdrawn (a bust undone) tells the player to stay where
    they are. Two queries whatever the number of moves."""
    if not move_ids:
        return 0
    notices = []
    for move in (Move.objects.filter(pk__in=move_ids,
                                     status__in=(Move.Status.PENDING, Move.Status.CANCELLED))
                 .select_related("from_table", "to_table")):
        if move.status == Move.Status.CANCELLED:
            notices.append(Notice(entry_id=move.entry_id, kind="stay",
                                  group=move.from_table.number,
                                  facts={"table": move.from_table.number,
                                         "seat": move.from_seat}))
            continue
        why = {}
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                why[code] = explain_move(move)
        kind = "breaking" if move.reason == Move.Reason.BREAK else "moved"
        notices.append(Notice(entry_id=move.entry_id, kind=kind, group=move.to_table.number,
                              facts={"table": move.to_table.number, "seat": move.to_seat,
                                     "from_table": move.from_table.number, "why": why}))
    return push_notices_on_commit(notices)


def bust_push_on_commit(entry: Entry, *, place: int | None) -> int:
    """The busted player's phone: out, with the place (the prize is read when sent)."""
    return push_notices_on_commit([Notice(entry_id=entry.pk, kind="out",
                                          facts={"place": place,
                                                 "tournament": entry.tournament_id})])
