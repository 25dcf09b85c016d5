"""Name matching: one CJK character is a query, Latin names forgive a typo, noise does not match."""

from tournament.domain.names import fuzzy_keys, long_enough, wants_fuzzy

ROWS = [(1, "Daniel Negreanu", "Kid Poker"), (2, "Phil Ivey", ""), (3, "李明", ""),
        (4, "Tom Dwan", "durrrr"), (5, "Player 0001", "")]


def test_one_cjk_character_is_a_query_but_one_latin_letter_is_not():
    assert long_enough("李") and long_enough("周") and long_enough("Al")
    assert not long_enough("a") and not long_enough("")


def test_typos_in_a_latin_surname_or_whole_name_are_forgiven():
    assert fuzzy_keys("Negranu", ROWS) == [1]
    assert fuzzy_keys("danel negreanu", ROWS) == [1]
    assert fuzzy_keys("Kid Pokr", ROWS) == [1]
    assert fuzzy_keys("Zebulon", ROWS) == []


def test_short_or_cjk_queries_are_not_fuzzed():
    assert not wants_fuzzy("Ivy") and not wants_fuzzy("李明明明")
    assert fuzzy_keys("Ivy", ROWS) == [] and fuzzy_keys("李明明明", ROWS) == []
