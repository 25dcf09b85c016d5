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

from tests.domain.rulebook import search_set, situations_tune  # noqa: E402
from tests.domain.rulebook.blind_sets import blind_sets  # noqa: E402
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
        for suffix in ("", "_2", "_3", "_4", "_5", "_6", "_7", "_8", "_9", "_10")
    ]
    return [
        *((f"blind, tune{'' if b.number == 1 else f' {b.number}'}",
           b.cases("ENGLISH") + b.cases("CHINESE")) for b in blind_sets("tune")),
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
