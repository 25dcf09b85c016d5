"""The deal page, the cashier, receipts, results with deals and bounties, the bounty board."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.services.test_floor import field
from tests.services.test_money import bust, down_to, record_deal, start
from tournament.models import AuditEvent, BountyAward, Deal, Entry, Payment
from tournament.selectors.money import deal_inputs


@pytest.fixture
def three_left(make_tournament, director):
    t = make_tournament(buy_in=100, payout_percentages=[50, 30, 20], bounty=20)
    entries = field(t, director, 10, 2)
    start(t)
    down_to(t, director, entries, 3)
    return t


def login(user):
    client = Client()
    client.force_login(user)
    return client


def deal_post(t, **extra):
    players = deal_inputs(t).players
    data = {"method": "icm", "unit": "10", "keep": "0"}
    for p, stack in zip(players, ("100000", "60000", "40000"), strict=True):
        data[f"stack_{p.pk}"] = stack
    return players, data | extra


@pytest.mark.django_db
def test_director_works_out_adjusts_and_records_a_deal(three_left, director):
    t, client = three_left, login(director)
    page = client.get(f"/t/{t.pk}/deal/")
    assert page.status_code == 200 and "1,000" in page.content.decode()
    players, data = deal_post(t)
    preview = client.post(f"/t/{t.pk}/deal/", data | {"action": "preview"})
    html = preview.content.decode()
    assert preview.status_code == 200
    # ICM of 100k/60k/40k for 500/300/200 is 383.9/327.5/288.6: to 10s, 380/330/290.
    assert 'value="380"' in html and 'value="330"' in html and 'value="290"' in html
    assert not Deal.objects.exists()
    amounts = {f"amount_{p.pk}": a for p, a in zip(players, ("390", "330", "290"), strict=True)}
    refused = client.post(f"/t/{t.pk}/deal/", data | amounts | {"action": "record"})
    assert refused.status_code == 400
    assert "add up to 1010, not the 1000 left" in refused.content.decode()
    assert not Deal.objects.exists()
    amounts[f"amount_{players[0].pk}"] = "370"
    amounts[f"amount_{players[2].pk}"] = "300"  # adjusted by hand, still 1000
    recorded = client.post(f"/t/{t.pk}/deal/", data | amounts | {"action": "record"},
                           follow=True)
    assert "Deal in force" in recorded.content.decode()
    sheet = client.get(f"/t/{t.pk}/deal/sheet/").content.decode()
    assert sheet.count('class="signature"') == 3 and "370" in sheet
    bust(t, director, players[2])
    results = Client().get(f"/t/{t.pk}/results/").content.decode()
    assert ">deal<" in results and "300" in results


@pytest.mark.django_db
@pytest.mark.parametrize(("field_name", "value", "message"), [
    ("unit", "0", "greater than or equal to 1"),
    ("keep", "-5", "greater than or equal to 0"),
    ("keep", "1000000000000001", "Enter at most 1,000,000,000,000,000."),
    ("method", "coin", "Select a valid choice"),
])
def test_bad_deal_input_gets_a_message_not_a_500(three_left, director, field_name, value,
                                                  message):
    _players, data = deal_post(three_left)
    data[field_name] = value
    response = login(director).post(f"/t/{three_left.pk}/deal/", data | {"action": "preview"})
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.django_db
def test_a_stack_of_zero_is_refused(three_left, director):
    players, data = deal_post(three_left)
    data[f"stack_{players[0].pk}"] = "0"
    response = login(director).post(f"/t/{three_left.pk}/deal/", data | {"action": "preview"})
    assert response.status_code == 400


@pytest.mark.django_db
def test_only_the_director_makes_a_deal(three_left, cashier, floor_user):
    _players, data = deal_post(three_left)
    for user in (cashier, floor_user):
        assert login(user).post(f"/t/{three_left.pk}/deal/",
                                data | {"action": "record"}).status_code == 403


@pytest.mark.django_db
def test_cashier_pays_from_the_unpaid_list_and_prints_a_receipt(three_left, director, cashier):
    t = three_left
    players = deal_inputs(t).players
    bust(t, director, players[2], by=players[0])
    client = login(cashier)
    page = client.get(f"/t/{t.pk}/cashier/").content.decode()
    assert 'data-unpaid="prize"' in page and 'data-unpaid="bounty"' in page
    response = client.post(f"/t/{t.pk}/cashier/prize/{players[2].pk}/paid/",
                           {"method": "transfer"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'data-unpaid="prize"' not in response.content.decode()
    payment = Payment.objects.get(kind="prize")
    assert (payment.method, payment.actor, payment.amount) == ("transfer", cashier, -200)
    award = BountyAward.objects.get(kind="cash")
    client.post(f"/t/{t.pk}/cashier/bounty/{award.pk}/paid/", {"method": "cash"})
    from tournament.reports import cash_report

    # The room's cash report counts the prize and the bounty paid out of the drawer.
    report = cash_report(tournament=t)
    assert report.total.payouts == -(200 + 20)
    assert report.total.bounties == 10 * 20  # taken with the buy-ins, apart from the pool
    assert report.total.net == 1000 + 200 - 220
    receipt = client.get(f"/t/{t.pk}/receipts/{payment.pk}/").content.decode()
    assert "200" in receipt and "Transfer" in receipt and "cashier" in receipt
    again = client.post(f"/t/{t.pk}/cashier/prize/{players[2].pk}/paid/", {"method": "cash"})
    assert again.status_code == 400 and "paid already" in again.content.decode()
    assert client.post(f"/t/{t.pk}/cashier/prize/{players[2].pk}/paid/",
                       {"method": "gold"}).status_code == 400
    assert Payment.objects.filter(kind="prize").count() == 1


@pytest.mark.django_db
def test_floor_sees_who_won_the_bounty_when_busting(three_left, floor_user):
    t = three_left
    players = deal_inputs(t).players
    response = login(floor_user).post(f"/t/{t.pk}/floor/entries/{players[2].pk}/bust/",
                                 {"busted_by": players[0].pk}, HTTP_HX_REQUEST="true")
    assert f"{players[0].player.name} wins a bounty of 20." in response.content.decode()


@pytest.mark.django_db
def test_bounty_board_shows_the_biggest_bounties_first(make_tournament, director,
                                                       django_assert_max_num_queries):
    t = make_tournament(bounty=100, bounty_progressive=True)
    entries = field(t, director, 6, 1)
    start(t)
    bust(t, director, entries[5], by=entries[2])
    with django_assert_max_num_queries(4):
        html = Client().get(f"/t/{t.pk}/bounties/").content.decode()
    name = Entry.objects.get(pk=entries[2].pk).player.name
    assert html.index(name) < html.index(entries[0].player.name)
    assert "150" in html


@pytest.mark.django_db
def test_keep_the_total_holds_the_changed_amount_and_shares_the_rest(three_left, director):
    t, client = three_left, login(director)
    players, data = deal_post(t)
    # Worked out: 380/330/290. The short stack is given 350 by hand.
    amounts = {f"amount_{p.pk}": a for p, a in zip(players, ("380", "330", "350"), strict=True)}
    response = client.post(f"/t/{t.pk}/deal/", data | amounts | {"action": "balance"})
    assert response.status_code == 200
    form = response.context["form"]
    values = [int(form[f"amount_{p.pk}"].value()) for p in players]
    assert values[2] == 350 and sum(values) == 1000
    assert values[0] > values[1]  # the other two share 650 by equity
    too_much = {f"amount_{p.pk}": a for p, a in zip(players, ("900", "330", "350"),
                                                     strict=True)}
    refused = client.post(f"/t/{t.pk}/deal/", data | too_much | {"action": "balance"})
    assert refused.status_code == 400
    assert "more than the 1000 to share" in refused.content.decode()


@pytest.mark.django_db
def test_cashier_page_costs_the_same_queries_whatever_the_field(make_tournament, director,
                                                                 cashier):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = login(cashier)
    counts = []
    for size in (10, 30):
        t = make_tournament(name=f"F{size}", buy_in=100, bounty=10)
        entries = field(t, director, size, -(-size // 9))
        start(t)
        for e in entries[: size // 2]:
            bust(t, director, e, by=entries[-1])
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/t/{t.pk}/cashier/").status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.django_db
def test_stacks_that_do_not_add_up_are_refused_unless_the_director_accepts(three_left, director):
    from tournament.models import AuditEvent

    t, client = three_left, login(director)
    players, data = deal_post(t)
    data[f"stack_{players[0].pk}"] = "99000"  # 1,000 short of the 200,000 in play
    preview = client.post(f"/t/{t.pk}/deal/", data | {"action": "preview"})
    assert 'data-chip-difference="-1000"' in preview.content.decode()
    amounts = {f"amount_{p.pk}": a for p, a in zip(players, ("380", "330", "290"), strict=True)}
    refused = client.post(f"/t/{t.pk}/deal/", data | amounts | {"action": "record"})
    assert refused.status_code == 400
    assert ("The stacks add up to 199,000, not the 200,000 chips in play (difference -1,000)"
            in refused.content.decode())
    assert not Deal.objects.exists()
    client.post(f"/t/{t.pk}/deal/", data | amounts | {"action": "record",
                                                       "accept_chip_difference": "on"})
    assert Deal.objects.count() == 1
    event = AuditEvent.objects.get(kind="deal_recorded")
    assert (event.payload["chips_in_play"], event.payload["chip_difference"]) == (200000, -1000)


@pytest.mark.django_db
def test_deal_stacks_start_from_the_last_counts(three_left, director, floor_user):
    from tournament.services.counts import table_counts_enter

    t = three_left
    players = deal_inputs(t).players
    table = players[0].table.number
    table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=table,
                       counts={players[0].pk: 110_000, players[1].pk: 55_000,
                               players[2].pk: 35_000})
    html = login(director).get(f"/t/{t.pk}/deal/").content.decode()
    for pk, chips in ((players[0].pk, 110000), (players[1].pk, 55000), (players[2].pk, 35000)):
        assert f'name="stack_{pk}" value="{chips}"' in html
    data = Client().get(f"/api/v1/tournaments/{t.pk}/chips/").json()
    assert [c["chips"] for c in data["counts"]] == [110000, 55000, 35000]
    assert (data["counted"], data["chips_in_play"], data["difference"]) == (200000, 200000, 0)


def _undo_buttons(client, t) -> tuple[set[str], set[tuple[str, int | None]]]:
    """The kinds of event the log offers an Undo for, and (kind, entry) of each."""
    html = client.get(f"/t/{t.pk}/log/").content.decode()
    offered = set()
    for event in AuditEvent.objects.filter(tournament=t):
        row = html.split(f'data-event="{event.pk}"', 1)[1].split("</tr>", 1)[0]
        if f"/log/{event.pk}/undo/" in row:
            offered.add((event.kind, event.payload.get("entry")))
    return {kind for kind, _entry in offered}, offered


@pytest.mark.django_db
def test_the_log_offers_no_undo_the_money_services_would_refuse(three_left, director):
    t, client = three_left, login(director)
    players = deal_inputs(t).players
    record_deal(t, director)
    bust(t, director, players[2], by=players[0])
    bust_event = AuditEvent.objects.filter(kind="entry_busted",
                                           payload__entry=players[2].pk).get()
    kinds, _offered = _undo_buttons(client, t)
    assert {"deal_recorded", "entry_busted"} <= kinds
    client.post(f"/t/{t.pk}/cashier/prize/{players[2].pk}/paid/", {"method": "cash"})
    award = BountyAward.objects.get(kind="cash")
    client.post(f"/t/{t.pk}/cashier/bounty/{award.pk}/paid/", {"method": "cash"})
    kinds, offered = _undo_buttons(client, t)
    # A share of the deal is paid, and the bounty of the bust: neither Undo would work.
    assert "deal_recorded" not in kinds
    assert ("entry_busted", players[2].pk) not in offered
    assert {"prize_paid", "bounty_paid"} <= kinds
    refused = client.post(f"/t/{t.pk}/log/{bust_event.pk}/undo/")
    assert refused.status_code == 400 and "undo that payment first" in refused.content.decode()
    prize = AuditEvent.objects.get(kind="prize_paid")
    assert client.post(f"/t/{t.pk}/log/{prize.pk}/undo/").status_code == 200
    kinds, offered = _undo_buttons(client, t)
    assert "deal_recorded" in kinds and ("entry_busted", players[2].pk) not in offered
    bounty = AuditEvent.objects.get(kind="bounty_paid")
    assert client.post(f"/t/{t.pk}/log/{bounty.pk}/undo/").status_code == 200
    assert ("entry_busted", players[2].pk) in _undo_buttons(client, t)[1]


def _tv_state(t):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        html = Client().get(reverse("clock_state", args=[t.pk])).content.decode()
    return html, len(captured)


@pytest.mark.django_db
def test_the_tv_shows_the_biggest_bounties_in_a_bounty_event(make_tournament, director):
    plain = make_tournament(name="No bounties")
    field(plain, director, 6, 1)
    assert "Biggest bounties" not in _tv_state(plain)[0]
    t = make_tournament(bounty=100, bounty_progressive=True)
    entries = field(t, director, 30, 3)
    start(t)
    _html, before = _tv_state(t)
    bust(t, director, entries[5], by=entries[2])
    bust(t, director, entries[2], by=entries[7])
    html, after = _tv_state(t)
    section = html.split('class="bounties"', 1)[1].split("</section>", 1)[0]
    assert "Biggest bounties" in section
    names = [Entry.objects.get(pk=e.pk).player.name for e in (entries[7], entries[0])]
    # entries[2] carried 150 when busted: 75 paid to entries[7], 75 onto their 100.
    assert section.index(names[0]) < section.index(names[1]) and "175" in section
    assert section.count("<li>") == 5
    small = make_tournament(name="Six", bounty=100, bounty_progressive=True)
    field(small, director, 6, 1)
    start(small)
    # The TV's cost does not grow with the knockouts or the field.
    assert after == before == _tv_state(small)[1]


def _part(html: str, name: str) -> str:
    """The inner HTML of one live part (``data-live-part="name"``) of a page."""
    import re

    match = re.search(rf'<div data-live-part="{name}">(.*?)</div>\s*(?=<div data-live-part|<p)',
                      html, re.S)
    assert match, f"no live part {name}"
    return match.group(1)


@pytest.mark.django_db
def test_the_cashier_page_is_live_and_a_bust_in_the_money_reaches_it(
        three_left, director, cashier, floor_user, django_capture_on_commit_callbacks):
    from django.urls import reverse

    t, client = three_left, login(cashier)
    players = deal_inputs(t).players
    html = client.get(f"/t/{t.pk}/cashier/").content.decode()
    version = AuditEvent.objects.filter(tournament=t).latest("id").pk
    assert f'data-live-version="{version}"' in html and "js/live.js" in html
    assert f'data-live-page="/t/{t.pk}/cashier/"' in html
    assert f'data-live="{reverse("tournament_version", args=[t.pk])}"' in html
    assert 'data-unpaid="prize"' not in _part(html, "unpaid")
    assert "Nothing paid yet." in _part(html, "paid")
    # A bust in the money on the floor: the version moves, and the page live.js
    # fetches then shows the prize to pay in its "unpaid" part.
    with django_capture_on_commit_callbacks(execute=True):
        login(floor_user).post(f"/t/{t.pk}/floor/entries/{players[2].pk}/bust/",
                               {"busted_by": players[0].pk}, HTTP_HX_REQUEST="true")
    polled = client.get(reverse("tournament_version", args=[t.pk])).json()["version"]
    assert polled != version
    html = client.get(f"/t/{t.pk}/cashier/").content.decode()
    assert f'data-live-version="{polled}"' in html
    unpaid = _part(html, "unpaid")
    assert players[2].player.name in unpaid and "200" in unpaid
    assert 'data-unpaid="bounty"' in unpaid
    # Paid at another cage: it moves from the unpaid part to the paid part.
    login(director).post(f"/t/{t.pk}/cashier/prize/{players[2].pk}/paid/", {"method": "cash"})
    html = client.get(f"/t/{t.pk}/cashier/").content.decode()
    assert 'data-unpaid="prize"' not in _part(html, "unpaid")
    assert 'data-paid="prize"' in _part(html, "paid")


@pytest.mark.django_db
def test_the_live_cashier_page_costs_fixed_queries(make_tournament, director, cashier):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = login(cashier)
    counts = []
    for size in (10, 40):
        t = make_tournament(name=f"L{size}", buy_in=100, bounty=10,
                            payout_percentages=[30, 20, 15, 10, 8, 6, 5, 3, 2, 1])
        entries = field(t, director, size, -(-size // 9))
        start(t)
        for e in entries[: size - 3]:  # every bust but the first few in the money
            bust(t, director, e, by=entries[-1])
        for e in entries[size - 8: size - 3]:  # some of them paid
            client.post(f"/t/{t.pk}/cashier/prize/{e.pk}/paid/", {"method": "cash"})
        with CaptureQueriesContext(connection) as captured:
            html = client.get(f"/t/{t.pk}/cashier/").content.decode()
        assert 'data-live-part="unpaid"' in html and 'data-paid="prize"' in html
        counts.append(len(captured))
    assert counts[0] == counts[1]


def _sheet_rows(html: str) -> list[tuple[str, str, str, bool]]:
    """The payout sheet's rows: (place, amount, player column text, marked deal)."""
    import re

    body = html[html.index("<tbody>"):html.index("</tbody>")]
    rows = []
    for attrs, cells in re.findall(r"<tr([^>]*)>(.*?)</tr>", body, re.S):
        place, amount, player = (re.sub(r"<[^>]+>", "", c).strip()
                                 for c in re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S))
        rows.append((place, amount, player.removesuffix("deal").strip(), "data-deal" in attrs))
    return rows


@pytest.mark.django_db
def test_a_deal_shows_on_the_payout_sheet_the_tv_and_the_payout_receipt(
        make_tournament, director, cashier, django_capture_on_commit_callbacks):
    from django.urls import reverse

    t = make_tournament(buy_in=100, payout_percentages=[40, 25, 15, 12, 8])
    entries = field(t, director, 10, 2)
    start(t)
    with django_capture_on_commit_callbacks(execute=True):
        down_to(t, director, entries, 3)
    fourth, fifth = (Entry.objects.get(tournament=t, finish_place=p).player.name for p in (4, 5))
    players = deal_inputs(t).players  # the table's 400 / 250 / 150 are left: 800
    names = [p.player.name for p in players]
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(t, director, keep=100,
                    amounts=dict(zip([p.pk for p in players], (300, 220, 180), strict=True)))
    client = login(cashier)
    sheet = _sheet_rows(client.get(reverse("print_payouts", args=[t.pk])).content.decode())
    assert sheet == [("1–3", "300", names[0], True), ("1–3", "220", names[1], True),
                     ("1–3", "180", names[2], True),
                     ("1–3", "100", "Left to play for (to the winner)", True),
                     ("4", "120", fourth, False), ("5", "80", fifth, False)]
    tv = Client().get(reverse("clock_state", args=[t.pk])).content.decode()
    payouts = tv[tv.index('<section class="payouts">'):]
    payouts = payouts[:payouts.index("</section>")]
    assert names[0] in payouts and ">300<" in payouts and ">400<" not in payouts
    assert payouts.count('class="deal"') == 4 and "to play for" in payouts

    # The short stack busts: 3rd, paid the deal's 180 everywhere.
    with django_capture_on_commit_callbacks(execute=True):
        bust(t, director, players[2])
    number = players[2].number
    sheet = _sheet_rows(client.get(reverse("print_payouts", args=[t.pk])).content.decode())
    assert sheet[:4] == [("1–2", "300", names[0], True), ("1–2", "220", names[1], True),
                         ("1–2", "100", "Left to play for (to the winner)", True),
                         ("3", "180", names[2], True)]
    receipt = client.get(reverse("receipt_payout", args=[t.pk, number])).content.decode()
    assert '<dd class="num total amount">180</dd>' in receipt and "Prize (deal)" in receipt
    cage = client.get(f"/t/{t.pk}/cashier/").content.decode()
    assert names[2] in _part(cage, "unpaid") and ">180<" in _part(cage, "unpaid")
    results = Client().get(f"/t/{t.pk}/results/").content.decode()
    assert '<td>180 <span class="tag">deal</span></td>' in results  # the player's prize
    assert f'<span class="num">180</span> {names[2]} <span class="tag">deal' in results
    assert ">150<" not in results  # the table's 3rd prize, replaced by the deal

    # The winner collects their share and what was left to play for.
    with django_capture_on_commit_callbacks(execute=True):
        bust(t, director, players[1], by=players[0])
    t.refresh_from_db()
    assert t.status == "finished"
    sheet = _sheet_rows(client.get(reverse("print_payouts", args=[t.pk])).content.decode())
    assert sheet[:3] == [("1", "400", names[0], True), ("2", "220", names[1], True),
                         ("3", "180", names[2], True)]
    receipt = client.get(reverse("receipt_payout", args=[t.pk, players[0].number])).content
    assert b'<dd class="num total amount">400</dd>' in receipt and b"Prize (deal)" in receipt
    tv = Client().get(reverse("clock_state", args=[t.pk])).content.decode()
    assert names[0] in tv and ">400<" in tv
    # A player outside the deal: the table's prize, no "deal".
    fourth_number = Entry.objects.get(tournament=t, finish_place=4).number
    receipt = client.get(reverse("receipt_payout", args=[t.pk, fourth_number])).content
    assert b'<dd class="num total amount">120</dd>' in receipt and b"deal" not in receipt
