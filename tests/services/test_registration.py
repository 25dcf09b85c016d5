"""Registration: buy-ins, re-entries, late registration, waiting list, races, the draw."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connections

from tables.services import tables_add
from tournament.models import AuditEvent, Entry, Payment, Player
from tournament.selectors.payouts import field_figures
from tournament.services import registration as reg
from tournament.services import unregister
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_register_takes_the_buy_in_and_draws_a_seat(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    entry = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada Chen",
                               rng=random.Random(1))
    assert entry.status == "seated" and entry.table.number in (1, 2) and 1 <= entry.seat <= 9
    payment = Payment.objects.get(entry=entry)
    assert (payment.amount, payment.fee, payment.chips) == (100, 0, 20000)
    figures = field_figures(tournament)
    assert (figures.entries, figures.prize_pool, figures.chips_in_play) == (1, 100, 20000)
    assert AuditEvent.objects.filter(kind="entry_registered", payload__entry=entry.pk).exists()


@pytest.mark.django_db
def test_a_full_room_puts_players_on_the_waiting_list_and_seats_them_as_seats_open(
        make_tournament, director):
    t = make_tournament(seats_per_table=2, final_table_size=2, re_entry_allowed=True)
    tables_add(actor=director, tournament_id=t.pk, count=2)
    entries = [reg.entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i}")
               for i in range(5)]
    assert [e.status for e in entries] == ["seated"] * 4 + ["waiting"]
    # Before the start a freed seat waits for the director's draw (issue 22.3) ...
    unregister.entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[1].pk)
    entries[4].refresh_from_db()
    assert entries[4].status == "waiting"
    unregister.entry_reinstate(actor=director, tournament_id=t.pk, entry_id=entries[1].pk)
    # ... once started, the alternate takes it.
    clock_start(tournament_id=t.pk, actor=director)
    unregister.entry_unregister(actor=director, tournament_id=t.pk, entry_id=entries[0].pk)
    entries[4].refresh_from_db()
    assert entries[4].status == "seated"
    assert Payment.objects.get(entry=entries[0], kind="refund").amount == -100


@pytest.mark.django_db
def test_re_entry_rules(make_tournament, director):
    t = make_tournament(re_entry_allowed=True, re_entry_limit=1)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    first = reg.entry_register(actor=director, tournament_id=t.pk, player_name="Ada")
    with pytest.raises(ServiceError, match="already has a live entry"):
        reg.entry_register(actor=director, tournament_id=t.pk, player_id=first.player_id)
    Entry.objects.filter(pk=first.pk).update(status="busted", table=None, seat=None)
    second = reg.entry_register(actor=director, tournament_id=t.pk, player_id=first.player_id)
    assert (second.attempt, second.number) == (2, 2)
    Entry.objects.filter(pk=second.pk).update(status="busted", table=None, seat=None)
    with pytest.raises(ServiceError, match="used all 1 re-entries"):
        reg.entry_register(actor=director, tournament_id=t.pk, player_id=first.player_id)


@pytest.mark.django_db
def test_late_registration_closes_at_the_end_of_its_level(make_tournament, director, time_machine):
    t = make_tournament(late_reg_end_level=1)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    time_machine.move_to(T0, tick=False)
    clock_start(tournament_id=t.pk, actor=director)
    time_machine.move_to(T0 + timedelta(seconds=599), tick=False)
    reg.entry_register(actor=director, tournament_id=t.pk, player_name="Just in time")
    time_machine.move_to(T0 + timedelta(seconds=601), tick=False)
    before = Entry.objects.count()
    with pytest.raises(ServiceError, match="closed at the end of level 1"):
        reg.entry_register(actor=director, tournament_id=t.pk, player_name="Too late")
    assert Entry.objects.count() == before


@pytest.mark.django_db
def test_rebuy_and_add_on_where_allowed(make_tournament, director):
    t = make_tournament(rebuy_allowed=True, rebuy_amount=100, rebuy_chips=20000,
                        addon_allowed=True, addon_amount=50, addon_chips=30000)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    e = reg.entry_register(actor=director, tournament_id=t.pk, player_name="Ada")
    reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=e.pk)
    reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=e.pk, addon=True)
    with pytest.raises(ServiceError, match="add-on already"):
        reg.entry_rebuy(actor=director, tournament_id=t.pk, entry_id=e.pk, addon=True)
    figures = field_figures(t)
    assert (figures.prize_pool, figures.chips_in_play) == (250, 70000)


@pytest.mark.django_db
def test_no_rebuys_when_not_allowed(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    e = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Ada")
    with pytest.raises(ServiceError, match="no rebuys"):
        reg.entry_rebuy(actor=director, tournament_id=tournament.pk, entry_id=e.pk)


@pytest.mark.django_db
def test_import_then_draw_seats_everyone_evenly_on_the_fewest_tables(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=10)
    reg.entries_import(actor=director, tournament_id=tournament.pk,
                       names=[f"Player {i}" for i in range(40)])
    assert reg.seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(3)) == 40
    counts: dict[int, int] = {}
    for n in Entry.objects.filter(tournament=tournament).values_list("table__number", flat=True):
        counts[n] = counts.get(n, 0) + 1
    assert len(counts) == 5 and max(counts.values()) - min(counts.values()) <= 1


@pytest.mark.django_db
@pytest.mark.parametrize("emails, phones, message", [
    (["a@example.com"], None, "Every line needs its own email and phone"),
    (["not-an-email", ""], None, "is not an email address"),
    (None, ["", "call me"], "A phone number has digits"),
    (None, ["", "1" * 41], "A phone number has digits"),
])
def test_import_refuses_bad_contact_details_and_writes_nothing(tournament, director, emails,
                                                              phones, message):
    with pytest.raises(ServiceError, match=message):
        reg.entries_import(actor=director, tournament_id=tournament.pk, names=["Ada", "Bo"],
                           emails=emails, phones=phones)
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert not Player.objects.filter(name__in=["Ada", "Bo"]).exists()


@pytest.mark.django_db(transaction=True)
def test_two_cashiers_at_once_never_share_a_seat(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    errors = []

    def register(i):
        try:
            reg.entry_register(actor=director, tournament_id=tournament.pk, player_name=f"R{i}")
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(i,)) for i in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    assert errors == []
    seats = list(Entry.objects.filter(status="seated").values_list("table_id", "seat"))
    assert len(seats) == 12 and len(set(seats)) == 12
    numbers = sorted(Entry.objects.values_list("number", flat=True))
    assert numbers == list(range(1, 13))


@pytest.mark.django_db
def test_entries_after_a_bust_push_its_place_down(make_tournament, director):
    from tables.services import busts

    t = make_tournament(re_entry_allowed=True)
    tables_add(actor=director, tournament_id=t.pk, count=1)
    ada = reg.entry_register(actor=director, tournament_id=t.pk, player_name="Ada")
    bob = reg.entry_register(actor=director, tournament_id=t.pk, player_name="Bob")
    reg.entry_register(actor=director, tournament_id=t.pk, player_name="Cleo")
    assert busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=ada.pk).place == 3
    again = reg.entry_register(actor=director, tournament_id=t.pk, player_id=ada.player_id)
    ada.refresh_from_db()
    assert ada.finish_place == 4  # the re-entry outlasts Ada's first entry
    assert busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=bob.pk).place == 3
    assert busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=again.pk).place == 2
    places = sorted(Entry.objects.filter(tournament=t).values_list("finish_place", flat=True))
    assert places == [1, 2, 3, 4]
