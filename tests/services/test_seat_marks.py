"""The floor's seat editor and table removal, at the service level (house rule 8 / TDA 2024 9)."""

from __future__ import annotations

import pytest

from tables.models import Move, Table
from tables.services import tables_add
from tables.services.tables import table_mark_seat, table_set_seats, tables_remove
from tournament.models import AuditEvent, Entry
from tournament.services.base import ServiceError, now
from tournament.services.undo import event_undo

from .test_counts import seat_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(tournament, director):
    """Five players at table 1, table 2 empty."""
    seat_field(tournament, director, 5)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    return tournament


def marks(t, number: int) -> tuple[list[int], list[int]]:
    table = Table.objects.get(tournament=t, number=number)
    return table.blocked_seats, table.accessible_seats


def test_a_tapped_seat_keeps_the_other_marks_and_undoes_to_the_one_before(room, director):
    mark = lambda seat, how: table_mark_seat(  # noqa: E731
        actor=director, tournament_id=room.pk, table_number=2, seat=seat, mark=how)
    mark(3, "blocked")
    mark(5, "accessible")
    last = mark(3, "accessible")
    assert marks(room, 2) == ([], [3, 5])
    assert AuditEvent.objects.filter(tournament=room, kind="table_seats_set").count() == 3
    assert last.payload["before"] == {"blocked": [3], "accessible": [5]}
    event_undo(actor=director, tournament_id=room.pk, event_id=last.pk)
    assert marks(room, 2) == ([3], [5])
    mark(3, "normal")
    assert marks(room, 2) == ([], [5])


def test_an_unknown_mark_is_refused(room, director):
    with pytest.raises(ServiceError, match="blocked, accessible or normal"):
        table_mark_seat(actor=director, tournament_id=room.pk, table_number=2, seat=1,
                        mark="wobbly")
    assert marks(room, 2) == ([], [])


@pytest.fixture
def moving_in(room):
    """A pending move from table 1 to table 2 seat 4."""
    entry = Entry.objects.filter(tournament=room, table__number=1).first()
    return Move.objects.create(tournament=room, entry=entry, from_table=entry.table,
                               from_seat=entry.seat,
                               to_table=Table.objects.get(tournament=room, number=2),
                               to_seat=4, reason=Move.Reason.BALANCE, created_at=now())


def test_a_seat_a_player_is_moving_to_is_not_blocked(moving_in, room, director):
    events = AuditEvent.objects.count()
    with pytest.raises(ServiceError, match="A player is moving to seat 4"):
        table_set_seats(actor=director, tournament_id=room.pk, table_number=2, blocked=[4],
                        accessible=[])
    assert marks(room, 2) == ([], []) and AuditEvent.objects.count() == events
    # Another seat of that table can be.
    table_mark_seat(actor=director, tournament_id=room.pk, table_number=2, seat=5,
                    mark="blocked")
    assert marks(room, 2) == ([5], [])


def test_a_table_players_are_moving_to_is_not_removed(moving_in, room, director):
    with pytest.raises(ServiceError, match="Players are moving to table 2"):
        tables_remove(actor=director, tournament_id=room.pk, numbers=[2])
    assert Table.objects.get(tournament=room, number=2).status == "open"
    moving_in.status = Move.Status.CANCELLED
    moving_in.save(update_fields=["status"])
    tables_remove(actor=director, tournament_id=room.pk, numbers=[2])
    # Moves refer to it: kept on record, broken.
    assert Table.objects.get(tournament=room, number=2).status == "broken"


def test_the_log_offers_no_undo_of_tables_added_that_players_are_moving_to(moving_in, room,
                                                                          director):
    from tournament.services.undo import undo_blockers

    added = AuditEvent.objects.filter(tournament=room, kind="tables_added").order_by("pk")
    blockers = undo_blockers(room, list(added))
    assert blockers[added.last().pk] == "Players sit at some of those tables, or are moving there."
