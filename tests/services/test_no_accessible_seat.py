"""House rule 8 / TDA 2024 9: a mover who needs an accessible seat and finds none open."""

from __future__ import annotations

import random

import pytest

from tables.models import Move
from tables.services import busts
from tables.services.tables import table_set_seats, tables_add
from tournament.models import AuditEvent, Entry
from tournament.services import registration as reg


@pytest.mark.django_db
def test_the_final_redraw_marks_the_move_of_who_got_no_accessible_seat(make_tournament,
                                                                        director):
    t = make_tournament(seats_per_table=9)
    tables_add(actor=director, tournament_id=t.pk, count=2, capacity=9)
    rng = random.Random(2)
    for i in range(10):
        reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}", rng=rng)
    t.status = "running"
    t.save(update_fields=["status"])
    # Table 2 breaks first; its accessible seat goes with it, the final table (1) has none.
    table_set_seats(actor=director, tournament_id=t.pk, table_number=2, blocked=[],
                    accessible=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    wheels = Entry.objects.filter(tournament=t, table__number=2).first()
    reg.entry_set_accessible(actor=director, tournament_id=t.pk, entry_id=wheels.pk,
                             needed=True)
    victim = Entry.objects.filter(tournament=t, table__number=1).first()
    result = busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk,
                              rng=random.Random(1))
    assert result.plan.final_table and result.plan.final_table_number == 1
    move = Move.objects.get(entry=wheels)
    assert move.reason == "final" and move.no_accessible_seat
    assert "no accessible seat was open" in move.why
    others = Move.objects.exclude(entry=wheels)
    assert others.exists() and not others.filter(no_accessible_seat=True).exists()
    event = AuditEvent.objects.get(kind="entry_busted", payload__entry=victim.pk)
    assert event.payload["plan"]["no_accessible_seat"] == [wheels.pk]
