"""Reservations before the day (issue 23, item 3): made, checked, lapsed, used once."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tables.services import tables_add
from tournament.models import AuditEvent, Player, Reservation
from tournament.services.base import ServiceError
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register, player_create
from tournament.services.reservations import (
    kiosk_end,
    kiosk_start,
    reservation_cancel,
    reservation_create,
)
from tournament.services.tournaments import tournament_update
from tournament.services.unregister import entry_unregister

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(tournament, director):
    tournament_update(actor=director, tournament_id=tournament.pk,
                      values={"reservations_open": True})
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    tournament.refresh_from_db()
    return tournament


def reserve(tournament, **values):
    values = {"name": "Ana Souza", "email": "ana@example.com", "language": "zh-hans"} | values
    return reservation_create(actor=None, tournament_id=tournament.pk, **values)


def test_a_reservation_keeps_name_contact_and_language_and_is_logged_without_the_contact(
        open_event):
    reservation = reserve(open_event, phone="+55 11 5555-0101")
    assert (reservation.name, reservation.email, reservation.phone, reservation.language) == (
        "Ana Souza", "ana@example.com", "+55 11 5555-0101", "zh-hans")
    assert len(reservation.code) == 6
    event = AuditEvent.objects.get(kind=AuditEvent.Kind.RESERVATION_MADE)
    assert event.payload["name"] == "Ana Souza"
    assert "ana@example.com" not in str(event.payload)
    assert "5555" not in str(event.payload)


def test_no_reservation_while_the_public_page_is_closed_but_the_kiosk_takes_one(tournament):
    with pytest.raises(ServiceError, match="takes no reservations"):
        reserve(tournament)
    assert reserve(tournament, at_kiosk=True).at_kiosk
    assert Reservation.objects.count() == 1


@pytest.mark.parametrize("values, message", [
    ({"email": "", "phone": ""}, "email address or a phone"),
    ({"email": "not-an-email"}, "is not an email address"),
    ({"phone": "call me maybe"}, "phone number has digits"),
    ({"name": "   "}, "needs a name"),
    ({"name": "x" * 121}, "at most 120"),
    ({"name": "Ana\x00"}, "control characters"),
    ({"language": "klingon"}, "Choose a language"),
])
def test_bad_input_is_refused_and_nothing_is_written(open_event, values, message):
    before = AuditEvent.objects.count()
    with pytest.raises(ServiceError, match=message):
        reserve(open_event, **values)
    assert Reservation.objects.count() == 0
    assert AuditEvent.objects.count() == before


def test_the_same_name_and_contact_again_is_the_same_reservation(open_event):
    first = reserve(open_event)
    again = reserve(open_event, name="  ana   souza ")
    assert again.pk == first.pk
    other = reserve(open_event, email="another@example.com")
    assert other.pk != first.pk
    assert AuditEvent.objects.filter(kind=AuditEvent.Kind.RESERVATION_MADE).count() == 2


def test_codes_are_unique_in_a_tournament(open_event):
    # The same seed twice draws the same first code: the second draw moves on.
    first = reserve(open_event, rng=random.Random(7))
    second = reserve(open_event, name="Bo Li", rng=random.Random(7))
    assert first.code != second.code


def test_names_are_checked_against_known_players_with_the_desks_look_alike_rule(
        open_event, director):
    player_create(actor=director, name="Daniel Negreanu")
    reservation = reserve(open_event, name="Daniel Negranu")
    assert reservation.look_alikes == ["Daniel Negreanu"]
    assert reserve(open_event, name="Someone Else").look_alikes == []


def test_a_reservation_with_a_hold_lapses_after_it_and_the_desk_refuses_it(
        open_event, director, time_machine):
    time_machine.move_to(timezone.now(), tick=False)
    tournament_update(actor=director, tournament_id=open_event.pk,
                      values={"reservation_hold_hours": 2})
    reservation = reserve(open_event)
    assert reservation.expires_at == reservation.made_at + timedelta(hours=2)
    time_machine.shift(timedelta(hours=2, seconds=1))
    with pytest.raises(ServiceError, match="lapsed"):
        entry_register(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)
    assert not open_event.entries.exists()


def test_every_reservation_lapses_when_late_registration_closes(open_event, director,
                                                                 time_machine):
    time_machine.move_to(timezone.now(), tick=False)
    tournament_update(actor=director, tournament_id=open_event.pk,
                      values={"late_reg_end_level": 2})
    reservation = reserve(open_event)
    assert reservation.expires_at is None
    clock_start(tournament_id=open_event.pk, actor=director)
    time_machine.shift(timedelta(minutes=21))  # level 2 (ten minutes each) is over
    with pytest.raises(ServiceError, match="Late registration closed"):
        entry_register(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)
    with pytest.raises(ServiceError, match="Late registration closed"):
        reserve(open_event, name="Too Late")


def test_the_desk_registers_a_reservation_once_with_its_contact_and_language(
        open_event, director):
    reservation = reserve(open_event, phone="+86 138 0000 0000")
    entry = entry_register(actor=director, tournament_id=open_event.pk,
                           player_name="typed over", reservation_id=reservation.pk,
                           method="card")
    player = entry.player
    assert (player.name, player.email, player.phone, player.language) == (
        "Ana Souza", "ana@example.com", "+86 138 0000 0000", "zh-hans")
    reservation.refresh_from_db()
    assert reservation.entry == entry and reservation.used_at is not None
    event = AuditEvent.objects.get(kind=AuditEvent.Kind.ENTRY_REGISTERED)
    assert event.payload["reservation"] == reservation.pk
    with pytest.raises(ServiceError, match=rf"used already: Ana Souza is entry #{entry.number}"):
        entry_register(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)
    assert open_event.entries.count() == 1


def test_a_known_player_picked_at_the_desk_keeps_their_contact_and_gains_the_missing(
        open_event, director):
    player_create(actor=director, name="Ana Souza", email="old@example.com")
    known = Player.objects.get(name="Ana Souza")
    reservation = reserve(open_event, phone="+1 555 0100")
    entry = entry_register(actor=director, tournament_id=open_event.pk, player_id=known.pk,
                           reservation_id=reservation.pk)
    known.refresh_from_db()
    assert entry.player == known
    assert (known.email, known.phone, known.language) == ("old@example.com", "+1 555 0100",
                                                          "zh-hans")


def test_a_registration_taken_back_frees_its_reservation(open_event, director):
    reservation = reserve(open_event)
    entry = entry_register(actor=director, tournament_id=open_event.pk,
                           reservation_id=reservation.pk)
    entry_unregister(actor=director, tournament_id=open_event.pk, entry_id=entry.pk)
    again = entry_register(actor=director, tournament_id=open_event.pk,
                           reservation_id=reservation.pk)
    reservation.refresh_from_db()
    assert reservation.entry == again


def test_a_reservation_of_another_tournament_is_refused(open_event, director, make_tournament):
    other = make_tournament(name="Other", reservations_open=True)
    reservation = reserve(other)
    with pytest.raises(ServiceError, match="does not exist in this tournament"):
        entry_register(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)


def test_a_cancelled_reservation_is_refused_at_the_desk(open_event, director):
    reservation = reserve(open_event)
    reservation_cancel(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)
    with pytest.raises(ServiceError, match="was cancelled"):
        entry_register(actor=director, tournament_id=open_event.pk,
                       reservation_id=reservation.pk)
    with pytest.raises(ServiceError, match="was cancelled"):
        reservation_cancel(actor=director, tournament_id=open_event.pk,
                           reservation_id=reservation.pk)


def test_a_tournament_takes_a_bounded_number_of_reservations(open_event, monkeypatch):
    monkeypatch.setattr("tournament.services.reservations.RESERVATIONS_MAX", 2)
    reserve(open_event, name="One")
    reserve(open_event, name="Two")
    with pytest.raises(ServiceError, match="all the reservations it can take"):
        reserve(open_event, name="Three")
    assert Reservation.objects.count() == 2


def test_the_kiosk_opening_and_closing_are_logged(tournament, director):
    kiosk_start(actor=director, tournament_id=tournament.pk)
    kiosk_end(actor=director, tournament_id=tournament.pk, made=3)
    kinds = list(AuditEvent.objects.filter(tournament=tournament).order_by("id")
                 .values_list("kind", "payload"))[-2:]
    assert kinds == [("kiosk_started", {"reservations": 0}), ("kiosk_ended", {"made": 3})]


def test_the_seat_message_goes_in_the_language_chosen_when_reserving(
        open_event, director, django_capture_on_commit_callbacks):
    from django.core import mail

    chinese = reserve(open_event, name="王小明", email="wang@example.com")
    english = reserve(open_event, name="Bo Li", email="bo@example.com", language="en")
    with django_capture_on_commit_callbacks(execute=True):
        wang = entry_register(actor=director, tournament_id=open_event.pk,
                              reservation_id=chinese.pk)
        bo = entry_register(actor=director, tournament_id=open_event.pk,
                            reservation_id=english.pk)
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects["wang@example.com"] == (
        f"您的座位：{wang.table.number} 号桌，{wang.seat} 号座位")
    assert subjects["bo@example.com"] == f"Your seat: table {bo.table.number}, seat {bo.seat}"


@pytest.mark.parametrize("typed", ["", "ana", "ABC234"])
def test_the_desks_panel_costs_the_same_queries_for_5_or_40_reservations(
        open_event, django_assert_num_queries, typed):
    from tournament.selectors.reservations import desk_reservations

    for count in (5, 40):
        for i in range(len(Reservation.objects.all()), count):
            reserve(open_event, name=f"Ana {i:03d}")
        with django_assert_num_queries(3):
            panel = desk_reservations(open_event, typed, registration_closed=False,
                                      now=timezone.now())
        assert panel.active == count
        assert len(panel.rows) == (0 if typed == "ABC234" else min(count, 20))
