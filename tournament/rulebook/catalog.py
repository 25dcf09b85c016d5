"""The house rulebook as data: rules, their worked examples, and look-up by number.

The rules live in ``data/<edition>.json`` (house rulebook v1.2, TDA 2013-era
numbering: rules 1-65 with lettered parts 9-A, 9-B, 9-C, 39-B, 39-C, and
recommended procedures RP-1..RP-7). Each rule carries an English and a
Simplified Chinese title and summary, search keywords in both languages, the
worked examples printed in the rulebook, cross-references, the matching
Poker TDA 2024 (v1.0) rule (every entry but 39-C has one), and, where the 2024
text differs in substance, what it says instead, in our own words.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "Example",
    "Rule",
    "Text",
    "load_rules",
    "normalize_number",
    "rule_by_number",
]

DATA_DIR = Path(__file__).resolve().parent / "data"

def language_code(lang: str) -> str:
    """Reduce a Django-style language code to ``"en"`` or ``"zh"``.

    ``"zh-hans"``, ``"zh_Hans"``, ``"zh-cn"`` and ``"zh"`` all mean Simplified
    Chinese; anything else falls back to English, the source language.
    """
    return "zh" if lang.lower().replace("_", "-").startswith("zh") else "en"


@dataclass(frozen=True, slots=True)
class Text:
    """A string in English and Simplified Chinese."""

    en: str
    zh: str

    def get(self, lang: str = "en") -> str:
        """The text in ``lang`` ("en", "zh-hans", ...), English when that is empty."""
        if language_code(lang) == "zh" and self.zh:
            return self.zh
        return self.en


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example from the rulebook, with its numbers."""

    title: Text
    summary: Text


@dataclass(frozen=True, slots=True)
class Rule:
    """One house rule (or lettered part, or recommended procedure).

    ``tda2024`` is the Poker TDA 2024 rule it corresponds to ("47", "11-D",
    "RP-9"); ``tda2024_differs`` what that rule says where it differs in
    substance from the house rule.
    """

    number: str
    section: Text
    title: Text
    summary: Text
    keywords_en: tuple[str, ...]
    keywords_zh: tuple[str, ...]
    see_also: tuple[str, ...]
    tda2024: str | None
    examples: tuple[Example, ...]
    calculator: str | None = None
    tda2024_differs: Text | None = None

    @property
    def parent(self) -> str | None:
        """The parent rule of a lettered part: ``"9"`` for ``"9-C"``; None otherwise."""
        if self.is_procedure or "-" not in self.number:
            return None
        return self.number.split("-", 1)[0]

    @property
    def is_procedure(self) -> bool:
        """True for the recommended procedures RP-1..RP-7."""
        return self.number.startswith("RP-")

    def keywords(self, lang: str = "en") -> tuple[str, ...]:
        """Search keywords in ``lang`` (English when ``lang`` is not Chinese)."""
        return self.keywords_zh if language_code(lang) == "zh" else self.keywords_en

    def text(self, lang: str = "en", part: str = "summary") -> str:
        """The rule's ``part`` ("title", "summary" or "section") in ``lang``.

        ``lang`` takes Django codes such as ``"zh-hans"``; English is the fallback.
        """
        if part not in ("title", "summary", "section"):
            raise ValueError(f"unknown part {part!r}")
        text: Text = getattr(self, part)
        return text.get(lang)

    def label(self, lang: str = "en") -> str:
        """``"Rule 42 - Raise amounts ..."`` / ``"规则42 - ..."`` for lists and citations."""
        if language_code(lang) == "zh":
            return f"{self._number_zh()} {self.title.get('zh')}"
        prefix = self.number if self.is_procedure else f"Rule {self.number}"
        return f"{prefix} – {self.title.en}"

    def _number_zh(self) -> str:
        if self.is_procedure:
            return f"建议程序{self.number[3:]}"
        return f"规则{self.number}"


def _text(raw: dict[str, str]) -> Text:
    return Text(en=raw["en"].strip(), zh=raw.get("zh", "").strip())


def _rule_from_json(raw: dict) -> Rule:
    return Rule(
        number=raw["number"],
        section=_text(raw["section"]),
        title=_text(raw["title"]),
        summary=_text(raw["summary"]),
        keywords_en=tuple(raw["keywords"].get("en", ())),
        keywords_zh=tuple(raw["keywords"].get("zh", ())),
        see_also=tuple(raw.get("see_also", ())),
        tda2024=raw.get("tda2024"),
        examples=tuple(
            Example(title=_text(e["title"]), summary=_text(e["summary"]))
            for e in raw.get("examples", ())
        ),
        calculator=raw.get("calculator"),
        tda2024_differs=_text(raw["tda2024_differs"]) if raw.get("tda2024_differs") else None,
    )


def load_rules(edition: str = "house") -> tuple[Rule, ...]:
    """All rules of ``edition`` in rulebook order (1, 2, ... 9, 9-A, ... 65, RP-1 ... RP-7).

    Read once per process. Only the house rulebook is stored as data; the TDA
    2024 edition differs in parameters (see ``editions.py``) and is cited
    through ``Rule.tda2024``.
    """
    return _load(edition)


@cache
def _load(edition: str) -> tuple[Rule, ...]:
    if not re.fullmatch(r"[a-z0-9_]+", edition):
        raise ValueError(f"unknown rulebook edition {edition!r}")
    path = DATA_DIR / f"{edition}.json"
    if not path.is_file():
        raise ValueError(f"unknown rulebook edition {edition!r}")
    payload = json.loads(path.read_text(encoding="utf-8"))
    return tuple(_rule_from_json(raw) for raw in payload["rules"])


@cache
def _by_number(edition: str) -> dict[str, Rule]:
    return {rule.number: rule for rule in load_rules(edition)}


_NUMBER_RE = re.compile(r"(?P<rp>rp)?-?(?P<num>\d{1,3})(?:-?(?P<part>[a-z]))?")
_PREFIXES = ("rules", "rule", "house", "no.", "no", "#", "第", "规则", "建议程序", "条款")
_SUFFIXES = ("条", "款")


def normalize_number(number: str) -> str | None:
    """Canonical rule number for loose input, or None when it is not a rule number.

    ``"9c"``, ``"9 C"``, ``"9-C"`` → ``"9-C"``; ``"rp3"``, ``"RP 3"`` → ``"RP-3"``;
    ``"rule 42"``, ``"规则42"``, ``"第42条"`` → ``"42"``. Whether the rule exists is
    not checked here.
    """
    text = unicodedata.normalize("NFKC", number).strip().lower()
    if text.startswith("建议程序"):
        text = "rp" + text.removeprefix("建议程序")
    changed = True
    while changed:
        changed = False
        for prefix in _PREFIXES:
            if text.startswith(prefix):
                text = text[len(prefix) :].strip()
                changed = True
        for suffix in _SUFFIXES:
            if text.endswith(suffix):
                text = text[: -len(suffix)].strip()
                changed = True
    text = re.sub(r"[\s_.]+", "", text)
    match = _NUMBER_RE.fullmatch(text)
    if match is None:
        return None
    num = str(int(match["num"]))
    if match["rp"]:
        return None if match["part"] else f"RP-{num}"
    return f"{num}-{match['part'].upper()}" if match["part"] else num


def rule_by_number(number: str, edition: str = "house") -> Rule | None:
    """The rule with this number, tolerant of spelling: "9c", "9-C", "rp3", "RP-3", "规则42".

    Returns None when no such rule exists.
    """
    canonical = normalize_number(number)
    if canonical is None:
        return None
    return _by_number(edition).get(canonical)
