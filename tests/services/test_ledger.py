"""Issue 21: places and prizes from one ledger of finishes.

The walkthroughs of the issue, played through the services: hand-for-hand
left on after the bubble burst must not fold later busts into one tie, and a
deal made after such a sequence must leave the cashier's list equal to the
prize pool.
"""

from __future__ import annotations

import random

import pytest

from tables.services import busts, busts_undo, floor
from tests.services.test_floor import field
from tournament.models import Entry
from tournament.selectors.money import cashier_rows, deal_inputs, prizes_due
from tournament.selectors.payouts import field_figures
from tournament.services import deals


def bust(t, director, entry, **kwargs):
    return busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk,
                            rng=random.Random(1), **kwargs)


def seated(t):
    return list(Entry.objects.filter(tournament=t, status="seated").order_by("number"))


def start(t):
    t.status = "running"
    t.save(update_fields=["status"])


def places(t):
    return {e.pk: (e.finish_place, e.tied_place)
            for e in Entry.objects.filter(tournament=t, finish_place__isnull=False)}


@pytest.mark.django_db
def test_hand_for_hand_ends_at_the_bust_that_bursts_the_bubble(make_tournament, director):
    """Walkthrough 1: 4th out bursts the bubble; nobody taps Next hand; 3rd and 2nd go out
    in later hands at one table: places 4, 3, 2, not three "T-2"."""
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    field(t, director, 10, 2)
    start(t)
    while len(seated(t)) > 4:
        bust(t, director, seated(t)[0])
    floor.hand_for_hand_set(actor=director, tournament_id=t.pk, on=True)
    fourth = seated(t)[0]
    result = bust(t, director, fourth)
    assert result.place == 4
    t.refresh_from_db()
    assert t.hand_for_hand is False  # ended by itself at the bubble (TDA)
    third, second = seated(t)[0], seated(t)[1]
    bust(t, director, third)
    bust(t, director, second)
    got = places(t)
    assert got[fourth.pk] == (4, None)
    assert got[third.pk] == (3, None)
    assert got[second.pk] == (2, None)
    due = prizes_due(t)
    assert due[third.pk] == 200 and due[second.pk] == 300 and fourth.pk not in due
    assert sum(due.values()) == field_figures(t).prize_pool == 1000


@pytest.mark.django_db
def test_a_deal_after_the_bubble_leaves_the_cashier_list_equal_to_the_pool(
        make_tournament, director):
    """Walkthrough 2: after the bubble with hand-for-hand left on, a deal of the last three;
    the cashier's "To pay" then adds up to the prize pool, not more."""
    t = make_tournament(buy_in=100, payout_percentages=[40, 30, 20, 10])
    field(t, director, 10, 2)
    start(t)
    while len(seated(t)) > 5:
        bust(t, director, seated(t)[0])
    floor.hand_for_hand_set(actor=director, tournament_id=t.pk, on=True)
    fifth = seated(t)[0]
    bust(t, director, fifth)  # the bubble bursts: 4 left for 4 places
    fourth = seated(t)[0]
    bust(t, director, fourth)
    inputs = deal_inputs(t)
    assert inputs.money_left == 900
    stacks = dict(zip([e.pk for e in inputs.players], (100_000, 60_000, 40_000), strict=True))
    amounts = dict(zip(stacks, (380, 290, 230), strict=True))
    deals.deal_record(actor=director, tournament_id=t.pk, method="icm", unit=10, keep=0,
                      stacks=stacks, amounts=amounts, accept_chip_difference=True)
    players = deal_inputs(t).players
    bust(t, director, players[2])
    bust(t, director, players[1])
    t.refresh_from_db()
    assert t.status == "finished"
    got = places(t)
    assert got[fifth.pk] == (5, None) and got[fourth.pk] == (4, None)
    rows = cashier_rows(t)
    to_pay = {r["entry"].pk: r["amount"] for r in rows["unpaid_prizes"]}
    assert to_pay[fourth.pk] == 100 and fifth.pk not in to_pay
    assert {to_pay[pk] for pk in stacks} == {380, 290, 230}
    assert sum(to_pay.values()) == field_figures(t).prize_pool == 1000


@pytest.mark.django_db
def test_an_entry_taken_back_is_not_reinstated_once_a_prize_is_paid(make_tournament, director):
    """Found by the money state machine: reinstating an unregistered entry after a prize was
    paid moved every place down one, and the paid 3rd place's prize went to nobody."""
    from tournament.models import AuditEvent
    from tournament.services.base import ServiceError
    from tournament.services.cashier import prize_mark_paid
    from tournament.services.undo import event_undo, undo_blockers
    from tournament.services.unregister import entry_unregister

    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 8, 2)
    unregistered = entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    while len(seated(t)) > 2:
        bust(t, director, seated(t)[0])
    third = Entry.objects.get(tournament=t, finish_place=3)
    prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=third.pk, method="cash")
    event = AuditEvent.objects.get(pk=unregistered.pk)
    assert "A prize has been paid" in undo_blockers(t, [event])[event.pk]
    with pytest.raises(ServiceError, match="A prize has been paid"):
        event_undo(actor=director, tournament_id=t.pk, event_id=event.pk)
    assert prizes_due(t)[third.pk] == 140  # 20% of the 700 left in the pool


@pytest.mark.django_db
def test_while_a_deal_stands_what_would_change_its_money_is_refused_and_the_deal_undone_first(
        make_tournament, director):
    """Issue 21 item 3: the undo of a bust from before the deal, a late registration, a refund
    and a change of the payout table are refused with how to proceed; the deal's undo works,
    then the bust's."""
    from tournament.models import AuditEvent
    from tournament.services.base import ServiceError
    from tournament.services.registration import entry_register
    from tournament.services.tournaments import tournament_update
    from tournament.services.undo import event_undo, undo_blockers
    from tournament.services.unregister import entry_unregister

    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    field(t, director, 8, 2)
    start(t)
    while len(seated(t)) > 3:
        bust(t, director, seated(t)[0])
    fourth = Entry.objects.get(tournament=t, finish_place=4)
    inputs = deal_inputs(t)
    deal = deals.deal_record(
        actor=director, tournament_id=t.pk, method="chip", unit=1, keep=0,
        stacks={e.pk: 1000 for e in inputs.players},
        amounts=dict(zip([e.pk for e in inputs.players], (267, 267, 266), strict=True)),
        accept_chip_difference=True)
    busted = AuditEvent.objects.get(kind="entry_busted", payload__entry=fourth.pk)
    assert "undo the deal first" in undo_blockers(t, [busted])[busted.pk]
    with pytest.raises(ServiceError, match="Undo the deal first"):
        busts_undo.entry_bust_undo(actor=director, tournament_id=t.pk, entry_id=fourth.pk)
    with pytest.raises(ServiceError, match="undo the deal first"):
        entry_register(actor=director, tournament_id=t.pk, player_name="Late")
    with pytest.raises(ServiceError, match="undo the deal first"):
        entry_unregister(actor=director, tournament_id=t.pk, entry_id=inputs.players[0].pk,
                         correcting=True)
    with pytest.raises(ServiceError, match="undo the deal first"):
        tournament_update(actor=director, tournament_id=t.pk,
                          values={"payout_percentages": [60, 40]})
    assert sum(prizes_due(t).values()) == 0  # nobody of the deal placed yet, 4th unpaid
    event_undo(actor=director, tournament_id=t.pk, event_id=deal.event_id)
    event_undo(actor=director, tournament_id=t.pk, event_id=busted.pk)
    assert Entry.objects.get(pk=fourth.pk).status == "seated"
