"""Rulings search: right rule first / in the first three, per set and language, and p95 latency.

Usage: .venv/bin/python bench/rulings_search.py [--misses] [--test-misses]

Sets (tests/domain/rulebook/):
- vocabulary: test_search.EXPECTED_FIRST (rule-vocabulary queries, numbers included);
- floor talk: search_set ENGLISH / CHINESE (tuned on by earlier issues);
- held out 1-3: search_set HELD_OUT_* (written before the tuning that followed them;
  tunable now);
- situations, tune: situations_tune (issue 25 tuning set);
- blind, tune: blind_tune (written from a list of situations by someone who had not
  read the rulebook's wording; tuning set);
- TEST sets, never tuned on: held out 4 (held_out_4), situations, TEST
  (situations_test), and blind, TEST (blind_test: written from the same list by the same
  engineer and committed before any search ran on it), and blind 2, TEST (blind_test_2: the
  same, by a second engineer who had read neither the rulebook's wording nor the first blind
  sets; that engineer's tuning set is blind 2, tune), blind 3 and 4, TEST (two more writers;
  added here only after the last training of session 8, for the final figure: a later
  tuner sees their totals, so the next honest figure needs a fresh writer's set). Their
  misses are printed only with --test-misses, which tuning never used.
- blind N, tune (N = 3 to 27): one writer each, printed before it was trained on (the
  commit that added each set to the bench says its untrained figure).
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

import django  # noqa: E402

django.setup()

from tests.domain.rulebook import (  # noqa: E402
    held_out_4,
    search_set,
    situations_test,
    situations_tune,
)
from tests.domain.rulebook.blind_sets import blind_sets  # noqa: E402
from tests.domain.rulebook.test_search import EXPECTED_FIRST  # noqa: E402
from tournament.rulebook import search as search_module  # noqa: E402


def _is_zh(query: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in query)


# The blind TEST sets whose totals this bench prints: a new writer's test set joins here only
# for a final figure (once it is printed, a later tuner has seen it).
MEASURED_TESTS = (1, 2, 3, 4)


def _blind_label(number: int, kind: str) -> str:
    return f"blind{'' if number == 1 else f' {number}'}, {kind}"


def sets():
    vocab_en = [c for c in EXPECTED_FIRST if not _is_zh(c[0])]
    vocab_zh = [c for c in EXPECTED_FIRST if _is_zh(c[0])]
    blind = [(_blind_label(b.number, "tune"), lang, b.cases(name), True)
             for b in blind_sets("tune") for lang, name in (("en", "ENGLISH"), ("zh", "CHINESE"))]
    blind_test = [(_blind_label(b.number, "TEST"), lang, b.cases(name), False)
                  for b in blind_sets("test") if b.number in MEASURED_TESTS
                  for lang, name in (("en", "ENGLISH"), ("zh", "CHINESE"))]
    return [
        ("vocabulary", "en", vocab_en, True),
        ("vocabulary", "zh", vocab_zh, True),
        ("floor talk (tuned)", "en", search_set.ENGLISH, True),
        ("floor talk (tuned)", "zh", search_set.CHINESE, True),
        ("held out 1", "en", search_set.HELD_OUT_ENGLISH, True),
        ("held out 1", "zh", search_set.HELD_OUT_CHINESE, True),
        ("held out 2", "en", search_set.HELD_OUT_2_ENGLISH, True),
        ("held out 2", "zh", search_set.HELD_OUT_2_CHINESE, True),
        ("held out 3", "en", search_set.HELD_OUT_3_ENGLISH, True),
        ("held out 3", "zh", search_set.HELD_OUT_3_CHINESE, True),
        ("situations, tune", "en", situations_tune.TUNE_ENGLISH, True),
        ("situations, tune", "zh", situations_tune.TUNE_CHINESE, True),
        ("situations, tune 2", "en", situations_tune.TUNE_2_ENGLISH, True),
        ("situations, tune 2", "zh", situations_tune.TUNE_2_CHINESE, True),
        ("situations, tune 3", "en", situations_tune.TUNE_3_ENGLISH, True),
        ("situations, tune 3", "zh", situations_tune.TUNE_3_CHINESE, True),
        ("situations, tune 4", "zh", situations_tune.TUNE_4_CHINESE, True),
        ("situations, tune 5", "en", situations_tune.TUNE_5_ENGLISH, True),
        ("situations, tune 6", "en", situations_tune.TUNE_6_ENGLISH, True),
        ("situations, tune 6", "zh", situations_tune.TUNE_6_CHINESE, True),
        ("situations, tune 7", "en", situations_tune.TUNE_7_ENGLISH, True),
        ("situations, tune 7", "zh", situations_tune.TUNE_7_CHINESE, True),
        ("situations, tune 8", "en", situations_tune.TUNE_8_ENGLISH, True),
        ("situations, tune 8", "zh", situations_tune.TUNE_8_CHINESE, True),
        ("situations, tune 9", "en", situations_tune.TUNE_9_ENGLISH, True),
        ("situations, tune 9", "zh", situations_tune.TUNE_9_CHINESE, True),
        ("situations, tune 10", "zh", situations_tune.TUNE_10_CHINESE, True),
        *blind,
        ("held out 4, TEST", "en", held_out_4.HELD_OUT_4_ENGLISH, False),
        ("held out 4, TEST", "zh", held_out_4.HELD_OUT_4_CHINESE, False),
        ("situations, TEST", "en", situations_test.TEST_ENGLISH, False),
        ("situations, TEST", "zh", situations_test.TEST_CHINESE, False),
        *blind_test,
    ]


def main() -> None:
    show = "--misses" in sys.argv
    show_test = "--test-misses" in sys.argv
    start = time.perf_counter()
    search_module.search("warm up the index")
    print(f"index build: {1000 * (time.perf_counter() - start):.0f} ms")
    start = time.perf_counter()
    search_module.search("热身", lang="zh-hans")
    print(f"first Chinese query (homophone table): {1000 * (time.perf_counter() - start):.0f} ms")
    times = []
    for name, lang, cases, tunable in sets():
        reader = "zh-hans" if lang == "zh" else "en"
        first = top3 = 0
        misses = []
        for query, want in cases:
            t0 = time.perf_counter()
            hits = search_module.search(query, lang=reader, limit=3)
            times.append(1000 * (time.perf_counter() - t0))
            numbers = [h.rule.number for h in hits]
            first += bool(numbers) and numbers[0] == want
            top3 += want in numbers
            if not numbers or numbers[0] != want:
                misses.append(f"    {query!r}: want {want}, got {numbers}")
        n = len(cases)
        print(f"{name:20} {lang}: n={n:3}  first {first:3}/{n} ({100 * first / n:5.1f}%)"
              f"  top-3 {top3:3}/{n} ({100 * top3 / n:5.1f}%)")
        if (show and tunable) or (show_test and not tunable):
            print("\n".join(misses))
    times.sort()
    print(f"latency over {len(times)} queries: median {times[len(times) // 2]:.2f} ms, "
          f"p95 {times[int(0.95 * len(times))]:.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
