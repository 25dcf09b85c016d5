"""Random tournaments played through the public services: does the money stay exact?

Each tournament (8-30 players, random options) is played down to a winner with
the services the views call: registrations, re-entries, rebuys and add-ons,
refunds before and after the start, busts (one at a time, several in one hand,
with and without start-of-hand stacks when the service takes them), undo of a
random earlier action from the Log, hand-for-hand on/off and Next hand, a deal
of the last players and its undo, prizes paid at the cashier and payments
undone. A refusal (``ServiceError``, what a view shows as a message) is counted.

After every step: what the cashier lists (due) <= prize pool, = prize pool once
finished; paid <= due; places 1..N each taken once (ties only inside one hand);
every live player in exactly one seat, no seat with two; the cash report's
drawer = the payments' sum.

    .venv/bin/python bench/money_random_check.py [--seed 1] [--count 25] [--verbose]
    DATABASE_URL=postgres://... .venv/bin/python bench/money_random_check.py
"""

from __future__ import annotations

import argparse
import inspect
import os
import random
import sys
import traceback
from collections import Counter

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings_test")
os.environ.setdefault("FLOORMAN_PLAIN_STATIC", "1")

from _django import setup_django  # noqa: E402

setup_django()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.db.models import Sum  # noqa: E402

from tables.services import busts, floor, tables_add  # noqa: E402
from tests.conftest import SIMPLE_LEVELS  # noqa: E402
from tournament.domain import deals as deal_domain  # noqa: E402
from tournament.models import AuditEvent, Entry, Payment, Tournament  # noqa: E402
from tournament.permissions import DIRECTOR, ROLES  # noqa: E402
from tournament.reports import cash_report  # noqa: E402
from tournament.selectors.money import cashier_rows, deal_in_force, deal_inputs  # noqa: E402
from tournament.selectors.payouts import field_figures  # noqa: E402
from tournament.services import cashier, clock, deals, registration, unregister  # noqa: E402
from tournament.services.base import ServiceError  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402
from tournament.services.undo import event_undo, undo_blockers, undoable_kinds  # noqa: E402

BUST_KWARGS = set(inspect.signature(busts.entry_bust).parameters)
HAS_SAME_HAND = "same_hand" in BUST_KWARGS
HAS_HAND_STACKS = "hand_stacks" in BUST_KWARGS


class Broken(AssertionError):
    """An invariant does not hold."""


def director() -> User:
    for name in ROLES:
        Group.objects.get_or_create(name=name)
    user, made = User.objects.get_or_create(username="checker")
    if made:
        user.groups.add(Group.objects.get(name=DIRECTOR))
    return user


class Game:
    def __init__(self, seed: int, actor: User):
        self.seed, self.rng, self.actor = seed, random.Random(seed), actor
        self.log: list[str] = []
        self.refused = Counter()
        self.hand = 0  # the hand the floor meant each bust in (for ties)
        self.hand_of: dict[int, int] = {}
        self.next_tapped = False
        self.prev_live_after: int | None = None
        rng = self.rng
        self.players = rng.randint(8, 30)
        values = {"name": f"Random {seed}", "chip_set": [25, 100, 500, 1000, 5000],
                  "buy_in": rng.choice([50, 100, 110, 250]), "fee": rng.choice([0, 10, 20]),
                  "payout_percentages": rng.choice([[50, 30, 20], [40, 25, 15, 12, 8],
                                                    [30, 20, 14, 11, 9, 7, 5, 4]]),
                  "re_entry_allowed": rng.random() < 0.5}
        if rng.random() < 0.4:
            values |= {"rebuy_allowed": True, "rebuy_amount": 50, "rebuy_chips": 10_000}
        if rng.random() < 0.4:
            values |= {"addon_allowed": True, "addon_amount": 40, "addon_chips": 10_000}
        if rng.random() < 0.2:
            values["guarantee"] = rng.choice([1_000, 3_000])
        self.values = values
        self.t = tournament_create(actor=actor, values=values, levels=SIMPLE_LEVELS)
        self.tid = self.t.pk
        self.call("tables_add", tables_add, count=(self.players + 8) // 9 + 1)
        self.names = 0

    # -- plumbing -------------------------------------------------------------------
    def call(self, label: str, service, **kwargs):
        shown = {k: v for k, v in kwargs.items() if k != "rng"}
        try:
            result = service(actor=self.actor, tournament_id=self.tid, **kwargs)
        except ServiceError as error:
            self.refused[label] += 1
            self.log.append(f"{label}{shown} -> refused: {error.message}")
            return None
        self.log.append(f"{label}{shown}")
        return result

    def tour(self) -> Tournament:
        return Tournament.objects.get(pk=self.tid)

    def live(self) -> list[Entry]:
        return list(Entry.objects.filter(tournament_id=self.tid, status__in=Entry.LIVE_STATUSES)
                    .order_by("number"))

    def seated(self) -> list[Entry]:
        return list(Entry.objects.filter(tournament_id=self.tid, status=Entry.Status.SEATED)
                    .order_by("number"))

    # -- actions --------------------------------------------------------------------
    def register(self):
        self.names += 1
        self.call("entry_register", registration.entry_register,
                  player_name=f"P{self.seed}-{self.names}", rng=random.Random(self.rng.random()))

    def reenter(self):
        out = list(Entry.objects.filter(tournament_id=self.tid, status=Entry.Status.BUSTED))
        if out:
            e = self.rng.choice(out)
            self.call("entry_register(re-entry)", registration.entry_register,
                      player_id=e.player_id, rng=random.Random(self.rng.random()))

    def rebuy(self):
        live = self.live()
        if live:
            self.call("entry_rebuy", registration.entry_rebuy, entry_id=self.rng.choice(live).pk,
                      addon=self.rng.random() < 0.4)

    def unregister(self):
        live = self.live()
        if live:
            self.call("entry_unregister", unregister.entry_unregister,
                      entry_id=self.rng.choice(live).pk, rng=random.Random(self.rng.random()))

    def bust_one(self, *, same_hand: bool | None = None, entry: Entry | None = None,
                 stacks: bool | None = None, hand_stacks: dict | None = None):
        seated = self.seated()
        if len(seated) < 2:
            return None
        e = entry or self.rng.choice(seated)
        kwargs = {"entry_id": e.pk, "rng": random.Random(self.rng.random())}
        if stacks if stacks is not None else self.rng.random() < 0.3:
            kwargs["chips_at_start"] = self.rng.randint(1, 80) * 500
        if HAS_HAND_STACKS and hand_stacks:
            kwargs["hand_stacks"] = hand_stacks
        return self.bust_call(same_hand, **kwargs)

    def bust_call(self, same_hand: bool | None, **kwargs):
        """Bust through the service and note which hand the floor meant it in.

        ``same_hand`` None: what the screen means by default, the same hand while
        hand-for-hand is on and Next hand was not tapped, unless the bust before
        burst the bubble (TDA: hand-for-hand ends there).
        """
        t = self.tour()
        live_before = len(self.seated())
        if same_hand is None:
            same_hand = (t.hand_for_hand and not self.next_tapped
                         and self.prev_live_after is not None
                         and self.prev_live_after > self.paid_places(t))
        if HAS_SAME_HAND:
            kwargs["same_hand"] = same_hand
        result = self.call("entry_bust", busts.entry_bust, **kwargs)
        if result is not None:
            if not same_hand:
                self.hand += 1
            self.hand_of[kwargs["entry_id"]] = self.hand
            self.next_tapped = False
            self.prev_live_after = live_before - 1
        return result

    def paid_places(self, t) -> int:
        return floor.places_paid(t)

    def bust_several(self):
        """Two or three busts in one hand: at one table or at different tables."""
        seated = self.seated()
        if len(seated) < 3:
            return
        k = min(self.rng.choice([2, 2, 3]), len(seated) - 1)
        by_table: dict[int, list[Entry]] = {}
        for e in seated:
            by_table.setdefault(e.table_id, []).append(e)
        one_table = self.rng.random() < 0.5
        if one_table:
            table = max(by_table.values(), key=len)
            victims = self.rng.sample(table, min(k, len(table)))
        else:
            firsts = [self.rng.choice(v) for v in by_table.values()]
            victims = self.rng.sample(firsts, min(k, len(firsts)))
        with_stacks = self.rng.random() < 0.6
        stacks = {v.pk: self.rng.randint(1, 80) * 500 for v in victims}
        if not HAS_SAME_HAND:
            # main: "one hand" exists only in hand-for-hand
            self.call("hand_for_hand_set", floor.hand_for_hand_set, on=True)
        self.log.append(f"-- {len(victims)} busts in one hand, "
                        f"{'one table' if one_table else 'different tables'}, "
                        f"{'with' if with_stacks else 'without'} stacks")
        for i, v in enumerate(victims):
            kwargs = {"entry": v, "same_hand": i > 0, "stacks": False}
            if with_stacks:
                kwargs["hand_stacks"] = {o.pk: stacks[o.pk] for o in victims[:i]} or None
                self.bust_with_chips(v, stacks[v.pk], **kwargs)
            else:
                self.bust_one(**kwargs)
        if not HAS_SAME_HAND and self.rng.random() < 0.7:
            self.next_hand()

    def next_hand(self):
        if self.call("hand_next", floor.hand_next) is not None:
            self.next_tapped = True

    def bust_with_chips(self, v, chips, *, entry, same_hand, stacks, hand_stacks):
        kwargs = {"entry_id": v.pk, "chips_at_start": chips,
                  "rng": random.Random(self.rng.random())}
        if HAS_HAND_STACKS and hand_stacks:
            kwargs["hand_stacks"] = hand_stacks
        self.bust_call(same_hand, **kwargs)

    def undo_random(self):
        t = self.tour()
        kinds = undoable_kinds({DIRECTOR})
        events = list(AuditEvent.objects.filter(tournament=t, kind__in=kinds,
                                                undone_by__isnull=True).order_by("-pk")[:100])
        blockers = undo_blockers(t, events)
        can = [e for e in events if blockers.get(e.pk) is None]
        if can:
            e = self.rng.choice(can)
            self.call(f"event_undo[{e.kind}]", event_undo, event_id=e.pk)

    def hand_for_hand(self):
        choice = self.rng.random()
        if choice < 0.4:
            self.call("hand_for_hand_set", floor.hand_for_hand_set, on=True)
        elif choice < 0.6:
            self.call("hand_for_hand_set", floor.hand_for_hand_set, on=False)
        else:
            self.next_hand()

    def deal(self):
        t = self.tour()
        if deal_in_force(t) is not None:
            if self.rng.random() < 0.5:
                self.call("deal_undo", deals.deal_undo)
            return
        inputs = deal_inputs(t)
        if not 2 <= len(inputs.players) <= 5 or not inputs.prizes:
            return
        method = self.rng.choice(["icm", "chip"])
        stacks = [self.rng.randint(1, 100) * 1000 for _ in inputs.players]
        keep = self.rng.choice([0, 0, inputs.unit * 10]) if inputs.money_left > 200 else 0
        try:
            shared = deal_domain.prizes_after_keep(inputs.prizes, keep)
            amounts = deal_domain.deal(stacks, shared, method=method, unit=inputs.unit)
        except deal_domain.DealError as error:
            self.refused["deal (form)"] += 1
            self.log.append(f"deal form refused: {error}")
            return
        self.call("deal_record", deals.deal_record, method=method, unit=inputs.unit, keep=keep,
                  stacks={e.pk: s for e, s in zip(inputs.players, stacks, strict=True)},
                  amounts={e.pk: a for e, a in zip(inputs.players, amounts, strict=True)},
                  accept_chip_difference=True)

    def pay(self):
        rows = cashier_rows(self.tour())
        if rows["unpaid_prizes"] and self.rng.random() < 0.8:
            row = self.rng.choice(rows["unpaid_prizes"])
            self.call("prize_mark_paid", cashier.prize_mark_paid, entry_id=row["entry"].pk,
                      method=self.rng.choice(Payment.Method.values))
        elif rows["paid_prizes"]:
            row = self.rng.choice(rows["paid_prizes"])
            ev = AuditEvent.objects.filter(tournament_id=self.tid, kind="prize_paid",
                                           undone_by__isnull=True).order_by("-pk").first()
            if ev is not None:
                self.call("payment_undo", cashier.payment_undo, event_id=ev.pk)

    # -- the invariants -------------------------------------------------------------
    def figures(self) -> dict:
        t = self.tour()
        rows = cashier_rows(t)
        due = sum(r["amount"] for r in rows["unpaid_prizes"] + rows["paid_prizes"])
        paid_rows = {r["entry"].pk: r["amount"] for r in rows["paid_prizes"]}
        paid = Payment.objects.filter(tournament=t, kind=Payment.Kind.PRIZE).aggregate(
            s=Sum("amount"))["s"] or 0
        return {"status": t.status, "pool": field_figures(t).prize_pool, "due": due,
                "paid": abs(paid), "paid_rows": paid_rows,
                "places": sorted(Entry.objects.filter(tournament=t, finish_place__isnull=False)
                                 .values_list("finish_place", flat=True)),
                "entries": Entry.objects.filter(tournament=t).exclude(
                    status=Entry.Status.UNREGISTERED).count()}

    def check(self) -> None:
        f = self.figures()
        t = self.tour()
        if f["due"] > f["pool"]:
            raise Broken(f"OVERPAID: due {f['due']} > prize pool {f['pool']}")
        if f["paid"] > f["due"]:
            raise Broken(f"OVERPAID: paid {f['paid']} > due {f['due']}")
        for pk, amount in f["paid_rows"].items():
            pay = Payment.objects.filter(tournament=t, kind=Payment.Kind.PRIZE, entry_id=pk).first()
            if pay is not None and abs(pay.amount) != amount:
                raise Broken(f"paid {abs(pay.amount)} to entry {pk} whose prize is now {amount}")
        if f["status"] == Tournament.Status.FINISHED and f["due"] != f["pool"]:
            raise Broken(f"finished: due {f['due']} != prize pool {f['pool']}")
        # places: each place from 1..N (N = entries out or won) once, ties only inside a hand
        placed = list(Entry.objects.filter(tournament=t, finish_place__isnull=False)
                      .values_list("pk", "finish_place"))
        counts = Counter(p for _pk, p in placed)
        for place, n in counts.items():
            # a tie of n at place p covers p..p+n-1: none of those may be taken by others
            for q in range(place + 1, place + n):
                if q in counts:
                    raise Broken(f"place {q} taken inside the tie at {place} (x{n})")
        expected = set()
        for place, n in counts.items():
            expected |= set(range(place, place + n))
        live = len(self.live())
        if t.status == Tournament.Status.RUNNING and live < 2:
            raise Broken(f"running with {live} player(s) in play: no bust can finish it")
        if placed:
            top = max(p + counts[p] - 1 for p in counts)
            bottom = min(counts)
            if bottom != live + 1 and t.status != Tournament.Status.FINISHED:
                raise Broken(f"{live} players live but the best finish is place {bottom}")
            if expected != set(range(bottom, top + 1)):
                raise Broken(f"places not contiguous: {sorted(counts.items())}")
            if t.status == Tournament.Status.FINISHED and bottom != 1:
                raise Broken("finished without a 1st place")
        # ties in the money only among busts the floor made in one hand
        paid = self.paid_places(t)
        for place, n in counts.items():
            if n > 1 and place <= paid:
                tied = [pk for pk, p in placed if p == place]
                hands = {self.hand_of.get(pk) for pk in tied}
                if len(hands) > 1:
                    raise Broken(f"players out in different hands share place {place} "
                                 f"(x{n}, hands {sorted(h or 0 for h in hands)})")
        # seats
        seats = list(Entry.objects.filter(tournament=t, status=Entry.Status.SEATED)
                     .values_list("pk", "table_id", "seat"))
        if any(tbl is None or seat is None for _pk, tbl, seat in seats):
            raise Broken("a seated player has no seat")
        if len({(tbl, seat) for _pk, tbl, seat in seats}) != len(seats):
            raise Broken("two players in one seat")
        waiting = list(Entry.objects.filter(tournament=t, status=Entry.Status.WAITING)
                       .values_list("pk", flat=True))
        if waiting and t.status == Tournament.Status.RUNNING:  # the tables have room
            raise Broken(f"live players without a seat (waiting list) while running: {waiting}")
        # cash report: the drawer is the sum of the payments
        report = cash_report(tournament=t).total
        money = Payment.objects.filter(tournament=t).aggregate(
            a=Sum("amount"), f=Sum("fee"), b=Sum("bounty"))
        drawer = (money["a"] or 0) + (money["f"] or 0) + (money["b"] or 0)
        if report.net != drawer:
            raise Broken(f"cash report drawer {report.net} != payments {drawer}")
        collected = report.buyins + report.rebuys + report.addons + report.refunds
        # the fees are the house's: without a guarantee or a refund the pool is the rest
        if not t.guarantee and report.refunds == 0 and f["pool"] != collected:
            raise Broken(f"prize pool {f['pool']} != money collected for it {collected}")

    # -- the game -------------------------------------------------------------------
    def play(self) -> None:
        rng = self.rng
        for _ in range(self.players):
            self.register()
            if rng.random() < 0.1:
                self.unregister()
            self.check()
        self.call("clock_start", clock.clock_start)
        self.check()
        steps = 0
        while self.tour().status != Tournament.Status.FINISHED and steps < 600:
            steps += 1
            seated = len(self.seated())
            paid_places = len(self.tour().payout_percentages or [])
            near = seated <= paid_places + 2
            r = rng.random()
            if r < 0.05 and steps < 40:
                self.register()
            elif r < 0.08 and steps < 40:
                self.reenter()
            elif r < 0.12:
                self.rebuy()
            elif r < 0.15 and steps < 40:
                self.unregister()
            elif r < 0.50:
                self.bust_one(same_hand=rng.random() < 0.2 if near else None)
            elif r < 0.60:
                self.bust_several()
            elif r < 0.70:
                self.undo_random()
            elif r < 0.78 or (near and r < 0.82):
                self.hand_for_hand()
            elif r < 0.86 and seated <= 5:
                self.deal()
            elif r < 0.96:
                self.pay()
            else:
                self.call("clock_next_level", clock.clock_next_level)
            self.check()
        # the cage pays everyone at the end
        for _ in range(40):
            rows = cashier_rows(self.tour())
            if not rows["unpaid_prizes"]:
                break
            self.call("prize_mark_paid", cashier.prize_mark_paid,
                      entry_id=rows["unpaid_prizes"][0]["entry"].pk, method="cash")
        self.check()
        if self.tour().status != Tournament.Status.FINISHED:
            raise Broken(f"no winner after {steps} steps")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=25)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--tail", type=int, default=25, help="actions printed on a failure")
    args = parser.parse_args()
    actor = director()
    exact = overpaid = other = 0
    refused = Counter()
    for i in range(args.count):
        seed = args.seed * 1000 + i
        game = Game(seed, actor)
        try:
            game.play()
        except Broken as broken:
            kind = "overpaid" if str(broken).startswith("OVERPAID") else "failure"
            overpaid += kind == "overpaid"
            other += kind != "overpaid"
            print(f"\nseed {seed}: {broken}")
            print(f"  tournament: {game.players} players, {game.values}")
            print(f"  figures: { {k: v for k, v in game.figures().items() if k != 'paid_rows'} }")
            print(f"  last {args.tail} of {len(game.log)} actions:")
            for line in game.log[-args.tail:]:
                print(f"    {line}")
        except Exception:  # a crash is a failure too (a view would show a 500)
            other += 1
            print(f"\nseed {seed}: CRASH")
            traceback.print_exc(limit=6, file=sys.stdout)
            for line in game.log[-args.tail:]:
                print(f"    {line}")
        else:
            exact += 1
            if args.verbose:
                print(f"seed {seed}: exact ({len(game.log)} actions)")
        refused += game.refused
    print(f"\nrefusals: {sum(refused.values())} "
          f"({', '.join(f'{k} {v}' for k, v in refused.most_common(8))})")
    print(f"money random check: {args.count} tournaments, exact {exact}, "
          f"overpaid {overpaid}, other failures {other}")
    return 0 if exact == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
