"""Full mode with Redis away: a move's message is kept with the move (one per mover)
and goes out later, with the new seat and why, when a worker takes it."""

from __future__ import annotations

import pytest
from django.core import mail

from tables.models import Move
from tables.services import tables_add
from tournament.models import Entry, PendingNotification
from tournament.runtime import broker
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_starts_move_messages_are_kept_and_sent_with_why(redis_away, make_tournament,
                                                             director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):  # 6/6/2: the start moves two players to table 3
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}",
                       email=f"p{i}@example.com")
    PendingNotification.objects.all().delete()  # the seat messages of the registrations
    clock_start(tournament_id=t.pk, actor=director)
    assert broker.sender.drain(10)
    moves = {m.pk: m for m in Move.objects.filter(tournament=t, status="pending")}
    kept = list(PendingNotification.objects.values_list("pk", "entry_id", "move_id"))
    assert len(moves) == 2 and sorted(m for _pk, _e, m in kept) == sorted(moves)
    assert mail.outbox == []  # the broker is away: nothing lost, nothing sent yet
    from tournament.tasks.clock import notify_seat

    for pk, entry_id, move_id in kept:  # a worker takes each once the broker is back
        assert notify_seat.apply(args=(entry_id, move_id, pk)).get() == "sent"
        entry = Entry.objects.select_related("table").get(pk=entry_id)
        message = mail.outbox[-1]
        assert message.subject == f"You move to table {entry.table.number}, seat {entry.seat}"
        assert ("Why: Balancing before the first hand: no button yet, the mover was drawn at "
                "random (house rule 9-C).") in message.body
    assert PendingNotification.objects.count() == 0 and len(mail.outbox) == 2
