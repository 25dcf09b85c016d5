"""Which labelled search sets the learned ranking is trained on, and which it never sees.

TRAINING: the rule-vocabulary cases, the floor-talk sets, held out 1-3, the
issue-25 situation tuning sets and every blind tuning set (``blind_sets``). TESTS: held
out 4, situations TEST and every blind TEST set (read here only to keep their queries
and near-twins out of training; never opened nor trained on).
``test_learned.py`` holds the shipped model to a fresh training
on TRAINING and checks no TEST query is in it.

Write the model after changing a training set, the lexicon or the features:
``.venv/bin/python -m tests.domain.rulebook.training --write``
"""

from __future__ import annotations

import json
import sys

from rapidfuzz import fuzz, process

from tests.domain.rulebook import held_out_4, search_set, situations_test, situations_tune
from tests.domain.rulebook.blind_sets import blind_sets
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
    ]
    sets += [blind.cases(lang) for blind in blind_sets("tune") for lang in ("ENGLISH", "CHINESE")]
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
            + [case for blind in blind_sets("test") for lang in ("ENGLISH", "CHINESE")
               for case in blind.cases(lang)])


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
