"""The TV's extras, the console's guards, print pages and the cash report, through the client."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tests.views.test_clock_views import snapshot_of
from tournament.models import AuditEvent, Entry, Tournament
from tournament.selectors.clock import clock_snapshot
from tournament.services.registration import entry_rebuy, entry_register
from tournament.services.unregister import entry_unregister

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=3)
    rng = random.Random(1)
    for i in range(20):
        entry_register(actor=director, tournament_id=tournament.pk, player_name=f"P{i:02}", rng=rng)
    return tournament


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- The TV ------------------------------------------------------------------------------

def test_announcement_reaches_the_tv_with_its_countdown(seated, director,
                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(director).post(reverse("clock_announce", args=[seated.pk]),
                                          {"text": "Dinner at  8", "minutes": "15"},
                                          HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    snapshot = snapshot_of(Client().get(reverse("clock_tv", args=[seated.pk])).content.decode())
    assert snapshot["announcement"] == "Dinner at 8"  # the extra space gone
    assert snapshot["announcement_until"] is not None
    assert AuditEvent.objects.filter(kind="announcement_set").count() == 1
    # Empty text clears it.
    with django_capture_on_commit_callbacks(execute=True):
        _client(director).post(reverse("clock_announce", args=[seated.pk]), {"text": ""})
    assert clock_snapshot(seated.pk)["announcement"] == ""


@pytest.mark.parametrize("data", [{"text": "x" * 201}, {"text": "ok", "minutes": "0"},
                                  {"text": "Dinner\x07 at 8"}, {"text": "a\x00b"},
                                  {"text": "ok", "minutes": "1441"}, {"text": "ok", "minutes": "1e9"}])
def test_bad_announcements_are_refused_and_nothing_is_written(seated, director, data):
    response = _client(director).post(reverse("clock_announce", args=[seated.pk]), data,
                                      HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert Tournament.objects.get(pk=seated.pk).announcement == ""
    assert not AuditEvent.objects.filter(kind="announcement_set").exists()


def test_floor_cannot_announce(seated, floor_user):
    response = _client(floor_user).post(reverse("clock_announce", args=[seated.pk]), {"text": "hi"})
    assert response.status_code == 403


def test_logo_upload_serves_the_image_and_refuses_anything_else(
    seated, director, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = _client(director)
    url = reverse("tournament_logo_upload", args=[seated.pk])
    svg = SimpleUploadedFile("x.svg", b"<svg onload='alert(1)'/>", content_type="image/svg+xml")
    response = client.post(url, {"logo": svg})
    assert response.status_code == 400 and "PNG, JPEG, GIF or WebP" in response.content.decode()
    big = SimpleUploadedFile("big.png", PNG + b"\x00" * 600_000, content_type="image/png")
    assert client.post(url, {"logo": big}).status_code == 400
    assert Tournament.objects.get(pk=seated.pk).logo_version == 0

    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"logo": SimpleUploadedFile("l.png", PNG)}).status_code == 302
    version = clock_snapshot(seated.pk)["logo_version"]
    assert version == 1
    tv = Client().get(reverse("clock_tv", args=[seated.pk])).content.decode()
    logo_url = reverse("tournament_logo", args=[seated.pk, version])
    assert logo_url in tv
    image = Client().get(logo_url)
    assert image["Content-Type"] == "image/png" and image.content == PNG
    assert Client().get(reverse("tournament_logo", args=[seated.pk, version + 1])).status_code == 404

    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"remove": "on"}).status_code == 302
    assert clock_snapshot(seated.pk)["logo_version"] == 0
    assert Client().get(logo_url).status_code == 404


def test_moves_of_unregistered_players_leave_the_tv_and_the_rest_are_counted(
    seated, director, django_capture_on_commit_callbacks
):
    from tables.models import Move, Table

    Move.objects.all().delete()  # the seating's own moves

    entries = list(Entry.objects.filter(tournament=seated, status=Entry.Status.SEATED)
                   .select_related("table")[:9])
    table = Table.objects.get(tournament=seated, number=1)
    for i, entry in enumerate(entries):
        Move.objects.create(tournament=seated, entry=entry, from_table=entry.table,
                            from_seat=entry.seat, to_table=table, to_seat=1 + i % 9,
                            reason=Move.Reason.BREAK, created_at=entry.created_at)
    snapshot = clock_snapshot(seated.pk)
    assert len(snapshot["moves"]) == 6 and snapshot["moves_more"] == 3
    gone = entries[-1]
    with django_capture_on_commit_callbacks(execute=True):
        entry_unregister(actor=director, tournament_id=seated.pk, entry_id=gone.pk)
    snapshot = clock_snapshot(seated.pk)
    assert gone.player.name not in [m["name"] for m in snapshot["moves"]]
    assert len(snapshot["moves"]) + snapshot["moves_more"] == 8


def test_chip_leaders_appear_when_counts_exist(seated):
    assert clock_snapshot(seated.pk)["chip_leaders"] == []
    Entry.objects.filter(tournament=seated, number__in=[3, 4]).update(chips=50_000)
    Entry.objects.filter(tournament=seated, number=5).update(chips=90_000)
    from django.core.cache import cache

    cache.clear()
    leaders = clock_snapshot(seated.pk)["chip_leaders"]
    assert [c["chips"] for c in leaders] == [90_000, 50_000, 50_000]
    tv = Client().get(reverse("clock_tv", args=[seated.pk])).content.decode()
    assert "Chip leaders" in tv and "90,000" in tv


def test_tv_query_count_does_not_grow_with_moves_or_counts(seated, director,
                                                           django_assert_max_num_queries):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        cache.clear()
        with CaptureQueriesContext(connection) as ctx:
            clock_snapshot(seated.pk)
        return len(ctx.captured_queries)

    small = queries()
    Entry.objects.filter(tournament=seated).update(chips=1000)
    for i in range(10):
        entry_register(actor=director, tournament_id=seated.pk, player_name=f"Q{i}")
    assert queries() == small


# --- The console and settings -----------------------------------------------------------

def test_finished_tournament_offers_no_resume(seated, director):
    Tournament.objects.filter(pk=seated.pk).update(status=Tournament.Status.FINISHED)
    html = _client(director).get(reverse("tournament_console", args=[seated.pk])).content.decode()
    assert 'data-action="resume"' not in html and 'data-action="start"' not in html
    assert 'data-action="next"' not in html
    assert "its clock is stopped" in html


def test_console_loads_the_keyboard_shortcuts(seated, director):
    html = _client(director).get(reverse("tournament_console", args=[seated.pk])).content.decode()
    assert "js/console-keys.js" in html and "data-shortcut-help" in html


@pytest.mark.parametrize("stack", ["0", "-5", "1000000000000001"])
def test_starting_stack_out_of_range_is_refused(tournament, director, stack):
    from tournament.forms.tournaments import TournamentForm

    data = {name: value for name, value in TournamentForm(instance=tournament).initial.items()
            if value is not None and not isinstance(value, list)}
    data |= {"starting_stack": stack, "chip_set": "25 100", "name": "T"}
    response = _client(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 400
    assert Tournament.objects.get(pk=tournament.pk).starting_stack == 20000


def test_starting_stack_zero_is_refused_by_the_service_too(director):
    from tests.conftest import SIMPLE_LEVELS
    from tournament.services.base import ServiceError
    from tournament.services.tournaments import tournament_create

    with pytest.raises(ServiceError):
        tournament_create(actor=director, values={"name": "Zero", "starting_stack": 0},
                          levels=SIMPLE_LEVELS)
    assert not Tournament.objects.filter(name="Zero").exists()


def test_scheduled_start_is_saved_and_shown_on_the_tv(tournament, director):
    from tournament.forms.tournaments import TournamentForm

    form = TournamentForm(instance=tournament)
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    data |= {"chip_set": "25 100 500", "payout_percentages": "", "scheduled_start": "2030-05-01T19:30"}
    response = _client(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    import re

    assert response.status_code == 302, re.findall(r'class="error">([^<]+)<', response.content.decode())
    snapshot = snapshot_of(Client().get(reverse("clock_tv", args=[tournament.pk])).content.decode())
    assert snapshot["scheduled_start"] is not None
    event = AuditEvent.objects.filter(kind="tournament_updated").latest("id")
    assert event.payload["after"]["scheduled_start"].startswith("2030-05-01T19:30")


# --- Print pages and the cash report ------------------------------------------------------

@pytest.mark.parametrize("name", ["print_tables", "cash_report"])
def test_staff_print_pages_need_a_login(seated, name):
    response = Client().get(reverse(name, args=[seated.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_money_pages_are_for_the_director_and_the_cashier(seated, floor_user, cashier):
    urls = [reverse("cash_report", args=[seated.pk]), reverse("receipt_payment", args=[seated.pk, 1]),
            reverse("cash_report_day", args=["2026-01-01"])]
    for url in urls:
        assert _client(floor_user).get(url).status_code == 403, url
        assert _client(cashier).get(url).status_code == 200, url


def test_print_pages_cost_the_same_whatever_the_field(seated, director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = _client(director)
    names = ("print_tables", "print_wall_chart", "print_payouts", "cash_report")

    def costs():
        result = []
        for name in names:
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(reverse(name, args=[seated.pk])).status_code == 200
            result.append(len(ctx.captured_queries))
        return result

    small = costs()
    for i in range(7):
        entry_register(actor=director, tournament_id=seated.pk, player_name=f"More{i}")
    assert costs() == small


def test_wall_chart_is_alphabetical(seated):
    html = Client().get(reverse("print_wall_chart", args=[seated.pk])).content.decode()
    import re

    names = re.findall(r'<span class="name">([^<]+)</span>', html)
    assert names == sorted(names) and len(names) == 20


def test_receipt_and_payout_receipt(seated, director, cashier):
    entry = Entry.objects.get(tournament=seated, number=2)
    html = _client(cashier).get(reverse("receipt_payment", args=[seated.pk, 2])).content.decode()
    assert entry.player.name in html and "Buy-in" in html and "paper-80mm.css" in html
    html = _client(cashier).get(reverse("receipt_payment", args=[seated.pk, 2]) + "?paper=letter")
    assert "paper-letter.css" in html.content.decode()
    # A junk paper or payment id: the default paper, or not found; never a 500.
    assert _client(cashier).get(reverse("receipt_payment", args=[seated.pk, 2]) + "?paper=x").status_code == 200
    assert _client(cashier).get(reverse("receipt_payment", args=[seated.pk, 2]) + "?payment=9" * 3).status_code == 404
    assert _client(cashier).get(reverse("receipt_payout", args=[seated.pk, 2])).status_code == 404
    # Once placed, the prize is the ledger's (issue 21: a stored copy is never read back).
    Tournament.objects.filter(pk=seated.pk).update(status="finished")
    Entry.objects.filter(pk=entry.pk).update(payout=5, finish_place=1)
    from tournament.selectors.money import prizes_due

    prize = prizes_due(Tournament.objects.get(pk=seated.pk))[entry.pk]
    html = _client(cashier).get(reverse("receipt_payout", args=[seated.pk, 2])).content.decode()
    assert f"{prize:,}" in html and "Player's signature" in html


def test_cash_report_by_method_and_cashier_and_its_csv(tournament, director, cashier):
    tournament.fee = 10
    tournament.rebuy_allowed, tournament.rebuy_amount, tournament.rebuy_chips = True, 100, 1000
    tournament.save()
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    a = entry_register(actor=cashier, tournament_id=tournament.pk, player_name="A", method="card")
    entry_register(actor=director, tournament_id=tournament.pk, player_name="B")
    c = entry_register(actor=cashier, tournament_id=tournament.pk, player_name="C")
    entry_rebuy(actor=cashier, tournament_id=tournament.pk, entry_id=a.pk)
    entry_unregister(actor=director, tournament_id=tournament.pk, entry_id=c.pk)

    response = _client(director).get(reverse("cash_report", args=[tournament.pk]) + "?format=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["section", "name", "buyins", "fees", "bounties", "rebuys", "addons",
                       "refunds", "payouts", "net", "payments"]
    by = {(r[0], r[1]): r[2:] for r in rows[1:]}
    # Card: A's buy-in and fee. Cash: B and C in, A's rebuy, C refunded with the fee.
    assert by[("method", "Card")] == ["100", "10", "0", "0", "0", "0", "0", "110", "1"]
    assert by[("method", "Cash")] == ["200", "10", "0", "100", "0", "-100", "0", "210", "4"]
    assert by[("cashier", "cashier")] == ["200", "20", "0", "100", "0", "0", "0", "320", "3"]
    assert by[("cashier", "director")] == ["100", "0", "0", "0", "0", "-100", "0", "0", "2"]
    assert by[("total", "")] == ["300", "20", "0", "100", "0", "-100", "0", "320", "5"]

    from django.utils import timezone

    day = timezone.localdate().isoformat()
    html = _client(director).get(reverse("cash_report_day", args=[day])).content.decode()
    assert "Test Event" in html and "320" in html
    assert _client(director).get(reverse("cash_report_day", args=["2026-13-45"])).status_code == 404


def test_chinese_results_and_payouts_group_thousands(seated, director):
    Tournament.objects.filter(pk=seated.pk).update(guarantee=1_250_000)
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = client.get(reverse("print_payouts", args=[seated.pk])).content.decode()
    assert "1,250,000" in html
    html = client.get(reverse("results", args=[seated.pk])).content.decode()
    assert "奖金" in html


def test_manifest_start_url_stays_on_this_site():
    assert Client().get(reverse("manifest") + "?start=/t/1/floor/").json()["start_url"] == "/t/1/floor/"
    for bad in ("//evil.example/", "https://evil.example/", "/no/such/page/"):
        assert Client().get(reverse("manifest"), {"start": bad}).json()["start_url"] == "/"
    assert Client().get("/favicon.ico").status_code == 301


def test_the_cash_report_picks_another_day(tournament, director, cashier, floor_user):
    html = _client(cashier).get(reverse("cash_report", args=[tournament.pk])).content.decode()
    assert 'type="date"' in html and 'name="day"' in html and 'min="2000-01-01"' in html
    assert f'action="{reverse("cash_report_pick")}"' in html
    picked = _client(cashier).get(reverse("cash_report_pick"), {"day": "2026-01-05"})
    assert picked.status_code == 302
    assert picked["Location"] == reverse("cash_report_day", args=["2026-01-05"])
    day = _client(cashier).get(picked["Location"]).content.decode()
    assert 'value="2026-01-05"' in day  # the picker shows the day on its report


@pytest.mark.parametrize(("value", "message"), [
    ("2026-02-30", "Enter a real date"),
    ("yesterday", "Enter a real date"),
    ("2026-01-01\x00", "Enter a real date"),
    ("9" * 500, "Enter a real date"),
    ("", "Pick a day."),
    ("1999-12-31", "Pick a day from 2000-01-01 to"),
    ("9999-12-31", "Pick a day from 2000-01-01 to"),
])
def test_a_day_that_is_not_a_real_date_is_refused_with_a_message(cashier, value, message):
    response = _client(cashier).get(reverse("cash_report_pick"), {"day": value})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html and 'name="day"' in html


def test_only_the_cage_and_the_director_pick_a_cash_report_day(floor_user, director):
    url = reverse("cash_report_pick") + "?day=2026-01-05"
    assert _client(floor_user).get(url).status_code == 403
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert _client(director).get(url).status_code == 302
