"""Deals recorded into the payouts, bounties moved by busts, the cashier's payments; all undoable."""

from __future__ import annotations

import random

import pytest

from tables.services import busts, busts_undo
from tests.services.test_floor import field
from tournament.models import AuditEvent, BountyAward, Deal, Entry, Payment
from tournament.selectors.money import cashier_rows, deal_inputs, prizes_due
from tournament.services import cashier, deals
from tournament.services.base import ServiceError
from tournament.services.undo import event_undo


def bust(t, director, entry, by=None):
    return busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk,
                            busted_by_id=by.pk if by else None, rng=random.Random(1))


def down_to(t, director, entries, left):
    seated = [e for e in entries if Entry.objects.get(pk=e.pk).status == "seated"]
    for e in seated[: len(seated) - left]:
        bust(t, director, e)


def start(t):
    t.status = "running"
    t.save(update_fields=["status"])


@pytest.fixture
def final_three(make_tournament, director):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 10, 2)
    start(t)
    down_to(t, director, entries, 3)
    return t


def record_deal(t, director, amounts=None, keep=0, method="icm"):
    inputs = deal_inputs(t)
    stacks = {e.pk: s for e, s in zip(inputs.players, (100_000, 60_000, 40_000), strict=True)}
    if amounts is None:
        amounts = dict(zip(stacks, (380, 330, 290), strict=True))
    return deals.deal_record(actor=director, tournament_id=t.pk, method=method, unit=10,
                             keep=keep, stacks=stacks, amounts=amounts)


@pytest.mark.django_db
def test_a_deal_replaces_the_prizes_of_the_players_in_it(final_three, director):
    t = final_three
    inputs = deal_inputs(t)
    assert inputs.prizes == [500, 300, 200] and inputs.money_left == 1000
    deal = record_deal(t, director)
    assert deal.shares.count() == 3
    assert AuditEvent.objects.filter(kind="deal_recorded").count() == 1
    players = list(inputs.players)
    bust(t, director, players[2])  # 3rd under the deal gets their share, not 200
    assert prizes_due(t)[players[2].pk] == 290
    bust(t, director, players[1])  # the winner
    t.refresh_from_db()
    assert t.status == "finished"
    payouts = {e.pk: e.payout for e in Entry.objects.filter(pk__in=[p.pk for p in players])}
    assert payouts == {players[0].pk: 380, players[1].pk: 330, players[2].pk: 290}


@pytest.mark.django_db
def test_what_is_left_to_play_for_goes_to_the_winner(final_three, director):
    t = final_three
    players = deal_inputs(t).players
    record_deal(t, director, keep=100, amounts=dict(zip(
        [p.pk for p in players], (340, 300, 260), strict=True)))
    bust(t, director, players[0])
    bust(t, director, players[1])  # players[2] wins: share + the 100 kept
    assert Entry.objects.get(pk=players[2].pk).payout == 360
    assert sum(Entry.objects.filter(tournament=t).values_list("payout", flat=True)) == 1000


@pytest.mark.django_db
@pytest.mark.parametrize(("amounts", "keep", "message"), [
    ((380, 330, 300), 0, "add up to 1010, not the 1000 left"),
    ((380, 330, 290), 201, "between 0 and 200"),
])
def test_an_impossible_deal_is_refused_and_nothing_is_written(final_three, director, amounts,
                                                               keep, message):
    players = deal_inputs(final_three).players
    with pytest.raises(ServiceError, match=message):
        record_deal(final_three, director, keep=keep,
                    amounts=dict(zip([p.pk for p in players], amounts, strict=True)))
    assert not Deal.objects.exists()
    assert not AuditEvent.objects.filter(kind="deal_recorded").exists()


@pytest.mark.django_db
def test_a_deal_must_cover_exactly_the_players_still_in(final_three, director):
    players = deal_inputs(final_three).players
    with pytest.raises(ServiceError, match="exactly the players still in"):
        deals.deal_record(actor=director, tournament_id=final_three.pk, method="icm", unit=1,
                          keep=0, stacks={players[0].pk: 10}, amounts={players[0].pk: 1000})


@pytest.mark.django_db
def test_undoing_the_deal_from_the_log_restores_the_payout_table(final_three, director):
    t = final_three
    players = deal_inputs(t).players
    record_deal(t, director)
    with pytest.raises(ServiceError, match="in force already"):
        record_deal(t, director)
    event = AuditEvent.objects.get(kind="deal_recorded")
    event_undo(actor=director, tournament_id=t.pk, event_id=event.pk)
    bust(t, director, players[2])
    assert prizes_due(t)[players[2].pk] == 200
    event.refresh_from_db()
    assert event.undone_by.kind == "deal_undone"


@pytest.fixture
def pko(make_tournament, director):
    t = make_tournament(buy_in=100, bounty=100, bounty_progressive=True)
    entries = field(t, director, 4, 1)
    start(t)
    return t, entries


@pytest.mark.django_db
def test_pko_half_paid_half_on_the_head_and_the_winner_collects_their_own(pko, director):
    t, (a, b, c, d) = pko
    result = bust(t, director, d, by=a)
    awards = {(x.entry_id, x.kind): x.amount for x in BountyAward.objects.all()}
    assert awards == {(a.pk, "cash"): 50, (a.pk, "head"): 50}
    assert result.event.payload["bounties"][0]["amount"] == 50
    bust(t, director, a, by=b)  # a's head is 150 now: 75 paid to b, 75 onto b's head
    bust(t, director, c, by=b)  # 100: 50/50; b wins with 100 + 75 + 50 on the head
    own = BountyAward.objects.get(kind="own")
    assert (own.entry_id, own.amount) == (b.pk, 225)
    cash = sum(BountyAward.objects.filter(kind__in=["cash", "own"]).values_list("amount",
                                                                                 flat=True))
    assert cash == 400  # every starting bounty is paid out once


@pytest.mark.django_db
def test_undoing_a_bust_takes_its_bounty_back(pko, director):
    t, (a, b, c, d) = pko
    bust(t, director, d, by=a)
    busts_undo.entry_bust_undo(actor=director, tournament_id=t.pk, entry_id=d.pk)
    assert not BountyAward.objects.exists()


@pytest.mark.django_db
def test_a_paid_bounty_blocks_the_bust_undo_until_the_payment_is_undone(pko, director, cashier):
    t, (a, b, c, d) = pko
    bust(t, director, d, by=a)
    award = BountyAward.objects.get(kind="cash")
    payment = cashier_mark_bounty(t, cashier, award)
    assert (payment.kind, payment.amount, payment.actor) == ("bounty", -50, cashier)
    with pytest.raises(ServiceError, match="bounty of this bust has been paid"):
        busts_undo.entry_bust_undo(actor=director, tournament_id=t.pk, entry_id=d.pk)
    event = AuditEvent.objects.get(kind="bounty_paid")
    event_undo(actor=director, tournament_id=t.pk, event_id=event.pk)
    assert not Payment.objects.filter(kind="bounty").exists()
    busts_undo.entry_bust_undo(actor=director, tournament_id=t.pk, entry_id=d.pk)


def cashier_mark_bounty(t, user, award):
    return cashier.bounty_mark_paid(actor=user, tournament_id=t.pk, award_id=award.pk,
                                    method="cash")


@pytest.mark.django_db
def test_cashier_pays_a_prize_once_and_the_unpaid_list_shrinks(final_three, director,
                                                               django_user_model):
    t = final_three
    rows = cashier_rows(t)
    assert rows["unpaid_prizes"] == []  # places 4-10 are out of the money
    players = deal_inputs(t).players
    bust(t, director, players[2])
    rows = cashier_rows(t)
    assert [(r["entry"].pk, r["amount"]) for r in rows["unpaid_prizes"]] == [(players[2].pk, 200)]
    payment = cashier.prize_mark_paid(actor=director, tournament_id=t.pk,
                                      entry_id=players[2].pk, method="card")
    assert (payment.amount, payment.method) == (-200, "card")
    with pytest.raises(ServiceError, match="paid already"):
        cashier.prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=players[2].pk,
                                method="cash")
    with pytest.raises(ServiceError, match="no prize"):
        cashier.prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=players[0].pk,
                                method="cash")
    with pytest.raises(ServiceError, match="how the money was paid"):
        cashier.prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=players[2].pk,
                                method="gold")
    rows = cashier_rows(t)
    assert rows["unpaid_prizes"] == [] and len(rows["paid_prizes"]) == 1


@pytest.mark.django_db
def test_a_paid_prize_of_the_deal_blocks_undoing_the_deal(final_three, director):
    t = final_three
    players = deal_inputs(t).players
    record_deal(t, director)
    bust(t, director, players[2])
    cashier.prize_mark_paid(actor=director, tournament_id=t.pk, entry_id=players[2].pk,
                            method="cash")
    assert Entry.objects.get(pk=players[2].pk).payout == 290
    with pytest.raises(ServiceError, match="undo that payment first"):
        deals.deal_undo(actor=director, tournament_id=t.pk)


@pytest.mark.django_db
def test_undoing_the_winning_bust_takes_back_the_winners_own_bounty(pko, director):
    t, (a, b, c, d) = pko
    bust(t, director, d, by=a)
    bust(t, director, c, by=a)
    bust(t, director, b, by=a)  # a wins and collects their own bounty
    assert BountyAward.objects.filter(kind="own", entry=a).exists()
    event = AuditEvent.objects.filter(kind="entry_busted").order_by("-id").first()
    event_undo(actor=director, tournament_id=t.pk, event_id=event.pk)
    t.refresh_from_db()
    assert t.status == "running"
    assert not BountyAward.objects.filter(event=event).exists()
    assert BountyAward.objects.filter(kind="cash").count() == 2


@pytest.mark.django_db
def test_one_prize_payment_per_entry_is_kept_by_the_database(final_three, director):
    from django.db import IntegrityError, transaction

    players = deal_inputs(final_three).players
    bust(final_three, director, players[2])
    cashier.prize_mark_paid(actor=director, tournament_id=final_three.pk,
                            entry_id=players[2].pk, method="cash")
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(entry_id=players[2].pk, tournament=final_three, kind="prize",
                               amount=-200)


@pytest.mark.django_db
def test_an_event_with_a_deal_bounties_payments_and_webhooks_exports_and_imports_whole(
        pko, director, django_capture_on_commit_callbacks, monkeypatch):
    from tournament.models import DealShare, WebhookDelivery
    from tournament.runtime import event_backup
    from tournament.services import webhooks

    t, (a, b, c, d) = pko
    monkeypatch.setattr(webhooks, "start_background", lambda delivery_id: None)
    webhooks.webhook_add(actor=director, tournament_id=t.pk, url="https://x.example/h",
                         events=["bust"])
    with django_capture_on_commit_callbacks(execute=True):
        bust(t, director, d, by=a)
    cashier_mark_bounty(t, director, BountyAward.objects.get(kind="cash"))

    def money(tournament_id):
        return {
            "awards": sorted(BountyAward.objects.filter(tournament_id=tournament_id)
                             .values_list("kind", "amount", "payment__kind")),
            "deliveries": WebhookDelivery.objects.filter(tournament_id=tournament_id).count(),
            "deal_shares": DealShare.objects.filter(deal__tournament_id=tournament_id).count(),
        }

    new_id = event_backup.import_event(event_backup.export_event(t.pk))
    assert money(new_id) == money(t.pk)
    assert money(new_id)["deliveries"] == 1


@pytest.mark.django_db(transaction=True)
def test_two_cashiers_paying_the_same_prize_at_once_pay_it_once(make_tournament, director,
                                                                cashier):
    import threading

    from django.db import connections

    from tournament.services.cashier import prize_mark_paid

    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20])
    entries = field(t, director, 10, 2)
    start(t)
    down_to(t, director, entries, 2)  # 3rd place is out and due 200
    third = Entry.objects.get(tournament=t, finish_place=3)
    results, errors = [], []

    def pay(user):
        try:
            results.append(prize_mark_paid(actor=user, tournament_id=t.pk, entry_id=third.pk,
                                           method="cash"))
        except ServiceError as exc:
            errors.append(exc.message)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pay, args=(user,)) for user in (director, cashier, cashier)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    assert len(results) == 1 and len(errors) == 2
    assert all("paid already" in e for e in errors)
    assert Payment.objects.filter(kind="prize", entry=third).count() == 1


@pytest.mark.django_db
def test_bounties_are_taken_with_buy_ins_and_rebuys_apart_from_the_prize_pool(make_tournament,
                                                                              director):
    from tournament.reports import cash_report
    from tournament.selectors.money import bounties_on_heads
    from tournament.selectors.payouts import field_figures
    from tournament.services.registration import entry_rebuy
    from tournament.services.unregister import entry_unregister

    t = make_tournament(buy_in=100, fee=10, bounty=20, rebuy_allowed=True, rebuy_amount=100,
                        rebuy_chips=10_000)
    entries = field(t, director, 4, 1)
    entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[3].pk)
    refund = Payment.objects.get(kind="refund")
    assert (refund.amount, refund.fee, refund.bounty) == (-100, -10, -20)
    # Three buy-ins and a rebuy make the prize pool; the bounties stay out of it.
    assert field_figures(t).prize_pool == 400
    report = cash_report(tournament=t).total
    assert (report.buyins, report.fees, report.bounties, report.rebuys, report.refunds) == (
        400, 30, 80, 100, -100)
    assert report.net == 300 + 30 + 60 + 100 + 20
    start(t)
    heads = {row["entry"].pk: row["bounty"] for row in bounties_on_heads(t)}
    assert heads == {entries[0].pk: 40, entries[1].pk: 20, entries[2].pk: 20}
    bust(t, director, entries[1], by=entries[0])
    bust(t, director, entries[0], by=entries[2])  # the rebuy's bounty goes with the entry's
    won = dict(BountyAward.objects.filter(kind__in=("cash", "own")).values_list("source", "amount"))
    assert won == {entries[1].pk: 20, entries[0].pk: 40, entries[2].pk: 20}
    # Every bounty taken in is paid out once, none of it from the prize pool.
    assert sum(won.values()) == report.bounties
    assert sum(Entry.objects.filter(tournament=t).values_list("payout", flat=True)) == 400
