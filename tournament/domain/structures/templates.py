"""Built-in structure templates: named generator settings."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.domain.structures.generator import generate
from tournament.domain.structures.levels import N_, LevelSpec, StructureError, _error


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


# The chips every built-in template is generated for: a new tournament's default chip set,
# so the default structure and the default chips always fit each other.
DEFAULT_CHIP_SET = (25, 100, 500, 1000, 5000, 25000)

TEMPLATES: dict[str, StructureTemplate] = {
    template.name: template
    for template in (
        StructureTemplate("hyper", N_("Hyper turbo"), 10_000, 6, 120, DEFAULT_CHIP_SET, ante_from_level=3,
                          break_every_minutes=None),
        StructureTemplate("turbo", N_("Turbo"), 20_000, 10, 240, DEFAULT_CHIP_SET, break_every_minutes=100,
                          break_minutes=10),
        StructureTemplate("regular", N_("Regular"), 20_000, 20, 480, DEFAULT_CHIP_SET),
        StructureTemplate("deep stack", N_("Deep stack"), 50_000, 30, 600, DEFAULT_CHIP_SET, ante_from_level=3),
    )
}


def template_levels(name: str) -> tuple[LevelSpec, ...]:
    """The levels of the template called ``name`` (a key of ``TEMPLATES``)."""
    try:
        template = TEMPLATES[name]
    except KeyError:
        raise StructureError([_error("unknown_template", field="name", name=name)]) from None
    return template.levels()
