"""Issue 22.3: unregistering one entry frees one seat and seats at most one waiting player,
only once the tournament has started; every seating sends its notice (the draw included)."""

from __future__ import annotations

import random

import pytest
from django.core import mail

from tables.services import tables_add
from tournament.models import AuditEvent, Entry
from tournament.services import registration as reg
from tournament.services import unregister
from tournament.services.clock import clock_start

pytestmark = pytest.mark.django_db


def waiting(tournament) -> list[str]:
    return list(Entry.objects.filter(tournament=tournament, status="waiting")
                .order_by("waiting_since", "number").values_list("player__name", flat=True))


def test_before_the_draw_an_unregister_seats_nobody_from_the_waiting_list(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    early = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Early",
                               rng=random.Random(1))
    reg.entries_import(actor=director, tournament_id=tournament.pk,
                       names=[f"Imported {i:02d}" for i in range(12)])
    unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=early.pk,
                                rng=random.Random(2))
    assert len(waiting(tournament)) == 12  # the director's draw is still to come
    assert not Entry.objects.filter(tournament=tournament, status="seated").exists()
    event = AuditEvent.objects.filter(kind="entry_unregistered").get()
    assert event.payload["seated"] is None


def test_once_started_an_unregister_seats_the_first_waiting_player_only(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    rng = random.Random(3)
    seated = [reg.entry_register(actor=director, tournament_id=tournament.pk,
                                 player_name=f"Seated {i}", rng=rng) for i in range(5)]
    clock_start(tournament_id=tournament.pk, actor=director)
    reg.entries_import(actor=director, tournament_id=tournament.pk,
                       names=["First in line", "Second in line", "Third in line"])
    unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=seated[0].pk,
                                rng=rng)
    assert waiting(tournament) == ["Second in line", "Third in line"]
    first = Entry.objects.get(player__name="First in line")
    assert first.status == "seated" and first.table is not None
    assert Entry.objects.filter(tournament=tournament, status="seated").count() == 5


def test_unregistering_a_waiting_entry_frees_no_seat_and_seats_nobody(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    rng = random.Random(4)
    for i in range(5):
        reg.entry_register(actor=director, tournament_id=tournament.pk, player_name=f"S{i}",
                           rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    reg.entries_import(actor=director, tournament_id=tournament.pk, names=["Wait A", "Wait B"])
    leaving = Entry.objects.get(player__name="Wait A")
    unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=leaving.pk)
    assert waiting(tournament) == ["Wait B"]


def test_the_draw_sends_every_imported_player_with_an_email_their_seat(
        tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    reg.entries_import(actor=director, tournament_id=tournament.pk,
                       names=["Ada", "Bo", "Cy"], emails=["ada@example.com", "", "cy@example.com"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        reg.seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(5))
    assert sorted(m.to[0] for m in mail.outbox) == ["ada@example.com", "cy@example.com"]
    ada = Entry.objects.select_related("table").get(player__name="Ada")
    message = next(m for m in mail.outbox if m.to == ["ada@example.com"])
    assert message.subject == f"Your seat: table {ada.table.number}, seat {ada.seat}"


def test_an_alternate_seated_by_an_unregister_gets_their_seat_by_email(
        tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    rng = random.Random(6)
    first = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Leaves",
                               rng=rng)
    # A third player: none of the last two can be taken back once started.
    reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Stays", rng=rng)
    clock_start(tournament_id=tournament.pk, actor=director)
    reg.entries_import(actor=director, tournament_id=tournament.pk, names=["Alternate"],
                       emails=["alt@example.com"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        unregister.entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=first.pk,
                                    rng=rng)
    alternate = Entry.objects.select_related("table").get(player__name="Alternate")
    assert [m.to for m in mail.outbox] == [["alt@example.com"]]
    assert mail.outbox[0].subject == (
        f"Your seat: table {alternate.table.number}, seat {alternate.seat}")


def test_a_buy_in_at_the_desk_still_sends_one_seat_message(
        tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    with django_capture_on_commit_callbacks(execute=True):
        reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Desk",
                           email="desk@example.com")
    assert [m.to for m in mail.outbox] == [["desk@example.com"]]
