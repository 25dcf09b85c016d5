"""Chip counts: a table's stacks, history, undo, leaders, the reconciliation line."""

from __future__ import annotations

import random

import pytest

from tables.models import Table
from tables.services import tables_add
from tournament.models import AuditEvent, ChipCount, Entry
from tournament.selectors.festival import (
    chips_in_play_detail,
    entry_standing,
    leaderboard,
    stack_figures,
    table_sheet,
)
from tournament.services.base import ServiceError
from tournament.services.counts import (
    chips_removed_record,
    count_tolerance_set,
    table_counts_enter,
)
from tournament.services.registration import entries_import, entry_rebuy, seats_draw
from tournament.services.undo import event_undo


def seat_field(tournament, director, players: int, seed: int = 1) -> list[Entry]:
    tables_add(actor=director, tournament_id=tournament.pk,
               count=-(-players // tournament.seats_per_table))
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"Player {i:04d}" for i in range(players)])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(seed))
    return list(Entry.objects.filter(tournament=tournament).select_related("table")
                .order_by("number"))


def at_table(tournament, number: int) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament, table__number=number,
                                     status="seated").order_by("seat"))


@pytest.mark.django_db
def test_a_tables_counts_become_current_and_keep_history(tournament, floor_user, director):
    seat_field(tournament, director, 18)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 20000 + i for i, e in enumerate(players)})
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={players[0].pk: 35000, players[1].pk: None})
    history = list(ChipCount.objects.filter(entry=players[0]).order_by("id"))
    assert [(c.chips, c.current) for c in history] == [(20000, False), (35000, True)]
    assert ChipCount.objects.get(entry=players[1], current=True).chips == 20001
    assert history[1].counted_by == floor_user
    sheet = table_sheet(tournament, Table.objects.get(tournament=tournament, number=1))
    by_seat = {row["seat"]: row for row in sheet if row["entry"]}
    assert by_seat[players[0].seat]["count"]["chips"] == 35000
    event = AuditEvent.objects.filter(kind="chips_counted").first()
    assert event.payload["table"] == 1 and event.payload["entries"] == 1


@pytest.mark.django_db
@pytest.mark.parametrize("value,message", [
    (-5, "cannot be negative"), (0, "bust them instead"), ("12k", "whole number"),
    (2**63, "too large"),
])
def test_bad_counts_are_refused_and_nothing_is_written(tournament, floor_user, director, value,
                                                       message):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    with pytest.raises(ServiceError, match=message):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={players[0].pk: 1000, players[1].pk: value})
    assert not ChipCount.objects.exists()
    assert not AuditEvent.objects.filter(kind="chips_counted").exists()


@pytest.mark.django_db
def test_a_table_total_above_the_chips_in_play_is_refused(tournament, floor_user, director):
    seat_field(tournament, director, 9)  # 9 x 20,000 = 180,000 in play
    players = at_table(tournament, 1)
    with pytest.raises(ServiceError, match="more than the 180,000 in play"):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={e.pk: 25000 for e in players})
    assert not ChipCount.objects.exists()


@pytest.mark.django_db
def test_a_player_who_left_the_table_is_refused(tournament, floor_user, director):
    seat_field(tournament, director, 18)
    other = at_table(tournament, 2)[0]
    with pytest.raises(ServiceError, match="no longer at table 1"):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={other.pk: 1000})


@pytest.mark.django_db
def test_undo_restores_the_previous_counts(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 20000 for e in players})
    second = table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                                counts={players[0].pk: 50000, players[1].pk: 1000})
    event_undo(actor=floor_user, tournament_id=tournament.pk, event_id=second.pk)
    assert ChipCount.objects.get(entry=players[0], current=True).chips == 20000
    assert ChipCount.objects.filter(entry=players[0]).count() == 1
    second.refresh_from_db()
    assert second.undone_by.kind == "chips_count_undone"
    with pytest.raises(ServiceError, match="undone already"):
        event_undo(actor=floor_user, tournament_id=tournament.pk, event_id=second.pk)


@pytest.mark.django_db
def test_leaders_rank_and_leaderboard_search(tournament, floor_user, director):
    seat_field(tournament, director, 18)
    for number in (1, 2):
        players = at_table(tournament, number)
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=number,
                           counts={e.pk: 10000 + 1000 * e.number for e in players})
    figures = stack_figures(tournament, leaders=3)
    assert [r["number"] for r in figures.leaders] == [18, 17, 16]
    assert figures.average == 20000 and figures.players_left == 18
    top = leaderboard(tournament, limit=5)
    assert [r["rank"] for r in top] == [1, 2, 3, 4, 5]
    found = leaderboard(tournament, query="Player 0003")  # entry 4
    assert [(r["name"], r["rank"]) for r in found] == [("Player 0003", 15)]
    entry = Entry.objects.get(tournament=tournament, number=4)
    assert entry_standing(entry)["rank"] == 15 and entry_standing(entry)["of"] == 18


@pytest.mark.django_db
def test_reconciliation_counts_rebuys_addons_and_colour_ups(make_tournament, floor_user, director):
    t = make_tournament(rebuy_allowed=True, rebuy_amount=100, rebuy_chips=10000,
                        addon_allowed=True, addon_amount=50, addon_chips=5000)
    players = seat_field(t, director, 9)
    entry_rebuy(actor=director, tournament_id=t.pk, entry_id=players[0].pk)
    entry_rebuy(actor=director, tournament_id=t.pk, entry_id=players[1].pk, addon=True)
    chips_removed_record(actor=floor_user, tournament_id=t.pk, chips=175, note="T25 raced off")
    detail = chips_in_play_detail(t)
    assert (detail.starting, detail.rebuys, detail.addons, detail.removed) == (
        180000, 10000, 5000, 175)
    assert detail.total == 194825
    count_tolerance_set(actor=director, tournament_id=t.pk, tolerance=100)
    table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=1,
                       counts={e.pk: 21000 for e in players[:8]} | {players[8].pk: 26000})
    line = stack_figures(t).reconciliation
    assert (line.counted, line.difference, line.complete) == (194000, -825, True)
    assert line.warning
    count_tolerance_set(actor=director, tournament_id=t.pk, tolerance=1000)
    assert not stack_figures(t).reconciliation.warning


@pytest.mark.django_db
def test_a_partial_count_shows_no_warning(tournament, floor_user, director):
    seat_field(tournament, director, 18)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 20000 for e in players})
    line = stack_figures(tournament).reconciliation
    assert (line.counted_players, line.live_players, line.complete, line.warning) == (
        9, 18, False, False)


@pytest.mark.django_db
def test_entering_counts_costs_the_same_queries_at_any_field_size(make_tournament, floor_user,
                                                                  director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(players: int) -> int:
        t = make_tournament(name=f"F{players}")
        seat_field(t, director, players)
        sitting = at_table(t, 1)
        with CaptureQueriesContext(connection) as ctx:
            table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=1,
                               counts={e.pk: 15000 for e in sitting})
        return len(ctx.captured_queries)

    assert queries(18) == queries(180)


@pytest.mark.django_db
def test_stack_figures_cost_fixed_queries(tournament, floor_user, director, django_assert_num_queries):
    seat_field(tournament, director, 27)
    with django_assert_num_queries(7):
        stack_figures(tournament)


@pytest.mark.django_db(transaction=True)
def test_two_staff_counting_one_table_at_once_leave_one_current_count_each(tournament, floor_user,
                                                                           director):
    import threading

    from django.db import connections

    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    errors = []

    def enter(chips):
        try:
            table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                               counts={e.pk: chips for e in players})
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(chips,)) for chips in (15000, 19000, 20000)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    assert errors == []
    current = list(ChipCount.objects.filter(current=True).values_list("entry_id", "chips"))
    assert len(current) == 9 and len({chips for _e, chips in current}) == 1
    assert ChipCount.objects.count() == 27


@pytest.mark.django_db
def test_cached_stack_figures_follow_each_change(tournament, floor_user, director,
                                                 django_assert_num_queries,
                                                 django_capture_on_commit_callbacks):
    from tournament.selectors.festival import stack_figures_cached

    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    stack_figures_cached(tournament.pk)
    with django_assert_num_queries(0):
        assert stack_figures_cached(tournament.pk).leaders == []
    with django_capture_on_commit_callbacks(execute=True):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={players[0].pk: 30000})
    assert stack_figures_cached(tournament.pk).leaders[0]["chips"] == 30000
