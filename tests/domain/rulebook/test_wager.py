"""Reading a wager from words and chips: house rules 36-45, 49 and 55."""

from __future__ import annotations

import pytest

from tournament.rulebook.betting import read_wager, read_wager_in, round_state
from tournament.rulebook.errors import RulingInputError

# --- house rule 38: binding declarations and undercalls ---------------------


def test_rule_38_example_1_undercall_facing_a_raise_multiway_is_floor_discretion():
    # Blinds 1000-2000: A bets 2000, B raises to 8000, C silently puts out 2000.
    reading = read_wager(
        current_bet=8000, big_blind=2000, raise_size=6000, chips=[2000], facing_opening_bet=False
    )
    assert reading.rule == "38"
    assert reading.discretion
    assert (reading.action, reading.total, reading.owed) == ("call", 8000, 6000)
    assert "forfeit the 2000" in reading.alternative


def test_rule_38_example_2_undercall_of_the_opening_bet_is_a_full_call():
    # Four players; A opens for 8000, B silently puts out 2000.
    reading = read_wager(current_bet=8000, big_blind=2000, chips=[2000], facing_opening_bet=True)
    assert (reading.action, reading.total, reading.rule) == ("call", 8000, "38")
    assert not reading.discretion
    assert reading.owed == 6000


def test_rule_38_example_3_saying_call_binds_a_full_call():
    reading = read_wager(
        current_bet=8000, big_blind=2000, raise_size=6000, said="call", chips=[2000]
    )
    assert (reading.action, reading.total, reading.rule) == ("call", 8000, "38")
    assert reading.owed == 6000


def test_rule_38_undercall_heads_up_is_a_full_call():
    reading = read_wager(
        current_bet=8000, big_blind=2000, chips=[1000], heads_up=True, facing_opening_bet=False
    )
    assert (reading.action, reading.total, reading.discretion) == ("call", 8000, False)


def test_pushing_the_whole_stack_short_of_the_call_is_an_all_in_not_an_undercall():
    reading = read_wager(current_bet=8000, big_blind=2000, chips=[1000, 1000], stack=2000)
    assert (reading.action, reading.total, reading.all_in) == ("call", 2000, True)


# --- house rule 42: the 50% standard and declared amounts -------------------


def test_rule_42_example_1400_facing_1000_is_a_call():
    # Opening bet 1000: saying "fourteen hundred" or silently pushing 1400 is a call.
    # Said, rule 42 decides; pushed in several chips, rule 45 (TDA 2024 45) is the rule
    # that sends the push to the 50% standard, so the reading cites 45 and names 42-A.
    spoken = read_wager(current_bet=1000, big_blind=200, said="1400")
    silent = read_wager(current_bet=1000, big_blind=200, chips=[1000, 100, 100, 100, 100])
    for reading in (spoken, silent):
        assert (reading.action, reading.total) == ("call", 1000)
    assert (spoken.rule, spoken.tda_2024) == ("42", "43")
    assert (silent.rule, silent.tda_2024) == ("45", "45")
    assert "house rule 42-A" in silent.explanation
    assert silent.returned == 400


def test_rule_45_cites_one_rule_whichever_way_the_50_percent_standard_goes():
    # House 45 / TDA 2024 45: several chips with one not needed go to the 50% standard.
    # Call (under half), raise owed (half or more) and full raise all cite rule 45.
    base = {"current_bet": 1100, "big_blind": 500, "raise_size": 600}
    under_half = read_wager(**base, chips=[1000] + [100] * 3)  # 1300: 200 over
    half_or_more = read_wager(**base, chips=[1000] + [100] * 5)  # 1500: 400 over
    full = read_wager(**base, chips=[1000, 500, 500])  # 2000
    assert [(r.action, r.total) for r in (under_half, half_or_more, full)] == [
        ("call", 1100), ("raise", 1700), ("raise", 2000)]
    assert {(r.rule, r.tda_2024) for r in (under_half, half_or_more, full)} == {("45", "45")}
    # The same amounts said aloud are rule 42 (TDA 2024 43), not the multiple-chip rule.
    said = [read_wager(**base, said=str(amount)) for amount in (1300, 1500, 2000)]
    assert {(r.rule, r.tda_2024) for r in said} == {("42", "43")}


def test_rule_42_half_a_raise_or_more_must_become_a_full_raise():
    reading = read_wager(current_bet=1000, big_blind=200, said="1500")
    assert (reading.action, reading.total) == ("raise", 2000)


def test_rule_42_declared_raise_below_half_is_still_a_full_raise():
    reading = read_wager(current_bet=1000, big_blind=200, said="raise 1400")
    assert (reading.action, reading.total, reading.rule) == ("raise", 2000, "42")


def test_rule_42b_raise_and_an_amount_is_the_total():
    # A opens for 2000, B says "raise, eight thousand": the total is 8000.
    reading = read_wager(current_bet=2000, big_blind=1000, said="raise, 8000")
    assert (reading.action, reading.total) == ("raise", 8000)
    assert read_wager(current_bet=2000, big_blind=1000, said="raise to 8k").total == 8000
    assert read_wager(current_bet=2000, big_blind=1000, said="8,000").total == 8000


# --- house rule 44: a single oversized chip ---------------------------------


def test_rule_44_oversized_chip_facing_a_bet_is_a_call():
    reading = read_wager(current_bet=400, big_blind=200, chips=[1000])
    assert (reading.action, reading.total, reading.rule, reading.returned) == (
        "call",
        400,
        "44",
        600,
    )


def test_rule_44_oversized_chip_facing_the_blind_is_a_call():
    # Blinds 100-200: the small blind adds a 500 chip to his 100 without a word.
    reading = read_wager(current_bet=200, big_blind=200, already_in=100, chips=[500])
    assert (reading.action, reading.total, reading.rule) == ("call", 200, "44")


def test_rule_44_raise_declared_before_the_chip_is_the_chips_full_value():
    reading = read_wager(current_bet=400, big_blind=200, said="raise", chips=[1000])
    assert (reading.action, reading.total, reading.rule) == ("raise", 1000, "44")


def test_rule_44_oversized_chip_with_no_bet_is_a_bet_of_its_value():
    reading = read_wager(current_bet=0, big_blind=200, chips=[1000])
    assert (reading.action, reading.total, reading.rule) == ("bet", 1000, "44")


def test_rule_36a_chips_first_then_words_the_chips_decide():
    reading = read_wager(
        current_bet=400, big_blind=200, said="raise", chips=[1000], spoke_first=False
    )
    assert (reading.action, reading.total) == ("call", 400)
    assert "36-A" in reading.explanation


# --- house rule 45: several chips --------------------------------------------


def test_rule_45_example_1a_two_chips_both_needed_is_a_call():
    # A opens 1200 post-flop; B silently puts out two 1000 chips.
    reading = read_wager(current_bet=1200, big_blind=200, chips=[1000, 1000])
    assert (reading.action, reading.total, reading.rule, reading.returned) == (
        "call",
        1200,
        "45",
        800,
    )


def test_rule_45_example_1b_500_and_1000_facing_1100_is_a_call():
    # Blinds 250-500: UTG raises to 1100; UTG+1 puts out a 500 and a 1000.
    reading = read_wager(current_bet=1100, big_blind=500, raise_size=600, chips=[500, 1000])
    assert (reading.action, reading.total, reading.rule) == ("call", 1100, "45")


def test_rule_45_example_2_1500_in_six_chips_is_a_full_raise():
    # A 1000 and five 100s: four 100s could come off, so the 50% standard applies;
    # 400 over the call is at least half of the 600 raise: a full raise to 1700.
    reading = read_wager(current_bet=1100, big_blind=500, raise_size=600, chips=[1000] + [100] * 5)
    assert (reading.action, reading.total, reading.owed) == ("raise", 1700, 200)
    assert "house rule 45" in reading.explanation


def test_rule_45_example_3_1300_in_four_chips_is_a_call():
    reading = read_wager(current_bet=1100, big_blind=500, raise_size=600, chips=[1000] + [100] * 3)
    assert (reading.action, reading.total, reading.returned) == ("call", 1100, 200)


def test_rule_45_enough_chips_for_a_full_raise_is_a_raise_to_that_total():
    reading = read_wager(current_bet=1100, big_blind=500, raise_size=600, chips=[1000, 500, 500])
    assert (reading.action, reading.total, reading.rule) == ("raise", 2000, "45")
    # Two 1000s are both needed for 1100, so the same 2000 is only a call.
    assert read_wager(current_bet=1100, big_blind=500, chips=[1000, 1000]).action == "call"


# --- house rule 55: betting for change ---------------------------------------


def test_rule_55_example_betting_for_change_is_a_raise_to_650():
    # A opens for 325; B silently puts out a 500 and a 25 expecting 200 back.
    reading = read_wager(current_bet=325, big_blind=100, chips=[500, 25], wanted_change=True)
    assert (reading.action, reading.total, reading.rule) == ("raise", 650, "55")
    assert reading.owed == 125


# --- house rule 41: methods of raising ----------------------------------------


def test_rule_41c_raise_declared_then_the_call_amount_owes_a_full_raise():
    reading = read_wager(current_bet=400, big_blind=200, said="raise", chips=[400])
    assert (reading.action, reading.total, reading.owed) == ("raise", 800, 400)


def test_rule_41_raise_declared_with_the_full_amount_in_one_motion():
    reading = read_wager(current_bet=400, big_blind=200, said="raise", chips=[500, 500, 100])
    assert (reading.action, reading.total, reading.rule) == ("raise", 1100, "41")


# --- other words ---------------------------------------------------------------


def test_all_in_declared():
    reading = read_wager(current_bet=400, big_blind=200, said="All-In", stack=3000, already_in=200)
    assert (reading.action, reading.total, reading.all_in) == ("raise", 3200, True)


def test_short_all_in_raise_is_named():
    reading = read_wager(current_bet=400, big_blind=200, said="all in", stack=500)
    assert (reading.action, reading.total, reading.all_in) == ("raise", 500, True)
    assert "less than a full raise" in reading.explanation


def test_raise_beyond_the_stack_is_all_in():
    reading = read_wager(current_bet=400, big_blind=200, said="raise to 5000", stack=2000)
    assert (reading.total, reading.all_in) == (2000, True)


def test_pot_in_pot_limit_and_no_limit():
    assert read_wager(current_bet=100, big_blind=100, said="pot", max_raise_to=1300).total == 1300
    reading = read_wager(current_bet=100, big_blind=100, said="pot")
    assert (reading.total, reading.rule) == (200, "49")


def test_check_call_and_fold_words():
    assert read_wager(current_bet=0, big_blind=100, said="check").action == "check"
    assert read_wager(current_bet=0, big_blind=100, said="call").action == "check"
    assert read_wager(current_bet=300, big_blind=100, said="fold").action == "fold"


def test_bet_below_the_big_blind_is_brought_up_to_it():
    reading = read_wager(current_bet=0, big_blind=200, chips=[100, 25])
    assert (reading.action, reading.total) == ("bet", 200)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"current_bet": 400, "said": "check"}, "not possible facing a bet"),
        ({"current_bet": 400, "said": "raise maybe"}, "Could not read"),
        ({"current_bet": 400}, "no wager"),
        ({"current_bet": 400, "chips": [500], "stack": 100}, "more than the player's stack"),
        ({"current_bet": 400, "said": "all-in"}, "give the player's stack"),
        ({"current_bet": 400, "chips": [0]}, "above zero"),
        ({"current_bet": -1, "chips": [100]}, "negative"),
        ({"current_bet": 400, "already_in": 500, "chips": [100]}, "already has more"),
    ],
)
def test_impossible_wagers_are_refused(kwargs, message):
    with pytest.raises(RulingInputError, match=message):
        read_wager(big_blind=200, **kwargs)


def test_read_wager_in_takes_the_facts_from_the_round():
    # Blinds 250-500, UTG raises to 1100; UTG+1 pushes a 1000 and five 100s.
    state = round_state(
        [(1, "post", 250), (2, "post", 500), (3, "raise", 1100)], big_blind=500, order=[3, 4, 1, 2]
    )
    reading = read_wager_in(state, 4, chips=[1000] + [100] * 5)
    assert (reading.action, reading.total) == ("raise", 1700)
    # The big blind facing the raise is facing a raise, not the opening bet.
    undercall = read_wager_in(state, 2, chips=[100])
    assert undercall.discretion


# --- last chips: house rules 44 and 45 / TDA 2024 44 and 45 ---------------------


def test_rule_44_a_last_oversized_chip_facing_a_bet_is_a_call():
    # TDA 2024 44: "including your last chip". Facing 1050, the last chip is a 5000.
    reading = read_wager(current_bet=1050, big_blind=50, chips=[5000], stack=5000)
    assert (reading.action, reading.total, reading.all_in) == ("call", 1050, False)
    assert reading.returned == 5000 - 1050
    assert reading.rule == "44" and reading.tda_2024 == "44"


def test_rule_44_a_last_chip_short_of_the_call_is_all_in():
    reading = read_wager(current_bet=1050, big_blind=50, chips=[1000], stack=1000)
    assert (reading.action, reading.total, reading.all_in) == ("call", 1000, True)


def test_rule_44_a_last_chip_with_no_bet_to_face_is_an_all_in_bet():
    reading = read_wager(current_bet=0, big_blind=50, chips=[5000], stack=5000)
    assert (reading.action, reading.total, reading.all_in) == ("bet", 5000, True)


def test_tda_2024_45a_example_2_last_chips_all_needed_are_a_call():
    # NLHE 25-50, post-flop A opens for 1050 and B puts out his last chips, two 1000s.
    reading = read_wager(current_bet=1050, big_blind=50, chips=[1000, 1000], stack=2000)
    assert (reading.action, reading.total, reading.all_in) == ("call", 1050, False)
    assert reading.returned == 950
    assert reading.rule == "45" and reading.tda_2024_note is None


def test_rule_45_last_chips_not_all_needed_follow_the_50_percent_standard():
    # Facing 1000, last chips 1000 + three 100s: one 100 is not needed, 300 is under half
    # of the 1000 bet, so the house reads a call; TDA 2024 45-B reads all-in for 1300.
    reading = read_wager(current_bet=1000, big_blind=200, chips=[1000, 100, 100, 100],
                         stack=1300)
    assert (reading.action, reading.total, reading.all_in, reading.returned) == (
        "call", 1000, False, 300)
    assert reading.tda_2024_note is not None and "1300" in reading.tda_2024_note
    assert "45-B" in reading.tda_2024_note


def test_rule_45_last_chips_over_half_a_raise_must_raise_and_are_then_all_in():
    # Facing 1000 (blinds 100-200), last chips 1000 + 500 + 100: over half a raise, so a full
    # raise to 2000 is owed; the player has only 1600, so it is all-in for 1600 either way.
    reading = read_wager(current_bet=1000, big_blind=200, chips=[1000, 500, 100], stack=1600)
    assert (reading.action, reading.total, reading.all_in) == ("raise", 1600, True)
    assert reading.tda_2024_note is None


def test_rule_45_last_chips_over_half_a_raise_read_the_same_in_both_editions():
    # Facing 1000, last chips 1700: the house owes a raise to 2000, capped at the stack;
    # TDA 2024 45-B reads all-in for 1700. Same total, so no note.
    reading = read_wager(current_bet=1000, big_blind=200, chips=[1000, 500, 100, 100],
                         stack=1700)
    assert (reading.action, reading.total, reading.all_in) == ("raise", 1700, True)
    assert reading.tda_2024_note is None


# --- undercalls: house rule 38-B / TDA 2024 51-B -----------------------------------


def test_rule_38b_undercall_short_of_the_opening_bet_under_a_short_all_in_is_a_full_call():
    # Post-flop, 4 players: A opens 1000, B all-in 1200 (not a full raise), C pushes 500.
    state = round_state([(1, "bet", 1000), (2, "allin", 1200)], big_blind=200,
                        order=[1, 2, 3, 4])
    reading = read_wager_in(state, 3, chips=[500])
    assert (reading.action, reading.total, reading.discretion) == ("call", 1200, False)
    assert "opening bet of 1000" in reading.explanation


def test_rule_38b_undercall_covering_the_opening_bet_only_is_floor_discretion():
    state = round_state([(1, "bet", 1000), (2, "allin", 1200)], big_blind=200,
                        order=[1, 2, 3, 4])
    reading = read_wager_in(state, 3, chips=[1000])
    assert (reading.action, reading.total, reading.discretion) == ("call", 1200, True)
    assert "forfeit the 1000" in reading.alternative
    assert "full call" in reading.explanation and "floor decides" in reading.explanation


def test_rule_38b_undercall_facing_a_full_raise_multiway_is_discretion():
    state = round_state([(1, "bet", 1000), (2, "raise", 2000)], big_blind=200,
                        order=[1, 2, 3, 4])
    reading = read_wager_in(state, 3, chips=[500])
    assert reading.discretion and reading.total == 2000


def test_read_wager_in_counts_the_seat_in_dispute_before_it_has_acted():
    # Post-flop, A bets 1000, B raises to 2000 and C (who has not acted) pushes 500: three
    # players, facing a raise, so the undercall is the floor's discretion, not heads-up.
    state = round_state([(1, "bet", 1000), (2, "raise", 2000)], big_blind=200)
    reading = read_wager_in(state, 3, chips=[500])
    assert reading.discretion and reading.total == 2000
    heads_up = read_wager_in(round_state([(1, "bet", 1000)], big_blind=200), 2, chips=[500])
    assert (heads_up.total, heads_up.discretion) == (1000, False)


def test_opening_bet_above_the_bet_to_call_is_refused():
    with pytest.raises(RulingInputError, match="opening bet"):
        read_wager(current_bet=1000, big_blind=200, chips=[500], opening_bet=1500)


def test_an_opening_bet_equal_to_the_bet_to_call_is_facing_the_opening_bet():
    reading = read_wager(current_bet=1000, big_blind=200, chips=[500], opening_bet=1000,
                         facing_opening_bet=False)
    assert (reading.total, reading.discretion) == (1000, False)
