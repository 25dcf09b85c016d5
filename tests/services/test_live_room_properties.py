"""Issue 8, property: any sequence of register / bust / undo / redo / move / confirm on a few
tables keeps the room sound after every step, and every Undo offered works."""

from __future__ import annotations

import contextlib
import random

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tables.models import Move, Table
from tables.services import busts, floor, tables_add
from tables.services.tables import table_set_button
from tests.conftest import SIMPLE_LEVELS
from tournament.models import AuditEvent, Entry, Payment, Tournament
from tournament.selectors.payouts import field_figures
from tournament.services import registration as reg
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start
from tournament.services.tournaments import tournament_create
from tournament.services.undo import event_undo, undo_blockers


class Room(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.actor = User.objects.get(username="director")
        self.t = tournament_create(actor=self.actor, values={
            "name": "Property", "seats_per_table": 4, "final_table_size": 4,
            "re_entry_allowed": True, "chip_set": [25, 100]}, levels=SIMPLE_LEVELS)
        tables_add(actor=self.actor, tournament_id=self.t.pk, count=3)
        self.rng = random.Random(0)
        self.names = 0

    def _tournament(self) -> Tournament:
        return Tournament.objects.get(pk=self.t.pk)

    def _open(self) -> bool:
        return self._tournament().status != "finished"

    @rule()
    def register(self):
        if not self._open():
            return
        self.names += 1
        reg.entry_register(actor=self.actor, tournament_id=self.t.pk,
                           player_name=f"Player {self.names}", rng=self.rng)

    @rule(pick=st.integers(0, 10_000))
    def bust(self, pick):
        seated = list(Entry.objects.filter(tournament=self.t, status="seated").order_by("pk"))
        if len(seated) < 2 or not self._open():
            return
        busts.entry_bust(actor=self.actor, tournament_id=self.t.pk,
                         entry_id=seated[pick % len(seated)].pk, rng=self.rng)

    @rule(pick=st.integers(0, 10_000))
    def undo(self, pick):
        recent = list(AuditEvent.objects.filter(tournament=self.t).order_by("-id")[:12])
        allowed = [pk for pk, why in undo_blockers(self._tournament(), recent).items()
                   if why is None]
        if not allowed:
            return
        # Every Undo offered works: no ServiceError here.
        event_undo(actor=self.actor, tournament_id=self.t.pk, event_id=sorted(allowed)[
            pick % len(allowed)])

    @rule(pick=st.integers(0, 10_000), seat=st.integers(1, 4), table=st.integers(1, 3))
    def move(self, pick, seat, table):
        seated = list(Entry.objects.filter(tournament=self.t, status="seated").order_by("pk"))
        if not seated:
            return
        # A taken seat or a broken table is refused, and nothing is written (checked below).
        with contextlib.suppress(ServiceError):
            floor.entry_move(actor=self.actor, tournament_id=self.t.pk,
                             entry_id=seated[pick % len(seated)].pk, table_number=table, seat=seat)

    @rule(pick=st.integers(0, 10_000))
    def confirm(self, pick):
        moves = list(Move.objects.filter(tournament=self.t, status="pending").order_by("pk"))
        if moves:
            floor.move_confirm(actor=self.actor, tournament_id=self.t.pk,
                               move_id=moves[pick % len(moves)].pk)

    @precondition(lambda self: self._tournament().status == "planned")
    @rule()
    def start(self):
        clock_start(tournament_id=self.t.pk, actor=self.actor)

    @rule(table=st.integers(1, 3), seat=st.integers(1, 4))
    def button(self, table, seat):
        # A table removed (an undone "tables added") is refused.
        with contextlib.suppress(ServiceError):
            table_set_button(actor=self.actor, tournament_id=self.t.pk, table_number=table,
                             seat=seat)

    @invariant()
    def no_seat_twice(self):
        seats = list(Entry.objects.filter(tournament=self.t, status="seated")
                     .values_list("table_id", "seat"))
        assert len(seats) == len(set(seats))
        open_tables = set(Table.objects.filter(tournament=self.t, status="open")
                          .values_list("pk", flat=True))
        assert {t for t, _s in seats} <= open_tables

    @invariant()
    def places_unique_and_consecutive(self):
        places = sorted(Entry.objects.filter(tournament=self.t, finish_place__isnull=False)
                        .values_list("finish_place", flat=True))
        live = Entry.objects.filter(tournament=self.t, status__in=Entry.LIVE_STATUSES).count()
        if self._tournament().status == "finished":
            assert live == 0 and places == list(range(1, len(places) + 1))
        else:
            assert places == list(range(live + 1, live + 1 + len(places)))

    @invariant()
    def prize_pool_equals_payments(self):
        entries = Entry.objects.filter(tournament=self.t).exclude(status="unregistered").count()
        assert field_figures(self._tournament()).collected == entries * self.t.buy_in
        paid = sum(Payment.objects.filter(tournament=self.t).values_list("amount", flat=True))
        assert paid == entries * self.t.buy_in

    @invariant()
    def one_pending_move_per_entry(self):
        moves = list(Move.objects.filter(tournament=self.t, status="pending")
                     .values_list("entry_id", "to_table_id", "to_seat", "entry__table_id",
                                  "entry__seat"))
        entries = [m[0] for m in moves]
        assert len(entries) == len(set(entries))
        for _entry, to_table, to_seat, table, seat in moves:
            assert (to_table, to_seat) == (table, seat)  # the seat page shows the move's seat


@pytest.mark.django_db
def test_the_room_stays_sound_through_any_sequence(director):
    Room.TestCase.settings = settings(max_examples=15, stateful_step_count=30, deadline=None,
                                      suppress_health_check=list(HealthCheck),
                                      derandomize=True)
    Room.TestCase().runTest()
