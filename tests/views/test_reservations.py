"""Reservations before the day (issue 23, item 3): the public page, its confirmation,
the desk's panel (scan, code, name) and the entrance kiosk."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.models import AuditEvent, Entry, Reservation
from tournament.player_links import player_page_path, reservation_page_path
from tournament.services.registration import player_create
from tournament.services.reservations import reservation_create
from tournament.services.tournaments import tournament_update
from tournament.views.reservations import KIOSK_COOKIE, RESERVE_TRIES

pytestmark = pytest.mark.django_db

ANA = {"name": "Ana Souza", "email": "ana@example.com", "phone": "", "language": "zh-hans"}


@pytest.fixture
def open_event(tournament, director):
    tournament_update(actor=director, tournament_id=tournament.pk,
                      values={"reservations_open": True})
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def desk(cashier):
    client = Client()
    client.force_login(cashier)
    return client


def reserve_url(tournament) -> str:
    return reverse("reservation_new", args=[tournament.pk])


def page_of(reservation) -> str:
    return reservation_page_path(tournament_id=reservation.tournament_id,
                                 reservation_id=reservation.pk)


def test_the_public_page_is_a_404_until_the_director_opens_it(tournament, director):
    from tests.views.test_bounded_inputs import settings_data

    assert Client().get(reserve_url(tournament)).status_code == 404
    assert Client().post(reserve_url(tournament), ANA).status_code == 404
    assert not Reservation.objects.exists()
    assert "data-reserve-link" not in Client().get(reverse("home")).content.decode()
    client = Client()
    client.force_login(director)
    edit = reverse("tournament_edit", args=[tournament.pk])
    assert 'name="reservations_open"' in client.get(edit).content.decode()
    saved = client.post(edit, settings_data(tournament) | {"reservations_open": "on",
                                                           "reservation_hold_hours": "3"})
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert tournament.reservations_open and tournament.reservation_hold_hours == 3
    assert Client().get(reserve_url(tournament)).status_code == 200
    assert reserve_url(tournament) in Client().get(reverse("home")).content.decode()


def test_a_player_reserves_and_gets_a_page_with_a_qr_and_a_code_and_no_payment(open_event):
    client = Client()
    page = client.get(reserve_url(open_event))
    assert page.status_code == 200
    assert "pay the buy-in (100) there" in page.content.decode()
    response = client.post(reserve_url(open_event), ANA)
    reservation = Reservation.objects.get()
    assert response.status_code == 302 and response["Location"] == page_of(reservation)
    confirmation = client.get(response["Location"])
    html = confirmation.content.decode()
    assert confirmation.status_code == 200
    assert "<svg" in html and reservation.code in html
    assert "nothing is paid online" in html
    assert confirmation["Cache-Control"] == "no-store"
    assert reservation.language == "zh-hans" and not reservation.at_kiosk


@pytest.mark.parametrize("change, message", [
    ({"name": ""}, "This field is required."),
    ({"name": "x" * 121}, "at most 120 characters"),
    ({"email": "", "phone": ""}, "email address or a phone number"),
    ({"email": "a" * 250 + "@example.com"}, "at most 254 characters"),
    ({"phone": "9" * 41}, "at most 40 characters"),
    ({"phone": "<script>", "email": ""}, "phone number has digits"),
    ({"language": "fr"}, "Select a valid choice"),
    ({"name": "Ana\x00"}, "Null characters are not allowed"),
])
def test_bad_input_is_refused_on_the_form_and_nothing_is_written(open_event, change, message):
    response = Client().post(reserve_url(open_event), ANA | change)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Reservation.objects.exists()


def test_reserving_is_throttled_per_address_like_the_player_lookup(open_event):
    client = Client()
    for i in range(RESERVE_TRIES):
        client.post(reserve_url(open_event), ANA | {"name": f"Player {i}"})
    assert Reservation.objects.count() == RESERVE_TRIES
    refused = client.post(reserve_url(open_event), ANA | {"name": "One too many"})
    assert refused.status_code == 429
    assert "Too many tries" in refused.content.decode()
    assert Reservation.objects.count() == RESERVE_TRIES
    other_address = Client(REMOTE_ADDR="10.0.0.9").post(reserve_url(open_event),
                                                        ANA | {"name": "Elsewhere"})
    assert other_address.status_code == 302


def test_a_forged_or_other_kind_of_link_is_a_404(open_event):
    reservation = reservation_create(actor=None, tournament_id=open_event.pk, **ANA)
    token = page_of(reservation).split("/")[2]
    assert Client().get(f"/r/{token[:-2]}xx/").status_code == 404
    # A player page's token is signed under another salt: not a reservation's.
    player_token = player_page_path(tournament_id=open_event.pk,
                                    entry_id=reservation.pk).split("/")[2]
    assert Client().get(f"/r/{player_token}/").status_code == 404


def _reserve(tournament, **values):
    return reservation_create(actor=None, tournament_id=tournament.pk, **(ANA | values))


@pytest.mark.parametrize("typed", ["scan", "code", "code spaced", "name"])
def test_the_desk_finds_a_reservation_by_scan_code_or_name(open_event, desk, typed):
    reservation = _reserve(open_event)
    _reserve(open_event, name="Bo Li")
    value = {"scan": "https://floorman.example" + page_of(reservation),
             "code": reservation.code.lower(),
             "code spaced": f"{reservation.code[:3]} {reservation.code[3:]}",
             "name": "souza"}[typed]
    response = desk.get(reverse("desk_reservations", args=[open_event.pk]),
                        {"reservation": value}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-reservation="{reservation.code}"' in html
    assert "Bo Li" not in html
    assert "ana@example.com" in html  # staff see the contact


def test_the_desk_lists_the_waiting_reservations_and_takes_the_buy_in_once(open_event, desk):
    reservation = _reserve(open_event)
    page = desk.get(reverse("registration_desk", args=[open_event.pk]))
    html = page.content.decode()
    assert 'id="desk-reservations"' in html and f'data-reservation="{reservation.code}"' in html
    form = {"reservation": reservation.pk, "name": reservation.name, "method": "card"}
    registered = desk.post(reverse("registration_desk", args=[open_event.pk]), form,
                           HTTP_HX_REQUEST="true")
    assert registered.status_code == 200
    entry = Entry.objects.get()
    assert entry.player.email == "ana@example.com" and entry.player.language == "zh-hans"
    assert f"Ana Souza (entry #{entry.number}): table" in registered.content.decode()
    # The lookup that found it is forgotten: a live refresh does not show it as used.
    assert registered["HX-Push-Url"] == reverse("registration_desk", args=[open_event.pk])
    again = desk.post(reverse("registration_desk", args=[open_event.pk]), form,
                      HTTP_HX_REQUEST="true")
    assert again.status_code == 400
    assert f"This reservation was used already: Ana Souza is entry #{entry.number}." in (
        again.content.decode())
    assert Entry.objects.count() == 1
    scanned = desk.get(reverse("desk_reservations", args=[open_event.pk]),
                       {"reservation": page_of(reservation)}, HTTP_HX_REQUEST="true")
    assert "This reservation was used already" in scanned.content.decode()


def test_a_look_alike_reservation_asks_the_desk_and_keeps_the_reservation(open_event, desk,
                                                                         director):
    player_create(actor=director, name="Ana Sousa")
    reservation = _reserve(open_event)
    form = {"reservation": reservation.pk, "name": reservation.name, "method": "cash"}
    asked = desk.post(reverse("registration_desk", args=[open_event.pk]), form,
                      HTTP_HX_REQUEST="true")
    html = asked.content.decode()
    assert asked.status_code == 409
    assert "Ana Sousa" in html
    assert re.search(rf'name="reservation" value="{reservation.pk}"', html)
    confirmed = desk.post(reverse("registration_desk", args=[open_event.pk]),
                          form | {"confirm_new": "1"}, HTTP_HX_REQUEST="true")
    assert confirmed.status_code == 200
    reservation.refresh_from_db()
    assert reservation.entry.player.name == "Ana Souza"


def test_once_registered_the_reservation_page_leads_to_the_players_own_page(open_event, desk):
    reservation = _reserve(open_event)
    desk.post(reverse("registration_desk", args=[open_event.pk]),
              {"reservation": reservation.pk, "name": "x", "method": "cash"})
    entry = Entry.objects.get()
    html = Client().get(page_of(reservation)).content.decode()
    assert player_page_path(tournament_id=open_event.pk, entry_id=entry.pk) in html
    assert 'data-state="used"' in html


def test_the_desk_cancels_a_reservation(open_event, desk):
    reservation = _reserve(open_event)
    response = desk.post(reverse("reservation_cancel", args=[open_event.pk, reservation.pk]),
                         HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Ana Souza's reservation is cancelled." in unescape(response.content.decode())
    assert 'data-state="cancelled"' in Client().get(page_of(reservation)).content.decode()


def test_the_public_never_sees_another_reservation_or_a_look_alike(open_event, director):
    player_create(actor=director, name="Ana Sousa", email="secret@example.com")
    mine = _reserve(open_event)
    _reserve(open_event, name="Bo Li", email="bo@example.com")
    html = Client().get(page_of(mine)).content.decode()
    assert "Bo Li" not in html and "bo@example.com" not in html
    assert "Ana Sousa" not in html and "secret@example.com" not in html


def test_the_api_lists_reservations_with_their_state_and_never_a_contact(open_event, desk):
    used = _reserve(open_event)
    _reserve(open_event, name="Bo Li", phone="+86 10 5555 0000", email="")
    desk.post(reverse("registration_desk", args=[open_event.pk]),
              {"reservation": used.pk, "name": "x", "method": "cash"})
    response = Client().get(f"/api/v1/tournaments/{open_event.pk}/reservations/")
    data = response.json()
    assert response.status_code == 200 and response["ETag"]
    assert data["open"] is True
    assert data["counts"] == {"active": 1, "used": 1, "expired": 0, "cancelled": 0}
    assert [(r["name"], r["status"], r["entry"]) for r in data["reservations"]] == [
        ("Bo Li", "active", None), ("Ana Souza", "used", Entry.objects.get().number)]
    body = response.content.decode()
    assert "@example.com" not in body and "5555" not in body
    assert Client().post(f"/api/v1/tournaments/{open_event.pk}/reservations/").status_code == 405


# The kiosk --------------------------------------------------------------------------------

@pytest.fixture
def kiosk_client(open_event, cashier):
    client = Client()
    client.force_login(cashier)
    response = client.post(reverse("kiosk_start", args=[open_event.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("kiosk", args=[open_event.pk])
    return client


def test_the_kiosk_needs_staff_to_start(open_event, floor_user):
    anonymous = Client().get(reverse("kiosk", args=[open_event.pk]))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert Client().post(reverse("kiosk", args=[open_event.pk]), ANA).status_code == 403
    floor = Client()
    floor.force_login(floor_user)
    assert floor.get(reverse("kiosk", args=[open_event.pk])).status_code == 403
    assert floor.post(reverse("kiosk_start", args=[open_event.pk])).status_code == 403
    assert not Reservation.objects.exists()


def test_a_kiosk_is_anonymous_and_kept_on_its_own_pages(open_event, kiosk_client):
    assert KIOSK_COOKIE in kiosk_client.cookies
    kiosk = reverse("kiosk", args=[open_event.pk])
    for path in (reverse("registration_desk", args=[open_event.pk]), reverse("login"),
                 reverse("home"), reverse("tournament_console", args=[open_event.pk]),
                 reverse("reservation_new", args=[open_event.pk])):
        response = kiosk_client.get(path)
        assert response.status_code == 302 and response["Location"] == kiosk, path
    refused = kiosk_client.post(reverse("registration_desk", args=[open_event.pk]),
                                {"name": "Mallory", "method": "cash"})
    assert refused.status_code == 302 and refused["Location"] == kiosk
    assert not Entry.objects.exists()
    assert AuditEvent.objects.filter(kind=AuditEvent.Kind.KIOSK_STARTED).exists()


def test_a_walk_up_reserves_at_the_kiosk_and_sees_the_qr_then_a_blank_form(open_event,
                                                                           kiosk_client):
    kiosk = reverse("kiosk", args=[open_event.pk])
    posted = kiosk_client.post(kiosk, ANA)
    assert posted.status_code == 302
    assert posted["Location"] == reverse("kiosk_done", args=[open_event.pk])
    done = kiosk_client.get(posted["Location"])
    reservation = Reservation.objects.get()
    html = done.content.decode()
    assert done.status_code == 200 and reservation.at_kiosk
    assert "<svg" in html and reservation.code in html and "data-kiosk-done" in html
    assert 'http-equiv="refresh"' in html
    # Shown once: a reload, or the history, gives the next walk-up a blank form.
    again = kiosk_client.get(posted["Location"])
    assert again.status_code == 302 and again["Location"] == kiosk
    blank = kiosk_client.get(kiosk).content.decode()
    assert "Ana Souza" not in blank and reservation.code not in blank
    # Nor can the kiosk open a reservation's own page.
    assert kiosk_client.get(page_of(reservation))["Location"] == kiosk


def test_a_kiosk_serves_more_walk_ups_than_one_address_may_reserve(open_event, kiosk_client):
    for i in range(RESERVE_TRIES + 5):
        response = kiosk_client.post(reverse("kiosk", args=[open_event.pk]),
                                     ANA | {"name": f"Walk Up {i}"})
        assert response.status_code == 302, i
    assert Reservation.objects.filter(at_kiosk=True).count() == RESERVE_TRIES + 5


def test_the_kiosks_done_page_is_refused_outside_a_kiosk(open_event):
    assert Client().get(reverse("kiosk_done", args=[open_event.pk])).status_code == 403


def test_the_kiosk_works_even_with_the_public_page_closed(tournament, cashier):
    client = Client()
    client.force_login(cashier)
    client.post(reverse("kiosk_start", args=[tournament.pk]))
    assert client.post(reverse("kiosk", args=[tournament.pk]), ANA).status_code == 302
    assert Reservation.objects.get().at_kiosk


def test_only_a_staff_login_on_the_exit_page_leaves_the_kiosk(open_event, kiosk_client,
                                                             floor_user, cashier):
    exit_url = reverse("kiosk_exit", args=[open_event.pk])
    assert kiosk_client.get(exit_url).status_code == 200
    wrong = kiosk_client.post(exit_url, {"username": "cashier", "password": "nope"})
    assert wrong.status_code == 400
    floor = kiosk_client.post(exit_url, {"username": floor_user.username, "password": "pw"})
    assert floor.status_code == 400
    assert "Only the director or the registration desk" in floor.content.decode()
    desk_page = reverse("registration_desk", args=[open_event.pk])
    assert kiosk_client.get(desk_page)["Location"] == reverse("kiosk", args=[open_event.pk])
    left = kiosk_client.post(exit_url, {"username": cashier.username, "password": "pw"})
    assert left.status_code == 302 and left["Location"] == desk_page
    assert kiosk_client.get(desk_page).status_code == 200
    assert AuditEvent.objects.filter(kind=AuditEvent.Kind.KIOSK_ENDED).exists()


def test_the_exit_page_is_refused_outside_a_kiosk(open_event, cashier):
    exit_url = reverse("kiosk_exit", args=[open_event.pk])
    assert Client().get(exit_url).status_code == 403
    assert Client().post(exit_url, {"username": "cashier", "password": "pw"}).status_code == 403


def test_the_desks_address_keeps_the_lookup_so_a_live_refresh_redraws_the_same_panel(
        open_event, desk):
    reservation = _reserve(open_event)
    desk_url = reverse("registration_desk", args=[open_event.pk])
    response = desk.get(reverse("desk_reservations", args=[open_event.pk]),
                        {"reservation": reservation.code}, HTTP_HX_REQUEST="true",
                        HTTP_HX_CURRENT_URL=f"http://testserver{desk_url}?q=Bo")
    assert response["HX-Push-Url"] == f"{desk_url}?q=Bo&reservation={reservation.code}"
    _reserve(open_event, name="Bo Li")  # another reservation arrives: the desk refetches
    again = desk.get(response["HX-Push-Url"]).content.decode()
    assert f'data-reservation="{reservation.code}"' in again and "Bo Li</strong>" not in again


def test_the_reservation_page_polls_its_status_and_stops_once_registered(open_event, desk):
    reservation = _reserve(open_event)
    part = Client().get(page_of(reservation), HTTP_HX_REQUEST="true").content.decode()
    assert part.startswith('<div id="reservation-status"') and 'hx-trigger="every 15s"' in part
    assert "<html" not in part
    desk.post(reverse("registration_desk", args=[open_event.pk]),
              {"reservation": reservation.pk, "name": "x", "method": "cash"})
    part = Client().get(page_of(reservation), HTTP_HX_REQUEST="true").content.decode()
    assert 'data-state="used"' in part and "hx-trigger" not in part


def test_the_log_names_each_reservation_action_in_both_languages(open_event, director):
    reservation = _reserve(open_event)
    client = Client()
    client.force_login(director)
    client.post(reverse("reservation_cancel", args=[open_event.pk, reservation.pk]))
    log = client.get(reverse("audit_log", args=[open_event.pk])).content.decode()
    assert "Reservation made" in log and "Reservation cancelled" in log
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    log = client.get(reverse("audit_log", args=[open_event.pk])).content.decode()
    assert "已预约" in log and "预约已取消" in log
