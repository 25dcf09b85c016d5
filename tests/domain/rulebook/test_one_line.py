"""The one-line ruling at the top of each rule page, held against the rule's own example."""

from __future__ import annotations

import pytest

from tournament.rulebook.betting import read_wager
from tournament.rulebook.catalog import load_rules, rule_by_number
from tournament.rulebook.one_line import ONE_LINE, one_line

RULES = load_rules()


def _evidence(rule, lang: str) -> str:
    """The rule's worked examples, or its summary when the rulebook prints none."""
    if rule.examples:
        return " ".join(getattr(e.title, lang) + " " + getattr(e.summary, lang)
                        for e in rule.examples)
    return getattr(rule.summary, lang)


def test_every_rule_has_a_one_line_ruling_in_both_languages():
    assert {rule.number for rule in RULES} == set(ONE_LINE)
    for rule in RULES:
        en, zh = one_line(rule, "en"), one_line(rule, "zh-hans")
        assert en and zh and en != zh
        assert len(en) <= 130 and len(zh) <= 60, rule.number  # one line, read out loud
        assert any("\u4e00" <= c <= "\u9fff" for c in zh)


@pytest.mark.parametrize("number", [rule.number for rule in RULES])
def test_the_line_says_what_the_rules_own_example_says(number):
    rule = rule_by_number(number)
    en, zh, (verdict_en, verdict_zh) = ONE_LINE[number]
    assert verdict_en.lower() in en.lower(), (number, verdict_en, en)
    assert verdict_zh in zh, (number, verdict_zh, zh)
    assert verdict_en.lower() in _evidence(rule, "en").lower(), (number, verdict_en)
    assert verdict_zh in _evidence(rule, "zh"), (number, verdict_zh)


def test_one_oversized_chip_with_no_word_is_a_call_as_the_wager_reader_says():
    assert one_line(rule_by_number("44")) == "One oversized chip with no word is a call."
    # Blinds 500-1000, a 2000 bet, one 5000 chip pushed without a word.
    reading = read_wager(current_bet=2000, big_blind=1000, chips=[5000])
    assert (reading.action, reading.total, reading.rule) == ("call", 2000, "44")


def test_several_chips_each_needed_are_a_call_as_in_rule_45s_example():
    # Rule 45's example: A opens for 1200, B silently puts out two 1000 chips: a call.
    assert "call" in one_line(rule_by_number("45"))
    reading = read_wager(current_bet=1200, big_blind=200, chips=[1000, 1000])
    assert (reading.action, reading.total, reading.rule) == ("call", 1200, "45")


def test_saying_call_binds_a_full_call_as_in_rule_38s_example():
    assert "'call' binds a full call" in one_line(rule_by_number("38"))
    reading = read_wager(current_bet=8000, big_blind=2000, raise_size=6000, said="call",
                         chips=[2000])
    assert (reading.action, reading.total) == ("call", 8000)
