"""Blind structures: levels, validation, the generator, templates, CSV and JSON.

Pure: no Django, no clock, no randomness. Errors carry machine-readable codes
(``LineError.code``) with parameters; ``MESSAGES`` holds the English template
for each code so the Django layer can translate by code.
"""

from __future__ import annotations

import csv
import functools
import heapq
import io
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Literal


# Marks a message for translation; the Django layer translates it.
def N_(message: str) -> str:
    return message


LevelKind = Literal["play", "break"]
AnteType = Literal["none", "bba", "classic"]

KINDS: tuple[str, ...] = ("play", "break")
ANTE_TYPES: tuple[str, ...] = ("none", "bba", "classic")
CSV_COLUMNS: tuple[str, ...] = (
    "kind", "small_blind", "big_blind", "ante", "ante_type", "minutes", "color_up",
)

MESSAGES: dict[str, str] = {
    # validate()
    "no_play_levels": N_("The structure needs at least one play level."),
    "unknown_kind": N_('Unknown level kind "{value}": use play or break.'),
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
    "not_json": N_("The file is not valid JSON (line {json_line}, column {json_column})."),
    "bad_json_shape": N_('Expected a list of levels, or an object with a "levels" list.'),
    "bad_level": N_("Each level must be an object with named values."),
}


@dataclass(frozen=True, slots=True)
class LineError:
    """One problem: where (``line``, ``field``), what (``code``) and the details (``params``).

    ``line`` is the 1-based level number for ``validate`` and JSON files, and the
    file line for CSV files; ``None`` when the problem isn't on one line.
    """

    line: int | None
    field: str | None
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    template: str = field(default="", compare=False, repr=False)

    @property
    def message(self) -> str:
        """The English sentence, without the line number."""
        template = self.template or MESSAGES.get(self.code, self.code)
        return template.format(**self.params)

    def __str__(self) -> str:
        return self.message if self.line is None else f"Line {self.line}: {self.message}"


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


# --- validation -----------------------------------------------------------


def validate(levels: Sequence[LevelSpec], *, chip_set: Sequence[int] | None = None) -> None:
    """Raise StructureError listing every problem in ``levels``; return None when sound.

    Checks: at least one play level; positive durations; on play levels a
    small blind above 0, big blind not below the small blind, an ante of 0 or
    more matching its ante type, and blinds that never go down; breaks carry no
    blinds. Colour-ups happen only at breaks, once per denomination, and never
    remove every chip. With a ``chip_set``, coloured-up denominations must be in
    it and every later blind and ante must be payable with the chips still in
    play.
    """
    errors: list[LineError] = []
    chips = sorted(set(chip_set)) if chip_set is not None else None
    if chips is not None and any(not _is_positive_int(chip) for chip in chips):
        errors.append(_error("bad_denomination", field="chip_set"))
        chips = None
    removed_at: dict[int, int] = {}  # denomination -> line of the break that removed it
    previous: tuple[int, LevelSpec] | None = None
    play_levels = 0

    for line, level in enumerate(levels, start=1):
        if level.kind not in KINDS:
            errors.append(_error("unknown_kind", line, "kind", value=str(level.kind)))
            continue
        if level.duration <= 0:
            errors.append(_error("duration_not_positive", line, "duration"))
        if level.color_up and not level.is_break:
            errors.append(_error("color_up_not_on_break", line, "color_up"))
        if level.is_break:
            if level.small_blind or level.big_blind or level.ante or level.ante_type != "none":
                errors.append(_error("break_has_blinds", line, "small_blind"))
            errors.extend(_check_color_up(line, level.color_up, chips, removed_at))
            continue

        play_levels += 1
        errors.extend(_check_play_level(line, level))
        if previous is not None:
            previous_line, before = previous
            if level.small_blind < before.small_blind or level.big_blind < before.big_blind:
                errors.append(_error(
                    "blinds_decrease", line, "small_blind",
                    small_blind=level.small_blind, big_blind=level.big_blind,
                    previous_small_blind=before.small_blind,
                    previous_big_blind=before.big_blind, previous_line=previous_line,
                ))
        previous = (line, level)
        if chips is not None:
            errors.extend(_check_payable(line, level, chips, removed_at))

    if play_levels == 0:
        errors.append(_error("no_play_levels"))
    if errors:
        raise StructureError(errors)


def _is_positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _check_play_level(line: int, level: LevelSpec) -> Iterator[LineError]:
    if level.small_blind <= 0:
        yield _error("sb_not_positive", line, "small_blind")
    if level.big_blind < level.small_blind:
        yield _error("bb_below_sb", line, "big_blind",
                     small_blind=level.small_blind, big_blind=level.big_blind)
    if level.ante_type not in ANTE_TYPES:
        yield _error("unknown_ante_type", line, "ante_type", value=str(level.ante_type))
    elif level.ante < 0:
        yield _error("ante_negative", line, "ante")
    elif level.ante > 0 and level.ante_type == "none":
        yield _error("ante_type_missing", line, "ante_type", ante=level.ante)
    elif level.ante == 0 and level.ante_type != "none":
        yield _error("ante_missing", line, "ante", ante_type=level.ante_type)


def _check_color_up(
    line: int, color_up: Sequence[int], chips: list[int] | None, removed_at: dict[int, int]
) -> Iterator[LineError]:
    for denomination in color_up:
        if not _is_positive_int(denomination):
            yield _error("bad_denomination", line, "color_up")
        elif denomination in removed_at:
            yield _error("color_up_repeated", line, "color_up",
                         denomination=denomination, previous_line=removed_at[denomination])
        elif chips is not None and denomination not in chips:
            yield _error("color_up_unknown_denomination", line, "color_up",
                         denomination=denomination)
        else:
            removed_at[denomination] = line
    if chips is not None and chips and all(chip in removed_at for chip in chips):
        yield _error("color_up_removes_all", line, "color_up")


def _check_payable(
    line: int, level: LevelSpec, chips: list[int], removed_at: dict[int, int]
) -> Iterator[LineError]:
    """Every blind and ante must be payable with the chips still in play."""
    in_play = tuple(chip for chip in chips if chip not in removed_at)
    if not in_play:
        return  # already reported as color_up_removes_all
    amounts = (("small_blind", level.small_blind), ("big_blind", level.big_blind),
               ("ante", level.ante))
    for name, amount in amounts:
        if amount <= 0 or _payable(amount, in_play):
            continue
        culprit = _first_removal_that_breaks(amount, chips, removed_at)
        if culprit is None:
            yield _error("amount_not_expressible", line, name, amount=amount)
        else:
            break_line, denominations = culprit
            yield _error("color_up_still_needed", line, name, amount=amount,
                         denomination=" ".join(map(str, denominations)), break_line=break_line)


def _first_removal_that_breaks(
    amount: int, chips: list[int], removed_at: dict[int, int]
) -> tuple[int, list[int]] | None:
    """The break whose colour-up made ``amount`` unpayable, if the full set could pay it."""
    if not _payable(amount, tuple(chips)):
        return None
    for break_line in sorted(set(removed_at.values())):
        in_play = tuple(c for c in chips if c not in removed_at or removed_at[c] > break_line)
        if not _payable(amount, in_play):
            return break_line, sorted(c for c, at in removed_at.items() if at == break_line)
    return None  # pragma: no cover - unreachable: the last break leaves the current set


def _payable(amount: int, denominations: tuple[int, ...]) -> bool:
    """True when ``amount`` is a sum of chips of the given denominations."""
    divisor = math.gcd(*denominations)
    if amount % divisor:
        return False
    units = tuple(sorted({d // divisor for d in denominations}))
    target = amount // divisor
    return target >= _smallest_payable_by_residue(units)[target % units[0]]


@functools.lru_cache(maxsize=64)
def _smallest_payable_by_residue(units: tuple[int, ...]) -> tuple[float, ...]:
    """For each remainder modulo the smallest unit, the smallest payable amount with it.

    An amount is payable exactly when it is at least that smallest amount
    (add smallest-unit chips to get there). Dijkstra over the remainders.
    """
    modulus = units[0]
    best = [math.inf] * modulus
    best[0] = 0
    queue = [(0, 0)]
    while queue:
        total, residue = heapq.heappop(queue)
        if total > best[residue]:
            continue
        for unit in units[1:]:
            reached = total + unit
            if reached < best[reached % modulus]:
                best[reached % modulus] = reached
                heapq.heappush(queue, (reached, reached % modulus))
    return tuple(best)


# --- the generator --------------------------------------------------------

# Small blinds step through these "round" values in each decade (x 10^k), one
# step per level: +20-50% a level, like the structures players know.
_ROUND_STEPS: tuple[int, ...] = (100, 150, 200, 250, 300, 400, 500, 600, 800)


def _round_values() -> Iterator[int]:
    scale = 1
    while True:
        for step in _ROUND_STEPS:
            if step * scale % 100 == 0:
                yield step * scale // 100
        scale *= 10


def _chip_friendly(unit: int, above: int = 0) -> Iterator[int]:
    """Round multiples of ``unit`` above ``above``, in increasing order.

    The first few multiples (1-4 units) are always included so that a
    structure starting at the smallest chip has small steps (25, 50, 75, 100).
    """
    small = [unit * k for k in range(1, 5) if unit * k > above]
    for value in _round_values():
        if value % unit or value <= above:
            continue
        while small and small[0] <= value:
            candidate = small.pop(0)
            if candidate < value:
                yield candidate
        yield value


def _next_small_blind(current: int, unit: int) -> int:
    return next(_chip_friendly(unit, above=current))


def _first_small_blind(starting_stack: int, unit: int) -> int:
    """The chip-friendly small blind nearest (by ratio) to 1/200 of the stack."""
    target = starting_stack / 200
    best = unit
    for value in _chip_friendly(unit):
        if abs(math.log(value / target)) < abs(math.log(best / target)):
            best = value
        if value > target * 2:
            return best
    raise AssertionError("unreachable")  # pragma: no cover


def _classic_ante(big_blind: int, unit: int) -> int:
    """About 1/9 of the big blind on a round value (10-15%), or 0 when chips are too big."""
    target = big_blind / 9
    best = 0
    for value in _chip_friendly(unit, above=math.ceil(big_blind / 16) - 1):
        if value > big_blind / 5:
            break
        if not best or abs(math.log(value / target)) < abs(math.log(best / target)):
            best = value
    return best


@dataclass(frozen=True, slots=True)
class _AntePlan:
    from_level: int | None
    ante_type: str

    def ante(self, number: int, big_blind: int, unit: int) -> tuple[int, AnteType]:
        if self.from_level is None or self.ante_type == "none" or number < self.from_level:
            return 0, "none"
        if self.ante_type == "bba":
            return big_blind, "bba"
        amount = _classic_ante(big_blind, unit)
        return (amount, "classic") if amount else (0, "none")


def _play_sequence(
    small_blind: int, first_number: int, count: int, unit: int, antes: _AntePlan
) -> Iterator[tuple[int, int, int, AnteType]]:
    """(small blind, big blind, ante, ante type) for ``count`` levels, the first at ``small_blind``."""
    for number in range(first_number, first_number + count):
        if number > first_number:
            small_blind = _next_small_blind(small_blind, unit)
        ante, ante_type = antes.ante(number, 2 * small_blind, unit)
        yield small_blind, 2 * small_blind, ante, ante_type


def generate(
    *,
    starting_stack: int,
    target_minutes: int,
    level_minutes: int,
    chip_set: Sequence[int],
    ante_from_level: int | None = 4,
    ante_type: str = "bba",
    break_every_minutes: int | None = 120,
    break_minutes: int = 15,
    color_up: bool = True,
) -> tuple[LevelSpec, ...]:
    """A structure that plays ``target_minutes`` and then some, on round chip-friendly blinds.

    The first big blind is about 1/100 of the starting stack; small blinds then
    climb one round value a level (100/200, 150/300, 200/400, 250/500 ...),
    always multiples of the smallest chip in play, with big blind = 2 x small
    blind. Antes start at play level ``ante_from_level`` (None: no antes): a
    big-blind ante equals the big blind, a classic ante is about 10-15% of it.
    A break follows the first level that ends ``break_every_minutes`` or more
    after the previous break (None or 0: no breaks). At each break, with
    ``color_up``, the smallest chip goes once no later level needs it.
    About a quarter more levels (at least 4) follow the target, so the clock
    doesn't run out.
    """
    _check_settings(starting_stack=starting_stack, target_minutes=target_minutes,
                    level_minutes=level_minutes, chip_set=chip_set,
                    ante_from_level=ante_from_level, ante_type=ante_type,
                    break_every_minutes=break_every_minutes, break_minutes=break_minutes)
    chips = sorted(set(chip_set))
    antes = _AntePlan(ante_from_level, ante_type)
    target_levels = math.ceil(target_minutes / level_minutes)
    total_levels = target_levels + max(4, math.ceil(target_levels / 4))

    levels: list[LevelSpec] = []
    small_blind = _first_small_blind(starting_stack, chips[0])
    since_break = 0
    for number in range(1, total_levels + 1):
        if number > 1:
            small_blind = _next_small_blind(small_blind, chips[0])
        ante, level_ante_type = antes.ante(number, 2 * small_blind, chips[0])
        levels.append(LevelSpec("play", small_blind, 2 * small_blind, ante, level_ante_type,
                                level_minutes * 60))
        since_break += level_minutes
        if break_every_minutes and since_break >= break_every_minutes and number < total_levels:
            removed: list[int] = []
            while color_up and len(chips) > 1 and not _needs_smallest(
                small_blind, number + 1, total_levels - number, chips, antes
            ):
                removed.append(chips.pop(0))
            levels.append(LevelSpec("break", duration=break_minutes * 60, color_up=tuple(removed)))
            since_break = 0
    return tuple(levels)


def _needs_smallest(
    small_blind: int, next_number: int, remaining: int, chips: list[int], antes: _AntePlan
) -> bool:
    """True if a later level, as generated with today's chips, needs the smallest chip."""
    next_unit = chips[1]
    start = _next_small_blind(small_blind, chips[0])
    for amounts in _play_sequence(start, next_number, remaining, chips[0], antes):
        if any(amount % next_unit for amount in amounts[:3]):
            return True
    return False


def _check_settings(
    *, starting_stack: int, target_minutes: int, level_minutes: int, chip_set: Sequence[int],
    ante_from_level: int | None, ante_type: str, break_every_minutes: int | None,
    break_minutes: int,
) -> None:
    errors = [
        _error("not_positive", field=name)
        for name, value in (
            ("starting_stack", starting_stack), ("target_minutes", target_minutes),
            ("level_minutes", level_minutes), ("break_minutes", break_minutes),
            ("ante_from_level", 1 if ante_from_level is None else ante_from_level),
            ("break_every_minutes", break_every_minutes or 1),
        )
        if value <= 0
    ]
    if not chip_set:
        errors.append(_error("empty_chip_set", field="chip_set"))
    elif any(not _is_positive_int(chip) for chip in chip_set):
        errors.append(_error("bad_denomination", field="chip_set"))
    if ante_type not in ANTE_TYPES:
        errors.append(_error("unknown_ante_type", field="ante_type", value=str(ante_type)))
    if errors:
        raise StructureError(errors)


# --- templates ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StructureTemplate:
    """A named set of ``generate`` settings; ``label`` is the English name to show."""

    name: str
    label: str
    starting_stack: int
    level_minutes: int
    target_minutes: int
    chip_set: tuple[int, ...]
    ante_from_level: int | None = 4
    ante_type: str = "bba"
    break_every_minutes: int | None = 120
    break_minutes: int = 15

    def levels(self) -> tuple[LevelSpec, ...]:
        return generate(
            starting_stack=self.starting_stack, target_minutes=self.target_minutes,
            level_minutes=self.level_minutes, chip_set=self.chip_set,
            ante_from_level=self.ante_from_level, ante_type=self.ante_type,
            break_every_minutes=self.break_every_minutes, break_minutes=self.break_minutes,
        )


_CHIPS = (25, 100, 500, 1000, 5000, 25000)

TEMPLATES: dict[str, StructureTemplate] = {
    template.name: template
    for template in (
        StructureTemplate("hyper", N_("Hyper turbo"), 10_000, 6, 120, _CHIPS, ante_from_level=3,
                          break_every_minutes=None),
        StructureTemplate("turbo", N_("Turbo"), 20_000, 10, 240, _CHIPS, break_every_minutes=100,
                          break_minutes=10),
        StructureTemplate("regular", N_("Regular"), 20_000, 20, 480, _CHIPS),
        StructureTemplate("deep stack", N_("Deep stack"), 50_000, 30, 600, _CHIPS, ante_from_level=3),
    )
}


def template_levels(name: str) -> tuple[LevelSpec, ...]:
    """The levels of the template called ``name`` (a key of ``TEMPLATES``)."""
    try:
        template = TEMPLATES[name]
    except KeyError:
        raise StructureError([_error("unknown_template", field="name", name=name)]) from None
    return template.levels()


# --- CSV and JSON ---------------------------------------------------------


def _minutes(seconds: int) -> str:
    """Seconds as minutes, exact to 1/10000 minute, without trailing zeros."""
    text = f"{Decimal(seconds) / 60:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def _level_values(level: LevelSpec) -> dict[str, Any]:
    return {
        "kind": level.kind, "small_blind": level.small_blind, "big_blind": level.big_blind,
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
    try:
        rows = [(number, row) for number, row in _csv_rows(text) if any(cell.strip() for cell in row)]
    except csv.Error:
        raise StructureError([_error("bad_csv")]) from None
    if not rows:
        raise StructureError([_error("empty_file")])
    header_line, header = rows[0]
    names = [cell.strip().lower() for cell in header]
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
        values = {name: (row[i].strip() if i < len(row) else "") for i, name in enumerate(names)}
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
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StructureError([_error("not_json", json_line=error.lineno,
                                     json_column=error.colno)]) from None
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


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text))
    line = 1
    for row in reader:
        yield line, row
        line = reader.line_num + 1


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
    kind = values.get("kind", "").lower()
    if not kind:
        found.append(_error("missing_value", number, "kind", column="kind"))
    elif kind not in KINDS:
        found.append(_error("unknown_kind", number, "kind", value=values["kind"]))
    is_break = kind == "break"

    def whole(column: str, required: bool) -> int:
        raw = values.get(column, "")
        if not raw:
            if required:
                found.append(_error("missing_value", number, column, column=column))
            return 0
        if not _WHOLE.fullmatch(raw):
            found.append(_error("bad_number", number, column, value=raw))
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
_MINUTES = re.compile(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
_REQUIRED_COLUMNS = ("kind", "small_blind", "big_blind", "minutes")


def _parse_minutes(number: int, raw: str, found: list[LineError]) -> int:
    """Minutes (decimals allowed) as whole seconds, rounded to the nearest second."""
    if not raw:
        found.append(_error("missing_value", number, "minutes", column="minutes"))
        return 0
    if not _MINUTES.fullmatch(raw):
        found.append(_error("bad_number", number, "minutes", value=raw))
        return 0
    return int((Decimal(raw) * 60).to_integral_value())


def _parse_color_up(number: int, raw: str, found: list[LineError]) -> tuple[int, ...]:
    denominations = []
    for token in raw.replace(",", " ").split():
        if not _WHOLE.fullmatch(token):
            found.append(_error("bad_number", number, "color_up", value=token))
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
