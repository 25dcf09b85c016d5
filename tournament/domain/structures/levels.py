"""Levels of a blind structure and the errors every part of this package reports.

Pure: no Django, no clock, no randomness. Errors carry machine-readable codes
(``LineError.code``) with parameters; ``MESSAGES`` holds the English template
for each code so the Django layer can translate by code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tournament.domain.amounts import AMOUNT_MAX

# One error machinery for the pure modules (``line`` here is the 1-based level
# number for ``validate`` and JSON files, the file line for CSV files).
from tournament.domain.errors import N_, LineError

LevelKind = Literal["play", "break"]
AnteType = Literal["none", "bba", "classic"]

KINDS: tuple[str, ...] = ("play", "break")
# What a file may call each kind: the editor's words ("Level", "Break", in
# English or Chinese) and the internal ones. Files are written with the editor's.
KIND_WORDS: dict[str, str] = {
    "level": "play", "play": "play", "级别": "play", "級別": "play",
    "break": "break", "pause": "break", "休息": "break",
}
KIND_FILE_WORDS: dict[str, str] = {"play": "level", "break": "break"}
ANTE_TYPES: tuple[str, ...] = ("none", "bba", "classic")
CSV_COLUMNS: tuple[str, ...] = (
    "kind", "small_blind", "big_blind", "ante", "ante_type", "minutes", "color_up",
)

MESSAGES: dict[str, str] = {
    # validate()
    "no_play_levels": N_("The structure needs at least one play level."),
    "unknown_kind": N_('Unknown level kind "{value}": use level or break.'),
    "unknown_ante_type": N_('Unknown ante type "{value}": use none, bba or classic.'),
    "sb_not_positive": N_("The small blind must be more than 0."),
    "bb_below_sb": N_("The big blind ({big_blind}) is below the small blind ({small_blind})."),
    "blinds_decrease": N_(
        "The blinds {small_blind}/{big_blind} are lower than "
        "{previous_small_blind}/{previous_big_blind} on line {previous_line}."
    ),
    "ante_negative": N_("The ante can't be below 0."),
    "ante_type_missing": N_("An ante of {ante} needs an ante type: bba or classic."),
    "ante_missing": N_("The ante type {ante_type} needs an ante above 0."),
    "duration_not_positive": N_("The level must last more than 0 minutes."),
    "break_has_blinds": N_("A break can't have blinds or an ante."),
    "color_up_not_on_break": N_("Chips can only be coloured up at a break."),
    "color_up_unknown_denomination": N_("There is no {denomination} chip in the chip set."),
    "color_up_repeated": N_(
        "The {denomination} chips are already coloured up on line {previous_line}."
    ),
    "color_up_removes_all": N_("Colouring up here would leave no chips in play."),
    "color_up_still_needed": N_(
        "{amount} can't be made without the {denomination} chips coloured up on line {break_line}."
    ),
    "amount_not_expressible": N_("{amount} can't be made with the chips in play."),
    "bad_denomination": N_("Chip values must be whole numbers above 0."),
    # generate() and templates
    "not_positive": N_("This must be more than 0."),
    "empty_chip_set": N_("The chip set needs at least one denomination."),
    "unknown_template": N_('There is no structure template called "{name}".'),
    # CSV and JSON files
    "empty_file": N_("The file is empty."),
    "bad_csv": N_("The file can't be read as CSV."),
    "missing_column": N_('The column "{column}" is missing.'),
    "too_many_values": N_("This row has more values than the header has columns."),
    "missing_value": N_('The value for "{column}" is missing.'),
    "bad_number": N_('"{value}" is not a valid number.'),
    "too_large": N_("{value} is too large: at most {limit}."),
    "not_json": N_("The file is not valid JSON (line {json_line}, column {json_column})."),
    "bad_json_shape": N_('Expected a list of levels, or an object with a "levels" list.'),
    "bad_level": N_("Each level must be an object with named values."),
}


class StructureError(ValueError):
    """A structure, a generator setting or a file is wrong; ``errors`` lists every problem."""

    def __init__(self, errors: Sequence[LineError]) -> None:
        self.errors: list[LineError] = list(errors)
        super().__init__("\n".join(str(error) for error in self.errors))


def _error(code: str, line: int | None = None, field: str | None = None, **params: Any) -> LineError:
    return LineError(line, field, code, params, MESSAGES[code])


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """One level of a structure: a play level with blinds, or a break.

    ``duration`` is in seconds. ``ante_type`` is ``"bba"`` (big-blind ante: the
    big blind posts one ante for the table) or ``"classic"`` (everyone antes).
    ``color_up`` lists the denominations removed at this break (breaks only).
    """

    kind: LevelKind
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    ante_type: AnteType = "none"
    duration: int = 0
    color_up: tuple[int, ...] = ()

    @property
    def is_break(self) -> bool:
        return self.kind == "break"


def _is_positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def next_level(levels: Sequence[LevelSpec], after: int | None = None) -> LevelSpec:
    """The play level a director most likely wants after line ``after`` (0-based; None: the end).

    The big blind doubles from the last play level at or before that line, the
    new small blind is the old big blind, and ante and length carry over; with
    no play level before it, 100/200 for 20 minutes.
    """
    end = len(levels) if after is None else min(max(after + 1, 0), len(levels))
    previous = next((level for level in reversed(levels[:end]) if not level.is_break), None)
    if previous is None:
        return LevelSpec("play", 100, 200, 0, "none", 20 * 60)
    return LevelSpec("play", previous.big_blind, previous.big_blind * 2, previous.ante,
                     previous.ante_type, previous.duration)


def next_break(minutes: int = 15) -> LevelSpec:
    """A break of ``minutes`` with no colour-up."""
    return LevelSpec("break", duration=minutes * 60)


# The most chips a blind, an ante or a chip may be (tournament.domain.amounts), a day
# for a level, and the digits a file's number may have at all.
MAX_AMOUNT = AMOUNT_MAX
MAX_DURATION = 24 * 3600
MAX_DIGITS = 400


def _too_large(value: object) -> str:
    """A value short enough to quote in a message."""
    if isinstance(value, int) and value.bit_length() > 80:
        return "9" * 20 + "…"
    text = str(value)
    return text if len(text) <= 24 else text[:20] + "…"
