"""The learned ranking measured on sets it was not trained on: leave one tuning set out.

Usage: .venv/bin/python bench/rulings_learned_cv.py [--misses] [--blind] [WEIGHT ...]

For each tuning set (tests/domain/rulebook/training.py), the learned model is
trained on the rulebook and every *other* tuning set, and the whole search
(words, situations and the learned ranking, blended as search.py does) is
measured on the set left out. "blind, tune 2" is the honest line: neither the
lexicon nor the floor-talk table was written from it (nor from the first blind
tuning set's misses by its writer), so it shows how the search does on a new
writer's phrasing, and so do "blind, tune 3" to "blind, tune 6" (four more writers); "blind, tune" was read when the lexicon was last extended.
The other sets were tuned on by the lexicon, so their lines flatter it. The test sets are not used here at all.

With WEIGHT arguments, each LEARNED_WEIGHT is measured in turn (0 = no learned ranking).
``--blind``: only the blind writers' folds (the honest ones; faster).
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

import django  # noqa: E402

django.setup()

from tests.domain.rulebook import (  # noqa: E402
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
    search_set,
    situations_tune,
)
from tests.domain.rulebook.training import training_cases  # noqa: E402
from tournament.rulebook import learned  # noqa: E402
from tournament.rulebook import search as search_module  # noqa: E402


def _is_zh(query: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in query)


def folds():
    tune = [
        (f"situations, tune{suffix.replace('_', ' ')}",
         getattr(situations_tune, f"TUNE{suffix}_ENGLISH", [])
         + getattr(situations_tune, f"TUNE{suffix}_CHINESE", []))
        for suffix in ("", "_2", "_3", "_4", "_5", "_6", "_7", "_8", "_9")
    ]
    return [
        ("blind, tune", blind_tune.BLIND_TUNE_ENGLISH + blind_tune.BLIND_TUNE_CHINESE),
        ("blind, tune 2", blind_tune_2.BLIND_TUNE_2_ENGLISH + blind_tune_2.BLIND_TUNE_2_CHINESE),
        ("blind, tune 3", blind_tune_3.BLIND_TUNE_3_ENGLISH + blind_tune_3.BLIND_TUNE_3_CHINESE),
        ("blind, tune 4", blind_tune_4.BLIND_TUNE_4_ENGLISH + blind_tune_4.BLIND_TUNE_4_CHINESE),
        ("blind, tune 5", blind_tune_5.BLIND_TUNE_5_ENGLISH + blind_tune_5.BLIND_TUNE_5_CHINESE),
        ("blind, tune 6", blind_tune_6.BLIND_TUNE_6_ENGLISH + blind_tune_6.BLIND_TUNE_6_CHINESE),
        ("blind, tune 7", blind_tune_7.BLIND_TUNE_7_ENGLISH + blind_tune_7.BLIND_TUNE_7_CHINESE),
        ("blind, tune 8", blind_tune_8.BLIND_TUNE_8_ENGLISH + blind_tune_8.BLIND_TUNE_8_CHINESE),
        ("blind, tune 9", blind_tune_9.BLIND_TUNE_9_ENGLISH
         + blind_tune_9.BLIND_TUNE_9_CHINESE),
        ("blind, tune 10", blind_tune_10.BLIND_TUNE_10_ENGLISH
         + blind_tune_10.BLIND_TUNE_10_CHINESE),
        ("blind, tune 11", blind_tune_11.BLIND_TUNE_11_ENGLISH
         + blind_tune_11.BLIND_TUNE_11_CHINESE),
        ("blind, tune 12", blind_tune_12.BLIND_TUNE_12_ENGLISH
         + blind_tune_12.BLIND_TUNE_12_CHINESE),
        ("blind, tune 13", blind_tune_13.BLIND_TUNE_13_ENGLISH
         + blind_tune_13.BLIND_TUNE_13_CHINESE),
        ("blind, tune 14", blind_tune_14.BLIND_TUNE_14_ENGLISH
         + blind_tune_14.BLIND_TUNE_14_CHINESE),
        ("blind, tune 15", blind_tune_15.BLIND_TUNE_15_ENGLISH
         + blind_tune_15.BLIND_TUNE_15_CHINESE),
        ("blind, tune 16", blind_tune_16.BLIND_TUNE_16_ENGLISH
         + blind_tune_16.BLIND_TUNE_16_CHINESE),
        ("blind, tune 17", blind_tune_17.BLIND_TUNE_17_ENGLISH
         + blind_tune_17.BLIND_TUNE_17_CHINESE),
        ("blind, tune 18", blind_tune_18.BLIND_TUNE_18_ENGLISH
         + blind_tune_18.BLIND_TUNE_18_CHINESE),
        ("blind, tune 19", blind_tune_19.BLIND_TUNE_19_ENGLISH
         + blind_tune_19.BLIND_TUNE_19_CHINESE),
        ("blind, tune 20", blind_tune_20.BLIND_TUNE_20_ENGLISH
         + blind_tune_20.BLIND_TUNE_20_CHINESE),
        ("blind, tune 21", blind_tune_21.BLIND_TUNE_21_ENGLISH
         + blind_tune_21.BLIND_TUNE_21_CHINESE),
        ("blind, tune 22", blind_tune_22.BLIND_TUNE_22_ENGLISH
         + blind_tune_22.BLIND_TUNE_22_CHINESE),
        ("blind, tune 23", blind_tune_23.BLIND_TUNE_23_ENGLISH
         + blind_tune_23.BLIND_TUNE_23_CHINESE),
        ("blind, tune 24", blind_tune_24.BLIND_TUNE_24_ENGLISH
         + blind_tune_24.BLIND_TUNE_24_CHINESE),
        ("blind, tune 25", blind_tune_25.BLIND_TUNE_25_ENGLISH
         + blind_tune_25.BLIND_TUNE_25_CHINESE),
        ("blind, tune 26", blind_tune_26.BLIND_TUNE_26_ENGLISH
         + blind_tune_26.BLIND_TUNE_26_CHINESE),
        ("blind, tune 27", blind_tune_27.BLIND_TUNE_27_ENGLISH
         + blind_tune_27.BLIND_TUNE_27_CHINESE),
        ("held out 1", search_set.HELD_OUT_ENGLISH + search_set.HELD_OUT_CHINESE),
        ("held out 2", search_set.HELD_OUT_2_ENGLISH + search_set.HELD_OUT_2_CHINESE),
        ("held out 3", search_set.HELD_OUT_3_ENGLISH + search_set.HELD_OUT_3_CHINESE),
        ("floor talk", search_set.ENGLISH + search_set.CHINESE),
        *tune,
    ]


def main() -> None:
    show = "--misses" in sys.argv
    weights = [float(a) for a in sys.argv[1:] if not a.startswith("--")] or [
        search_module.LEARNED_WEIGHT
    ]
    everything = training_cases()
    original = learned._model
    totals = {w: {"en": [0, 0, 0], "zh": [0, 0, 0]} for w in weights}
    try:
        for name, cases in folds():
            if "--blind" in sys.argv and not name.startswith("blind"):
                continue
            left_out = {query for query, _ in cases}
            raw = learned.train([c for c in everything if c[0] not in left_out])
            model = learned._load(raw)
            learned._model = lambda edition, model=model: model
            for weight in weights:
                search_module.LEARNED_WEIGHT = weight
                for lang in ("en", "zh"):
                    subset = [c for c in cases if _is_zh(c[0]) == (lang == "zh")]
                    if not subset:
                        continue
                    first = top3 = 0
                    misses = []
                    for query, want in subset:
                        hits = search_module.search(query, lang=lang, limit=3)
                        numbers = [h.rule.number for h in hits]
                        first += bool(numbers) and numbers[0] == want
                        top3 += want in numbers
                        if not numbers or numbers[0] != want:
                            misses.append(f"    {query!r}: want {want}, got {numbers}")
                    n = len(subset)
                    for i, v in enumerate((first, top3, n)):
                        totals[weight][lang][i] += v
                    print(f"{name:22} {lang} w={weight:<4}: n={n:3}  first {first:3}/{n} "
                          f"({100 * first / n:5.1f}%)  top-3 {top3:3}/{n} ({100 * top3 / n:5.1f}%)")
                    if show:
                        print("\n".join(misses))
    finally:
        learned._model = original
    for weight, by_lang in totals.items():
        for lang, (first, top3, n) in by_lang.items():
            print(f"{'all folds':22} {lang} w={weight:<4}: n={n:3}  first {first:3}/{n} "
                  f"({100 * first / n:5.1f}%)  top-3 {top3:3}/{n} ({100 * top3 / n:5.1f}%)")


if __name__ == "__main__":
    main()
