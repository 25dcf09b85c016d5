"""A won (₩) event end to end: amounts and stacks past 2**31 through the real forms,
services and pages (issue 21 item 4). Runs on SQLite and, in the PostgreSQL leg, on
PostgreSQL, whose integer columns held at most 2,147,483,647 before migration 0015.

₩1,100,000 buy-in (₩1,000,000 to the pool, ₩100,000 fee), 3,000 entries, a
₩3,000,000,000 guarantee and 4,500,000,000 chips in play, one stack of
3,000,000,000 at the final table.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tables.models import Table
from tables.services import busts
from tournament.models import Entry, Payment, Structure, Tournament
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services.clock import clock_start
from tournament.services.registration import entries_import, seats_draw
from tournament.services.structures import ensure_builtin_templates

pytestmark = pytest.mark.django_db

ENTRIES = 3_000
BUY_IN, FEE = 1_000_000, 100_000
GUARANTEE = 3_000_000_000
STACK = 1_500_000
IN_PLAY = ENTRIES * STACK  # 4,500,000,000
BIG_STACK = 3_000_000_000
KEPT_TABLES = 5  # 45 players still in when the floor takes over


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def create_through_the_form(director) -> Tournament:
    ensure_builtin_templates()
    template = Structure.objects.get(is_template=True, name="Regular")
    response = client_for(director).post(reverse("tournament_create"), {
        "name": "Seoul Millions", "template": template.pk, "game": "nlhe",
        "rulebook_edition": "house", "seats_per_table": "9", "starting_stack": str(STACK),
        "buy_in": str(BUY_IN), "fee": str(FEE), "re_entry_limit": "0", "rebuy_amount": "0",
        "rebuy_chips": "0", "addon_amount": "0", "addon_chips": "0", "bounty": "0",
        "late_reg_end_level": "6", "chip_set": "25 100 500 1000 5000 25000 100000",
        "guarantee": str(GUARANTEE), "payout_unit": "10000", "balance_tolerance": "1",
        "balance_tight_at_tables": "0", "hand_for_hand_at": "0", "button_fresh_minutes": "30",
        "tables": str(-(-ENTRIES // 9))})
    assert response.status_code == 302, response.context["form"].errors
    return Tournament.objects.get(name="Seoul Millions")


def early_busts_in_bulk(tournament: Tournament, *, keep_tables: int) -> None:
    """Everyone but the players of the first ``keep_tables`` tables out, last table first,
    as the floor's busts would leave them (places from the bottom up, their tables broken).

    2,955 busts through the service take minutes at this size (bench/bust_flight.py has
    their cost); the money is decided by the places, and the busts from 45 left down
    to the winner go through the service below.
    """
    out = list(Entry.objects.filter(tournament=tournament, table__number__gt=keep_tables)
               .order_by("-table__number", "seat").values_list("pk", flat=True))
    now = timezone.now()
    for i, pk in enumerate(out):
        Entry.objects.filter(pk=pk).update(status=Entry.Status.BUSTED, table=None, seat=None,
                                           finish_place=ENTRIES - i, busted_at=now)
    Table.objects.filter(tournament=tournament, number__gt=keep_tables).update(
        status=Table.Status.BROKEN)


def bust_through_the_floor(tournament: Tournament, director, *, down_to: int,
                           keep: int | None = None) -> None:
    """The floor's busts, one at a time, until ``down_to`` are left (``keep`` stays in)."""
    seated = Entry.objects.filter(tournament=tournament, status="seated")
    while seated.count() > down_to:
        busts.entry_bust(actor=director, tournament_id=tournament.pk,
                                  entry_id=seated.exclude(pk=keep).order_by("-number")[0].pk)


def test_a_won_event_of_3000_entries_end_to_end(director):
    tournament = create_through_the_form(director)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=[f"선수 {n:04d}" for n in range(ENTRIES)])
    seats_draw(actor=director, tournament_id=tournament.pk)
    clock_start(tournament_id=tournament.pk, actor=director)

    # The money in: 3,000 × ₩1,100,000, every amount an exact integer on both databases.
    pool = ENTRIES * BUY_IN
    assert pool == GUARANTEE  # the guarantee is met to the won
    figures = field_figures(tournament)
    assert (figures.entries, figures.prize_pool, figures.chips_in_play) == (ENTRIES, pool, IN_PLAY)
    payouts = payout_table(tournament, figures)
    amounts = [row["amount"] for row in payouts]
    assert sum(amounts) == pool and len(amounts) == 450
    assert amounts[0] > 2**31 // 10 and all(a % 10_000 == 0 for a in amounts[1:])

    early_busts_in_bulk(tournament, keep_tables=KEPT_TABLES)
    bust_through_the_floor(tournament, director, down_to=9)
    final = list(Entry.objects.filter(tournament=tournament, status="seated")
                 .select_related("table").order_by("number"))
    assert len(final) == 9

    # The floor enters the stacks through the chip-count form: one of 3,000,000,000.
    floor = client_for(director)
    big, others = final[0], final[1:]
    stacks = {big.pk: BIG_STACK} | {e.pk: (IN_PLAY - BIG_STACK) // len(others) for e in others}
    assert sum(stacks.values()) == IN_PLAY
    for number in sorted({e.table.number for e in final}):
        at_table = [e for e in final if e.table.number == number]
        response = floor.post(reverse("counts_table", args=[tournament.pk, number]),
                              {f"chips_{e.pk}": str(stacks[e.pk]) for e in at_table},
                              HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:500]
        assert "counts saved" in response.content.decode()

    cashier = client_for(director)
    pages = {
        "tv": cashier.get(reverse("clock_state", args=[tournament.pk]) + "?view=tv"),
        "payouts": cashier.get(reverse("print_payouts", args=[tournament.pk])),
        "cashier": cashier.get(reverse("cashier", args=[tournament.pk])),
        "results": cashier.get(reverse("results", args=[tournament.pk])),
        "cash": cashier.get(reverse("cash_report", args=[tournament.pk])),
    }
    for name, page in pages.items():
        assert page.status_code == 200, name
    tv = pages["tv"].content.decode()
    assert "3,000,000,000" in tv  # the prize pool, and the chip leader's stack
    assert "4,500,000,000" in tv  # chips in play
    assert "500,000,000" in tv  # the average of nine
    assert f"{amounts[0]:,}" in tv
    assert "3,000,000,000" in pages["payouts"].content.decode()
    assert f"{amounts[0]:,}" in pages["payouts"].content.decode()
    cashier_page = pages["cashier"].content.decode()
    assert f"{amounts[9]:,}" in cashier_page  # 10th, to pay
    cash = pages["cash"].content.decode()
    assert "3,300,000,000" in cash and "300,000,000" in cash  # collected, fees

    api = Client()
    chips = api.get(reverse("api_chips", args=[tournament.pk])).json()
    assert BIG_STACK in _numbers(chips)
    assert IN_PLAY in _numbers(chips)
    api_payouts = api.get(reverse("api_payouts", args=[tournament.pk])).json()
    assert [p["amount"] for p in api_payouts["payouts"]] == amounts
    assert pool in _numbers(api_payouts)

    # Down to the winner through the floor; the cashier pays 1st, ₩ past 2**31.
    bust_through_the_floor(tournament, director, down_to=1, keep=big.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    winner = Entry.objects.get(tournament=tournament, finish_place=1)
    assert winner.payout == amounts[0]
    paid = cashier.post(reverse("cashier_pay", args=[tournament.pk, "prize", winner.pk]),
                        {"method": "cash"})
    assert paid.status_code == 200
    assert f"Paid {amounts[0]:,} to {winner.player.name}." in paid.content.decode()
    assert Payment.objects.get(entry=winner, kind="prize").amount == -amounts[0]
    results = api.get(reverse("api_results", args=[tournament.pk])).json()
    assert amounts[0] in _numbers(results)
    csv = api.get(reverse("results_csv", args=[tournament.pk])).content.decode()
    assert str(amounts[0]) in csv

    # The JSON backup carries the amounts whole, and imports back to the same figures.
    from tournament.runtime import event_backup

    document = cashier.get(reverse("event_backup", args=[tournament.pk]))
    assert document.status_code == 200
    copy = Tournament.objects.get(pk=event_backup.import_event(document.content.decode()))
    assert (copy.buy_in, copy.fee, copy.guarantee) == (BUY_IN, FEE, GUARANTEE)
    copied = field_figures(copy)
    assert (copied.prize_pool, copied.chips_in_play) == (pool, IN_PLAY)
    assert Entry.objects.get(tournament=copy, finish_place=1).payout == amounts[0]
    assert Payment.objects.get(tournament=copy, kind="prize").amount == -amounts[0]


def _numbers(document) -> list[int]:
    """Every integer in a JSON document."""
    found: list[int] = []
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            found.append(value)
    return found
