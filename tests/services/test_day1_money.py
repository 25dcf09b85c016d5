"""The money reached on a Day 1 flight: event-wide places and prizes, undo, Day 2 after it."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connections

from tables.models import Table
from tables.services import busts, busts_undo, tables_add
from tables.services import floor as floor_services
from tournament.domain.festival import day1_place
from tournament.models import AuditEvent, Entry, Payment
from tournament.selectors.money import cashier_rows, prizes_due
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.base import ServiceError
from tournament.services.cashier import prize_mark_paid
from tournament.services.days import day_end, day_seal
from tournament.services.events import day2_create
from tournament.services.registration import entry_register
from tournament.services.undo import event_undo
from tournament.services.unregister import entry_unregister

from .test_days_and_events import bag_everyone, three_flights

# Two flights of 18: 36 entries, a pool of 3,600, six places paid.
PAID = 6
POOL = 3600


def bust_one(tournament, actor, entry=None):
    entry = entry or (Entry.objects.filter(tournament=tournament, status="seated")
                      .order_by("-number").first())
    return busts.entry_bust(actor=actor, tournament_id=tournament.pk,
                                     entry_id=entry.pk, rng=random.Random(1))


def bag_and_seal(flight, director, floor_user):
    day_end(actor=director, tournament_id=flight.pk)
    bag_everyone(flight, floor_user, chips=lambda e: 20000 + e.number)
    day_seal(actor=director, tournament_id=flight.pk)


@pytest.fixture
def a_bagged_b_playing(make_tournament, director, floor_user):
    """Flight A bagged 4 players; flight B still plays its 18: 22 players still in."""
    event, (a, b) = three_flights(make_tournament, director, floor_user, sizes=(18, 18))
    for _ in range(14):
        bust_one(a, floor_user)
    bag_and_seal(a, director, floor_user)
    return event, a, b


# Domain ----------------------------------------------------------------------------------

def test_a_day1_bust_has_a_place_only_from_the_money_on():
    assert day1_place(left=7, paid=6, eliminated=True) is None
    assert day1_place(left=6, paid=6, eliminated=True) == 6
    assert day1_place(left=7, paid=6, eliminated=True, hand_for_hand=True) == 7
    assert day1_place(left=3, paid=6, eliminated=False) is None


# Services --------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_money_line_is_crossed_on_day1_with_places_counted_across_the_event(
        a_bagged_b_playing, director, floor_user):
    event, a, b = a_bagged_b_playing
    assert len(payout_table(b, field_figures(b))) == PAID
    assert all(e.finish_place is None for e in Entry.objects.filter(tournament=a, status="busted"))
    # B busts 16 players: the event goes from 22 to 6 still in, nobody in the money yet.
    for _ in range(16):
        result = bust_one(b, floor_user)
        assert result.place is None and result.entry.finish_place is None
    assert prizes_due(b) == {}
    # 6 players still in (4 bags of A, 2 in B) for 6 places: the next bust is 6th.
    result = bust_one(b, floor_user)
    assert result.place == 6
    table = payout_table(b, field_figures(b))
    assert prizes_due(b) == {result.entry.pk: table[5]["amount"]}
    assert result.event.payload["event"] == {"left": 6, "eliminated": True, "paid": PAID,
                                             "place": 6}
    # B is down to one player, but the event is not over: that player bags.
    b.refresh_from_db()
    assert b.status != "finished" and result.winner is None
    assert [r["entry"].pk for r in cashier_rows(b)["unpaid_prizes"]] == [result.entry.pk]


@pytest.mark.django_db
def test_day2_continues_the_places_and_every_prize_of_the_event_adds_up_to_the_pool(
        a_bagged_b_playing, director, floor_user, cashier):
    event, a, b = a_bagged_b_playing
    for _ in range(17):
        bust_one(b, floor_user)
    sixth = Entry.objects.get(tournament=b, finish_place=6)
    prize_mark_paid(actor=cashier, tournament_id=b.pk, entry_id=sixth.pk, method="cash")
    with pytest.raises(ServiceError, match="in the money"):
        entry_register(actor=director, tournament_id=b.pk, player_name="Too Late")
    # The event's pool is fixed by a prize paid: no entry taken back, even as a correction.
    still_in = Entry.objects.filter(tournament=b, status="seated").first()
    with pytest.raises(ServiceError, match="A prize has been paid from this prize pool"):
        entry_unregister(actor=director, tournament_id=b.pk, entry_id=still_in.pk,
                         correcting=True)
    bag_and_seal(b, director, floor_user)
    day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(2))
    assert Entry.objects.filter(tournament=day2).count() == 5
    # Day 2 pays the five places left; the sixth was paid on Day 1.
    day2_table = payout_table(day2, field_figures(day2))
    assert [row["place"] for row in day2_table] == [1, 2, 3, 4, 5]
    places = [bust_one(day2, floor_user).place for _ in range(4)]
    assert places == [5, 4, 3, 2]
    day2.refresh_from_db()
    assert day2.status == "finished"
    day1_prizes = prizes_due(b)  # the flight is bagged: its prize is still owed and shown
    assert day1_prizes == {sixth.pk: payout_table(b, field_figures(b))[5]["amount"]}
    day2_prizes = prizes_due(day2)
    assert sorted(Entry.objects.filter(pk__in=day2_prizes).values_list("finish_place", flat=True)
                  ) == [1, 2, 3, 4, 5]
    assert sum(day1_prizes.values()) + sum(day2_prizes.values()) == POOL
    assert Payment.objects.filter(kind="prize").count() == 1


@pytest.mark.django_db
def test_undoing_a_day1_bust_in_the_money_moves_later_places_in_every_flight(
        make_tournament, director, floor_user, cashier):
    # Two flights playing at the same time: 18 + 18 = 36 still in, 6 paid.
    event, (a, b) = three_flights(make_tournament, director, floor_user, sizes=(18, 18))
    for _ in range(15):
        bust_one(a, floor_user)
    for _ in range(14):
        bust_one(b, floor_user)
    # 3 + 4 = 7 still in: more than the places paid, so the next bust has no place.
    assert bust_one(a, floor_user).place is None
    first = bust_one(b, floor_user)
    second = bust_one(a, floor_user)
    third = bust_one(b, floor_user)
    assert (first.place, second.place, third.place) == (6, 5, 4)
    busts_undo.entry_bust_undo(actor=floor_user, tournament_id=b.pk, entry_id=first.entry.pk)
    places = dict(Entry.objects.filter(pk__in=[first.entry.pk, second.entry.pk, third.entry.pk])
                  .values_list("pk", "finish_place"))
    assert places == {first.entry.pk: None, second.entry.pk: 6, third.entry.pk: 5}
    # The player is back in: 4 still in, so the next bust is 4th.
    again = bust_one(b, floor_user, first.entry)
    assert again.place == 4
    # Undone from the audit log like any bust; busted again.
    event_undo(actor=floor_user, tournament_id=b.pk, event_id=again.event.pk)
    assert Entry.objects.get(pk=first.entry.pk).status == "seated"
    assert bust_one(b, floor_user, first.entry).place == 4
    # Once a later prize is paid, a bust before it cannot be taken back.
    prize_mark_paid(actor=cashier, tournament_id=b.pk, entry_id=first.entry.pk, method="cash")
    with pytest.raises(ServiceError, match="has been paid"):
        busts_undo.entry_bust_undo(actor=floor_user, tournament_id=a.pk,
                                       entry_id=second.entry.pk)
    with pytest.raises(ServiceError, match="prize is paid"):
        busts_undo.entry_bust_undo(actor=floor_user, tournament_id=b.pk,
                                       entry_id=first.entry.pk)
    # The audit log says so before anyone presses undo.
    from tournament.services.undo import undo_blockers

    blockers = undo_blockers(a, [second.event])
    assert "decided after this bust has been paid" in blockers[second.event.pk]
    with pytest.raises(ServiceError, match="decided after this bust"):
        event_undo(actor=floor_user, tournament_id=a.pk, event_id=second.event.pk)
    # A bust before the money (no place) that came before the paid prize: the same.
    no_place = (AuditEvent.objects.filter(tournament=a, kind="entry_busted")
                .order_by("-id")[1])
    assert no_place.payload["event"]["place"] is None
    assert undo_blockers(a, [no_place])[no_place.pk]
    assert dict(Entry.objects.filter(tournament__event=event, finish_place__isnull=False)
                .values_list("finish_place", "pk")) == {
        6: second.entry.pk, 5: third.entry.pk, 4: first.entry.pk}


@pytest.mark.django_db
def test_under_best_bag_a_player_with_a_bag_is_not_out_of_the_event(a_bagged_b_playing,
                                                                      director, floor_user):
    event, a, b = a_bagged_b_playing
    bagged = Entry.objects.filter(tournament=a, status="seated").order_by("number").first()
    holder = Entry.objects.filter(tournament=b, status="seated").order_by("number").first()
    Entry.objects.filter(pk=holder.pk).update(player=bagged.player)
    # The player counts once: 21 still in. B busts others down to the money.
    for _ in range(15):
        bust_one(b, floor_user)
    left = list(Entry.objects.filter(tournament=b, status="seated").order_by("-number"))
    assert holder.pk in {e.pk for e in left} and len(left) == 3
    # 6 still in (4 bags, with the holder's, and 2 more in B): the holder's bust in B
    # is a lost re-entry (the bag in A goes on), not a finish.
    result = bust_one(b, floor_user, Entry.objects.get(pk=holder.pk))
    assert result.place is None
    assert result.event.payload["event"]["eliminated"] is False
    assert bust_one(b, floor_user).place == 6


@pytest.mark.django_db
def test_under_every_bag_each_entry_finishes_on_its_own(a_bagged_b_playing, director,
                                                        floor_user):
    event, a, b = a_bagged_b_playing
    event.advance_rule = "every"
    event.save()
    bagged = Entry.objects.filter(tournament=a, status="seated").order_by("number").first()
    holder = Entry.objects.filter(tournament=b, status="seated").order_by("number").first()
    Entry.objects.filter(pk=holder.pk).update(player=bagged.player)
    for _ in range(15):
        bust_one(b, floor_user)
    # 7 entries still in (4 bags, 3 in B): 7 > 6 paid, then the holder's entry finishes 6th.
    assert bust_one(b, floor_user).place is None
    assert bust_one(b, floor_user, Entry.objects.get(pk=holder.pk)).place == 6


@pytest.mark.django_db(transaction=True)
def test_two_flights_busting_at_once_never_share_a_place(make_tournament, director, floor_user):
    event, (a, b) = three_flights(make_tournament, director, floor_user, sizes=(18, 18))
    for t in (a, b):
        for _ in range(14):
            bust_one(t, floor_user)
    # 8 still in, 6 paid: six busts at once, three in each flight.
    victims = [(t.pk, e.pk) for t in (a, b)
               for e in Entry.objects.filter(tournament=t, status="seated").order_by("number")[:3]]
    errors = []

    def bust(tournament_id, entry_id):
        try:
            busts.entry_bust(actor=floor_user, tournament_id=tournament_id,
                                      entry_id=entry_id, rng=random.Random(entry_id))
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=bust, args=v) for v in victims]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    assert errors == []
    places = sorted((p for p in Entry.objects.filter(pk__in=[v[1] for v in victims])
                     .values_list("finish_place", flat=True)), key=lambda p: p or 99)
    assert places == [3, 4, 5, 6, None, None]


@pytest.mark.django_db
def test_a_day2_late_registrant_beyond_the_open_seats_waits_for_a_table(make_tournament,
                                                                        director, floor_user):
    """House rules 6-7 as for any tournament: no seat open, the waiting list, seated as the
    director adds a table (``tables.services.seating.seat_entries`` adds no table)."""
    event, (a,) = three_flights(make_tournament, director, floor_user, sizes=(18,))
    event.day2_late_registration = True
    event.save()
    bag_and_seal(a, director, floor_user)
    day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(1))
    assert Table.objects.filter(tournament=day2).count() == 2  # 18 on two full tables
    late = entry_register(actor=director, tournament_id=day2.pk, player_name="Late Lucy",
                          rng=random.Random(1))
    assert late.status == "waiting"
    tables_add(actor=director, tournament_id=day2.pk, count=1)
    late.refresh_from_db()
    assert late.status == "seated" and late.table.number == 3


@pytest.mark.django_db
def test_hand_for_hand_on_the_day1_bubble_shares_the_places_the_hand_covers(
        a_bagged_b_playing, director, floor_user):
    event, a, b = a_bagged_b_playing
    for _ in range(15):
        bust_one(b, floor_user)
    # 7 still in for 6 places: the console prompts hand-for-hand on the event's count.
    from tournament.services.clock import clock_start

    clock_start(tournament_id=b.pk, actor=director)
    b.refresh_from_db()
    assert floor_services.hand_for_hand_prompt(b)
    floor_services.hand_for_hand_set(actor=director, tournament_id=b.pk, on=True)
    first = bust_one(b, floor_user)
    # The bust that bursts the bubble ends hand-for-hand (TDA); a bust of the same hand is
    # told so (issue 21: later hands are never folded in). At one table the stacks at the
    # start of the hand decide, and are asked for; equal stacks share.
    b.refresh_from_db()
    assert not b.hand_for_hand and first.event.payload["bubble_burst"] is True
    other = Entry.objects.filter(tournament=b, status="seated").order_by("-number").first()
    assert other.table.number == first.event.payload["table"]
    with pytest.raises(ServiceError, match="started the hand with"):
        busts.entry_bust(actor=floor_user, tournament_id=b.pk, entry_id=other.pk,
                                  same_hand=True)
    second = busts.entry_bust(actor=floor_user, tournament_id=b.pk, entry_id=other.pk,
                                       same_hand=True, chips_at_start=5000,
                                       hand_stacks={first.entry.pk: 5000}, rng=random.Random(1))
    assert (first.place, second.place) == (7, 6)  # both busts of the bubble hand have a place
    placed = Entry.objects.filter(pk__in=[first.entry.pk, second.entry.pk])
    assert set(placed.values_list("tied_place", flat=True)) == {6}
    sixth = payout_table(b, field_figures(b))[5]["amount"]
    due = prizes_due(b)
    assert sorted(due.values()) == [sixth // 2, sixth - sixth // 2]
    b.refresh_from_db()
    assert not b.hand_for_hand  # no Next hand needed to end it
