"""End of day and bags; events of Day 1 flights drawn into a Day 2."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tables.models import Table
from tables.services import busts
from tables.services import floor as floor_services
from tournament.domain.festival import BEST, EVERY, Bag, advancing_bags
from tournament.models import Advance, AuditEvent, ChipCount, Clock, Entry, Flight, Player
from tournament.selectors.festival import bag_report, stack_figures
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.base import ServiceError
from tournament.services.clock import clock_record_boundaries, clock_start
from tournament.services.counts import table_counts_enter
from tournament.services.days import bag_correct, day_end, day_seal
from tournament.services.events import day2_create, event_create, event_flight_add
from tournament.services.registration import entry_register

from .test_counts import seat_field


def bag_everyone(tournament, floor_user, *, chips=lambda e: 20000, bag=lambda e: f"B{e.number}"):
    for table in Table.objects.filter(tournament=tournament, status="open"):
        players = list(Entry.objects.filter(table=table, status="seated"))
        if players:
            table_counts_enter(actor=floor_user, tournament_id=tournament.pk,
                               table_number=table.number,
                               counts={e.pk: chips(e) for e in players},
                               bags={e.pk: bag(e) for e in players})


# Domain: the advance rule -------------------------------------------------------------

def test_best_bag_only_keeps_each_players_biggest_bag():
    bags = [Bag("a1", "ann", 30000, 0), Bag("a2", "ann", 50000, 1), Bag("b1", "bob", 10000, 0),
            Bag("c1", "cy", 40000, 0), Bag("c2", "cy", 40000, 2)]
    assert [b.entry for b in advancing_bags(bags, BEST)] == ["a2", "c1", "b1"]
    assert len(advancing_bags(bags, EVERY)) == 5


# End of day -----------------------------------------------------------------------------

@pytest.mark.django_db
def test_end_of_day_bags_every_stack_and_freezes_the_flight(tournament, floor_user, director):
    seat_field(tournament, director, 18)
    clock_start(tournament_id=tournament.pk, actor=director)
    day_end(actor=director, tournament_id=tournament.pk)
    assert not Clock.objects.get(tournament=tournament).running
    assert Flight.objects.get(tournament=tournament).status == "bagging"
    with pytest.raises(ServiceError, match="bag number too"):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={e.pk: 20000 for e in Entry.objects.filter(table__number=1)})
    with pytest.raises(ServiceError, match="End the day first|still need a bagged count"):
        day_seal(actor=director, tournament_id=tournament.pk)
    bag_everyone(tournament, floor_user)
    day_seal(actor=director, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert Flight.objects.get(tournament=tournament).status == "bagged"
    report = bag_report(tournament)
    assert [t["number"] for t in report] == [1, 2]
    assert sum(t["total"] for t in report) == 360000
    assert all(r["bag"] for t in report for r in t["rows"])
    someone = Entry.objects.filter(tournament=tournament, status="seated").first()
    with pytest.raises(ServiceError):
        busts.entry_bust(actor=floor_user, tournament_id=tournament.pk, entry_id=someone.pk)
    with pytest.raises(ServiceError, match="bagged"):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={someone.pk: 1000})
    with pytest.raises(ServiceError):
        clock_start(tournament_id=tournament.pk, actor=director)
    bag_correct(actor=director, tournament_id=tournament.pk, entry_id=someone.pk, chips=21000,
                bag=f"B{someone.number}", reason="Miscounted a 1,000 chip")
    assert ChipCount.objects.get(entry=someone, current=True).chips == 21000
    assert AuditEvent.objects.get(kind="bag_corrected").payload["reason"] == (
        "Miscounted a 1,000 chip")


@pytest.mark.django_db
def test_bag_numbers_are_unique_in_a_flight(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    day_end(actor=director, tournament_id=tournament.pk)
    players = list(Entry.objects.filter(table__number=1))
    with pytest.raises(ServiceError, match="share one"):
        table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                           counts={e.pk: 20000 for e in players[:2]},
                           bags={e.pk: "7" for e in players[:2]})


@pytest.mark.django_db
def test_the_day_ends_at_the_level_boundary_the_director_chose(tournament, director,
                                                               time_machine):
    time_machine.move_to("2026-05-01 12:00:00+00:00", tick=False)
    seat_field(tournament, director, 9)
    clock_start(tournament_id=tournament.pk, actor=director)
    time_machine.shift(120)
    day_end(actor=director, tournament_id=tournament.pk, after_level=True)
    assert Flight.objects.get(tournament=tournament).status == "playing"
    time_machine.shift(700)  # level 1 (10 min) ended 220 s ago
    clock_record_boundaries(tournament_id=tournament.pk)
    clock = Clock.objects.get(tournament=tournament)
    flight = Flight.objects.get(tournament=tournament)
    assert (flight.status, flight.ended_level) == ("bagging", 0)
    assert not clock.running and clock.elapsed_at_anchor == 600.0


# Events and Day 2 -------------------------------------------------------------------------

def three_flights(make_tournament, director, floor_user, sizes=(27, 27, 18)):
    event = event_create(actor=director, name="Main Event")
    flights = []
    for i, size in enumerate(sizes):
        t = make_tournament(name=f"Day 1{'ABC'[i]}")
        event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
        seat_field(t, director, size, seed=i)
        t.refresh_from_db()
        flights.append(t)
    return event, flights


def bust(tournament, floor_user, n):
    for e in list(Entry.objects.filter(tournament=tournament, status="seated")
                  .order_by("-number"))[:n]:
        busts.entry_bust(actor=floor_user, tournament_id=tournament.pk, entry_id=e.pk,
                                  rng=random.Random(1))


@pytest.mark.django_db
def test_day2_seats_every_advancing_bag_once_over_the_fewest_tables(make_tournament, director,
                                                                     floor_user):
    event, flights = three_flights(make_tournament, director, floor_user)
    # Player 0000 plays all three flights: only the biggest bag advances.
    ann = Player.objects.filter(name="Player 0000").order_by("id")
    for t, player in zip(flights, ann, strict=True):
        Entry.objects.filter(tournament=t, player=player).update(player=ann[0])
    for t in flights:
        bust(t, floor_user, 10)
    with pytest.raises(ServiceError, match="once the director has ended the day"):
        bag_everyone(flights[0], floor_user)
    from tournament.services.clock import clock_next_level

    for t in flights:
        clock_start(tournament_id=t.pk, actor=director)
    for _ in range(2):  # flight B plays further than the others
        clock_next_level(tournament_id=flights[1].pk, actor=director)
    for n, t in enumerate(flights, start=1):  # (ids are not small on PostgreSQL)
        day_end(actor=director, tournament_id=t.pk)
        bag_everyone(t, floor_user, chips=lambda e, n=n: 20000 + e.number + 1000 * n)
        day_seal(actor=director, tournament_id=t.pk)
    day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(5))
    survivors = 17 + 17 + 8
    advancing = survivors - 2  # ann bagged three times; her best bag only
    entries = list(Entry.objects.filter(tournament=day2))
    assert len(entries) == advancing and all(e.status == "seated" for e in entries)
    assert len({(e.table_id, e.seat) for e in entries}) == advancing
    counts = Counter(e.table_id for e in entries)
    assert len(counts) == -(-advancing // 9) and max(counts.values()) - min(counts.values()) <= 1
    assert Entry.objects.filter(tournament=day2, player=ann[0]).count() == 1
    ann_bags = ChipCount.objects.filter(entry__player=ann[0], current=True).exclude(
        tournament=day2).values_list("chips", flat=True)
    assert ChipCount.objects.get(tournament=day2, entry__player=ann[0]).chips == max(ann_bags)
    sources = set(Advance.objects.values_list("from_entry__player_id", flat=True))
    assert sources == set(Entry.objects.filter(tournament=day2).values_list("player_id", flat=True))
    # The Day 2 clock waits, stopped, at the start of the level after Day 1's last.
    from tournament.domain.clock import level_starts
    from tournament.services.clock import tournament_levels

    clock = Clock.objects.get(tournament=day2)
    ended = max(Flight.objects.filter(tournament__in=flights).values_list("ended_level",
                                                                          flat=True))
    assert not clock.running and not clock.started
    assert ended == 2
    assert clock.elapsed_at_anchor == level_starts(tournament_levels(day2))[3]
    # Day 2 plays the bags: chips in play are the bags.
    assert stack_figures(day2).reconciliation.difference == 0
    # Event-wide: 72 entries, the pool of all three flights.
    figures = field_figures(day2)
    assert figures.entries == 72 and figures.prize_pool == 72 * 100
    with pytest.raises(ServiceError, match="drawn already"):
        day2_create(actor=director, event_id=event.pk)
    with pytest.raises(ServiceError, match="no late registration"):
        entry_register(actor=director, tournament_id=day2.pk, player_name="Late Larry")


@pytest.mark.django_db
def test_day2_needs_bagged_flights(make_tournament, director, floor_user):
    event, flights = three_flights(make_tournament, director, floor_user, sizes=(9, 9))
    with pytest.raises(ServiceError, match="not bagged yet"):
        day2_create(actor=director, event_id=event.pk)


@pytest.mark.django_db
def test_every_bag_rule_and_event_places_and_payouts(make_tournament, director, floor_user):
    event, flights = three_flights(make_tournament, director, floor_user, sizes=(18, 18))
    event.advance_rule = "every"
    event.day2_late_registration = True
    event.save()
    for t in flights:
        bust(t, floor_user, 14)
        day_end(actor=director, tournament_id=t.pk)
        bag_everyone(t, floor_user, chips=lambda e: 20000 + e.number)
        day_seal(actor=director, tournament_id=t.pk)
    day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(3))
    assert Entry.objects.filter(tournament=day2).count() == 8
    late = entry_register(actor=director, tournament_id=day2.pk, player_name="Late Lucy",
                          rng=random.Random(1))
    assert late.status == "seated"
    figures = field_figures(day2)
    assert figures.entries == 37 and figures.prize_pool == 3700
    table = payout_table(day2, figures)
    assert sum(r["amount"] for r in table) == 3700
    # Places over the event: the first Day 2 bust finishes 9th of 37 entries.
    first_out = Entry.objects.filter(tournament=day2, status="seated").first()
    result = busts.entry_bust(actor=floor_user, tournament_id=day2.pk,
                                       entry_id=first_out.pk, rng=random.Random(1))
    assert result.place == 9


@pytest.mark.django_db
def test_a_bagged_flight_refuses_moves_buttons_tables_and_settings(tournament, floor_user, director):
    from tables.services import tables_add
    from tables.services.tables import table_set_button
    from tournament.services.tournaments import tournament_update

    seat_field(tournament, director, 9)
    day_end(actor=director, tournament_id=tournament.pk)
    bag_everyone(tournament, floor_user)
    day_seal(actor=director, tournament_id=tournament.pk)
    someone = Entry.objects.filter(tournament=tournament, status="seated").first()
    attempts = [
        lambda: floor_services.entry_move(actor=floor_user, tournament_id=tournament.pk,
                                          entry_id=someone.pk, table_number=1, seat=9),
        lambda: table_set_button(actor=floor_user, tournament_id=tournament.pk, table_number=1, seat=3),
        lambda: tables_add(actor=director, tournament_id=tournament.pk, count=1),
        lambda: tournament_update(actor=director, tournament_id=tournament.pk,
                                  values={"name": "Renamed"}),
    ]
    for attempt in attempts:
        with pytest.raises(ServiceError, match="bagged"):
            attempt()
    tournament.refresh_from_db()
    assert tournament.name == "Test Event"


@pytest.mark.django_db
def test_a_day1_place_wins_nothing_the_day2_places_are_paid(make_tournament, director, floor_user):
    from tournament.selectors.money import prizes_due

    event, flights = three_flights(make_tournament, director, floor_user, sizes=(18,))
    flight = flights[0]
    bust(flight, floor_user, 9)  # places 18 to 10 in the flight; 18 entries pay 3 places
    table = payout_table(flight, field_figures(flight))
    assert table and prizes_due(flight) == {}
    day_end(actor=director, tournament_id=flight.pk)
    bag_everyone(flight, floor_user)
    day_seal(actor=director, tournament_id=flight.pk)
    day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(1))
    bust(day2, floor_user, 8)
    day2.refresh_from_db()
    assert day2.status == "finished"
    paid = dict(Entry.objects.filter(tournament=day2, finish_place__lte=3)
                .values_list("finish_place", "payout"))
    assert sum(paid.values()) == 1800 and paid[1] > paid[2] > paid[3] > 0


@pytest.mark.django_db
def test_ending_bagging_and_drawing_day2_cost_the_same_queries_at_any_size(make_tournament,
                                                                          director, floor_user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(size: int) -> list[int]:
        event, flights = three_flights(make_tournament, director, floor_user, sizes=(size, size))
        out = []
        for t in flights:
            with CaptureQueriesContext(connection) as ctx:
                day_end(actor=director, tournament_id=t.pk)
            out.append(len(ctx.captured_queries))
            bag_everyone(t, floor_user)
            with CaptureQueriesContext(connection) as ctx:
                day_seal(actor=director, tournament_id=t.pk)
            out.append(len(ctx.captured_queries))
        with CaptureQueriesContext(connection) as ctx:
            day2_create(actor=director, event_id=event.pk, rng=random.Random(1))
        return out + [len(ctx.captured_queries)]

    assert queries(9) == queries(63)


@pytest.mark.django_db
def test_a_day2_draw_is_taken_back_before_it_starts_and_drawn_again(make_tournament, director,
                                                                   floor_user):
    from tournament.services.events import day2_withdraw

    event, flights = three_flights(make_tournament, director, floor_user, sizes=(9, 9))
    for t in flights:
        day_end(actor=director, tournament_id=t.pk)
        bag_everyone(t, floor_user)
        day_seal(actor=director, tournament_id=t.pk)
    wrong = day2_create(actor=director, event_id=event.pk, flight_ids=[flights[0].pk],
                        rng=random.Random(1))
    day2_withdraw(actor=director, event_id=event.pk)
    wrong.refresh_from_db()
    assert wrong.event_id is None and wrong.status == "finished"
    assert not Entry.objects.filter(tournament=wrong, status="seated").exists()
    assert AuditEvent.objects.filter(tournament=wrong, kind="day2_withdrawn").exists()
    right = day2_create(actor=director, event_id=event.pk, rng=random.Random(2))
    assert Entry.objects.filter(tournament=right, status="seated").count() == 18
    assert field_figures(right).entries == 18
    clock_start(tournament_id=right.pk, actor=director)
    with pytest.raises(ServiceError, match="has started"):
        day2_withdraw(actor=director, event_id=event.pk)


@pytest.mark.django_db
def test_an_end_of_day_and_a_colour_up_are_undone_from_the_log(tournament, floor_user, director):
    from tournament.models import ChipRemoval
    from tournament.services.counts import chips_removed_record
    from tournament.services.undo import event_undo

    seat_field(tournament, director, 9)
    chips_removed_record(actor=floor_user, tournament_id=tournament.pk, chips=900)
    removed = AuditEvent.objects.get(kind="chips_removed")
    event_undo(actor=floor_user, tournament_id=tournament.pk, event_id=removed.pk)
    assert not ChipRemoval.objects.exists()
    day_end(actor=director, tournament_id=tournament.pk)
    ended = AuditEvent.objects.get(kind="day_ended")
    event_undo(actor=director, tournament_id=tournament.pk, event_id=ended.pk)
    assert Flight.objects.get(tournament=tournament).status == "playing"
    ended.refresh_from_db()
    assert ended.undone_by.kind == "day_resumed"
    with pytest.raises(ServiceError, match="undone already"):
        event_undo(actor=director, tournament_id=tournament.pk, event_id=ended.pk)


@pytest.mark.django_db
def test_the_flights_of_an_event_pay_by_one_set_of_rules(make_tournament, director, floor_user):
    from tournament.models import Tournament
    from tournament.services.tournaments import tournament_update

    event, (a, b) = three_flights(make_tournament, director, floor_user, sizes=(9, 9))
    before = payout_table(a, field_figures(a))
    changed = tournament_update(actor=director, tournament_id=b.pk,
                                values={"payout_percentages": [60, 40], "guarantee": 5000,
                                        "name": "Day 1B (evening)"})
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.payout_percentages, a.guarantee, a.name) == ([60, 40], 5000, "Day 1A")
    assert changed.payload["event_tournaments"] == [a.pk]
    table = payout_table(a, field_figures(a))
    assert table != before and table == payout_table(b, field_figures(b))
    assert [row["amount"] for row in table] == [3000, 2000]

    # A tournament that pays by other rules cannot join the event's one pool.
    other = make_tournament(name="Day 1C", payout_percentages=[50, 30, 20])
    with pytest.raises(ServiceError, match="share one prize pool: .*payout percentages.* "
                                           "Day 1A"):
        event_flight_add(actor=director, event_id=event.pk, tournament_id=other.pk)
    assert Tournament.objects.get(pk=other.pk).event_id is None


@pytest.mark.django_db
def test_a_flights_settings_page_says_which_rules_are_the_events(make_tournament, director,
                                                                 floor_user, client):
    from django.urls import reverse

    event, (a,) = three_flights(make_tournament, director, floor_user, sizes=(9,))
    alone = make_tournament(name="Weekly")
    client.force_login(director)
    note = "Shared by every flight of the event and Day 2"
    page = client.get(reverse("tournament_edit", args=[a.pk])).content.decode()
    assert page.count(note) == 3  # guarantee, rounding, percentages
    assert note not in client.get(reverse("tournament_edit", args=[alone.pk])).content.decode()
