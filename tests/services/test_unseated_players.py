"""Players without a seat are never invisible (issue 22, item 6): an undone bust is
seated, one over a table's size when every seat is taken, until the next balance or
break; the floor lists every live player without a seat and seats them in one tap;
tables added while play runs get their share without asking for their button."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from tables.models import Move, Table
from tables.selectors.floor import floor_context
from tables.services import busts, busts_undo, floor, tables_add
from tables.services.reseat import entry_seat
from tables.services.tables import table_set_button
from tournament.models import Entry
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, entry_register, seats_draw

T0 = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)


def seated(tournament) -> dict[int, list[int]]:
    by_table: dict[int, list[int]] = {}
    for number, seat in Entry.objects.filter(tournament=tournament, status="seated").values_list(
            "table__number", "seat"):
        by_table.setdefault(number, []).append(seat)
    return by_table


def assert_legal(tournament):
    rows = list(Entry.objects.filter(tournament=tournament, status="seated")
                .values_list("table_id", "seat"))
    assert len(rows) == len(set(rows)), "a seat is held twice"
    for table in Table.objects.filter(tournament=tournament, status="open"):
        assert all(1 <= s <= table.capacity for t, s in rows if t == table.pk)


@pytest.mark.django_db
def test_undo_after_the_table_broke_with_every_seat_taken_seats_him_one_over_until_the_balance(
        make_tournament, director):
    t = make_tournament(seats_per_table=4, final_table_size=4)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i}" for i in range(9)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(5))
    assert sorted(len(v) for v in seated(t).values()) == [3, 3, 3]
    victim = Entry.objects.filter(tournament=t, table__number=3).first()
    bust = busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=victim.pk,
                            rng=random.Random(1))
    assert bust.plan.breaks == (3,)  # eight players fit at two four-seat tables
    for move in Move.objects.filter(caused_by=bust.event):
        floor.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk)
    assert sorted(len(v) for v in seated(t).values()) == [4, 4]

    undone = busts_undo.entry_bust_undo(actor=director, tournament_id=t.pk, entry_id=victim.pk)
    victim.refresh_from_db()
    # He never busted: seated, not on a waiting list nobody looks at.
    assert victim.status == "seated" and victim.finish_place is None
    table = victim.table
    assert table.number == 2 and (table.capacity, table.extra_seat, victim.seat) == (5, 5, 5)
    assert undone.payload["extra_seat"]
    assert any("table 2 seat 5, one over the table's size" in w
               for w in undone.payload["warnings"])
    assert floor_context(t)["unseated_count"] == 0
    assert_legal(t)

    # The next bust balances: the extra seat goes, and the table is back to its size.
    other = Entry.objects.filter(tournament=t, table__number=1).first()
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=other.pk,
                     rng=random.Random(2))
    table.refresh_from_db()
    assert (table.capacity, table.extra_seat) == (4, None)
    assert sorted(len(v) for v in seated(t).values()) == [4, 4]
    assert_legal(t)


@pytest.mark.django_db
def test_a_re_entry_made_while_every_seat_is_taken_is_listed_and_seated_in_one_tap(
        make_tournament, director):
    t = make_tournament(seats_per_table=2, final_table_size=2, re_entry_allowed=True)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}",
                              rng=random.Random(i)) for i in range(5)]
    assert entries[4].status == "waiting"
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    again = entry_register(actor=director, tournament_id=t.pk, player_id=entries[0].player_id)
    assert again.status == "waiting"  # the alternate took the seat the bust freed

    shown = floor_context(t)
    assert shown["players_left"] == 4 and shown["unseated_count"] == 1
    assert [u["name"] for u in shown["unseated"]] == ["P0"]
    assert shown["unseated"][0]["url"].endswith(f"/floor/entries/{again.pk}/seat/")

    event = entry_seat(actor=director, tournament_id=t.pk, entry_id=again.pk)
    again.refresh_from_db()
    assert again.status == "seated" and event.payload["extra"]
    assert (again.table.capacity, again.seat) == (3, 3)
    assert "one over the table's size" in event.payload["notice"]
    assert floor_context(t)["unseated_count"] == 0
    with pytest.raises(ServiceError, match="seated already"):
        entry_seat(actor=director, tournament_id=t.pk, entry_id=again.pk)
    assert_legal(t)


@pytest.mark.django_db
def test_tables_added_while_play_runs_get_their_share_without_asking_their_button(
        make_tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    t = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(18)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(5))
    clock_start(tournament_id=t.pk, actor=director)
    for i in range(4):  # late registrations: every seat is taken
        entry_register(actor=director, tournament_id=t.pk, player_name=f"Late {i}")
    assert Entry.objects.filter(tournament=t, status="waiting").count() == 4

    added = tables_add(actor=director, tournament_id=t.pk, count=1)
    assert added.payload["seated"] and len(seated(t)[3]) == 4
    # The givers' buttons are asked for; the new table, where no hand is dealt, is not.
    assert sorted(added.payload["plan"]["buttons_wanted"]) == [1, 2]
    assert not Table.objects.get(tournament=t, number=3).button_wanted
    balanced = floor.tables_balance(actor=director, tournament_id=t.pk)
    assert 3 not in balanced.payload["plan"].get("buttons_wanted", [])
    table_set_button(actor=director, tournament_id=t.pk, table_number=1, seat=1)
    table_set_button(actor=director, tournament_id=t.pk, table_number=2, seat=1)
    counts = sorted(len(v) for v in seated(t).values())
    assert counts == [7, 7, 8]  # the new table got its share
    assert_legal(t)


@pytest.mark.django_db
def test_a_spare_table_a_late_registration_opens_is_not_asked_for_its_button(
        make_tournament, director, time_machine):
    from tournament.models import AuditEvent

    time_machine.move_to(T0, tick=False)
    t = make_tournament(seats_per_table=9, final_table_size=9)
    tables_add(actor=director, tournament_id=t.pk, count=3)  # table 3 stays a spare
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(18)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(5))
    clock_start(tournament_id=t.pk, actor=director)
    late = entry_register(actor=director, tournament_id=t.pk, player_name="Late",
                          rng=random.Random(1))
    assert late.table.number == 3  # alone at the table it opened: no hand dealt there
    event = AuditEvent.objects.filter(kind="entry_registered").latest("id")
    assert sorted(event.payload["plan"]["buttons_wanted"]) == [1, 2]
    assert not Table.objects.get(tournament=t, number=3).button_wanted
