"""Structure actions: templates, the level editor, import and the generator."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.domain import structures as structure_domain
from tournament.domain.errors import N_
from tournament.domain.structures import LevelSpec, StructureError
from tournament.models import AuditEvent, Clock, Level, Structure
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.clock import clock_state

# The field of a level a structure error points at, as the structure editor names it.
LEVEL_FIELD_LABELS = {
    "kind": N_("Kind"), "small_blind": N_("Small blind"), "big_blind": N_("Big blind"),
    "ante": N_("Ante"), "ante_type": N_("Ante type"), "duration": N_("Minutes"),
    "color_up": N_("Colour-up"), "chip_set": N_("Chip denominations"),
}


def structure_error_messages(error: StructureError, *, structure: str | None = None) -> list[str]:
    """Every problem of a StructureError, translated, with its line.

    Given the ``structure``'s name (a tournament made from a template), each problem names
    the structure, the level and the field: Structure “Deep stack”, level 30, Colour-up: …
    """
    messages = []
    for problem in error.errors:
        text = _(structure_domain.MESSAGES.get(problem.code, problem.code)).format(**problem.params)
        if structure is not None:
            where = [_("Structure “%(structure)s”") % {"structure": template_display_name(structure)}]
            if problem.line is not None:
                where.append(_("level %(line)s") % {"line": problem.line})
            if problem.field in LEVEL_FIELD_LABELS:
                where.append(_(LEVEL_FIELD_LABELS[problem.field]))
            text = _("%(where)s: %(problem)s") % {"where": ", ".join(where), "problem": text}
        elif problem.line is not None:
            text = _("Line %(line)s: %(problem)s") % {"line": problem.line, "problem": text}
        messages.append(text)
    return messages


def _write_levels(structure: Structure, levels: Sequence[LevelSpec]) -> None:
    Level.objects.filter(structure=structure).delete()
    Level.objects.bulk_create(
        Level.from_spec(spec, structure=structure, order=index)
        for index, spec in enumerate(levels)
    )


def level_specs(structure_id: int) -> tuple[LevelSpec, ...]:
    return tuple(
        level.to_spec() for level in Level.objects.filter(structure_id=structure_id).order_by("order")
    )


def _validate(levels: Sequence[LevelSpec], chip_set: Sequence[int] | None, *,
              structure: str | None = None) -> None:
    try:
        structure_domain.check_bounds(levels)
        structure_domain.validate(levels, chip_set=chip_set or None)
    except StructureError as error:
        raise ServiceError("\n".join(structure_error_messages(error, structure=structure)),
                           field="structure" if structure is not None else None) from error


@transaction.atomic
def structure_template_save(*, actor: Actor, name: str, levels: Sequence[LevelSpec]) -> Structure:
    """Save a reusable template structure."""
    if not name.strip():
        raise ServiceError(_("A structure needs a name."), field="name")
    _validate(levels, None)
    structure = Structure.objects.create(name=name.strip(), is_template=True)
    _write_levels(structure, levels)
    record(tournament=None, actor=actor, kind=AuditEvent.Kind.STRUCTURE_TEMPLATE_SAVED,
           payload={"structure": structure.pk, "name": structure.name, "levels": len(levels)})
    return structure


@transaction.atomic
def tournament_levels_replace(
    *, actor: Actor, tournament_id: int, levels: Sequence[LevelSpec]
) -> Structure:
    """Replace the tournament's own levels.

    Once the clock has started, the levels already played and the one in play
    stay as they are: only future levels may change, and the change reaches
    every screen at the next poll.
    """
    tournament = lock_tournament(tournament_id)
    _validate(levels, tournament.chip_set)
    structure = tournament.structure
    if structure is None:
        structure = Structure.objects.create(name=tournament.name)
        tournament.structure = structure
        tournament.save(update_fields=["structure"])
    old = level_specs(structure.pk)
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is not None and clock.started and old:
        current = clock_domain.clock_at(old, clock_state(clock).elapsed(now())).level_index
        if len(levels) <= current or tuple(levels[: current + 1]) != old[: current + 1]:
            raise ServiceError(
                _("Levels up to the one in play (level %(number)s) have started and cannot change; "
                  "edit only later levels.")
                % {"number": current + 1}
            )
    _write_levels(structure, levels)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.STRUCTURE_EDITED,
           payload={"levels_before": len(old), "levels_after": len(levels)})
    return structure


def copy_levels_of(structure: Structure) -> tuple[LevelSpec, ...]:
    return level_specs(structure.pk)


def template_display_name(name: str) -> str:
    """Built-in templates are stored under their English names; show them translated."""
    labels = {str(t.label): t.label for t in structure_domain.TEMPLATES.values()}
    return _(labels[name]) if name in labels else name


def ensure_builtin_templates() -> None:
    """Create the built-in templates once (turbo, regular, deep stack …)."""
    for key, template in structure_domain.TEMPLATES.items():
        name = str(template.label)
        if Structure.objects.filter(is_template=True, name=name).exists():
            continue
        structure = Structure.objects.create(name=name, is_template=True)
        _write_levels(structure, structure_domain.template_levels(key))

