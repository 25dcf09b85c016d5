"""Issue 21, item 5: a state machine over the services (desk, floor, cashier, deals) that holds
the seats, the places and the money after every step.

Rules: register, re-enter, rebuy, add-on, unregister (refund), bust with and
without stacks, two busts in one hand, undo and redo of each (from the audit
log: every Undo offered must work), hand-for-hand on/off/Next hand, a deal and
its undo, a prize paid and its undo, a change of the payout table.

Invariants after every step: every live player holds one seat and no seat
holds two; the places out are the consecutive places below the players still
in, and a shared place is shared only by players out in the same hand; what is
due never exceeds the prize pool and equals it once every paid place is
decided; every prize paid is what is due; the cash report balances.

The budget is fixed for CI (``MONEY_MACHINE_EXAMPLES`` examples of
``MONEY_MACHINE_STEPS`` steps, derandomized); the README gives the longer run.
"""

from __future__ import annotations

import contextlib
import os
import random

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tables.models import Table
from tables.services import busts, floor, tables_add
from tests.conftest import SIMPLE_LEVELS
from tournament.domain import deals as deal_domain
from tournament.models import AuditEvent, Entry, Payment, Tournament
from tournament.reports import cash_report
from tournament.selectors.money import deal_in_force, deal_inputs, prizes_due
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services import cashier, deals, unregister
from tournament.services import registration as reg
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start
from tournament.services.tournaments import tournament_create, tournament_update
from tournament.services.undo import event_undo, undo_blockers

EXAMPLES = int(os.environ.get("MONEY_MACHINE_EXAMPLES", "10"))
STEPS = int(os.environ.get("MONEY_MACHINE_STEPS", "30"))
TABLES = [[50, 30, 20], [40, 25, 20, 15], [100], [60, 40], []]
POOL_KINDS = (Payment.Kind.BUY_IN, Payment.Kind.REBUY, Payment.Kind.ADDON, Payment.Kind.REFUND)


def refused():
    """A refusal is an answer (a deal with nobody left, a bust whose stacks are asked for):
    the money invariants are checked after it all the same."""
    return contextlib.suppress(ServiceError)


class Money(RuleBasedStateMachine):
    @initialize(buy_in=st.sampled_from([100, 150]), unit=st.sampled_from([1, 5, 10]),
                guarantee=st.sampled_from([0, 0, 2000]), table=st.sampled_from(TABLES),
                bounty=st.sampled_from([0, 20]), players=st.integers(4, 9),
                seed=st.integers(0, 2**16))
    def setup(self, buy_in, unit, guarantee, table, bounty, players, seed):
        self.actor = User.objects.get(username="director")
        self.rng = random.Random(seed)
        self.t = tournament_create(actor=self.actor, values={
            "name": "Money", "seats_per_table": 4, "final_table_size": 4, "buy_in": buy_in,
            "fee": 10, "payout_unit": unit, "guarantee": guarantee, "payout_percentages": table,
            "bounty": bounty, "re_entry_allowed": True, "rebuy_allowed": True,
            "rebuy_amount": buy_in, "rebuy_chips": 1000, "addon_allowed": True,
            "addon_amount": 50, "addon_chips": 500, "chip_set": [25, 100]},
            levels=SIMPLE_LEVELS)
        tables_add(actor=self.actor, tournament_id=self.t.pk, count=3)
        self.names = 0
        for _ in range(players):
            self.register()

    # -- reading ------------------------------------------------------------------------------

    def tournament(self) -> Tournament:
        return Tournament.objects.get(pk=self.t.pk)

    def entries(self, *statuses) -> list[Entry]:
        return list(Entry.objects.filter(tournament=self.t, status__in=statuses).order_by("pk"))

    @staticmethod
    def pick(items, index):
        return items[index % len(items)] if items else None

    # -- the desk -----------------------------------------------------------------------------

    @rule()
    def register(self):
        self.names += 1
        with refused():
            reg.entry_register(actor=self.actor, tournament_id=self.t.pk,
                               player_name=f"Player {self.names}", rng=self.rng)

    @rule(index=st.integers(0, 99))
    def reenter(self, index):
        out = self.pick(self.entries("busted"), index)
        if out is not None:
            with refused():
                reg.entry_register(actor=self.actor, tournament_id=self.t.pk,
                                   player_id=out.player_id, rng=self.rng)

    @rule(index=st.integers(0, 99), addon=st.booleans())
    def rebuy(self, index, addon):
        entry = self.pick(self.entries("seated", "waiting"), index)
        if entry is not None:
            with refused():
                reg.entry_rebuy(actor=self.actor, tournament_id=self.t.pk, entry_id=entry.pk,
                                addon=addon)

    @rule(index=st.integers(0, 99))
    def unregister(self, index):
        entry = self.pick(self.entries("seated", "waiting"), index)
        if entry is not None:
            with refused():
                unregister.entry_unregister(actor=self.actor, tournament_id=self.t.pk,
                                            entry_id=entry.pk, rng=self.rng)

    @rule(table=st.sampled_from(TABLES))
    def payout_table_change(self, table):
        with refused():
            tournament_update(actor=self.actor, tournament_id=self.t.pk,
                              values={"payout_percentages": table})

    # -- the floor ----------------------------------------------------------------------------

    @rule()
    def start(self):
        if self.tournament().status == "planned":
            with refused():
                clock_start(tournament_id=self.t.pk, actor=self.actor)

    @rule(index=st.integers(0, 99), stack=st.one_of(st.none(), st.integers(1, 5000)),
          same_hand=st.sampled_from([None, None, True, False]))
    def bust(self, index, stack, same_hand):
        entry = self.pick(self.entries("seated"), index)
        if entry is not None:
            with refused():
                busts.entry_bust(actor=self.actor, tournament_id=self.t.pk, entry_id=entry.pk,
                                 chips_at_start=stack, same_hand=same_hand, rng=self.rng)

    @rule(first=st.integers(0, 99), second=st.integers(0, 99),
          stacks=st.tuples(st.integers(1, 3000), st.integers(1, 3000)))
    def two_out_in_one_hand(self, first, second, stacks):
        seated = self.entries("seated")
        a, b = self.pick(seated, first), self.pick(seated, second)
        if a is None or a.pk == b.pk:
            return
        with refused():
            busts.entry_bust(actor=self.actor, tournament_id=self.t.pk, entry_id=a.pk,
                             chips_at_start=stacks[0], rng=self.rng)
            busts.entry_bust(actor=self.actor, tournament_id=self.t.pk, entry_id=b.pk,
                             chips_at_start=stacks[1], same_hand=True,
                             hand_stacks={a.pk: stacks[0]}, rng=self.rng)

    @rule(action=st.sampled_from(["on", "off", "next"]))
    def hand_for_hand(self, action):
        with refused():
            if action == "next":
                floor.hand_next(actor=self.actor, tournament_id=self.t.pk)
            else:
                floor.hand_for_hand_set(actor=self.actor, tournament_id=self.t.pk,
                                        on=action == "on")

    @rule(index=st.integers(0, 99))
    def undo(self, index):
        recent = list(AuditEvent.objects.filter(tournament=self.t).order_by("-id")[:15])
        allowed = sorted(pk for pk, why in undo_blockers(self.tournament(), recent).items()
                         if why is None)
        if allowed:
            # Every Undo offered works, or says why not with nothing written.
            with refused():
                event_undo(actor=self.actor, tournament_id=self.t.pk,
                           event_id=self.pick(allowed, index))

    # -- deals and the cashier ----------------------------------------------------------------

    @rule(method=st.sampled_from(["icm", "chip"]), keep_some=st.booleans(),
          seed=st.integers(0, 2**16))
    def deal(self, method, keep_some, seed):
        t = self.tournament()
        if t.status != "running" or deal_in_force(t) is not None:
            return
        inputs = deal_inputs(t)
        if not 2 <= len(inputs.players) <= 6 or not inputs.money_left:
            return
        rng = random.Random(seed)
        stacks = [rng.randint(1, 10_000) for _ in inputs.players]
        top = inputs.prizes[0] - (inputs.prizes[1] if len(inputs.prizes) > 1 else 0)
        keep = (top // 2) if keep_some else 0
        with refused():
            prizes = deal_domain.prizes_after_keep(inputs.prizes, keep)
            amounts = deal_domain.deal(stacks, prizes, method=method, unit=inputs.unit)
            deals.deal_record(
                actor=self.actor, tournament_id=t.pk, method=method, unit=inputs.unit, keep=keep,
                stacks={e.pk: s for e, s in zip(inputs.players, stacks, strict=True)},
                amounts={e.pk: a for e, a in zip(inputs.players, amounts, strict=True)},
                accept_chip_difference=True)

    @rule(index=st.integers(0, 99))
    def pay(self, index):
        paid = set(Payment.objects.filter(tournament=self.t, kind="prize")
                   .values_list("entry_id", flat=True))
        due = sorted(pk for pk in prizes_due(self.tournament()) if pk not in paid)
        if due:
            cashier.prize_mark_paid(actor=self.actor, tournament_id=self.t.pk,
                                    entry_id=self.pick(due, index), method="cash")

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def seats(self):
        seated = list(Entry.objects.filter(tournament=self.t, status="seated")
                      .values_list("table_id", "seat"))
        assert all(t is not None and s is not None for t, s in seated)
        assert len(seated) == len(set(seated))
        open_tables = set(Table.objects.filter(tournament=self.t, status="open")
                          .values_list("pk", flat=True))
        assert {t for t, _s in seated} <= open_tables
        assert not Entry.objects.filter(tournament=self.t).exclude(status="seated").filter(
            table__isnull=False).exists()

    @invariant()
    def places(self):
        rows = list(Entry.objects.filter(tournament=self.t, finish_place__isnull=False)
                    .values_list("finish_place", "tied_place", "bust_hand"))
        live = Entry.objects.filter(tournament=self.t, status__in=Entry.LIVE_STATUSES).count()
        places = sorted(place for place, _tied, _hand in rows)
        assert places == list(range(live + 1, live + 1 + len(places)))
        entries = Entry.objects.filter(tournament=self.t).exclude(status="unregistered").count()
        assert len(places) == entries - live  # every player out has a place
        hands: dict[int, set] = {}
        for _place, tied, hand in rows:
            if tied is not None:
                hands.setdefault(tied, set()).add(hand)
        for tied, of in hands.items():  # shared only by players out in the same hand
            assert len(of) == 1 and None not in of, (tied, of)

    @invariant()
    def money(self):
        t = self.tournament()
        figures = field_figures(t)
        table = payout_table(t, figures)
        due = prizes_due(t)
        assert sum(due.values()) <= figures.prize_pool, (due, figures.prize_pool)
        decided = Entry.objects.filter(tournament=t, finish_place__isnull=False,
                                       finish_place__lte=len(table)).count()
        if table and decided == len(table):
            assert sum(due.values()) == figures.prize_pool, (due, figures.prize_pool)
        for entry_id, amount in Payment.objects.filter(tournament=t, kind="prize").values_list(
                "entry_id", "amount"):
            assert due.get(entry_id, 0) == -amount, (entry_id, amount, due)

    @invariant()
    def cash_report_balances(self):
        payments = list(Payment.objects.filter(tournament=self.t).values_list(
            "kind", "amount", "fee", "bounty"))
        drawer = sum(a + f + b for _k, a, f, b in payments)
        report = cash_report(tournament=self.t).total
        assert report.net == drawer
        assert report.buyins + report.rebuys + report.addons + report.refunds == sum(
            a for k, a, _f, _b in payments if k in POOL_KINDS) == field_figures(
            self.tournament()).collected


@pytest.mark.django_db
def test_no_sequence_of_floor_desk_and_cashier_actions_overpays(director):
    Money.TestCase.settings = settings(max_examples=EXAMPLES, stateful_step_count=STEPS,
                                       deadline=None, suppress_health_check=list(HealthCheck),
                                       derandomize=os.environ.get("MONEY_MACHINE_RANDOM") != "1",
                                       print_blob=True)
    Money.TestCase().runTest()


class EventMoney(RuleBasedStateMachine):
    """Day 1 places across a festival event: two flights, each bagged (or not) into a Day 2.

    The places decided on any day are the event's and never collide; what is due over
    the event never exceeds its one prize pool; every prize paid is still due."""

    @initialize(sizes=st.tuples(st.integers(5, 9), st.integers(5, 9)),
                table=st.sampled_from([[50, 30, 20], [40, 25, 20, 15], [30, 25, 20, 15, 10]]),
                seed=st.integers(0, 2**16))
    def setup(self, sizes, table, seed):
        from tests.services.test_counts import seat_field
        from tournament.services.events import event_create, event_flight_add

        self.actor = User.objects.get(username="director")
        self.rng = random.Random(seed)
        self.event = event_create(actor=self.actor, name="Main Event")
        self.flights = []
        for i, size in enumerate(sizes):
            t = tournament_create(actor=self.actor, values={
                "name": f"Day 1{'AB'[i]}", "seats_per_table": 4, "final_table_size": 4,
                "buy_in": 100, "payout_percentages": table, "chip_set": [25, 100]},
                levels=SIMPLE_LEVELS)
            event_flight_add(actor=self.actor, event_id=self.event.pk, tournament_id=t.pk)
            seat_field(t, self.actor, size, seed=seed + i)
            self.flights.append(t.pk)
        self.day2 = None

    def days(self) -> list[int]:
        return self.flights + ([self.day2] if self.day2 else [])

    @rule(day=st.integers(0, 2), index=st.integers(0, 99),
          same_hand=st.sampled_from([None, None, True]))
    def bust(self, day, index, same_hand):
        t = self.days()[day % len(self.days())]
        entry = Money.pick(list(Entry.objects.filter(tournament_id=t, status="seated")
                                .order_by("pk")), index)
        if entry is not None:
            with refused():
                busts.entry_bust(actor=self.actor, tournament_id=t, entry_id=entry.pk,
                                 same_hand=same_hand, chips_at_start=1000 + index,
                                 rng=self.rng)

    @rule(day=st.integers(0, 2), on=st.booleans())
    def hand_for_hand(self, day, on):
        t = self.days()[day % len(self.days())]
        with refused():
            floor.hand_for_hand_set(actor=self.actor, tournament_id=t, on=on)

    @rule(flight=st.integers(0, 1))
    def bag(self, flight):
        from tests.services.test_days_and_events import bag_everyone
        from tournament.services.days import day_end, day_seal

        t = Tournament.objects.get(pk=self.flights[flight])
        with refused():
            day_end(actor=self.actor, tournament_id=t.pk)
            bag_everyone(t, self.actor, chips=lambda e: 20000 + e.number)
            day_seal(actor=self.actor, tournament_id=t.pk)

    @rule()
    def draw_day2(self):
        from tournament.models import Event
        from tournament.services.events import day2_create

        if self.day2 is None:
            with refused():
                day2_create(actor=self.actor, event_id=self.event.pk, rng=self.rng)
                self.day2 = Event.objects.get(pk=self.event.pk).day2_id

    @rule(day=st.integers(0, 2), index=st.integers(0, 99))
    def undo(self, day, index):
        t = Tournament.objects.get(pk=self.days()[day % len(self.days())])
        recent = list(AuditEvent.objects.filter(tournament=t).order_by("-id")[:10])
        allowed = sorted(pk for pk, why in undo_blockers(t, recent).items() if why is None)
        if allowed:
            with refused():
                event_undo(actor=self.actor, tournament_id=t.pk,
                           event_id=Money.pick(allowed, index))

    @rule(day=st.integers(0, 2), index=st.integers(0, 99))
    def pay(self, day, index):
        t = Tournament.objects.get(pk=self.days()[day % len(self.days())])
        paid = set(Payment.objects.filter(tournament=t, kind="prize")
                   .values_list("entry_id", flat=True))
        due = sorted(pk for pk in prizes_due(t) if pk not in paid)
        if due:
            with refused():
                cashier.prize_mark_paid(actor=self.actor, tournament_id=t.pk,
                                        entry_id=Money.pick(due, index), method="cash")

    @invariant()
    def event_places_and_money(self):
        places = list(Entry.objects.filter(tournament__event=self.event,
                                           finish_place__isnull=False)
                      .values_list("finish_place", flat=True))
        assert len(places) == len(set(places)), sorted(places)  # the event's places, once each
        first = Tournament.objects.get(pk=self.flights[0])
        pool = field_figures(first).prize_pool
        due: dict[int, int] = {}
        for t in Tournament.objects.filter(pk__in=self.days()):
            due |= prizes_due(t)
        assert sum(due.values()) <= pool, (due, pool)
        for entry_id, amount in Payment.objects.filter(
                tournament__event=self.event, kind="prize").values_list("entry_id", "amount"):
            assert due.get(entry_id, 0) == -amount, (entry_id, amount, due)
        for t in self.days():
            seats = list(Entry.objects.filter(tournament_id=t, status="seated")
                         .values_list("table_id", "seat"))
            assert len(seats) == len(set(seats))


@pytest.mark.django_db
def test_no_sequence_over_day1_flights_and_day2_overpays_the_event(director):
    EventMoney.TestCase.settings = settings(
        max_examples=max(1, EXAMPLES // 2), stateful_step_count=STEPS, deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=os.environ.get("MONEY_MACHINE_RANDOM") != "1", print_blob=True)
    EventMoney.TestCase().runTest()
