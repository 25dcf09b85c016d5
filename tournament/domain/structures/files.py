"""Structures in CSV and JSON files: export, and import with every problem on its line."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from tournament.domain.structures.levels import (
    ANTE_TYPES,
    CSV_COLUMNS,
    KIND_FILE_WORDS,
    KIND_WORDS,
    MAX_AMOUNT,
    MAX_DIGITS,
    MAX_DURATION,
    LevelSpec,
    LineError,
    StructureError,
    _error,
    _too_large,
)
from tournament.domain.structures.validation import validate


def _minutes(seconds: int) -> str:
    """Seconds as minutes, exact to 1/10000 minute, without trailing zeros."""
    text = f"{Decimal(seconds) / 60:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def _level_values(level: LevelSpec) -> dict[str, Any]:
    return {
        "kind": KIND_FILE_WORDS[level.kind], "small_blind": level.small_blind, "big_blind": level.big_blind,
        "ante": level.ante, "ante_type": level.ante_type, "minutes": _minutes(level.duration),
        "color_up": list(level.color_up),
    }


def csv_rows(levels: Iterable[LevelSpec]) -> list[list[object]]:
    """The CSV's rows under the ``CSV_COLUMNS`` header; minutes may have decimals, colour-ups
    are space-separated."""
    rows = []
    for level in levels:
        values = _level_values(level)
        values["color_up"] = " ".join(map(str, level.color_up))
        if level.is_break:
            values.update(small_blind="", big_blind="", ante="", ante_type="")
        rows.append([values[column] for column in CSV_COLUMNS])
    return rows


def to_csv(levels: Iterable[LevelSpec]) -> str:
    """CSV with a header row (see ``csv_rows``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_rows(levels))
    return buffer.getvalue()


def to_json(levels: Iterable[LevelSpec]) -> str:
    """JSON: ``{"levels": [{kind, small_blind, big_blind, ante, ante_type, minutes, color_up}]}``."""
    rows = []
    for level in levels:
        values = _level_values(level)
        values["minutes"] = float(values["minutes"]) if "." in values["minutes"] else int(
            values["minutes"])
        rows.append(values)
    return json.dumps({"levels": rows}, indent=2) + "\n"


def from_csv(text: str, *, chip_set: Sequence[int] | None = None) -> tuple[LevelSpec, ...]:
    """Levels from CSV text (header ``kind,small_blind,big_blind,ante,ante_type,minutes,color_up``).

    Column order is free and extra columns are ignored; blank lines are
    skipped. Errors give the file line. Break rows may leave blinds blank.
    The result must also pass ``validate``, whose errors are moved to file lines.
    """
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise StructureError([_error("empty_file")])
    delimiter = _delimiter(text)
    try:
        rows = [(number, row) for number, row in _csv_rows(text, delimiter)
                if any(cell.strip() for cell in row)]
    except csv.Error:
        raise StructureError([_error("bad_csv")]) from None
    if not rows:
        raise StructureError([_error("empty_file")])
    header_line, header = rows[0]
    names = [_column_name(cell) for cell in header]
    missing = [column for column in _REQUIRED_COLUMNS if column not in names]
    if missing:
        raise StructureError(
            [_error("missing_column", header_line, column, column=column) for column in missing]
        )
    errors: list[LineError] = []
    levels: list[LevelSpec] = []
    file_lines: list[int] = []
    for number, row in rows[1:]:
        if len(row) > len(names) and any(cell.strip() for cell in row[len(names):]):
            errors.append(_error("too_many_values", number))
            continue
        values = {name: (row[i].strip() if i < len(row) else "") for i, name in enumerate(names)
                  if name}
        if delimiter != ",":
            # Semicolons come with a decimal comma (Excel in most of Europe): 12,5 minutes.
            values["minutes"] = values.get("minutes", "").replace(",", ".")
        level = _parse_level(number, values, errors)
        if level is not None:
            levels.append(level)
            file_lines.append(number)
    return _finish(levels, errors, chip_set, file_lines)


def from_json(text: str, *, chip_set: Sequence[int] | None = None) -> tuple[LevelSpec, ...]:
    """Levels from JSON: a list of level objects, or ``{"levels": [...]}`` as ``to_json`` writes.

    Each level needs ``kind`` and ``minutes`` (or ``duration`` in seconds);
    play levels need ``small_blind`` and ``big_blind``. Errors give the level
    number. The result must also pass ``validate``.
    """
    if not text.strip():
        raise StructureError([_error("empty_file")])
    try:
        # A number too long for any column stays text, and is refused with its level number.
        data = json.loads(text, parse_int=_json_int, parse_constant=str)
    except json.JSONDecodeError as error:
        raise StructureError([_error("not_json", json_line=error.lineno,
                                     json_column=error.colno)]) from None
    except (RecursionError, ValueError):  # nested thousands deep, or a number Python refuses
        raise StructureError([_error("bad_json_shape")]) from None
    if isinstance(data, dict):
        data = data.get("levels")
    if not isinstance(data, list):
        raise StructureError([_error("bad_json_shape")])
    errors: list[LineError] = []
    levels: list[LevelSpec] = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            errors.append(_error("bad_level", number))
            continue
        values = {str(key).lower(): _json_text(value) for key, value in item.items()}
        if "minutes" not in values and "duration" in values:
            values["minutes"] = _seconds_as_minutes(values.pop("duration"))
        level = _parse_level(number, values, errors)
        if level is not None:
            levels.append(level)
    return _finish(levels, errors, chip_set, list(range(1, len(levels) + 1)))


def _delimiter(text: str) -> str:
    """Comma, semicolon or tab: whichever the header line uses most (Excel saves all three)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    counts = {delimiter: header.count(delimiter) for delimiter in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


# Headers as people type them: "Small blind", "small-blind", "Colour up".
_COLUMN_ALIASES = {"colour_up": "color_up", "sb": "small_blind", "bb": "big_blind",
                   "type": "kind", "length": "minutes", "duration_minutes": "minutes"}


def _column_name(cell: str) -> str:
    name = re.sub(r"[\s\-]+", "_", cell.strip().lower())
    return _COLUMN_ALIASES.get(name, name)


def _csv_rows(text: str, delimiter: str = ",") -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    line = 1
    for row in reader:
        yield line, row
        line = reader.line_num + 1


def _json_int(text: str) -> int | str:
    return int(text) if len(text) <= 20 else text


def _json_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(_json_text(item) for item in value)
    if isinstance(value, bool):
        return str(value).lower()  # reported as a bad number or an unknown kind
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return str(value)


def _seconds_as_minutes(seconds: str) -> str:
    try:
        return str(Decimal(seconds) / 60)
    except InvalidOperation:
        return seconds  # reported as a bad number


def _parse_level(number: int, values: dict[str, str], errors: list[LineError]) -> LevelSpec | None:
    """One level from text values, or None after adding its errors to ``errors``."""
    found: list[LineError] = []
    word = values.get("kind", "").strip().lower()
    kind = KIND_WORDS.get(word, "")
    if not word:
        found.append(_error("missing_value", number, "kind", column="kind"))
    elif not kind:
        found.append(_error("unknown_kind", number, "kind", value=values["kind"]))
    is_break = kind == "break"

    def whole(column: str, required: bool) -> int:
        raw = values.get(column, "")
        if not raw:
            if required:
                found.append(_error("missing_value", number, column, column=column))
            return 0
        if _GROUPED.fullmatch(raw):
            raw = re.sub(r"[,.\s\u00a0\u202f']", "", raw)  # 1,000 / 1.000 / 1 000
        if not _WHOLE.fullmatch(raw):
            found.append(_error("bad_number", number, column, value=_too_large(raw)))
            return 0
        # Beyond any column (check_bounds says so before saving), and Python's int() refuses
        # thousands of digits: a number this long is refused here.
        if len(raw.lstrip("-")) > MAX_DIGITS:
            found.append(_error("too_large", number, column, value=_too_large(raw),
                                limit=MAX_AMOUNT))
            return 0
        return int(raw)

    small_blind = whole("small_blind", not is_break)
    big_blind = whole("big_blind", not is_break)
    ante = whole("ante", False)
    ante_type = values.get("ante_type", "").lower() or "none"
    if ante_type not in ANTE_TYPES:
        found.append(_error("unknown_ante_type", number, "ante_type", value=values["ante_type"]))
    duration = _parse_minutes(number, values.get("minutes", ""), found)
    color_up = _parse_color_up(number, values.get("color_up", ""), found)
    if found:
        errors.extend(found)
        return None
    return LevelSpec(kind, small_blind, big_blind, ante, ante_type, duration, color_up)  # type: ignore[arg-type]


_WHOLE = re.compile(r"-?[0-9]+")
_GROUPED = re.compile(r"[0-9]{1,3}([,.\s\u00a0\u202f'][0-9]{3})+")
_MINUTES = re.compile(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
_REQUIRED_COLUMNS = ("kind", "small_blind", "big_blind", "minutes")


def _parse_minutes(number: int, raw: str, found: list[LineError]) -> int:
    """Minutes (decimals allowed) as whole seconds, rounded to the nearest second."""
    if not raw:
        found.append(_error("missing_value", number, "minutes", column="minutes"))
        return 0
    if not _MINUTES.fullmatch(raw):
        found.append(_error("bad_number", number, "minutes", value=_too_large(raw)))
        return 0
    if len(raw.split(".")[0].lstrip("-")) > 6:
        found.append(_error("too_large", number, "minutes", value=_too_large(raw),
                            limit=MAX_DURATION // 60))
        return 0
    return int((Decimal(raw) * 60).to_integral_value())


def _parse_color_up(number: int, raw: str, found: list[LineError]) -> tuple[int, ...]:
    denominations = []
    for token in raw.replace(",", " ").split():
        if not _WHOLE.fullmatch(token):
            found.append(_error("bad_number", number, "color_up", value=_too_large(token)))
        elif len(token.lstrip("-")) > MAX_DIGITS:
            found.append(_error("too_large", number, "color_up", value=_too_large(token),
                                limit=MAX_AMOUNT))
        else:
            denominations.append(int(token))
    return tuple(denominations)


def _finish(
    levels: list[LevelSpec], errors: list[LineError], chip_set: Sequence[int] | None,
    lines: list[int],
) -> tuple[LevelSpec, ...]:
    """Raise the parse errors, else validate and report validation errors on file lines."""
    if not errors:
        try:
            validate(levels, chip_set=chip_set)
        except StructureError as error:
            errors = [_on_line(problem, lines) for problem in error.errors]
    if errors:
        raise StructureError(errors)
    return tuple(levels)


def _on_line(problem: LineError, lines: list[int]) -> LineError:
    params = dict(problem.params)
    for key in ("previous_line", "break_line"):
        if key in params:
            params[key] = lines[params[key] - 1]
    line = None if problem.line is None else lines[problem.line - 1]
    field = "minutes" if problem.field == "duration" else problem.field
    return LineError(line, field, problem.code, params, problem.template)
