"""The house rulebook data (v1.2), its look-up by number, and the editions' parameters."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tournament.rulebook.catalog import (
    Text,
    load_rules,
    normalize_number,
    rule_by_number,
)
from tournament.rulebook.editions import DEFAULT_EDITION, EDITIONS, edition

CJK = re.compile(r"[\u4e00-\u9fff]")
RULES = load_rules()
NUMBERS = {rule.number for rule in RULES}
WORKED_EXAMPLE_RULES = ("9", "14", "16", "18", "38", "39-B", "42", "43", "45", "51")


def test_every_rule_and_procedure_is_present():
    expected = {str(n) for n in range(1, 66)} | {f"RP-{n}" for n in range(1, 8)}
    assert expected <= NUMBERS
    assert {"9-A", "9-B", "9-C", "39-B"} <= NUMBERS


def test_numbers_are_unique_and_in_rulebook_order():
    numbers = [rule.number for rule in RULES]
    assert len(numbers) == len(set(numbers))
    assert numbers[:4] == ["1", "2", "3", "4"]
    assert numbers.index("9") < numbers.index("9-A") < numbers.index("9-C") < numbers.index("10")
    assert numbers[-7:] == [f"RP-{n}" for n in range(1, 8)]


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.number)
def test_every_rule_reads_in_both_languages(rule):
    for text in (rule.section, rule.title, rule.summary):
        assert text.en.strip() and text.zh.strip()
        assert not CJK.search(text.en), "English text carries Chinese"
        assert CJK.search(text.zh), "Chinese text has no Chinese"
    assert rule.keywords("en") and rule.keywords("zh-hans")
    assert len(rule.summary.en) >= 20


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.number)
def test_see_also_points_to_other_existing_rules(rule):
    for number in rule.see_also:
        assert number in NUMBERS, f"{rule.number} cites missing rule {number}"
        assert number != rule.number


@pytest.mark.parametrize("number", WORKED_EXAMPLE_RULES)
def test_worked_example_rules_carry_their_examples(number):
    rule = rule_by_number(number)
    assert rule is not None and rule.examples
    for example in rule.examples:
        assert example.title.en and example.title.zh
        assert example.summary.en and CJK.search(example.summary.zh)


@pytest.mark.parametrize(
    ("number", "count"),
    [
        ("9", 1),
        ("14", 3),
        ("16", 2),
        ("18", 2),
        ("38", 3),
        ("39-B", 2),
        ("42", 5),
        ("43", 6),
        ("45", 4),
        ("51", 2),
    ],
)
def test_worked_example_counts_match_the_rulebook(number, count):
    # 42 has examples 1, 2, 3, 4-A, 4-B; 43 has 1, 1-A, 1-B, 2, 2-A, 2-B; 45 has 1-A, 1-B, 2, 3.
    assert len(rule_by_number(number).examples) == count


@pytest.mark.parametrize(
    ("number", "figures"),
    [
        ("42", ("5600", "250", "1700", "800", "950")),
        ("43", ("125", "200", "175", "7500", "11500")),
        ("45", ("1100", "1400", "1700", "1300", "200")),
        ("18", ("66", "33", "34", "32")),
        ("14", ("700", "1000", "2000")),
        ("38", ("1000-2000", "8000")),
        ("51", ("675", "5000", "11200")),
        ("39-B", ("100-200", "600")),
        ("16", ("1000", "5000")),
    ],
)
def test_worked_examples_keep_the_rulebook_figures(number, figures):
    text = " ".join(e.summary.en + " " + e.summary.zh for e in rule_by_number(number).examples)
    for figure in figures:
        assert figure in text


@pytest.mark.parametrize(
    ("number", "figures"),
    [
        ("26", ("50 seconds", "10-second")),
        ("22", ("seat 1",)),
        ("20", ("one minute",)),
        ("23", ("20 chips",)),
        ("55", ("325", "525", "650")),
        ("RP-7", ("90 seconds",)),
        ("9-C", ("three or more",)),
    ],
)
def test_summaries_keep_the_rulebook_figures(number, figures):
    for figure in figures:
        assert figure in rule_by_number(number).summary.en


@pytest.mark.parametrize(
    ("number", "tda"),
    [
        ("4", "5"),
        ("5", "6"),
        ("6", "7"),
        ("9", "10"),
        ("9-A", "11-B"),
        ("9-B", "11-C"),
        ("9-C", "11-D"),
        ("10", "RP-9"),
        ("11", "12"),
        ("26", "29"),
        ("39", "53-A"),
        ("39-B", "53-B"),
        ("42", "43"),
        ("43", "47"),
        ("49", "54"),
        ("51", "57"),
        ("65", "71"),
    ],
)
def test_known_tda_2024_numbers(number, tda):
    assert rule_by_number(number).tda2024 == tda


def test_every_entry_but_39c_has_a_tda_2024_rule():
    missing = [rule.number for rule in load_rules() if not rule.tda2024]
    assert missing == ["39-C"]


@pytest.mark.parametrize(
    ("number", "figures"),
    [
        ("26", ["25 seconds", "5-second", "50 plus 10"]),
        ("28", ["last card"]),
        ("10", ["two tables of five", "7-handed"]),
        ("39", ["every option", "call or fold"]),
        ("51", ["highest reasonable amount", "lower value"]),
        ("45", ["45-B", "50% standard"]),
        ("41", ["2019"]),
    ],
)
def test_tda_2024_says_where_it_differs_in_substance(number, figures):
    note = rule_by_number(number).tda2024_differs
    assert note is not None and note.zh
    for figure in figures:
        assert figure in note.en


@pytest.mark.parametrize(
    ("number", "phrase"),
    [
        ("51", "the house default is the lower value"),
        ("20", "ends during a break"),
        ("25", "must make it"),
        ("2", "follow one player to a hand"),
        ("3", "must use gestures with caution"),
        ("39", "may then only call or fold under the house text"),
    ],
)
def test_summaries_say_what_the_house_rulebook_says(number, phrase):
    assert phrase in rule_by_number(number).summary.en


def test_fidelity_fixes_of_the_audit():
    assert "eight" not in rule_by_number("10").summary.en
    assert "stud" in rule_by_number("9-A").title.en and "break" not in rule_by_number("9-A").title.en
    twelve = rule_by_number("12")
    assert "(see 59)" in twelve.summary.en and "60" not in twelve.see_also


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("42", "42"),
        (" 42 ", "42"),
        ("042", "42"),
        ("9c", "9-C"),
        ("9C", "9-C"),
        ("9-C", "9-C"),
        ("9 c", "9-C"),
        ("9-b", "9-B"),
        ("39b", "39-B"),
        ("rp3", "RP-3"),
        ("RP-3", "RP-3"),
        ("rp-3", "RP-3"),
        ("RP 3", "RP-3"),
        ("rule 42", "42"),
        ("Rule 9C", "9-C"),
        ("规则42", "42"),
        ("第43条", "43"),
        ("建议程序5", "RP-5"),
        ("４２", "42"),
    ],
)
def test_rule_by_number_is_tolerant(typed, number):
    rule = rule_by_number(typed)
    assert rule is not None and rule.number == number


@pytest.mark.parametrize("typed", ["", "66", "0", "RP-8", "9-Z", "banana", "42 raise", "rp3a"])
def test_rule_by_number_rejects_what_is_not_a_rule(typed):
    assert rule_by_number(typed) is None


def test_normalize_number_does_not_check_existence():
    assert normalize_number("70") == "70"
    assert normalize_number("minimum raise") is None


def test_text_accessor_takes_django_language_codes():
    rule = rule_by_number("42")
    assert rule.text("en", "title") == rule.title.en
    assert rule.text("zh-hans", "title") == rule.title.zh
    assert rule.text("zh_Hans") == rule.summary.zh
    assert rule.text("fr") == rule.summary.en
    assert rule.text("zh-hans", "section") == rule.section.zh
    with pytest.raises(ValueError):
        rule.text("en", "keywords")


def test_text_falls_back_to_english_when_chinese_is_missing():
    assert Text(en="Side pots", zh="").get("zh-hans") == "Side pots"


def test_labels_cite_the_rule():
    assert rule_by_number("42").label().startswith("Rule 42")
    assert rule_by_number("RP-3").label().startswith("RP-3")
    assert rule_by_number("42").label("zh-hans").startswith("规则42")
    assert rule_by_number("RP-3").label("zh-hans").startswith("建议程序3")


def test_lettered_parts_know_their_parent():
    assert rule_by_number("9-C").parent == "9"
    assert rule_by_number("39-B").parent == "39"
    assert rule_by_number("9").parent is None
    assert rule_by_number("RP-3").parent is None
    assert rule_by_number("RP-3").is_procedure


def test_rules_are_frozen_and_loaded_once():
    assert load_rules() is load_rules("house")
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULES[0].number = "99"


def test_unknown_edition_is_an_error():
    with pytest.raises(ValueError):
        load_rules("../settings")
    with pytest.raises(ValueError):
        load_rules("nope")


# Editions -----------------------------------------------------------------


def test_house_clock_call_is_fifty_seconds_then_ten():
    house = EDITIONS["house"]
    assert (house.clock_seconds, house.clock_countdown_seconds) == (50, 10)
    assert house.clock_total_seconds == 60


def test_tda_2024_clock_call_is_twenty_five_seconds_then_five():
    tda = EDITIONS["tda2024"]
    assert (tda.clock_seconds, tda.clock_countdown_seconds) == (25, 5)


@pytest.mark.parametrize(
    ("key", "seats", "size"),
    [
        ("house", 10, 9),
        ("house", 9, 9),
        ("house", 8, 9),
        ("house", 7, 9),
        ("house", 6, 6),
        ("house", 5, 6),
        ("tda2024", 10, 9),
        ("tda2024", 9, 9),
        ("tda2024", 8, 9),
        ("tda2024", 7, 7),
        ("tda2024", 6, 7),
    ],
)
def test_final_table_size(key, seats, size):
    assert EDITIONS[key].final_table_size(seats) == size


def test_final_table_size_needs_a_real_table():
    with pytest.raises(ValueError):
        EDITIONS["house"].final_table_size(1)


def test_editions_have_labels_in_both_languages():
    for item in EDITIONS.values():
        assert item.label and CJK.search(item.label_zh)
        assert item.label_for("zh-hans") == item.label_zh
        assert item.label_for("en") == item.label
    assert edition(None) is EDITIONS[DEFAULT_EDITION] is EDITIONS["house"]
    assert edition("tda2024").final_table_rule == "RP-9"
    with pytest.raises(KeyError):
        edition("tda2013")
