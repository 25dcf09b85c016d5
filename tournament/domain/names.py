"""Finding people by name: one CJK character is a whole query, Latin names forgive a typo.

Pure functions over (key, name, nickname) rows the caller has already read in
one query; rapidfuzz scores thousands of words in a few milliseconds.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Iterable

from rapidfuzz import fuzz, process
from rapidfuzz.utils import default_process

FUZZY_MIN_LENGTH = 4
FUZZY_CUTOFF = 80


def is_cjk(char: str) -> bool:
    """A CJK ideograph, kana or hangul syllable: one of them is already a name or surname."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0x20000 <= code <= 0x3FFFF)


def long_enough(query: str) -> bool:
    """Two characters, or a single CJK one (李, 周)."""
    return len(query) >= 2 or (len(query) == 1 and is_cjk(query))


def wants_fuzzy(query: str) -> bool:
    """Typos are forgiven in Latin-script queries of four letters or more."""
    return len(query) >= FUZZY_MIN_LENGTH and not any(is_cjk(c) for c in query)


def fuzzy_keys(query: str, rows: Iterable[tuple[Hashable, str, str]], *, limit: int = 50,
               cutoff: int = FUZZY_CUTOFF) -> list[Hashable]:
    """Keys of rows whose name, nickname or one of their words is close to ``query``, best first.

    "Negranu" finds "Daniel Negreanu" (the word "Negreanu"); "Danel Negreanu" finds it
    through the whole name. Returns [] for queries too short to be told apart from noise.
    """
    if not wants_fuzzy(query):
        return []
    choices: list[str] = []
    owners: list[Hashable] = []
    for key, name, nickname in rows:
        for text in {name or "", nickname or ""} - {""}:
            words = text.split()
            for choice in [text, *words] if len(words) > 1 else [text]:
                choices.append(choice)
                owners.append(key)
    best: dict[Hashable, float] = {}
    for _choice, score, index in process.extract(query, choices, scorer=fuzz.ratio,
                                                 processor=default_process, score_cutoff=cutoff,
                                                 limit=None):
        key = owners[index]
        best[key] = max(best.get(key, 0), score)
    return sorted(best, key=lambda key: -best[key])[:limit]


# --- Sorting names as people read them -------------------------------------------------


def _pinyin_of() -> dict[int, str]:
    """Code point -> Hanyu Pinyin readings (pypinyin's single-character table).

    Read on the first Chinese name only: the table is large, and a room without
    one never loads it.
    """
    global _PINYIN  # noqa: PLW0603 (a lazily read constant)
    if _PINYIN is None:
        from pypinyin.pinyin_dict import pinyin_dict

        _PINYIN = pinyin_dict
    return _PINYIN


_PINYIN: dict[int, str] | None = None


def _letters(text: str) -> str:
    """Case and accents dropped: "Émilie" reads as "emilie", "Ørsted" as "orsted"."""
    text = text.replace("ø", "o").replace("Ø", "o").replace("ß", "ss").replace("æ", "ae")
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c)).casefold()


def sort_key(name: str) -> tuple[str, str]:
    """The order of a name list (wall chart, seating chart by name), the same in every language.

    Latin letters by their base letter, case and accents aside (Émilie before
    Zoltan); a Chinese character by its Hanyu Pinyin without tones (张 as
    "zhang", its first reading), so 张伟 files beside Zhang Wei, under Z.
    Ties keep a fixed order by the name itself.
    """
    parts = []
    for char in name.strip():
        if is_cjk(char) and (readings := _pinyin_of().get(ord(char))):
            parts.append(" " + _letters(readings.split(",")[0]) + " ")
        else:
            parts.append(_letters(char))
    return " ".join("".join(parts).split()), name
