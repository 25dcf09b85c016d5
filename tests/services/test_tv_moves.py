"""The TV's list of moves: players still in only."""

from __future__ import annotations

import random

import pytest

from tables.models import Move
from tables.selectors.floor import recent_moves
from tables.services import busts, floor, tables_add
from tournament.models import Entry
from tournament.services import registration as reg
from tournament.services.clock import clock_start


@pytest.mark.django_db
def test_a_moved_player_who_busts_is_no_longer_listed(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    rng = random.Random(4)
    for i in range(25):
        reg.entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{i:02d}",
                           rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    for _ in range(7):  # table 3 breaks
        entry = (Entry.objects.filter(tournament=tournament, status="seated")
                 .order_by("table__number", "seat").first())
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk, rng=rng)
    move = Move.objects.filter(tournament=tournament, status="pending").order_by("-pk").first()
    floor.move_confirm(actor=director, tournament_id=tournament.pk, move_id=move.pk)
    name = move.entry.player.name
    assert name in {m["name"] for m in recent_moves(tournament.pk)["moves"]}
    busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=move.entry_id, rng=rng)
    shown = recent_moves(tournament.pk)
    assert name not in {m["name"] for m in shown["moves"]}
    assert shown["moves"]  # the others' moves stay
