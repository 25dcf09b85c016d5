"""Every kind of push a player's phone gets, sent for real to the test push service
(it checks the VAPID signature and decrypts the payload): seated from every path that
seats someone, out with the place and the prize of the ledger, the bubble, the Day 2 seat."""

from __future__ import annotations

import random

import pytest
from django.contrib.humanize.templatetags.humanize import intcomma

from tables.models import Move, Table
from tables.services import busts, busts_undo, tables_add
from tables.services import floor as floor_services
from tables.services.reseat import entry_seat
from tournament.models import Entry, PushSubscription
from tournament.player_links import player_page_path
from tournament.selectors.money import prizes_by_entry
from tournament.services.clock import clock_start
from tournament.services.days import day_end, day_seal
from tournament.services.events import day2_create, event_create, event_flight_add
from tournament.services.registration import entries_import, seats_draw
from tournament.services.unregister import entry_reinstate, entry_unregister

from .test_days_and_events import bag_everyone
from .test_push import subscribe

pytestmark = pytest.mark.usefixtures("push_in_line")


def messages(push_service, entry: Entry, kind: str | None = None) -> list[dict]:
    return [r.message for r in push_service.delivered()
            if r.path.endswith(f"/e{entry.pk}") and kind in (None, r.message["kind"])]


def subscribe_all(push_service, tournament, language: str = "en") -> None:
    for e in Entry.objects.filter(tournament=tournament):
        assert subscribe(e, push_service.subscription(f"e{e.pk}"),
                         language=language).status_code == 200


def seat_of(entry: Entry) -> str:
    entry.refresh_from_db()
    return f"Your seat: table {entry.table.number}, seat {entry.seat}"


@pytest.mark.django_db
def test_every_path_that_seats_a_player_pushes_the_seat(
        make_tournament, director, floor_user, push_service, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(15)])
    subscribe_all(push_service, t)
    # The draw: twelve seats for fifteen; the three left wait, and hear nothing yet.
    with django_capture_on_commit_callbacks(execute=True):
        seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
    seated = list(Entry.objects.filter(tournament=t, status="seated"))
    first, second, third = Entry.objects.filter(tournament=t, status="waiting").order_by("number")
    assert len(seated) == 12
    for e in seated:
        [message] = messages(push_service, e)
        assert message["title"] == seat_of(e) and message["kind"] == "seated"
        assert message["url"] == player_page_path(tournament_id=t.pk, entry_id=e.pk)
    assert not messages(push_service, first)
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=t.pk, actor=director)
    # A bust frees a seat: the first on the waiting list is seated, and told.
    victim = seated[0]
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    assert [m["title"] for m in messages(push_service, first, "seated")] == [seat_of(first)]
    # The floor seats an alternate over a table's size ("Seat now"): told.
    with django_capture_on_commit_callbacks(execute=True):
        entry_seat(actor=floor_user, tournament_id=t.pk, entry_id=second.pk)
    assert [m["title"] for m in messages(push_service, second, "seated")] == [seat_of(second)]
    # Unregistered, then reinstated: their own seat again (or a new one), told again.
    other = seated[1]
    with django_capture_on_commit_callbacks(execute=True):
        entry_unregister(actor=director, tournament_id=t.pk, entry_id=other.pk)
    with django_capture_on_commit_callbacks(execute=True):
        entry_reinstate(actor=director, tournament_id=t.pk, entry_id=other.pk)
    titles = [m["title"] for m in messages(push_service, other, "seated")]
    assert len(titles) == 2 and titles[-1] == seat_of(other)
    assert not push_service.refused


@pytest.fixture
def paid_field(make_tournament, director, push_service, django_capture_on_commit_callbacks):
    """Twelve players who paid 1,000 each on two six-seat tables, all subscribed, playing."""
    t = make_tournament(seats_per_table=6, final_table_size=6, buy_in=1000)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(12)])
    with django_capture_on_commit_callbacks(execute=True):
        seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
        clock_start(tournament_id=t.pk, actor=director)
    return t


def bust_down_to(t, floor_user, left: int, capture) -> list[Entry]:
    busted = []
    while Entry.objects.filter(tournament=t, status="seated").count() > left:
        victim = Entry.objects.filter(tournament=t, status="seated").order_by("-number").first()
        with capture(execute=True):
            busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk,
                                      rng=random.Random(2))
        busted.append(victim)
    return busted


@pytest.mark.django_db
def test_out_is_pushed_with_the_place_and_the_prize_of_the_ledger_and_where_to_collect(
        paid_field, director, floor_user, push_service, django_capture_on_commit_callbacks):
    t = paid_field
    subscribe_all(push_service, t, language="en")
    chinese = Entry.objects.filter(tournament=t).order_by("number")[1]
    PushSubscription.objects.filter(entry=chinese).update(language="zh-hans")
    busted = bust_down_to(t, floor_user, 1, django_capture_on_commit_callbacks)
    prizes = prizes_by_entry(t)
    paid = [e for e in busted if prizes.get(e.pk)]
    assert paid and len(paid) < len(busted)  # some out in the money, some before it
    for e in busted:
        e.refresh_from_db()
        [message] = messages(push_service, e, "out")
        if e == chinese:
            assert message["title"] == f"您的最终名次为第 {e.finish_place} 名。"
            assert message["body"] == (f"奖金：{intcomma(prizes[e.pk])}。请携带收据和身份证件到收银台领取。"
                                       if prizes.get(e.pk) else "")
            continue
        assert message["title"] == f"You finished in place {e.finish_place}."
        if prizes.get(e.pk):
            assert message["body"] == (f"Prize: {intcomma(prizes[e.pk])}. Collect it at the cage "
                                       "(the cashier), with your receipt and an ID.")
        else:
            assert message["body"] == ""


@pytest.mark.django_db
def test_the_bubble_burst_is_pushed_once_to_everyone_still_in(
        paid_field, director, floor_user, push_service, django_capture_on_commit_callbacks):
    from tournament.selectors.payouts import field_figures, payout_table

    t = paid_field
    subscribe_all(push_service, t)
    paid = len(payout_table(t, field_figures(t)))
    assert 1 < paid < 11
    bust_down_to(t, floor_user, paid + 1, django_capture_on_commit_callbacks)
    assert not [r for r in push_service.delivered() if r.message["kind"] == "bubble"]
    bust_down_to(t, floor_user, paid, django_capture_on_commit_callbacks)
    still_in = list(Entry.objects.filter(tournament=t, status="seated"))
    told = [r for r in push_service.delivered() if r.message["kind"] == "bubble"]
    assert sorted(r.path for r in told) == sorted(f"/ok/e{e.pk}" for e in still_in)
    assert told[0].message["title"] == "The bubble has burst: everyone left is in the money"
    bust_down_to(t, floor_user, paid - 1, django_capture_on_commit_callbacks)
    assert len([r for r in push_service.delivered() if r.message["kind"] == "bubble"]) == len(told)


@pytest.mark.django_db
def test_the_day2_seat_is_pushed_and_the_phone_follows_its_day2_entry(
        make_tournament, director, floor_user, push_service, django_capture_on_commit_callbacks):
    event = event_create(actor=director, name="Main Event")
    t = make_tournament(name="Day 1A")
    event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(12)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=director)
    day_end(actor=director, tournament_id=t.pk)
    bag_everyone(t, floor_user)
    day_seal(actor=director, tournament_id=t.pk)
    ann, bob = Entry.objects.filter(tournament=t).order_by("number")[:2]
    subscribe(ann, push_service.subscription(f"e{ann.pk}"))
    subscribe(bob, push_service.subscription(f"e{bob.pk}"), language="zh-hans")
    with django_capture_on_commit_callbacks(execute=True):
        day2 = day2_create(actor=director, event_id=event.pk, rng=random.Random(5))
    for day1, title in ((ann, "Your Day 2 seat: table {t}, seat {s}"),
                        (bob, "您第二天的座位：{t} 号桌 {s} 号座位")):
        to = Entry.objects.select_related("table").get(tournament=day2, carried_from__from_entry=day1)
        [got] = [r.message for r in push_service.delivered()
                 if r.path == f"/ok/e{day1.pk}" and r.message["kind"] == "day2"]
        assert got["title"] == title.format(t=to.table.number, s=to.seat)
        # The link of the Day 2 entry, of the same form as Day 1's; the phone now follows it.
        assert got["url"] == player_page_path(tournament_id=day2.pk, entry_id=to.pk)
        assert PushSubscription.objects.filter(entry=to).count() == 1
    assert not push_service.refused


@pytest.mark.django_db
def test_a_bust_undone_tells_the_mover_to_stay_and_the_player_their_seat_again(
        make_tournament, director, floor_user, push_service, django_capture_on_commit_callbacks):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    entries_import(actor=director, tournament_id=t.pk, names=[f"P{i:02d}" for i in range(14)])
    seats_draw(actor=director, tournament_id=t.pk, rng=random.Random(1))
    clock_start(tournament_id=t.pk, actor=director)
    for move in Move.objects.filter(tournament=t, status="pending"):
        floor_services.move_confirm(actor=director, tournament_id=t.pk, move_id=move.pk)
    subscribe_all(push_service, t)
    smallest = min(Table.objects.filter(tournament=t, status="open"),
                   key=lambda table: table.entries.filter(status="seated").count())
    first, victim = Entry.objects.filter(table=smallest, status="seated")[:2]
    seat = (smallest.number, victim.seat)
    busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=first.pk)
    with django_capture_on_commit_callbacks(execute=True):  # three short: the table breaks
        bust = busts.entry_bust(actor=floor_user, tournament_id=t.pk,
                                         entry_id=victim.pk, rng=random.Random(3))
    moves = list(Move.objects.filter(caused_by=bust.event, status="pending")
                 .select_related("entry", "from_table"))
    assert moves
    for move in moves:
        assert [m["kind"] for m in messages(push_service, move.entry)] == ["breaking"]
    with django_capture_on_commit_callbacks(execute=True):
        busts_undo.entry_bust_undo(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk)
    for move in moves:
        stay = messages(push_service, move.entry)[-1]
        assert stay["kind"] == "stay" and stay["title"] == (
            f"Your move is withdrawn: you stay at table {move.from_table.number}, "
            f"seat {move.from_seat}")
    assert [m["kind"] for m in messages(push_service, victim)] == ["out", "seated"]
    assert messages(push_service, victim)[-1]["title"] == (
        f"Your seat: table {seat[0]}, seat {seat[1]}")
