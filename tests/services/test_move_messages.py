"""Issues 8 (item 8) and 16: every player whose move is made or changed gets one
message with the new seat and why, with the rule; the start's movers are drawn
at random and say so; the TV shows one move per player."""

from __future__ import annotations

import random

import pytest
from django.core import mail

from tables.models import Move
from tables.selectors.floor import recent_moves
from tables.services import busts, floor, tables_add
from tables.services.tables import table_set_button
from tournament.models import Entry
from tournament.services import registration as reg
from tournament.services.clock import clock_start

START_WHY = ("Balancing before the first hand: no button yet, the mover was drawn at random "
             "(house rule 9-C)")


def register(t, director, count: int, *, seed: int = 1, start: int = 0) -> list[Entry]:
    rng = random.Random(seed)
    return [reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"P{start + i:03d}",
                               email=f"p{start + i}@example.com", rng=rng)
            for i in range(count)]


def mail_to(entry: Entry) -> list:
    return [m for m in mail.outbox if m.to == [entry.player.email]]


def assert_told_of_their_move(move: Move) -> None:
    """One message to the mover: the seat they now hold, and why."""
    entry = Entry.objects.select_related("player", "table").get(pk=move.entry_id)
    got = mail_to(entry)
    assert len(got) == 1, [m.subject for m in got]
    assert got[0].subject == f"You move to table {entry.table.number}, seat {entry.seat}"
    assert f"Why: {Move.objects.select_related('from_table').get(pk=move.pk).why}." in got[0].body


@pytest.mark.django_db
def test_the_start_tells_each_mover_the_new_seat_and_that_the_mover_was_drawn(
        tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=6)
    register(tournament, director, 39)  # 9/9/9/9/3 before the start
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=tournament.pk, actor=director)
    moves = list(Move.objects.filter(tournament=tournament, status="pending"))
    assert len(moves) == 4 and len(mail.outbox) == 4  # nobody else hears anything
    for move in moves:
        assert_told_of_their_move(move)
        assert START_WHY in mail_to(Entry.objects.get(pk=move.entry_id))[0].body
    assert all(m.before_first_hand and m.random_pick for m in moves)
    # The TV says the same, and does not claim the big-blind rule.
    shown = recent_moves(tournament.pk)["moves"]
    assert shown and not any(m["big_blind_rule"] for m in shown)
    from tables.templatetags.moves import move_why
    assert {move_why(m) for m in shown} == {START_WHY}


@pytest.mark.django_db
def test_a_late_registration_balance_tells_its_movers(
        make_tournament, director, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    register(t, director, 12)  # two full tables
    clock_start(tournament_id=t.pk, actor=director)
    tables_add(actor=director, tournament_id=t.pk, count=1)  # a new table, for late players
    for n in (1, 2, 3):  # every button known: the plan needs no tap
        table_set_button(actor=director, tournament_id=t.pk, table_number=n, seat=1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        late = reg.entry_register(actor=director, tournament_id=t.pk, player_name="Late Lu",
                                  email="late@example.com", rng=random.Random(3))
    moves = list(Move.objects.filter(tournament=t, status="pending"))
    assert moves, "the new table 3 is short: players move to it (house 9-C)"
    for move in moves:
        assert_told_of_their_move(move)
        assert "Balancing: due the big blind next (house rule 9-C)" in mail_to(
            Entry.objects.get(pk=move.entry_id))[0].body
    assert [m.subject for m in mail_to(late)] == [
        f"Your seat: table {late.table.number}, seat {late.seat}"]


@pytest.mark.django_db
def test_a_move_changed_in_place_tells_the_player_the_new_seat(
        make_tournament, director, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)  # 6/6/2 before the start
    clock_start(tournament_id=t.pk, actor=director)  # 5/5/4: two players move to table 3
    moving = list(Move.objects.filter(tournament=t, status="pending"))
    assert len(moving) == 2
    victims = [Entry.objects.filter(tournament=t, status="seated", table__number=n).exclude(
        pk__in=[m.entry_id for m in moving]).first() for n in (1, 2)]
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victims[0].pk,
                     rng=random.Random(1))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result = busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victims[1].pk,
                                  rng=random.Random(2))
    assert result.plan.breaks == (3,)  # the moves to table 3 now lead elsewhere
    for before in moving:
        after = Move.objects.get(pk=before.pk)
        assert after.caused_by_id == before.caused_by_id  # still the start's move
        entry = Entry.objects.select_related("player", "table").get(pk=before.entry_id)
        if after.status == "pending":
            assert_told_of_their_move(after)
            assert "Table 3 breaks in the posted order (house rule 9-B)" in mail_to(entry)[0].body
        else:  # drawn back into the seat never left: told to stay
            assert [m.subject for m in mail_to(entry)] == [
                f"Your move is withdrawn: you stay at table {entry.table.number}, "
                f"seat {entry.seat}"]
    # Every other player of table 3 moves too, each told once.
    for move in Move.objects.filter(caused_by=result.event):
        assert_told_of_their_move(move)


@pytest.mark.django_db
def test_the_tv_shows_one_line_per_player_their_latest_move(make_tournament, director,
                                                            django_assert_num_queries):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    register(t, director, 14, seed=8)
    clock_start(tournament_id=t.pk, actor=director)
    moving = list(Move.objects.filter(tournament=t, status="pending").select_related(
        "entry__player"))
    first = moving[0]
    floor.move_confirm(actor=director, tournament_id=t.pk, move_id=first.pk)
    entry = Entry.objects.get(pk=first.entry_id)
    # The same player moved again by hand: two moves on record, one line on the TV.
    seat = next(s for s in range(1, 7) if not Entry.objects.filter(
        table__tournament=t, table__number=1, seat=s, status="seated").exists())
    floor.entry_move(actor=director, tournament_id=t.pk, entry_id=entry.pk, table_number=1,
                     seat=seat)
    assert Move.objects.filter(entry=entry).exclude(status="cancelled").count() == 2
    with django_assert_num_queries(2):
        shown = recent_moves(t.pk)
    names = [m["name"] for m in shown["moves"]]
    assert len(names) == len(set(names)) == 2
    mine = next(m for m in shown["moves"] if m["name"] == first.entry.player.name)
    assert mine["to"] == [1, seat] and mine["reason"] == "manual"
    assert shown["moves_more"] == 0
