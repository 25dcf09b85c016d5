"""Rulebook pages, calculators and the rulings log, through the client (with and without htmx)."""

from __future__ import annotations

import csv
import io
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament.models import AuditEvent, Ruling
from tournament.rulebook.catalog import load_rules


def calc(client: Client, slug: str, htmx: bool = False, **params):
    url = reverse("rulebook_calc", args=[slug]) + "?" + urlencode(params)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.get(url, headers=headers)


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def floor_client(floor_user):
    c = Client()
    c.force_login(floor_user)
    return c


def log_ruling(**values) -> Ruling:
    defaults = {"facts": "Seat 4 pushed 2000 facing 8000.", "decision": "Call of 8000.",
                "rules": ["38"], "table_number": 3, "seats": "4", "created_at": timezone.now()}
    return Ruling.objects.create(**(defaults | values))


# --- Search ------------------------------------------------------------------------


@pytest.mark.django_db
def test_search_page_without_javascript_lists_the_undercall_rule(client):
    response = client.get(reverse("rulebook_search"), {"q": "undercall"})
    assert response.status_code == 200
    html = text(response)
    assert "<html" in html and 'name="q"' in html
    assert 'hx-trigger="input changed delay:150ms, search"' in html
    assert reverse("rulebook_rule", args=["38"]) in html
    assert "Binding declarations and undercalls" in html
    assert "<mark>" in html  # the matched word is highlighted in the snippet


@pytest.mark.django_db
def test_search_with_htmx_returns_only_the_results(client):
    response = client.get(reverse("rulebook_search"), {"q": "42"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = text(response)
    assert "<html" not in html and "<form" not in html
    first = html.index('class="rb-hit"')
    assert reverse("rulebook_rule", args=["42"]) in html[first : first + 400]
    assert "TDA 2024: 43" in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


@pytest.mark.django_db
def test_search_answers_in_chinese_for_a_chinese_reader(client):
    client.cookies["django_language"] = "zh-hans"
    response = client.get(reverse("rulebook_search"), {"q": "跟注不足"},
                          headers={"HX-Request": "true"})
    html = text(response)
    assert "约束性宣告与跟注不足" in html
    assert "Binding declarations" not in html


@pytest.mark.django_db
def test_search_finds_the_rule_for_floor_talk_the_rulebook_never_uses(client):
    response = client.get(reverse("rulebook_search"), {"q": "guy cussing out the dealer"},
                          headers={"HX-Request": "true"})
    html = text(response)
    first = html.index('class="rb-hit"')
    assert reverse("rulebook_rule", args=["64"]) in html[first : first + 400]
    assert "Etiquette violations" in html


@pytest.mark.django_db
def test_search_without_a_match_says_so(client):
    response = client.get(reverse("rulebook_search"), {"q": "zzzqqq"},
                          headers={"HX-Request": "true"})
    assert "No rule matches" in text(response)


@pytest.mark.django_db
def test_search_page_without_a_query_lists_every_rule_and_the_calculators(client):
    html = text(client.get(reverse("rulebook_search")))
    assert reverse("rulebook_rule", args=["RP-7"]) in html
    assert reverse("rulebook_calc", args=["chip-race"]) in html


# --- Rule page ---------------------------------------------------------------------


@pytest.mark.django_db
def test_rule_page_shows_examples_related_rules_and_calculator(client):
    response = client.get(reverse("rulebook_rule", args=["38"]))
    assert response.status_code == 200
    html = text(response)
    assert "Undercall of the opening bet" in html  # a worked example
    assert reverse("rulebook_rule", args=["RP-1"]) in html  # see also
    assert reverse("rulebook_calc", args=["wager"]) in html
    assert "Rulings that cite it" not in html  # the log is for staff


@pytest.mark.django_db
def test_rule_page_accepts_loose_numbers_and_404s_unknown_ones(client):
    assert client.get(reverse("rulebook_rule", args=["9c"])).status_code == 200
    assert client.get(reverse("rulebook_rule", args=["999"])).status_code == 404


@pytest.mark.django_db
def test_rule_page_lists_the_rulings_that_cite_it_for_staff(floor_client):
    log_ruling(decision="Held to a full call.", rules=["38", "36"])
    log_ruling(decision="Unrelated chop.", rules=["18"])
    html = text(floor_client.get(reverse("rulebook_rule", args=["38"])))
    assert "Held to a full call." in html
    assert "Unrelated chop." not in html
    assert "?cite=38" in html


# --- Calculators -------------------------------------------------------------------

BLINDS = "1 post 100\n2 post 200\n"


@pytest.mark.django_db
def test_betting_round_min_raise_and_reopening(client):
    response = calc(client, "betting", actions=BLINDS + "3 raise 600\n4 allin 700\n5 call 700\n1 fold",
                    big_blind=200, limit="no-limit", seat=3)
    assert response.status_code == 200
    html = text(response)
    assert "<dd>700</dd>" in html  # to call
    assert "<dd>1100</dd>" in html  # 700 + the last full raise of 400
    assert "Seat 3 may only call or fold" in html  # the short all-in did not reopen


@pytest.mark.django_db
def test_betting_round_raise_below_the_minimum_is_explained(client):
    response = calc(client, "betting", htmx=True, actions=BLINDS + "3 raise 300",
                    big_blind=200, limit="no-limit")
    assert response.status_code == 400
    html = text(response)
    assert "<html" not in html
    assert "a raise to 300 is below the minimum raise to 400" in html


@pytest.mark.django_db
def test_betting_round_unreadable_line_is_a_form_error(client):
    response = calc(client, "betting", actions="3 shove lots", big_blind=200, limit="no-limit")
    assert response.status_code == 400
    assert "Line 1: write a seat, an action and an amount" in text(response)


@pytest.mark.django_db
def test_reading_an_oversized_chip_is_a_call(client):
    response = calc(client, "wager", current_bet=2000, big_blind=1000, chips="5000",
                    order="words")
    assert response.status_code == 200
    html = text(response)
    assert "Call" in html and "total 2000" in html
    assert "oversized chip" in html
    assert reverse("rulebook_rule", args=["44"]) in html


@pytest.mark.django_db
def test_reading_a_wager_without_words_or_chips_is_explained(client):
    response = calc(client, "wager", current_bet=2000, big_blind=1000, order="words")
    assert response.status_code == 400
    assert "there is no wager to read" in text(response)


@pytest.mark.django_db
def test_reading_a_wager_refuses_a_negative_bet_on_the_form(client):
    response = calc(client, "wager", current_bet=-5, big_blind="abc", order="words")
    assert response.status_code == 400
    html = text(response)
    assert "Ensure this value is greater than or equal to 0." in html
    assert "Enter a whole number." in html


@pytest.mark.django_db
def test_pots_side_pot_and_odd_chip_by_ranking(client):
    response = calc(client, "pots", contributions="1 525\n2 1025\n3 1025\n4 300",
                    folded="4", ranking="1=2 3", chip_unit=25, button=2)
    assert response.status_code == 200
    html = text(response)
    # Main pot 525*3 + 300 = 1875 (75 chips of 25) split by seats 1 and 2: the odd chip
    # goes to seat 1, the first winner left of the button (house rule 18).
    # Side pot 500*2 = 1000 between seats 2 and 3 goes to seat 2.
    assert "Seat 1 wins 950" in html
    assert "Seat 2 wins 1925" in html
    assert "Seat 3 wins" not in html
    assert "Side pot 1" in html


@pytest.mark.django_db
def test_pots_from_cards_read_the_hands(client):
    response = calc(client, "pots", contributions="1 1000\n2 1000", board="As Kd 7h 7c 2s",
                    hands="1 Ah Qh\n2 Kc Ks", chip_unit=1, button=1)
    assert response.status_code == 200
    html = text(response)
    assert "Seat 2 wins 2000" in html
    assert "full house" in html


@pytest.mark.django_db
def test_pots_hi_lo_split_gives_the_odd_chip_of_the_pot_to_the_high_side(client):
    # 3 x 1675 = 5025 = 201 chips of 25: high (seat 2) 101 chips, low (seat 3) 100 chips.
    response = calc(client, "pots", contributions="1 1675\n2 1675\n3 1675", ranking="2 3 1",
                    low_ranking="3", chip_unit=25, button=2)
    html = text(response)
    assert response.status_code == 200
    assert "Seat 2 wins 2525" in html and "Seat 3 wins 2500" in html
    assert "odd chip of the pot goes to the high half" in html


@pytest.mark.django_db
def test_pots_stud_odd_chip_goes_by_the_high_card_by_suit(client):
    # Seven-card stud, two identical straights: the 6 of spades (seat 3) takes the odd chip,
    # though seat 1 is first left of the button.
    response = calc(client, "pots", contributions="1 1025\n3 1025\n5 25", folded="5",
                    hands="1 2c 3d 4h 5c 6h Kd Qd\n3 2d 3c 4s 5d 6s Kc Qc", game="stud",
                    chip_unit=25, button=6)
    html = text(response)
    assert response.status_code == 200
    assert "Seat 3 wins 1050" in html and "Seat 1 wins 1025" in html
    assert "high card by suit" in html
    ranking_only = calc(client, "pots", contributions="1 100\n3 100", ranking="1=3",
                        game="stud", chip_unit=25, button=6)
    assert ranking_only.status_code == 400
    assert "give each live seat" in text(ranking_only)


STUD8_HIGH = ("2 As Ks Qs Js 9s Td Tc\n4 8h 6c 4d 3c 2d Kh Kd\n6 8s 6d 4c 3d 2c Qh Qd")


@pytest.mark.django_db
def test_pots_stud_8_tied_low_odd_chip_goes_by_the_low_hands_own_cards(client):
    # House 18-B / TDA 2024 20: stud/8, seat 2's spade flush wins high; seats 4 and 6 tie
    # for low with 8-6-4-3-2. 75 chips of 5 = 15 units: high half 8 (the pot's odd unit,
    # 18-C), low half 7. The low's odd unit goes by the low hands' top card by suit, the
    # 8 of spades (seat 6) over the 8 of hearts (seat 4), though seat 4's king of hearts
    # is the higher card in the high hands.
    response = calc(client, "pots", contributions="2 25\n4 25\n6 25", hands=STUD8_HIGH,
                    low_hands="4 8h 6c 4d 3c 2d Kh Kd\n6 8s 6d 4c 3d 2c Qh Qd",
                    game="stud", chip_unit=5, button=1)
    html = text(response)
    assert response.status_code == 200
    assert "Seat 2 wins 40" in html and "Seat 6 wins 20" in html and "Seat 4 wins 15" in html
    assert "low (8h 6c 4d 3c 2d)" in html and "low (8s 6d 4c 3d 2c)" in html


@pytest.mark.django_db
def test_pots_stud_8_the_ace_is_low_in_the_low_hands_odd_chip(client):
    # Both lows are 8-4-3-2-A: the top card of the low is the eight, not the ace, so the
    # 8 of spades (seat 6) takes the odd unit though seat 4 holds the ace of spades.
    response = calc(client, "pots", contributions="2 25\n4 25\n6 25",
                    hands="2 Ks Qs Js 9s 7s Td Tc\n4 8h 4d 3c 2d As Kh Kd\n6 8s 4c 3d 2c Ad Qh Qd",
                    low_hands="4 8h 4d 3c 2d As Kh Kd\n6 8s 4c 3d 2c Ad Qh Qd",
                    game="stud", chip_unit=5, button=1)
    html = text(response)
    assert response.status_code == 200
    assert "Seat 6 wins 20" in html and "Seat 4 wins 15" in html


@pytest.mark.django_db
def test_pots_omaha_8_low_hands_tie_by_position_and_no_low_scoops(client):
    # Board game (18-A): seat 5 wins high; seats 1 and 3 tie for low with the same five
    # cards' ranks; button on 2, so seat 3 (first left of it) takes the low's odd unit.
    # 3 x 35 = 105 = 21 units: high 11 (18-C), low 10 split 5/5, no odd unit in the low.
    # With 3 x 30 = 90 = 18 units: high 9, low 9: seat 3 gets 5, seat 1 gets 4.
    lows = "1 7h 5c 4d 2s As\n3 7d 5h 4c 2c Ah"
    response = calc(client, "pots", contributions="1 30\n3 30\n5 30", ranking="5 1=3",
                    low_hands=lows, chip_unit=5, button=2)
    html = text(response)
    assert response.status_code == 200
    assert "Seat 5 wins 45" in html and "Seat 3 wins 25" in html and "Seat 1 wins 20" in html
    no_low = calc(client, "pots", contributions="1 30\n3 30\n5 30", ranking="5 1=3",
                  low_hands="1 9h 5c 4d 2s As\n3 7d 7h 4c 2c Ah", chip_unit=5, button=2)
    assert "Seat 5 wins 90" in text(no_low) and "No low qualifies" in text(no_low)


@pytest.mark.django_db
def test_pots_low_hands_refused_for_a_folded_seat_or_beside_a_low_ranking(client):
    folded = calc(client, "pots", contributions="1 30\n3 30\n5 30", folded="3",
                  ranking="5 1", low_hands="3 7d 5h 4c 2c Ah", chip_unit=5, button=2)
    assert folded.status_code == 400
    assert "Seat 3 has a low hand but is not a live seat" in text(folded)
    both = calc(client, "pots", contributions="1 30\n5 30", ranking="5 1",
                low_hands="1 7d 5h 4c 2c Ah", low_ranking="1", chip_unit=5, button=2)
    assert both.status_code == 400 and "not both" in text(both)
    bad = calc(client, "pots", contributions="1 30\n5 30", ranking="5 1",
               low_hands="1 7d 5h 4c 2c Zz", chip_unit=5, button=2)
    assert bad.status_code == 400 and "is not a card" in text(bad)


@pytest.mark.django_db
def test_pots_card_dealt_twice_is_explained(client):
    response = calc(client, "pots", contributions="1 1000\n2 1000", board="As Kd 7h 7c 2s",
                    hands="1 Ah Qh\n2 As 3c", chip_unit=1, button=1)
    assert response.status_code == 400
    assert "The card As appears twice" in text(response)


@pytest.mark.django_db
def test_pots_negative_chips_are_explained(client):
    response = calc(client, "pots", contributions="1 -50\n2 100", ranking="1 2", chip_unit=1,
                    button=1)
    assert response.status_code == 400
    assert "chips put in a pot cannot be negative" in text(response)


@pytest.mark.django_db
def test_showdown_last_aggressor_shows_first(client):
    response = calc(client, "showdown", in_hand="2 5 7", button=7, last_aggressor=5)
    assert response.status_code == 200
    assert "Seat 5 shows first" in text(response)
    bad = calc(client, "showdown", in_hand="2 5", button=7, last_aggressor=4)
    assert bad.status_code == 400
    assert "Seat 4 is not among the players still in the hand" in text(bad)


@pytest.mark.django_db
def test_misdeal_until_substantial_action(client):
    assert "Misdeal" in text(calc(client, "misdeal", boxed_cards=2, actions="fold"))
    late = text(calc(client, "misdeal", boxed_cards=2, actions="fold call raise"))
    assert "Not a misdeal: play on" in late and "Substantial action: yes." in late
    bad = calc(client, "misdeal", boxed_cards=-1)
    assert bad.status_code == 400
    assert "boxed cards cannot be negative" in text(bad)


@pytest.mark.django_db
def test_chip_race_shows_the_deal_and_is_replayable(client):
    params = {"removed": "1 3\n2 2\n4 1", "old_denomination": 25, "new_denomination": 100,
              "seed": 7}
    first = text(calc(client, "chip-race", htmx=True, **params))
    again = text(calc(client, "chip-race", htmx=True, **params))
    # Six odd 25s (150) buy one 100 chip; 50 goes uncompensated (house rule 22).
    assert "1 chip raced" in first
    assert "The remaining 50 is less than one chip of 100" in first
    assert "New chips given in all: 1 × 100 = 100, for 150 removed." in first
    assert "The deal, in order" in first and "Deal number 7" in first
    assert first.count("<li>seat ") == 6  # one card per odd chip
    assert first == again  # same deal number, same cards
    bad = calc(client, "chip-race", removed="1 3", old_denomination=100, new_denomination=25)
    assert bad.status_code == 400
    assert "multiple of the one removed" in text(bad)


@pytest.mark.django_db
def test_shot_clock_uses_the_editions_seconds(client):
    house = text(client.get(reverse("rulebook_calc", args=["shot-clock"])))
    assert 'data-seconds="50"' in house and 'data-countdown="10"' in house
    assert "js/shotclock.js" in house
    tda = text(calc(client, "shot-clock", edition="tda2024"))
    assert 'data-seconds="25"' in tda
    assert calc(client, "shot-clock", edition="nope").status_code == 400


@pytest.mark.django_db
def test_penalty_missed_hands_and_impossible_table(client):
    response = calc(client, "penalty", players_at_table=8, offence_number=2)
    assert response.status_code == 200
    html = text(response)
    assert "One-round penalty" in html and "sits out 8 hands" in html
    assert 'data-hands="8"' in html and "js/penalty.js" in html
    bad = calc(client, "penalty", players_at_table=1, offence_number=2)
    assert bad.status_code == 400
    assert "A table has at least 2 players" in text(bad)


@pytest.mark.django_db
def test_penalty_counts_the_offence_from_the_rulings_log_for_staff(floor_client, client):
    log_ruling(facts="Alice Wu swore at the dealer.", decision="Warned.", penalty="verbal warning")
    html = text(calc(floor_client, "penalty", players_at_table=9, player="Alice Wu"))
    assert "Offence number 2" in html and "counted from the rulings log" in html
    assert "One-round penalty" in html and "Warned." in html
    public = text(calc(client, "penalty", players_at_table=9, player="Alice Wu"))
    assert "Warned." not in public  # the log is not public
    assert "Verbal warning" in public


@pytest.mark.django_db
def test_button_and_blinds_after_a_bust(client):
    # Seat 3 (the big blind) busted: the big blind moves on to 4, seat 3's small blind is dead.
    response = calc(client, "button", occupied="1 2 4 6", button=1, previous_big_blind=3)
    assert response.status_code == 200
    html = text(response)
    assert "<dd>2</dd>" in html and "<dd>4</dd>" in html
    assert "(dead: nobody posts)" in html
    bad = calc(client, "button", occupied="4", button=1)
    assert bad.status_code == 400
    assert "A hand needs at least two players." in text(bad)


@pytest.mark.django_db
def test_unknown_calculator_is_404(client):
    assert client.get(reverse("rulebook_calc", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_calculators_are_read_only(client):
    response = client.post(reverse("rulebook_calc", args=["betting"]), {"actions": "1 fold"})
    assert response.status_code == 405


# --- Rulings log -------------------------------------------------------------------


@pytest.mark.django_db
def test_floor_logs_a_ruling_with_its_audit_event(floor_client, floor_user, tournament):
    response = floor_client.post(reverse("ruling_create"), {
        "tournament": tournament.pk, "table_number": 4, "seats": "2, 7", "rules": "38 9c",
        "facts": "Seat 7 pushed 2000 facing a raise to 8000.", "decision": "Took back and fold.",
        "penalty": "",
    })
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.rules == ["38", "9-C"] and ruling.staff == floor_user
    assert ruling.tournament == tournament and ruling.table_number == 4
    event = AuditEvent.objects.get(kind="ruling_log")
    assert event.payload["ruling"] == ruling.pk and event.actor == floor_user
    page = text(floor_client.get(reverse("ruling_list")))
    assert "Took back and fold." in page and "Ruling logged." in page


@pytest.mark.django_db
def test_unknown_rule_cited_is_refused_on_the_form(floor_client):
    response = floor_client.post(reverse("ruling_create"), {
        "rules": "38 999", "facts": "x", "decision": "y"}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    html = text(response)
    assert "No such rule in the rulebook: 999." in html and "<html" not in html
    assert not Ruling.objects.exists() and not AuditEvent.objects.filter(kind="ruling_log").exists()


@pytest.mark.django_db
def test_cashier_reads_the_log_but_cannot_write(cashier):
    c = Client()
    c.force_login(cashier)
    log_ruling()
    page = c.get(reverse("ruling_list"))
    assert page.status_code == 200 and "Call of 8000." in text(page)
    assert 'id="ruling-form"' not in text(page)
    response = c.post(reverse("ruling_create"), {"facts": "x", "decision": "y"})
    assert response.status_code == 403
    assert Ruling.objects.count() == 1


@pytest.mark.django_db
def test_anonymous_users_neither_read_nor_write_the_log(client):
    assert "/accounts/login/" in client.get(reverse("ruling_list"))["Location"]
    assert client.post(reverse("ruling_create"), {"facts": "x", "decision": "y"}).status_code == 403
    assert "/accounts/login/" in client.get(reverse("ruling_export"))["Location"]
    assert not Ruling.objects.exists()


@pytest.mark.django_db
def test_log_search_by_text_rule_and_table(floor_client, django_assert_max_num_queries):
    log_ruling(decision="Oversized chip is a call.", rules=["44"], table_number=7)
    log_ruling(decision="Misdeal declared.", rules=["33"], table_number=2)
    url = reverse("ruling_list")
    by_rule = text(floor_client.get(url, {"rule": "44"}, headers={"HX-Request": "true"}))
    assert "Oversized chip is a call." in by_rule and "Misdeal declared." not in by_rule
    by_table = text(floor_client.get(url, {"table": "2"}))
    assert "Misdeal declared." in by_table and "Oversized chip" not in by_table
    by_text = text(floor_client.get(url, {"q": "misdeal"}))
    assert "Misdeal declared." in by_text and "Oversized chip" not in by_text
    for _ in range(20):
        log_ruling()
    with django_assert_max_num_queries(8):
        floor_client.get(url)


@pytest.mark.django_db
def test_csv_export_has_every_column_and_defuses_formulas(floor_client, floor_user, tournament):
    log_ruling(tournament=tournament, staff=floor_user, facts="=HYPERLINK(x)", decision="拆池：平分",
               penalty="one-round penalty", rules=["18", "19"])
    response = floor_client.get(reverse("ruling_export"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Time", "Tournament", "Table", "Seats", "Rules cited", "Facts", "Decision",
                       "Penalty", "Staff", "Calculator answer", "Calculator link"]
    assert rows[1][1:] == ["Test Event", "3", "4", "18 19", "'=HYPERLINK(x)", "拆池：平分",
                           "one-round penalty", "floor", "", ""]


@pytest.mark.django_db
def test_a_calculator_error_is_explained_in_chinese_for_a_chinese_reader(client):
    url = reverse("rulebook_calc", args=["betting"])
    response = client.get(url, {"actions": BLINDS + "3 raise 300", "big_blind": 200,
                                "limit": "no-limit"}, HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert response.status_code == 400
    html = text(response)
    assert "3 号座位：加注到 300 低于最小加注额 400；只有全下可以更少。" in html
    assert "below the minimum" not in html


@pytest.mark.django_db
def test_a_calculator_answer_is_explained_in_chinese_for_a_chinese_reader(client):
    url = reverse("rulebook_calc", args=["wager"])
    response = client.get(url, {"current_bet": 2000, "big_blind": 1000, "chips": "500",
                                "order": "words", "heads_up": "on"},
                          HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert response.status_code == 200
    html = text(response)
    # Two sentences, each translated whole, joined the Chinese way (no space).
    assert ("未宣告“跟注”且投入少于跟注额 2000：跟注不足。"
            "单挑时面对下注，须补足为完整跟注（本场规则 38-B）。") in html
    assert "undercall" not in html and "Heads-up facing" not in html
    # The hand categories read in Chinese too, and English comes back for an English reader.
    pots = {"contributions": "1 1000\n2 1000", "board": "As Kd 7h 7c 2s",
            "hands": "1 Ah Qh\n2 Kc Ks", "chip_unit": 1, "button": 1}
    chinese = text(client.get(reverse("rulebook_calc", args=["pots"]), pots,
                              HTTP_ACCEPT_LANGUAGE="zh-Hans"))
    assert "葫芦（Ks Kd Kc 7h 7c）" in chinese and "full house" not in chinese
    english = text(client.get(reverse("rulebook_calc", args=["pots"]), pots,
                              HTTP_ACCEPT_LANGUAGE="en"))
    assert "full house (Ks Kd Kc 7h 7c)" in english


# --- Chinese action words (typed form) ---------------------------------------------


@pytest.mark.django_db
def test_betting_round_accepts_chinese_action_words_and_shows_them_in_chinese(client):
    actions = "1 盲注 100\n2 盲注 200\n3 加注 600\n4 全下 700\n5 跟注 700\n1 弃牌"
    english = calc(client, "betting", actions=actions, big_blind=200, limit="no-limit", seat=3)
    assert english.status_code == 200
    html = text(english)
    assert "Seat 3 may only call or fold" in html
    assert "Seat 4 · All-in 700" in html
    client.cookies["django_language"] = "zh-hans"
    chinese = text(calc(client, "betting", actions=actions, big_blind=200, limit="no-limit",
                        seat=3))
    assert "全下 700" in chinese and "加注 600" in chinese and "弃牌" in chinese


@pytest.mark.django_db
def test_betting_round_pot_limit_with_a_short_all_in_small_blind(client):
    response = calc(client, "betting", actions="1 post 60\n2 post 200", big_blind=200,
                    small_blind=100, limit="pot-limit", seat=3)
    html = text(response)
    assert response.status_code == 200
    assert "Maximum raise to</dt><dd>700" in html


@pytest.mark.django_db
def test_reading_a_wager_said_in_chinese(client):
    response = calc(client, "wager", current_bet=1000, big_blind=200, said="加注到3000",
                    order="words")
    html = text(response)
    assert response.status_code == 200
    assert "total 3000" in html and "house rule 42-B" in html


@pytest.mark.django_db
def test_reading_last_chips_names_the_tda_2024_difference(client):
    response = calc(client, "wager", current_bet=1000, big_blind=200, chips="1000 100 100 100",
                    stack=1300, order="words")
    html = text(response)
    assert "The player gets 300 back." in html
    assert "Poker TDA 2024 45-B reads" in html and "all-in for 1300" in html


@pytest.mark.django_db
def test_rule_page_shows_what_poker_tda_2024_says_beside_the_house_rule(client):
    html = text(client.get(reverse("rulebook_rule", args=["26"])))
    assert "Poker TDA 2024 says (rule 29)" in html
    assert "25 seconds plus a 5-second countdown" in html and "50 seconds" in html
    for number in ("4", "5", "39-B", "RP-7"):
        page = text(client.get(reverse("rulebook_rule", args=[number])))
        assert "No matching Poker TDA 2024 rule" not in page
    assert "No matching Poker TDA 2024 rule" in text(client.get(reverse("rulebook_rule",
                                                                        args=["39-C"])))
    client.cookies["django_language"] = "zh-hans"
    chinese = text(client.get(reverse("rulebook_rule", args=["39"])))
    assert "Poker TDA 2024 的规定（第 53-A 条）" in chinese and "赛事总监确认" in chinese



# --- a ruling carries a calculator's facts and answer; a ruling prints as a slip ------


WAGER_QUERY = ("current_bet=1100&big_blind=500&raise_size=600&chips=1000+100+100+100+100+100"
               "&order=words")


@pytest.mark.django_db
def test_a_calculator_answer_is_logged_with_the_ruling_and_reproduces(floor_client, floor_user):
    page = text(floor_client.get(reverse("rulebook_calc", args=["wager"]) + "?" + WAGER_QUERY))
    assert "Log a ruling with this answer" in page
    assert "calc=wager" in page and "cite=45" in page
    form = text(floor_client.get(reverse("ruling_list"),
                                 {"calc": "wager", "calc_query": WAGER_QUERY, "cite": "45"}))
    assert "Calculator attached:" in form and "Raise, total 1700 (house rule 45)." in form
    response = floor_client.post(reverse("ruling_create"), {
        "facts": "Seat 4 pushed a 1000 and five 100s facing 1100.", "decision": "Raise to 1700.",
        "rules": "45", "calculator": "wager", "calculator_query": WAGER_QUERY})
    assert response.status_code in (200, 302)
    ruling = Ruling.objects.get()
    assert ruling.calculator == "wager"
    assert ruling.calculator_result == "Raise, total 1700 (house rule 45)."
    assert AuditEvent.objects.get(kind="ruling_log").payload["calculator"] == "wager"
    # The link in the log reproduces the same answer.
    log = text(floor_client.get(reverse("ruling_list")))
    assert ruling.calculator_url.replace("&", "&amp;") in log
    again = text(floor_client.get(ruling.calculator_url))
    assert "total 1700" in again


@pytest.mark.django_db
def test_a_chip_race_is_logged_with_its_deal_number(floor_client):
    query = "removed=1+3%0D%0A2+2%0D%0A4+1&old_denomination=25&new_denomination=100"
    page = text(floor_client.get(reverse("rulebook_calc", args=["chip-race"]) + "?" + query))
    assert "seed%3D" in page  # the log link keeps the deal, so the race can be replayed
    seed = page.split("Deal number ")[1].split(".")[0]
    floor_client.post(reverse("ruling_create"), {
        "facts": "Colour-up at table 3.", "decision": "Race as dealt.", "rules": "22",
        "calculator": "chip-race", "calculator_query": query + f"&seed={seed}"})
    ruling = Ruling.objects.get()
    assert f"seed={seed}" in ruling.calculator_query
    assert f"Deal number {seed}." in text(floor_client.get(ruling.calculator_url))


@pytest.mark.django_db
@pytest.mark.parametrize(("calculator", "query", "message"), [
    ("nope", "", "No such calculator."),
    ("wager", "current_bet=-1&big_blind=x", "inputs do not make an answer"),
    ("wager", "current_bet=100&big_blind=200&order=words", "no wager to read"),
    ("wager", "said=" + "9" * 1200, "at most 1000 characters"),
])
def test_a_bad_calculator_attachment_is_refused_and_nothing_written(floor_client, calculator,
                                                                    query, message):
    response = floor_client.post(reverse("ruling_create"), {
        "facts": "f", "decision": "d", "calculator": calculator, "calculator_query": query})
    assert response.status_code == 400
    assert message in text(response)
    assert not Ruling.objects.exists()


@pytest.mark.django_db
def test_a_ruling_prints_as_a_slip(floor_client, client, floor_user, tournament,
                                   django_assert_max_num_queries):
    ruling = log_ruling(tournament=tournament, staff=floor_user, rules=["38", "9-C"],
                        calculator="wager", calculator_query=WAGER_QUERY,
                        calculator_result="Raise, total 1700 (house rule 45).")
    url = reverse("ruling_slip", args=[ruling.pk])
    with django_assert_max_num_queries(6):
        html = text(floor_client.get(url))
    assert f"Ruling {ruling.pk}" in html and "Test Event" in html
    assert "Seat 4 pushed 2000 facing 8000." in html and "Call of 8000." in html
    assert "Rule 38 – Binding declarations and undercalls" in html
    assert "Rule 9-C – Balancing tables" in html
    assert "Raise, total 1700 (house rule 45)." in html and "data-print" in html
    assert "Floor signature" in html
    assert reverse("ruling_slip", args=[ruling.pk]) in text(floor_client.get(reverse("ruling_list")))
    assert floor_client.get(reverse("ruling_slip", args=[ruling.pk + 99])).status_code == 404
    assert "/accounts/login/" in client.get(url)["Location"]


@pytest.mark.django_db
def test_undercall_against_the_opening_bet_under_a_short_all_in_through_the_form(client):
    response = calc(client, "wager", current_bet=1200, big_blind=200, chips="500",
                    opening_bet=1000, order="words")
    html = text(response)
    assert "total 1200" in html and "do not even cover the opening bet of 1000" in html
    assert "Floor&#x27;s decision." not in html and "Floor's decision." not in html


@pytest.mark.django_db
def test_tap_panel_writes_action_words_in_the_readers_language(client):
    english = text(calc(client, "betting", big_blind=200, limit="no-limit", actions="1 post 100"))
    assert 'data-tap="betting"' in english and 'data-word="raise"' in english
    client.cookies["django_language"] = "zh-hans"
    chinese = text(client.get(reverse("rulebook_calc", args=["betting"])))
    assert 'data-word="加注"' in chinese and ">加注</button>" in chinese
    assert 'data-word="盲注"' in chinese and ">全下</button>" in chinese
    assert "static/js/calc-tap.js" in chinese


# --- wager read against the round so far (the tap panel's table diagram) ---------------


@pytest.mark.django_db
def test_wager_reads_the_bet_facts_from_the_round_so_far(client):
    # Post-flop, four players: seat 1 opens 1000, seat 2 is all-in for 1200 (a short
    # all-in); seat 3 pushes 500 silently: short of the opening bet, a full call of 1200
    # (house 38-B / TDA 2024 51-B).
    response = calc(client, "wager", big_blind=200, actions="1 bet 1000\n2 allin 1200",
                    seat=3, chips="500", order="words")
    html = text(response)
    assert response.status_code == 200
    assert "From the round: seat 3 faces a bet of 1200 with 0 already in" in html
    assert "total 1200" in html and "opening bet of 1000" in html


@pytest.mark.django_db
def test_wager_round_in_chinese_words_and_the_multi_chip_rule(client):
    # Blinds 250-500, UTG raises to 1100; UTG+1 pushes a 1000 and five 100s: house 45's
    # example 2, a raise to 1700.
    response = calc(client, "wager", big_blind=500,
                    actions="1 盲注 250\n2 盲注 500\n3 加注 1100", seat=4,
                    chips="1000 100 100 100 100 100", order="words")
    html = text(response)
    assert response.status_code == 200
    assert "total 1700" in html and "Deciding rule:" in html
    assert 'href="/rulebook/rule/45/"' in html or reverse("rulebook_rule", args=["45"]) in html


@pytest.mark.django_db
def test_wager_round_needs_a_live_seat_in_dispute_and_a_bet_without_it(client):
    no_seat = calc(client, "wager", big_blind=200, actions="1 bet 1000", chips="500",
                   order="words")
    assert no_seat.status_code == 400
    assert "Give the seat of the player in dispute." in text(no_seat)
    folded = calc(client, "wager", big_blind=200, actions="1 bet 1000\n2 fold", seat=2,
                  chips="500", order="words")
    assert folded.status_code == 400 and "Seat 2 has folded" in text(folded)
    nothing = calc(client, "wager", big_blind=200, chips="500", order="words")
    assert nothing.status_code == 400
    assert "Give the bet to call, or the round so far." in text(nothing)
    garbled = calc(client, "wager", big_blind=200, actions="1 shove lots", seat=2, chips="500",
                   order="words")
    assert garbled.status_code == 400 and "Line 1" in text(garbled)


# --- The one-line ruling (issue 25) ------------------------------------------------


@pytest.mark.django_db
def test_rule_page_opens_with_the_one_line_ruling_then_both_languages(client):
    html = text(client.get(reverse("rulebook_rule", args=["44"])))
    ruling = html.index("One oversized chip with no word is a call.")
    assert ruling < html.index('class="rb-summary"')
    assert "面对下注或盲注时" in html  # the rule's text in Chinese too
    assert html.index("Poker TDA 2024: rule 44") > 0


@pytest.mark.django_db
def test_rule_page_ruling_in_chinese_for_a_chinese_reader(client):
    client.cookies["django_language"] = "zh-hans"
    html = text(client.get(reverse("rulebook_rule", args=["44"])))
    assert "不出声推出一个大额筹码，算跟注。" in html
    assert "Facing a bet or blind" in html  # the English text below the Chinese


@pytest.mark.django_db
def test_search_results_carry_the_one_line_ruling(client):
    response = client.get(reverse("rulebook_search"),
                          {"q": "guy threw one big chip in facing a raise and said nothing"},
                          headers={"HX-Request": "true"})
    html = text(response)
    first = html.index('class="rb-hit"')
    assert reverse("rulebook_rule", args=["44"]) in html[first : first + 400]
    assert "One oversized chip with no word is a call." in html


# --- The situation guide (issue 25) ------------------------------------------------


@pytest.mark.django_db
def test_guide_lists_the_eight_categories_and_is_linked_from_search(client):
    from tournament.rulebook.guide import GUIDE

    assert reverse("rulebook_guide") in text(client.get(reverse("rulebook_search")))
    html = text(client.get(reverse("rulebook_guide")))
    assert len(GUIDE) == 8
    for cat in GUIDE:
        assert reverse("rulebook_guide_category", args=[cat.slug]) in html
        assert cat.title.en in html


@pytest.mark.django_db
def test_guide_situation_gives_ruling_example_tda_and_the_wager_reader(client):
    html = text(client.get(reverse("rulebook_guide_category", args=["chips-and-words"])))
    url = reverse("rulebook_guide_situation", args=["chips-and-words", "one-chip-silent"])
    assert url in html
    html = text(client.get(url))
    assert "One oversized chip with no word is a call." in html
    assert "Poker TDA 2024: rule 44" in html
    assert reverse("rulebook_calc", args=["wager"]) in html
    assert reverse("rulebook_rule", args=["44"]) in html


@pytest.mark.django_db
def test_guide_situation_shows_the_rules_worked_example(client):
    html = text(client.get(reverse("rulebook_guide_situation", args=["chips-and-words", "undercall"])))
    assert "Undercall facing a raise, multi-way" in html


@pytest.mark.django_db
def test_guide_in_chinese(client):
    client.cookies["django_language"] = "zh-hans"
    html = text(client.get(reverse("rulebook_guide_category", args=["showdown"])))
    assert "报错了牌型" in html
    html = text(client.get(reverse("rulebook_guide_situation", args=["showdown", "miscalled"])))
    assert "以牌为准：牌面决定输赢" in html


@pytest.mark.django_db
def test_guide_unknown_category_or_situation_is_404(client):
    assert client.get(reverse("rulebook_guide_category", args=["nope"])).status_code == 404
    assert client.get(reverse("rulebook_guide_situation", args=["showdown", "nope"])).status_code == 404
    assert client.get(reverse("rulebook_guide_situation", args=["nope", "miscalled"])).status_code == 404


def test_every_guide_situation_names_real_rules_and_calculators():
    from tournament.rulebook.catalog import rule_by_number
    from tournament.rulebook.guide import GUIDE
    from tournament.rulings.registry import CALCULATORS

    for cat in GUIDE:
        assert cat.title.en and cat.title.zh and cat.situations
        for s in cat.situations:
            assert s.title.en and s.title.zh and s.rules
            assert all(rule_by_number(n) and rule_by_number(n).number == n for n in s.rules)
            assert s.calculator is None or s.calculator in CALCULATORS


@pytest.mark.parametrize("rule", load_rules(), ids=lambda rule: rule.number)
def test_calculator_slugs_are_known(rule):
    """Each rule names a registered calculator or none. (Moved from
    tests/domain/rulebook/test_catalog.py with the rulebook's own list of slugs: the
    registry of the web half is the one list.)"""
    from tournament.rulings.registry import CALCULATORS

    assert rule.calculator is None or rule.calculator in CALCULATORS


def test_some_rules_name_a_calculator():
    assert any(rule.calculator for rule in load_rules())
