"""The button's age and the buttons a balance needs: house 9C / TDA 2024 11."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tables.domain.buttons import button_age, tables_needing_button
from tables.domain.plan import Move, Plan

NOW = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
FRESH = timedelta(minutes=30)


def test_a_button_set_within_the_setting_is_known_with_its_age_and_level():
    age = button_age(4, set_at=NOW - timedelta(minutes=12), set_level=7, now=NOW, fresh_for=FRESH)
    assert (age.known, age.seat, age.minutes, age.level, age.stale) == (True, 4, 12, 7, False)


def test_a_button_older_than_the_setting_counts_as_unknown():
    age = button_age(4, set_at=NOW - timedelta(minutes=31), set_level=7, now=NOW, fresh_for=FRESH)
    assert not age.known and age.seat is None and age.stale and age.minutes == 31


def test_no_button_is_unknown_and_a_button_without_a_time_is_trusted():
    assert not button_age(None, set_at=None, set_level=None, now=NOW, fresh_for=FRESH).known
    assert button_age(2, set_at=None, set_level=None, now=NOW, fresh_for=FRESH).seat == 2


def balance(frm: int, to: int, entry: int = 1) -> Move:
    return Move(entry, frm, 3, to, 5, "balance")


def test_rule_9c_needs_the_giving_and_the_receiving_tables_buttons():
    plan = Plan(moves=(balance(1, 4), balance(2, 4, entry=2)))
    assert tables_needing_button(plan, known=set()) == (1, 4, 2)
    assert tables_needing_button(plan, known={4}) == (1, 2)
    assert tables_needing_button(plan, known={1, 2, 4}) == ()


def test_a_break_asks_only_for_the_balance_after_it_and_the_final_table_for_nothing():
    draw = Move(1, 3, 2, 1, 6, "break")
    assert tables_needing_button(Plan(breaks=(3,), moves=(draw,)), known=set()) == ()
    assert tables_needing_button(Plan(breaks=(3,), moves=(draw, balance(1, 2))),
                                 known=set()) == (1, 2)
    assert tables_needing_button(Plan(final_table=True, final_table_number=1), known=set()) == ()


def test_a_button_tapped_in_level_3_is_known_in_level_3_and_stale_in_level_4():
    tapped = {"set_at": NOW - timedelta(minutes=2), "set_level": 3, "now": NOW, "fresh_for": FRESH}
    assert button_age(4, level=3, **tapped).seat == 4
    in_4 = button_age(4, level=4, **tapped)
    assert not in_4.known and in_4.stale and (in_4.minutes, in_4.level) == (2, 3)


def test_without_a_level_on_either_side_the_time_alone_decides():
    recent = {"set_at": NOW - timedelta(minutes=2), "now": NOW, "fresh_for": FRESH}
    assert button_age(4, set_level=None, level=4, **recent).known  # tapped at a break
    assert button_age(4, set_level=3, level=None, **recent).known  # read at a break
    assert not button_age(4, set_level=4, level=4, set_at=NOW - timedelta(minutes=31), now=NOW,
                          fresh_for=FRESH).known
