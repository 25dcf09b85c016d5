"""Blind structures: levels, validation, the generator, templates, CSV and JSON files.

Pure: no Django, no clock, no randomness. The package's parts:

- ``levels``: ``LevelSpec``, the errors (``LineError``, ``StructureError``,
  ``MESSAGES``) and the defaults of a new level (``next_level``);
- ``validation``: ``validate``;
- ``generator``: ``generate``;
- ``templates``: ``TEMPLATES`` and ``template_levels``;
- ``files``: ``csv_rows``, ``to_csv``, ``to_json``, ``from_csv``, ``from_json``.
"""

from tournament.domain.structures.files import csv_rows, from_csv, from_json, to_csv, to_json
from tournament.domain.structures.generator import generate
from tournament.domain.structures.levels import (
    ANTE_TYPES,
    CSV_COLUMNS,
    KINDS,
    MAX_AMOUNT,
    MAX_DURATION,
    MESSAGES,
    AnteType,
    LevelKind,
    LevelSpec,
    LineError,
    StructureError,
    next_break,
    next_level,
)
from tournament.domain.structures.templates import (
    DEFAULT_CHIP_SET,
    TEMPLATES,
    StructureTemplate,
    template_levels,
)
from tournament.domain.structures.validation import check_bounds, validate

__all__ = [
    "ANTE_TYPES", "CSV_COLUMNS", "DEFAULT_CHIP_SET", "KINDS", "MAX_AMOUNT", "MAX_DURATION", "MESSAGES", "TEMPLATES", "AnteType", "LevelKind",
    "LevelSpec", "LineError", "StructureError", "StructureTemplate", "check_bounds", "csv_rows", "from_csv",
    "from_json",
    "generate", "next_break", "next_level", "template_levels", "to_csv", "to_json", "validate",
]
