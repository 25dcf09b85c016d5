"""What the tournament needs from the floor, declared here so that it never imports ``tables``.

The floor (the ``tables`` app) is built on the tournament: its models, the
tournament lock, the audit and the base services. Imports run that way only.
Where one of the tournament's actions is also a step on the floor — a
registration takes a seat, the clock's start balances the room, the last bust
closes the tables, Day 2 draws its seats, undo reverses a floor action — it
calls the floor through the functions below. ``TablesConfig.ready()``
connects the floor's side (``tables/port.py``), as ``TournamentConfig.ready()``
wires ``clock.at_level_start`` and ``audit.after_record``.

Writes run inside the caller's transaction, with the tournament locked, and
write no audit event of their own: what they did goes into the caller's event.
Models come back as the floor's own objects (``tables.models.Table``), typed
loosely here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from datetime import datetime

    from django.db.models import Model, QuerySet

    from tournament.models import AuditEvent, Entry, Tournament


@dataclass(frozen=True)
class Balanced:
    """A balancing plan carried out: ``changed`` when it moved, broke or halted
    anything, or asked for a button; ``summary`` is what goes into the caller's
    audit event."""

    changed: bool
    summary: dict[str, Any]
    # The moves made (ids), tied to the caller's event by ``moves_caused_by``.
    moves: tuple[int, ...] = ()


@dataclass(frozen=True)
class Closed:
    """The room closed at the end of play: the tables that were open and the
    pending moves withdrawn (``room_reopen`` takes the tables back)."""

    tables: list[int]
    moves_cancelled: list[int]


@dataclass(frozen=True)
class MoveNotice:
    """What a move's message says besides the seat: ``why`` (in a few words with the
    rule, ``tables/explain.py``, in the active language) and whether the move was
    ``withdrawn`` since (the player stays in the seat they hold)."""

    why: str
    withdrawn: bool


class Floor(Protocol):
    # Reads
    def open_tables(self, tournament: Tournament) -> QuerySet[Any]:
        """The tournament's tables in play (one query when evaluated)."""

    def recent_moves(self, tournament_id: int) -> dict[str, Any]:
        """The newest moves for the clock screens, and how many pending ones did not fit."""

    def move_notice(self, move_id: int) -> MoveNotice | None:
        """Why a move was made, for the player's message; None when it is gone."""

    def button_age(self, table: Model, tournament: Tournament, at: datetime) -> Any:
        """How fresh a table's button is (``tables.domain.buttons.ButtonAge``), for a
        page that shows the table (the count sheet)."""

    # Seats (house rules 6 and 7)
    def seat_entries(self, *, tournament: Tournament, entries: Sequence[Entry] = (),
                     entries_ids: Sequence[int] = (), rng: random.Random | None = None,
                     ) -> dict[int, tuple[int, int]]:
        """Random open seats for waiting entries: {entry id: (table, seat)}."""

    def seat_waiting_list(self, *, tournament: Tournament, rng: random.Random | None = None,
                          limit: int | None = None) -> dict[str, Any] | None:
        """Seat the waiting list in order as far as seats are open (at most ``limit``);
        what it seated (for the caller's audit event), or None when nobody sat down.
        Everyone seated is sent their seat on commit."""

    def seat_extra(self, *, tournament: Tournament, entry: Entry) -> bool:
        """Every seat taken: seat a live player one over the smallest table's size
        until the next balance or break (as an undone bust is); False when no table
        can take him. The caller audits and sends the notice."""

    def tables_draw(self, *, tournament: Tournament, keys: Sequence[int],
                    rng: random.Random | None = None) -> dict[int, tuple[Model, int]]:
        """New tables for ``len(keys)`` players over the fewest tables, and a random
        seat for each key: {key: (table, seat)} (Day 2's draw)."""

    def tables_add(self, *, actor: Any, tournament_id: int, count: int) -> AuditEvent:
        """Open ``count`` tables (an action of its own, audited)."""

    # Moves (house rules 9, 9-C, 10)
    def balance(self, *, tournament: Tournament, cause: AuditEvent | None,
                rng: random.Random | None = None, halt: bool = True,
                ask_buttons: bool = False, before_first_hand: bool = False) -> Balanced:
        """Plan breaks, balancing and the final table on the room as it is, and apply it;
        ``ask_buttons``: ask the floor for the buttons a balance move needs (house 9-C);
        ``before_first_hand``: the balance at the clock's start, with no button anywhere
        (its movers are drawn at random and say so). Each mover is sent a message."""

    def moves_caused_by(self, *, tournament: Tournament, cause: AuditEvent,
                        moves: Sequence[int]) -> None:
        """Tie the moves a balance made (``Balanced.moves``) to the caller's event,
        recorded after the balance with its summary in the payload."""

    def moves_cancel(self, *, tournament: Tournament, entry: Entry | None = None) -> None:
        """Withdraw the pending moves of one entry, or of everyone."""

    def moves_withdraw(self, *, tournament: Tournament, cause: AuditEvent) -> list[list[int]]:
        """Withdraw the moves ``cause`` made, each player back in the seat they left
        (the start taken back): [[entry, table number, seat], ...]. Raises
        ``ServiceError`` when a player has moved since or an old seat is taken."""

    def room_close(self, *, tournament: Tournament) -> Closed:
        """Play is over: pending moves withdrawn, every table closed."""

    def room_reopen(self, *, tournament: Tournament, tables: Sequence[int]) -> None:
        """Undo ``room_close``: these tables in play again."""

    # Undo of the floor's actions
    def undo_blockers(self, tournament: Tournament, events: Sequence[AuditEvent],
                      ) -> dict[int, str]:
        """Why the room refuses to undo these events now, by event id (a fixed number
        of queries); an event the room does not block is not in the result."""

    def undo_apply(self, *, actor: Any, tournament: Tournament,
                   event: AuditEvent) -> AuditEvent | None:
        """Apply the inverse of one of the floor's actions; None for any other kind."""


_floor: Floor | None = None


def connect(floor_side: Floor) -> None:
    """Called once by ``TablesConfig.ready()``."""
    global _floor
    _floor = floor_side


def floor() -> Floor:
    """The connected floor."""
    if _floor is None:
        raise ImproperlyConfigured("The tables app is not installed: nothing serves the floor.")
    return _floor
