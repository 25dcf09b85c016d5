"""Issue 22.4: refunds go back the way the money came in (or as the desk chooses) and the
cash report follows; Undo from the Log is for whoever may do what it applies; each role
sees only the buttons it may use."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import resolve, reverse

from tables.services import tables_add
from tournament.models import AuditEvent, Entry, Payment
from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION, roles_of
from tournament.reports import cash_report
from tournament.services import registration as reg
from tournament.services import unregister
from tournament.services.clock import clock_start
from tournament.services.undo import event_undo

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def net_by_method(tournament) -> dict[str, int]:
    return {line.label: line.net for line in cash_report(tournament=tournament).by_method}


@pytest.fixture
def card_import(make_tournament, director):
    """A running tournament with three card buy-ins from a CSV import, drawn to their seats
    (once started, none of the last two players can be refunded)."""
    tournament = make_tournament(buy_in=50, fee=10)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    reg.entries_import(actor=director, tournament_id=tournament.pk, names=["Cara", "Dov", "Eli"],
                       method="card")
    reg.seats_draw(actor=director, tournament_id=tournament.pk)
    clock_start(tournament_id=tournament.pk, actor=director)
    return tournament


def test_a_card_buy_in_is_refunded_to_the_card_and_the_cash_row_stays_empty(
        card_import, director):
    cara = Entry.objects.get(player__name="Cara")
    response = client_for(director).post(
        reverse("entry_unregister", args=[card_import.pk, cara.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Cara (#1) unregistered: refunded 60 Card." in response.content.decode()
    refund = Payment.objects.get(entry=cara, kind="refund")
    assert (refund.method, refund.amount, refund.fee) == ("card", -50, -10)
    assert net_by_method(card_import) == {"Card": 120}  # Dov's and Eli's in; no Cash row


def test_the_desk_may_choose_how_the_refund_is_paid(card_import, director):
    cara = Entry.objects.get(player__name="Cara")
    client_for(director).post(reverse("entry_unregister", args=[card_import.pk, cara.pk]),
                              {"refund_method": "cash"})
    assert net_by_method(card_import) == {"Cash": -60, "Card": 180}


def test_an_unknown_refund_method_is_refused_and_changes_nothing(card_import, director):
    cara = Entry.objects.get(player__name="Cara")
    response = client_for(director).post(
        reverse("entry_unregister", args=[card_import.pk, cara.pk]), {"refund_method": "gold"})
    assert response.status_code == 400
    assert "Choose how the refund is paid." in response.content.decode()
    cara.refresh_from_db()
    assert cara.status == "seated"


def test_mixed_payments_go_back_each_by_its_own_method_and_come_back_on_reinstate(
        make_tournament, director):
    tournament = make_tournament(buy_in=50, fee=10, rebuy_allowed=True, rebuy_amount=40,
                                 rebuy_chips=1000)
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry = reg.entry_register(actor=director, tournament_id=tournament.pk, player_name="Eve",
                               method="card")
    reg.entry_rebuy(actor=director, tournament_id=tournament.pk, entry_id=entry.pk,
                    method="cash")
    event = unregister.entry_unregister(actor=director, tournament_id=tournament.pk,
                                        entry_id=entry.pk)
    assert event.payload["refunds"] == {"card": 60, "cash": 40}
    assert net_by_method(tournament) == {"Cash": 0, "Card": 0}
    event_undo(actor=director, tournament_id=tournament.pk, event_id=event.pk)
    assert net_by_method(tournament) == {"Cash": 40, "Card": 60}


def test_the_desk_cannot_undo_a_registration_into_an_unregister(card_import, cashier,
                                                                 director):
    cara = Entry.objects.get(player__name="Cara")
    reg.entry_register(actor=cashier, tournament_id=card_import.pk, player_name="Late Lou")
    registered = AuditEvent.objects.get(kind="entry_registered")
    desk = client_for(cashier)
    log = desk.get(reverse("audit_log", args=[card_import.pk])).content.decode()
    assert reverse("event_undo", args=[card_import.pk, registered.pk]) not in log
    response = desk.post(reverse("event_undo", args=[card_import.pk, registered.pk]))
    assert "You may not undo that action." in response.content.decode()
    assert Entry.objects.get(player__name="Late Lou").status == "seated"
    assert not AuditEvent.objects.filter(kind="entry_unregistered").exists()
    # The director, who may unregister, may undo it.
    log = client_for(director).get(reverse("audit_log", args=[card_import.pk])).content.decode()
    assert reverse("event_undo", args=[card_import.pk, registered.pk]) in log
    assert cara.status == "seated"


class PostTargets(HTMLParser):
    """Every address a page's buttons post to (form actions and hx-post)."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post" and a.get("action"):
            self.targets.add(a["action"])
        if a.get("hx-post"):
            self.targets.add(a["hx-post"])


def posts_of(html: str) -> set[str]:
    parser = PostTargets()
    parser.feed(html)
    return parser.targets


@pytest.mark.parametrize("role", [REGISTRATION, FLOOR, DIRECTOR])
@pytest.mark.parametrize("clock", ["before the start", "running", "paused"])
def test_each_role_is_shown_only_the_buttons_it_may_use(role, clock, make_tournament, director,
                                                        cashier, floor_user):
    from tournament.services.clock import clock_pause

    user = {REGISTRATION: cashier, FLOOR: floor_user, DIRECTOR: director}[role]
    tournament = make_tournament()
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    for name in ("Ana", "Ben", "Cy"):
        reg.entry_register(actor=director, tournament_id=tournament.pk, player_name=name)
    if clock != "before the start":
        clock_start(tournament_id=tournament.pk, actor=director)
    if clock == "paused":
        clock_pause(tournament_id=tournament.pk, actor=director)
    client = client_for(user)
    mine = roles_of(user)
    pages = ["tournament_console", "registration_desk", "floor_console", "audit_log", "cashier"]
    shown = 0
    for page in pages:
        response = client.get(reverse(page, args=[tournament.pk]))
        if response.status_code == 403:
            continue
        assert response.status_code == 200, page
        shown += 1
        for target in posts_of(response.content.decode()):
            view = resolve(target).func
            allowed = set(getattr(view, "required_roles", ()))
            if target.endswith(("/pause/", "/resume/", "/start/")):
                allowed = {DIRECTOR, FLOOR}  # clock_action's own check per action
            assert not allowed or mine & allowed, (role, page, target)
    assert shown >= 3


def test_the_desk_console_has_no_pause_and_the_floor_has(running, cashier, floor_user):
    url = reverse("tournament_console", args=[running.pk])
    desk = client_for(cashier).get(url).content.decode()
    assert 'data-action="pause"' not in desk and ">Pause</button>" not in desk
    assert 'data-action="pause"' in client_for(floor_user).get(url).content.decode()
