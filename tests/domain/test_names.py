"""Name matching: one CJK character is a query, Latin names forgive a typo, noise does not match."""

from hypothesis import given
from hypothesis import strategies as st

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


def test_names_sort_as_people_read_them_accents_and_case_aside():
    from tournament.domain.names import sort_key

    names = ["Zoltan", "Émilie", "emma", "Ørsted", "Oscar", "Aaron", "éric"]
    assert sorted(names, key=sort_key) == ["Aaron", "Émilie", "emma", "éric", "Ørsted",
                                           "Oscar", "Zoltan"]


def test_chinese_names_sort_by_their_pinyin_among_latin_names():
    from tournament.domain.names import sort_key

    names = ["Zoltan", "张伟", "Zhang Wei", "李四", "Li Na", "欧阳娜娜", "Oscar", "阿明", "Aaron"]
    assert sorted(names, key=sort_key) == ["阿明", "Aaron", "Li Na", "李四", "Oscar",
                                           "欧阳娜娜", "Zhang Wei", "张伟", "Zoltan"]


@given(st.lists(st.text(min_size=1, max_size=20), max_size=30))
def test_the_name_order_is_a_total_order_whatever_the_names(names):
    from tournament.domain.names import sort_key

    once = sorted(names, key=sort_key)
    assert sorted(reversed(once), key=sort_key) == once
