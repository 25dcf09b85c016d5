"""The dealer coordinator's board, a dealer's phone and the payroll export, over HTTP."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tables.models import Dealer
from tables.services import dealers as svc
from tests.services.test_dealers import running, staff
from tournament.models import AuditEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(make_tournament, director):
    t = make_tournament(seats_per_table=6)
    running(t, director, 12, 2)
    staff(director, 3)
    return t


def test_board_shows_each_table_its_dealer_and_the_next_push(client, director, room):
    client.force_login(director)
    page = client.get(reverse("dealer_board")).content.decode()
    for dealer in Dealer.objects.filter(status="dealing"):
        assert str(dealer) in page
    assert "Next push" in page and 'data-table="1"' in page
    assert "data-live=" in page


def test_board_in_chinese(client, director, room):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(reverse("dealer_board"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "荷官" in page


def test_board_needs_staff(client, cashier, room):
    assert client.get(reverse("dealer_board")).status_code == 302
    client.force_login(cashier)
    assert client.get(reverse("dealer_board")).status_code == 403
    assert client.post(reverse("dealer_push"), {"expected_at": "x"}).status_code == 403


def test_confirm_push_with_a_stale_screen_is_refused(client, director, room):
    client.force_login(director)
    response = client.post(reverse("dealer_push"),
                           {"expected_at": "2001-01-01T10:00:00+00:00"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "changed" in response.content.decode()
    assert not AuditEvent.objects.filter(kind="dealer_push").exists()


def test_bad_dealer_form_changes_nothing(client, director):
    client.force_login(director)
    response = client.post(reverse("dealer_add"), {"name": "x" * 200, "games": ["poker"],
                                                   "language": "en"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and not Dealer.objects.exists()


def test_the_dealers_phone_says_where_and_when_in_their_language(client, director, room):
    dealer = Dealer.objects.filter(status="dealing").first()
    page = client.get(reverse("dealer_phone", args=[dealer.token])).content.decode()
    assert f"Table {dealer.table.number} now" in page
    dealer.language = "zh-hans"
    dealer.save(update_fields=["language"])
    page = client.get(reverse("dealer_phone", args=[dealer.token])).content.decode()
    assert f"{dealer.table.number}" in page and "号桌" in page
    assert client.get(reverse("dealer_phone", args=["nope"])).status_code == 404


def test_clock_in_and_out_by_the_dealers_own_link(client, director):
    dealer = svc.dealer_add(actor=director, name="Lin", games=["nlhe"])
    client.post(reverse("dealer_phone_clock", args=[dealer.token]), {"action": "in"})
    assert Dealer.objects.get(pk=dealer.pk).status == "out"
    client.post(reverse("dealer_phone_clock", args=[dealer.token]), {"action": "out"})
    assert Dealer.objects.get(pk=dealer.pk).status == "off"
    assert dealer.shifts.get().via_in == "link"


def test_payroll_ledger_csv_and_json(client, director, room):
    client.force_login(director)
    day = timezone.localdate().isoformat()
    csv = client.get(reverse("dealer_ledger_csv"), {"day": day}).content.decode()
    assert csv.splitlines()[0].startswith("day,dealer,name")
    assert len(csv.splitlines()) == 1 + 2  # two dealers have a down today
    data = client.get(reverse("dealer_ledger_json"), {"day": day}).json()
    assert sum(line["downs"] for line in data["lines"]) == 2


def test_version_moves_when_the_dealers_change(client, director, room):
    before = client.get(reverse("dealers_version")).json()["version"]
    dealer = Dealer.objects.filter(status="out").first()
    svc.dealer_early_out_set(actor=director, dealer_id=dealer.pk, on=True)
    latest = AuditEvent.objects.filter(kind="dealer_early_out").get().pk
    from django.core.cache import cache
    cache.delete(svc.VERSION_KEY)
    assert client.get(reverse("dealers_version")).json()["version"] == latest != before


def test_a_table_waiting_for_a_dealer_shows_on_the_floor(client, director, room):
    from tables.services import tables_add

    client.force_login(director)
    url = reverse("floor_console", args=[room.pk])
    assert "data-dealer-waiting" not in client.get(url).content.decode()
    spare = Dealer.objects.get(status="out")
    svc.dealer_clock_out(actor=director, dealer_id=spare.pk)  # the pool is empty now
    tables_add(actor=director, tournament_id=room.pk, count=1)
    svc.dealers_follow(actor=None)
    page = client.get(url).content.decode()
    assert "data-dealer-waiting" in page and "Waiting for a dealer" in page


def test_the_pool_dealers_phone_says_which_table_and_when(client, director, room):
    """"Table 57 at 14:30": the next push as the dealer's own line."""
    spare = Dealer.objects.get(status="out")
    page = client.get(reverse("dealer_phone", args=[spare.token])).content.decode()
    room_now, tables, _ = svc.load_room(timezone.now())
    push = svc.rot.next_push(room_now, svc.rules_of(svc.rules_row()), timezone.now())
    line = next(x for x in push.lines if x.dealer == spare.pk and x.kind == "push")
    at = timezone.localtime(line.at).strftime("%H:%M")
    assert f"Table {tables[line.table].number} at {at}" in page


RULES = {"down_minutes": "20", "min_downs": "2", "max_downs": "2", "break_minutes": "15",
         "quiet_seconds": "90"}


def test_the_director_edits_the_rotation_rules_on_the_board(client, director, room):
    client.force_login(director)
    page = client.get(reverse("dealer_board")).content.decode()
    assert "data-rules-form" in page and 'name="down_minutes"' in page and 'value="30"' in page
    response = client.post(reverse("dealer_rules"), RULES, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Rotation rules saved" in page
    assert "Downs of 20 min, 2 to 2 downs then a 15 min break" in page
    assert AuditEvent.objects.get(kind="dealer_rules_changed").actor == director
    # Without htmx: back to the board.
    response = client.post(reverse("dealer_rules"), RULES | {"down_minutes": "25"})
    assert response.status_code == 302 and response.url == reverse("dealer_board")


def test_the_floor_sees_the_rules_but_cannot_change_them(client, floor_user, room):
    client.force_login(floor_user)
    page = client.get(reverse("dealer_board")).content.decode()
    assert "data-rules-now" in page and "data-rules-form" not in page
    assert client.post(reverse("dealer_rules"), RULES).status_code == 403
    assert not AuditEvent.objects.filter(kind="dealer_rules_changed").exists()


@pytest.mark.parametrize(("change", "message"), [
    ({"down_minutes": "500"}, "less than or equal to 120"),
    ({"break_minutes": "abc"}, "Enter a whole number"),
    ({"min_downs": "3", "max_downs": "2"}, "cannot be fewer than the least"),
    ({"quiet_seconds": ""}, "This field is required"),
])
def test_bad_rules_are_refused_with_a_message_and_change_nothing(client, director, room,
                                                                 change, message):
    client.force_login(director)
    response = client.post(reverse("dealer_rules"), RULES | change, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert message in response.content.decode()
    assert svc.rules_read().down_minutes == 30
    assert not AuditEvent.objects.filter(kind="dealer_rules_changed").exists()


def test_the_rules_form_in_chinese(client, director, room):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(reverse("dealer_board"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "轮换规则" in page and "保存规则" in page
