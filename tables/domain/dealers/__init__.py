"""The dealers' rotation: who deals which table, who goes on break, who comes back.

A pure engine over frozen dataclasses (no Django, no clock: ``now`` is passed).
The room's practice, as dealers and floor people describe it (issue 24):

- a down lasts ``Rules.down`` (usually 30 minutes); each table's down ends on
  its own timer, so pushes run through the room rather than all at once;
- a dealer works ``min_downs`` to ``max_downs`` downs in a row (a *stint*),
  then takes a break of ``break_length``: never one down then a break
  ("up-down"), never more than ``max_downs`` downs without one;
- no dealer deals two downs in a row at one table;
- whoever has been out longest goes in first; a dealer deals only their games;
- house RP-7 (TDA's recommended procedure): no push in the last
  ``quiet`` (90 s) before a level change or a scheduled break; the push
  waits for the boundary itself. Hand-for-hand holds a tournament's pushes.

A dealer who must deal a second down goes in before anyone else at the next
table whose down ends (the push chain: the pool dealer relieves table A, A's
dealer relieves table B, ...), so a stint never stops at one down. When the
pool cannot relieve a table the dealer there keeps dealing and ``Shortage``
says so ("3 tables without a relief dealer at 14:30"); an open table without
a dealer is listed as waiting. No invariant is broken without one of those.

Entry points: ``fill`` (open tables without a dealer take one now),
``next_push`` (the next push: its time, its lines and the dealers after it),
``plan`` (both, for the board), ``table_closed`` (a table break frees its
dealer at once), ``apply`` (the room after a plan's lines).
The package's parts:

- ``room``: the vocabulary (``Rules``, ``Room``, ``OpenTable``, ``Dealer``,
  ``Line`` and its ``REASONS``, ``Shortage``, ``Push``, ``Rotation``) and the
  room's changes outside a push (``table_closed``, ``apply``);
- ``pool``: who goes in first, and a dealer's state on going in;
- ``fills``: ``fill``;
- ``pushes``: ``push_time`` (RP-7) and ``next_push``;
- ``board``: ``plan`` and ``early_out``.
"""

from tables.domain.dealers.board import early_out, plan
from tables.domain.dealers.fills import fill
from tables.domain.dealers.pushes import next_push, push_time
from tables.domain.dealers.room import (
    BREAK,
    DEALING,
    OUT,
    REASONS,
    RULE_BOUNDS,
    SHORTAGES,
    Dealer,
    Line,
    OpenTable,
    Push,
    Room,
    Rotation,
    Rules,
    Shortage,
    apply,
    table_closed,
)

__all__ = ["BREAK", "DEALING", "OUT", "REASONS", "RULE_BOUNDS", "SHORTAGES", "Dealer", "Line",
           "OpenTable", "Push", "Room", "Rotation", "Rules", "Shortage", "apply", "early_out",
           "fill", "next_push", "plan", "push_time", "table_closed"]
