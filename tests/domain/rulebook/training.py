"""Which labelled search sets the learned ranking is trained on, and which it never sees.

TRAINING: the rule-vocabulary cases, the floor-talk sets, held out 1-3, the
issue-25 situation tuning sets and the blind tuning sets. TESTS: held out 4, situations TEST and the four blind TEST sets
(imported here only to keep their queries out of training; never opened nor trained on).
``test_learned.py`` holds the shipped model to a fresh training
on TRAINING and checks no TEST query is in it.

Write the model after changing a training set, the lexicon or the features:
``.venv/bin/python -m tests.domain.rulebook.training --write``
"""

from __future__ import annotations

import json
import sys

from rapidfuzz import fuzz, process

from tests.domain.rulebook import (
    blind_test,
    blind_test_2,
    blind_test_3,
    blind_test_4,
    blind_test_5,
    blind_tune,
    blind_tune_2,
    blind_tune_3,
    blind_tune_4,
    blind_tune_5,
    blind_tune_6,
    blind_tune_7,
    blind_tune_8,
    blind_tune_9,
    blind_tune_10,
    blind_tune_11,
    blind_tune_12,
    blind_tune_13,
    blind_tune_14,
    blind_tune_15,
    blind_tune_16,
    blind_tune_17,
    blind_tune_18,
    blind_tune_19,
    blind_tune_20,
    blind_tune_21,
    blind_tune_22,
    blind_tune_23,
    blind_tune_24,
    blind_tune_25,
    blind_tune_26,
    blind_tune_27,
    held_out_4,
    search_set,
    situations_test,
    situations_tune,
)
from tests.domain.rulebook.test_search import EXPECTED_FIRST


def _numbers_only(query: str) -> bool:
    # "42", "rule 42", "tda 47": answered by number before any ranking; nothing to learn.
    return any(c.isdigit() for c in query) and len(query) <= 12


def training_cases() -> list[tuple[str, str]]:
    sets = [
        [case for case in EXPECTED_FIRST if not _numbers_only(case[0])],
        search_set.ENGLISH, search_set.CHINESE,
        search_set.HELD_OUT_ENGLISH, search_set.HELD_OUT_CHINESE,
        search_set.HELD_OUT_2_ENGLISH, search_set.HELD_OUT_2_CHINESE,
        search_set.HELD_OUT_3_ENGLISH, search_set.HELD_OUT_3_CHINESE,
        blind_tune.BLIND_TUNE_ENGLISH, blind_tune.BLIND_TUNE_CHINESE,
        blind_tune_2.BLIND_TUNE_2_ENGLISH, blind_tune_2.BLIND_TUNE_2_CHINESE,
        blind_tune_3.BLIND_TUNE_3_ENGLISH, blind_tune_3.BLIND_TUNE_3_CHINESE,
        blind_tune_4.BLIND_TUNE_4_ENGLISH, blind_tune_4.BLIND_TUNE_4_CHINESE,
        blind_tune_5.BLIND_TUNE_5_ENGLISH, blind_tune_5.BLIND_TUNE_5_CHINESE,
        blind_tune_6.BLIND_TUNE_6_ENGLISH, blind_tune_6.BLIND_TUNE_6_CHINESE,
        blind_tune_7.BLIND_TUNE_7_ENGLISH, blind_tune_7.BLIND_TUNE_7_CHINESE,
        blind_tune_8.BLIND_TUNE_8_ENGLISH, blind_tune_8.BLIND_TUNE_8_CHINESE,
        blind_tune_9.BLIND_TUNE_9_ENGLISH, blind_tune_9.BLIND_TUNE_9_CHINESE,
        blind_tune_10.BLIND_TUNE_10_ENGLISH, blind_tune_10.BLIND_TUNE_10_CHINESE,
        blind_tune_11.BLIND_TUNE_11_ENGLISH, blind_tune_11.BLIND_TUNE_11_CHINESE,
        blind_tune_12.BLIND_TUNE_12_ENGLISH, blind_tune_12.BLIND_TUNE_12_CHINESE,
        blind_tune_13.BLIND_TUNE_13_ENGLISH, blind_tune_13.BLIND_TUNE_13_CHINESE,
        blind_tune_14.BLIND_TUNE_14_ENGLISH, blind_tune_14.BLIND_TUNE_14_CHINESE,
        blind_tune_15.BLIND_TUNE_15_ENGLISH, blind_tune_15.BLIND_TUNE_15_CHINESE,
        blind_tune_16.BLIND_TUNE_16_ENGLISH, blind_tune_16.BLIND_TUNE_16_CHINESE,
        blind_tune_17.BLIND_TUNE_17_ENGLISH, blind_tune_17.BLIND_TUNE_17_CHINESE,
        blind_tune_18.BLIND_TUNE_18_ENGLISH, blind_tune_18.BLIND_TUNE_18_CHINESE,
        blind_tune_19.BLIND_TUNE_19_ENGLISH, blind_tune_19.BLIND_TUNE_19_CHINESE,
        blind_tune_20.BLIND_TUNE_20_ENGLISH, blind_tune_20.BLIND_TUNE_20_CHINESE,
        blind_tune_21.BLIND_TUNE_21_ENGLISH, blind_tune_21.BLIND_TUNE_21_CHINESE,
        blind_tune_22.BLIND_TUNE_22_ENGLISH, blind_tune_22.BLIND_TUNE_22_CHINESE,
        blind_tune_23.BLIND_TUNE_23_ENGLISH, blind_tune_23.BLIND_TUNE_23_CHINESE,
        blind_tune_24.BLIND_TUNE_24_ENGLISH, blind_tune_24.BLIND_TUNE_24_CHINESE,
        blind_tune_25.BLIND_TUNE_25_ENGLISH, blind_tune_25.BLIND_TUNE_25_CHINESE,
        blind_tune_26.BLIND_TUNE_26_ENGLISH, blind_tune_26.BLIND_TUNE_26_CHINESE,
        blind_tune_27.BLIND_TUNE_27_ENGLISH, blind_tune_27.BLIND_TUNE_27_CHINESE,
    ]
    for suffix in ("", "_2", "_3", "_4", "_5", "_6", "_7", "_8", "_9", "_10"):
        for lang in ("ENGLISH", "CHINESE"):
            sets.append(getattr(situations_tune, f"TUNE{suffix}_{lang}", []))
    # Two queries of the tuning sets are also test queries ("flop came out with four
    # cards", "底池限注最多下多少"), and the two blind writers, working from one list,
    # wrote some near-identical sentences: a tuning query that is the same as a test
    # query, or nearly (``NEAR``, ``_near_any``), is not trained on; the test sets win.
    held_out = [query for query, _ in held_out_cases()]
    return [case for cases in sets for case in cases if not _near_any(case[0], held_out)]


NEAR = 0.75


def _near_any(query: str, others: list[str]) -> bool:
    """Within ``NEAR`` of one of ``others`` by the Indel similarity (rapidfuzz's ratio: twice
    the longest common subsequence over both lengths; at least difflib's ratio)."""
    return process.extractOne(query, others, scorer=fuzz.ratio,
                              score_cutoff=100 * NEAR) is not None


def held_out_cases() -> list[tuple[str, str]]:
    return (held_out_4.HELD_OUT_4_ENGLISH + held_out_4.HELD_OUT_4_CHINESE
            + situations_test.TEST_ENGLISH + situations_test.TEST_CHINESE
            + blind_test.BLIND_TEST_ENGLISH + blind_test.BLIND_TEST_CHINESE
            + blind_test_2.BLIND_TEST_2_ENGLISH + blind_test_2.BLIND_TEST_2_CHINESE
            + blind_test_3.BLIND_TEST_3_ENGLISH + blind_test_3.BLIND_TEST_3_CHINESE
            + blind_test_4.BLIND_TEST_4_ENGLISH + blind_test_4.BLIND_TEST_4_CHINESE
            + blind_test_5.BLIND_TEST_5_ENGLISH + blind_test_5.BLIND_TEST_5_CHINESE)


def fresh_model() -> dict:
    from tournament.rulebook.learned import train

    return train(training_cases())


def main() -> None:
    from tournament.rulebook.learned import model_path

    model = fresh_model()
    if "--write" in sys.argv:
        path = model_path("house")
        path.write_text(json.dumps(model, ensure_ascii=False, separators=(",", ":")) + "\n",
                        encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size // 1024} KB, {len(model['counts'])} features)")
    else:
        print(f"{len(model['counts'])} features; --write to write the model")


if __name__ == "__main__":
    main()
