"""A rebuy or add-on taken back from the audit log (issues 8 and 14: every money action undoable)."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from tests.services.test_floor import field
from tests.services.test_money import bust, down_to, start
from tournament.models import AuditEvent, Entry, Payment
from tournament.reports import cash_report
from tournament.selectors.money import bounties_on_heads, deal_inputs
from tournament.selectors.payouts import field_figures
from tournament.services import cashier as cashier_services
from tournament.services import deals, unregister
from tournament.services import registration as reg
from tournament.services.base import ServiceError
from tournament.services.tournaments import tournament_update
from tournament.services.undo import event_undo, undo_blockers


def money(t):
    """What a user reads: pool, chips in play, counts, the cash report's columns."""
    figures = field_figures(t)
    total = cash_report(tournament=t).total
    return {"pool": figures.prize_pool, "chips": figures.chips_in_play,
            "rebuys": figures.rebuys, "addons": figures.addons,
            "cash": (total.buyins, total.fees, total.bounties, total.rebuys, total.addons,
                     total.refunds, total.net, total.count)}


@pytest.fixture
def rebuy_event(make_tournament, director):
    t = make_tournament(buy_in=100, fee=10, bounty=20, starting_stack=10_000,
                        rebuy_allowed=True, rebuy_amount=100, rebuy_chips=10_000,
                        addon_allowed=True, addon_amount=50, addon_chips=20_000,
                        payout_percentages=[50, 30, 20])
    entries = field(t, director, 6, 1)
    return t, entries


@pytest.mark.django_db
def test_undoing_a_rebuy_and_an_add_on_reads_as_if_they_never_happened(rebuy_event, director,
                                                                        cashier):
    t, entries = rebuy_event
    ada = entries[0]
    before = money(t)
    rebuy = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=ada.pk, method="card")
    addon = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=ada.pk, addon=True)
    after_both = money(t)
    assert (after_both["pool"], after_both["chips"]) == (before["pool"] + 150,
                                                        before["chips"] + 30_000)
    heads = {row["entry"].pk: row["bounty"] for row in bounties_on_heads(t)}
    assert heads[ada.pk] == 40  # the rebuy bought a second bounty

    undone = event_undo(actor=cashier, tournament_id=t.pk, event_id=rebuy.pk)
    assert undone.kind == "entry_rebuy_undone"
    assert undone.payload["amount"] == 100 and undone.payload["method"] == "card"
    rebuy.refresh_from_db()
    assert rebuy.undone_by_id == undone.pk
    event_undo(actor=director, tournament_id=t.pk, event_id=addon.pk)

    assert money(t) == before
    ada.refresh_from_db()
    assert (ada.rebuys, ada.addons) == (0, 0)
    assert not Payment.objects.filter(entry=ada, kind__in=("rebuy", "addon")).exists()
    heads = {row["entry"].pk: row["bounty"] for row in bounties_on_heads(t)}
    assert heads[ada.pk] == 20
    # Each undo is one audited event; the add-on may be taken again.
    assert AuditEvent.objects.filter(kind__in=("entry_rebuy_undone",
                                               "entry_addon_undone")).count() == 2
    reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=ada.pk, addon=True)
    assert money(t)["addons"] == 1


@pytest.mark.django_db
def test_of_two_rebuys_the_one_undone_goes(rebuy_event, cashier):
    t, entries = rebuy_event
    first = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[1].pk)
    reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[1].pk, method="voucher")
    event_undo(actor=cashier, tournament_id=t.pk, event_id=first.pk)
    left = Payment.objects.get(entry=entries[1], kind="rebuy")
    assert left.method == "voucher"
    assert Entry.objects.get(pk=entries[1].pk).rebuys == 1


@pytest.mark.django_db
def test_an_undone_rebuy_cannot_be_undone_twice(rebuy_event, cashier):
    t, entries = rebuy_event
    rebuy = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[0].pk)
    event_undo(actor=cashier, tournament_id=t.pk, event_id=rebuy.pk)
    rebuy.refresh_from_db()
    assert undo_blockers(t, [rebuy])[rebuy.pk] == "That action is undone already."
    with pytest.raises(ServiceError, match="undone already"):
        event_undo(actor=cashier, tournament_id=t.pk, event_id=rebuy.pk)
    with pytest.raises(ServiceError, match="undone already"):
        cashier_services.entry_rebuy_undo(actor=cashier, tournament_id=t.pk, event_id=rebuy.pk)


def refused(t, actor, event, message):
    """Refused with ``message``, the Undo hidden (same reason), and nothing written."""
    counts = (Payment.objects.count(), AuditEvent.objects.count(), money(t))
    assert undo_blockers(t, [event])[event.pk] == message
    with pytest.raises(ServiceError) as exc:
        event_undo(actor=actor, tournament_id=t.pk, event_id=event.pk)
    assert exc.value.message == message
    assert (Payment.objects.count(), AuditEvent.objects.count(), money(t)) == counts
    event.refresh_from_db()
    assert event.undone_by_id is None


@pytest.mark.django_db
def test_a_rebuy_of_a_player_out_since_is_refused_until_the_bust_is_undone(rebuy_event,
                                                                          director):
    t, entries = rebuy_event
    rebuy = reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    start(t)
    out = bust(t, director, entries[0], by=entries[1])
    refused(t, director, rebuy, "The player is out since: undo the bust first.")
    event_undo(actor=director, tournament_id=t.pk, event_id=out.event.pk)
    assert undo_blockers(t, [rebuy])[rebuy.pk] is None
    event_undo(actor=director, tournament_id=t.pk, event_id=rebuy.pk)
    assert Entry.objects.get(pk=entries[0].pk).rebuys == 0


@pytest.mark.django_db
def test_a_rebuy_of_an_entry_refunded_since_is_refused(rebuy_event, director):
    t, entries = rebuy_event
    rebuy = reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    unregister.entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    refused(t, director, rebuy, "The entry was refunded since.")


@pytest.mark.django_db
def test_a_rebuy_is_refused_once_a_prize_is_paid_or_a_deal_made(rebuy_event, director):
    t, entries = rebuy_event
    rebuy = reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    start(t)
    down_to(t, director, entries[1:], 1)  # places 6 to 3 out; entries[0] plays on
    third = Entry.objects.get(tournament=t, finish_place=3)
    paid = cashier_services.prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=third.pk,
                                   method="cash")
    refused(t, director, rebuy, "A prize has been paid from this prize pool: undo that payment "
                                "first.")
    paid_event = AuditEvent.objects.get(kind="prize_paid", payload__payment=paid.pk)
    event_undo(actor=director, tournament_id=t.pk, event_id=paid_event.pk)
    assert undo_blockers(t, [rebuy])[rebuy.pk] is None


@pytest.mark.django_db
def test_once_a_prize_is_paid_nothing_changes_the_pool_until_the_payment_is_undone(
        rebuy_event, director):
    t, entries = rebuy_event
    start(t)
    down_to(t, director, entries[1:], 1)  # places 6 to 3 out; entries[0] plays on
    third = Entry.objects.get(tournament=t, finish_place=3)
    paid = cashier_services.prize_mark_paid(actor=director, tournament_id=t.pk,
                                            entry_id=third.pk, method="cash")
    before = money(t)
    message = "A prize has been paid from this prize pool: undo that payment first."
    attempts = {
        "add-on": lambda: reg.entry_rebuy(actor=director, tournament_id=t.pk,
                                          entry_id=entries[0].pk, addon=True),
        "rebuy": lambda: reg.entry_rebuy(actor=director, tournament_id=t.pk,
                                         entry_id=entries[0].pk),
        "entry taken back": lambda: unregister.entry_unregister(
            actor=director, tournament_id=t.pk, entry_id=entries[0].pk, correcting=True),
        "new entry": lambda: reg.entry_register(actor=director, tournament_id=t.pk,
                                                player_name="Late Comer"),
        "payout table": lambda: tournament_update(actor=director, tournament_id=t.pk,
                                                  values={"payout_percentages": [60, 40]}),
    }
    for name, attempt in attempts.items():
        with pytest.raises(ServiceError) as refusal:
            attempt()
        assert str(refusal.value) == message, name
    assert money(t) == before and third.payments.filter(kind="prize").count() == 1
    # The cashier's mistake taken back: the add-on goes through.
    paid_event = AuditEvent.objects.get(kind="prize_paid", payload__payment=paid.pk)
    event_undo(actor=director, tournament_id=t.pk, event_id=paid_event.pk)
    reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk, addon=True)
    assert money(t)["pool"] == before["pool"] + 50


@pytest.mark.django_db
def test_a_rebuy_is_refused_while_a_deal_is_in_force(make_tournament, director):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20], rebuy_allowed=True,
                        rebuy_amount=100, rebuy_chips=10_000)
    entries = field(t, director, 10, 2)
    rebuy = reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    start(t)
    down_to(t, director, entries[1:], 2)  # three left, entries[0] among them
    players = deal_inputs(t).players
    deal = deals.deal_record(
        actor=director, tournament_id=t.pk, method="icm", unit=10, keep=0,
        stacks=dict(zip([p.pk for p in players], (110_000, 60_000, 40_000), strict=True)),
        amounts=dict(zip([p.pk for p in players], (480, 330, 290), strict=True)))
    refused(t, director, rebuy, "A deal is in force on this prize pool: undo the deal first.")
    event_undo(actor=director, tournament_id=t.pk, event_id=deal.event_id)
    assert undo_blockers(t, [rebuy])[rebuy.pk] is None


@pytest.mark.django_db
def test_a_rebuy_is_refused_once_the_tournament_is_finished(rebuy_event, director):
    t, entries = rebuy_event
    rebuy = reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    start(t)
    down_to(t, director, entries, 1)
    t.refresh_from_db()
    assert t.status == "finished"
    refused(t, director, rebuy, "The tournament is finished.")


@pytest.mark.django_db(transaction=True)
def test_two_staff_undoing_the_same_rebuy_at_once_take_it_back_once(make_tournament, director,
                                                                    cashier):
    t = make_tournament(buy_in=100, rebuy_allowed=True, rebuy_amount=100, rebuy_chips=10_000)
    entries = field(t, director, 4, 1)
    before = money(t)
    rebuy = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[0].pk)
    results, errors = [], []

    def undo(user):
        try:
            results.append(event_undo(actor=user, tournament_id=t.pk, event_id=rebuy.pk))
        except ServiceError as exc:
            errors.append(exc.message)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=undo, args=(user,)) for user in (director, cashier)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    assert len(results) == 1 and errors == ["That action is undone already."]
    assert money(t) == before
    assert Entry.objects.get(pk=entries[0].pk).rebuys == 0
    assert AuditEvent.objects.filter(kind="entry_rebuy_undone").count() == 1


@pytest.mark.django_db
def test_which_rebuys_can_be_undone_costs_the_same_queries_for_one_or_many(
        rebuy_event, director, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t, entries = rebuy_event
    one = [reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)]
    with CaptureQueriesContext(connection) as few:
        assert undo_blockers(t, one) == {one[0].pk: None}
    many = one + [reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=e.pk)
                  for e in entries[1:]]
    many += [reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=e.pk, addon=True)
             for e in entries]
    with django_assert_num_queries(len(few.captured_queries)):
        blockers = undo_blockers(t, many)
    assert len(blockers) == 12 and set(blockers.values()) == {None}
