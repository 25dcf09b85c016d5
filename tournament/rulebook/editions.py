"""Rulebook editions and the parameters in which they differ.

A tournament runs under one edition. The house rulebook (v1.2, TDA 2013-era
numbering) is the default; Poker TDA 2024 is offered for events that follow
the current TDA text. Only figures the software acts on live here: the clock
call and the final-table size. Labels are plain strings because this module
stays free of Django; views wrap them for translation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["DEFAULT_EDITION", "EDITIONS", "Edition", "edition"]


def _house_final_table(seats_per_table: int) -> int:
    # House rule 10: nine at the final table, six in six-handed events.
    return 6 if seats_per_table <= 6 else 9


def _tda2024_final_table(seats_per_table: int) -> int:
    # TDA 2024 RP-9: full-ring events (8+ seats) merge two tables of five into
    # a 9-handed final table; 6- and 7-handed events merge two tables of four
    # into a 7-handed one.
    return 9 if seats_per_table >= 8 else 7


@dataclass(frozen=True, slots=True)
class Edition:
    """One rulebook edition.

    ``clock_seconds`` and ``clock_countdown_seconds`` are the time a player
    has once a clock is called, then the final count after which the hand is
    dead (house rule 26; TDA 2024 rule on calling for a clock).
    """

    key: str
    label: str
    label_zh: str
    clock_seconds: int
    clock_countdown_seconds: int
    final_table_rule: str
    _final_table: Callable[[int], int]

    @property
    def clock_total_seconds(self) -> int:
        """Whole clock call: the action time plus the final countdown."""
        return self.clock_seconds + self.clock_countdown_seconds

    def final_table_size(self, seats_per_table: int) -> int:
        """Default number of players at the final table for this table size.

        House rule 10 / TDA 2024 RP-9. The final table may hold more seats than
        the event's tables (nine at a final table of an 8-seat event). The
        director may still set another size.
        """
        if seats_per_table < 2:
            raise ValueError("a table seats at least two players")
        return self._final_table(seats_per_table)

    def label_for(self, lang: str = "en") -> str:
        """The label in English or, for "zh"/"zh-hans", Simplified Chinese."""
        return self.label_zh if lang.lower().startswith("zh") else self.label


EDITIONS: dict[str, Edition] = {
    "house": Edition(
        key="house",
        label="House rules (v1.2, TDA 2013 numbering)",
        label_zh="本场规则（1.2版，TDA 2013编号）",
        clock_seconds=50,
        clock_countdown_seconds=10,
        final_table_rule="10",
        _final_table=_house_final_table,
    ),
    "tda2024": Edition(
        key="tda2024",
        label="Poker TDA 2024",
        label_zh="Poker TDA 2024版规则",
        clock_seconds=25,
        clock_countdown_seconds=5,
        final_table_rule="RP-9",
        _final_table=_tda2024_final_table,
    ),
}

DEFAULT_EDITION = "house"


def edition(key: str | None) -> Edition:
    """The edition for ``key``, the house rules when ``key`` is empty.

    Raises KeyError for an unknown key so that a typo in settings is loud.
    """
    return EDITIONS[key or DEFAULT_EDITION]
