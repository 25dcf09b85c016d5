"""Dealers of the venue: roster, shifts, the rotation following the tables, the ledger."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tables.models import Dealer, DealerBreak, DealerDown, DealerShift, Table
from tables.services import busts, dealer_rules, floor, tables_add
from tables.services import dealers as svc
from tournament.models import AuditEvent, Entry
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register

pytestmark = pytest.mark.django_db


def running(tournament, director, players: int, tables: int):
    tables_add(actor=director, tournament_id=tournament.pk, count=tables)
    rng = random.Random(1)
    for i in range(players):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{i:03d}",
                       rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    return list(Entry.objects.filter(tournament=tournament).order_by("number"))


def staff(director, count: int) -> list[Dealer]:
    dealers = [svc.dealer_add(actor=director, name=f"Dealer {i}", name_zh=f"荷官{i}",
                              games=["nlhe"]) for i in range(count)]
    for dealer in dealers:
        svc.dealer_clock_in(actor=director, dealer_id=dealer.pk)
    return dealers


def dealing(tournament) -> dict[int, int]:
    return dict(Dealer.objects.filter(status="dealing", table__tournament=tournament)
                .values_list("table__number", "pk"))


def test_clocked_in_dealers_deal_every_open_table(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 13, 3)
    staff(director, 4)
    assert sorted(dealing(t)) == [1, 2, 3]
    assert DealerDown.objects.filter(ended_at__isnull=True).count() == 3
    assert Dealer.objects.filter(status="out").count() == 1
    assert AuditEvent.objects.filter(kind="dealer_clocked_in").count() == 4


def test_a_table_break_frees_its_dealer_at_once(make_tournament, director,
                                                django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    entries = running(t, director, 13, 3)
    staff(director, 3)
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[0].pk,
                         rng=random.Random(3))
    broken = Table.objects.get(tournament=t, status="broken")
    assert broken.number not in dealing(t)
    assert len(dealing(t)) == 2
    freed = Dealer.objects.get(status="out")
    assert freed.last_table_id == broken.pk
    assert DealerDown.objects.get(dealer=freed).ended_at is not None
    assert AuditEvent.objects.filter(kind="dealers_followed").exists()


def test_a_new_table_takes_a_dealer_and_a_short_pool_shows_it_waiting(
        make_tournament, director, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    with django_capture_on_commit_callbacks(execute=True):
        tables_add(actor=director, tournament_id=t.pk, count=2)
    assert sorted(dealing(t)) == [1, 2, 3]
    event = AuditEvent.objects.filter(kind="dealers_followed").first()
    assert len(event.payload["waiting"]) == 1


def test_confirm_the_push_when_due_and_the_ledger_counts_it(make_tournament, director,
                                                             time_machine):
    start = timezone.now().replace(microsecond=0)
    time_machine.move_to(start, tick=False)
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    room, _, _ = svc.load_room(start)
    push = svc.rot.next_push(room, svc.rules_of(svc.rules_row()), start)
    with pytest.raises(ServiceError, match="not due yet"):
        svc.dealer_push_confirm(actor=director, expected_at=push.at)
    time_machine.move_to(push.at, tick=False)
    with pytest.raises(ServiceError, match="changed"):
        svc.dealer_push_confirm(actor=director, expected_at=push.at + timedelta(minutes=3))
    svc.dealer_push_confirm(actor=director, expected_at=push.at)
    assert DealerDown.objects.count() == 3
    assert AuditEvent.objects.filter(kind="dealer_push").count() == 1
    assert len(dealing(t)) == 2


def test_breaks_go_in_the_ledger(make_tournament, director, time_machine):
    start = timezone.now().replace(microsecond=0)
    time_machine.move_to(start, tick=False)
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    rules = svc.rules_of(svc.rules_row())
    for _ in range(10):
        room, _, _ = svc.load_room(timezone.now())
        push = svc.rot.next_push(room, rules, timezone.now())
        assert push.at is not None
        time_machine.move_to(push.at, tick=False)
        svc.dealer_push_confirm(actor=director, expected_at=push.at)
    assert DealerBreak.objects.exists()
    for down in DealerDown.objects.exclude(ended_at=None):
        assert down.ended_at > down.started_at


def test_swap_by_hand_and_the_engine_keeps_the_rest(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    spare = staff(director, 3)
    out = Dealer.objects.get(status="out")
    table = Table.objects.get(tournament=t, number=1)
    before = dealing(t)
    svc.dealer_swap(actor=director, table_id=table.pk, dealer_id=out.pk)
    after = dealing(t)
    assert after[1] == out.pk and after[2] == before[2]
    assert Dealer.objects.get(pk=before[1]).status == "out"
    assert len(spare) == 3
    with pytest.raises(ServiceError, match="is dealing"):
        svc.dealer_swap(actor=director, table_id=table.pk, dealer_id=before[2])


def test_clock_out_at_a_table_hands_it_to_the_next_and_early_out_is_kept(make_tournament,
                                                                           director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 6, 1)
    staff(director, 2)
    at_table = Dealer.objects.get(status="dealing")
    svc.dealer_clock_out(actor=director, dealer_id=at_table.pk, early=True)
    assert Dealer.objects.get(status="dealing").pk != at_table.pk
    shift = DealerShift.objects.get(dealer=at_table)
    assert shift.clocked_out_at is not None and shift.early_out


@pytest.mark.parametrize("values, field", [
    ({"name": ""}, "name"), ({"name": "x" * 81}, "name"), ({"name_zh": "字" * 41}, "name_zh"),
    ({"games": []}, "games"), ({"games": ["poker"]}, "games"), ({"language": "fr"}, "language"),
    ({"phone": "1" * 40}, "phone"),
])
def test_roster_inputs_are_bounded(director, values, field):
    with pytest.raises(ServiceError) as refused:
        svc.dealer_add(actor=director, **({"name": "Ann"} | values))
    assert refused.value.field == field
    assert not Dealer.objects.exists() and not AuditEvent.objects.filter(
        kind="dealer_added").exists()


def test_hand_for_hand_holds_the_pushes(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    floor.hand_for_hand_set(actor=director, tournament_id=t.pk, on=True)
    room, _, _ = svc.load_room(timezone.now())
    assert svc.rot.next_push(room, svc.rules_of(svc.rules_row()), timezone.now()).at is None


# --- The rotation rules, set by the director ---------------------------------------------

RULES = {"down_minutes": 20, "min_downs": 2, "max_downs": 2, "break_minutes": 15,
         "quiet_seconds": 90}


def test_the_director_sets_the_rules_and_the_next_push_follows_them(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    before = svc.rules_of(svc.rules_read())
    event = dealer_rules.dealer_rules_set(actor=director, **RULES)
    row = svc.rules_read()
    assert {name: getattr(row, name) for name in RULES} == RULES
    assert event.kind == "dealer_rules_changed" and event.tournament_id is None
    assert event.payload == {"before": {"down_minutes": 30, "min_downs": 2, "max_downs": 3,
                                        "break_minutes": 20, "quiet_seconds": 90},
                             "after": RULES}
    # A dealer who goes in from now deals a 20-minute down.
    rules = svc.rules_of(row)
    assert rules.down == timedelta(minutes=20) != before.down
    assert rules.break_length == timedelta(minutes=15) and rules.max_downs == 2


@pytest.mark.parametrize(("change", "field"), [
    ({"down_minutes": 9}, "down_minutes"),
    ({"down_minutes": 121}, "down_minutes"),
    ({"min_downs": 0}, "min_downs"),
    ({"max_downs": 9}, "max_downs"),
    ({"min_downs": 3, "max_downs": 2}, "max_downs"),
    ({"break_minutes": 4}, "break_minutes"),
    ({"quiet_seconds": -1}, "quiet_seconds"),
    ({"quiet_seconds": 301}, "quiet_seconds"),
])
def test_rules_out_of_bounds_are_refused_and_change_nothing(director, change, field):
    with pytest.raises(ServiceError) as refused:
        dealer_rules.dealer_rules_set(actor=director, **(RULES | change))
    assert refused.value.field == field
    row = svc.rules_read()
    assert (row.down_minutes, row.max_downs, row.break_minutes) == (30, 3, 20)
    assert not AuditEvent.objects.filter(kind="dealer_rules_changed").exists()


def test_the_same_rules_again_are_refused_as_no_change(director):
    dealer_rules.dealer_rules_set(actor=director, **RULES)
    with pytest.raises(ServiceError, match="Nothing changed"):
        dealer_rules.dealer_rules_set(actor=director, **RULES)
    assert AuditEvent.objects.filter(kind="dealer_rules_changed").count() == 1
