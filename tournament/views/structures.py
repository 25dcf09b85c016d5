"""The structure editor (htmx), templates, the generator, and CSV/JSON import and export."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.domain import structures as structure_domain
from tournament.domain.structures import StructureError
from tournament.exports import csv_response
from tournament.forms.tournaments import GeneratorForm, ImportForm, LevelForm, LevelFormSet
from tournament.models import Structure
from tournament.permissions import DIRECTOR, role_required
from tournament.services.structures import (
    ensure_builtin_templates,
    level_specs,
    structure_error_messages,
    structure_template_save,
    tournament_levels_replace,
)
from tournament.views.common import done, run_service, tournament_or_404


def _formset_for(specs, data=None) -> LevelFormSet:
    if data is not None:
        return LevelFormSet(data, prefix="levels")
    return LevelFormSet(prefix="levels", initial=[LevelForm.initial_from(s) for s in specs])


def _insertion(command: str, kept_rows: list[int]) -> tuple[str, int | None] | None:
    """The level a button inserts: "add-level", "add-break" (at the end), "insert-after-N".

    Returns the kind and the position among the kept (not removed) rows, or None
    for any other command.
    """
    if command in ("add-level", "add-break"):
        return command.removeprefix("add-"), None
    if command.startswith("insert-after-"):
        row = command.removeprefix("insert-after-")
        if row.isdigit() and len(row) <= 4:
            position = sum(1 for kept in kept_rows if kept <= int(row))
            return "level", position
    return None


def _editor(request, tournament, formset, *, errors=(), saved=False, status=200, dirty=False):
    context = {
        "tournament": tournament,
        "formset": formset,
        "errors": errors,
        "saved": saved,
        "dirty": dirty,
        "import_form": ImportForm(),
    }
    template = "structures/_editor.html" if request.htmx else "structures/editor.html"
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def structure_editor(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Edit the tournament's own levels. Buttons add, copy or remove rows; Save writes."""
    tournament = tournament_or_404(tournament_id)
    if request.method == "GET":
        return _editor(request, tournament, _formset_for(level_specs(tournament.structure_id)))
    formset = _formset_for(None, request.POST)
    command = request.POST.get("command", "save")
    if not formset.is_valid():
        return _editor(request, tournament, formset, status=400)
    kept = [(i, f.to_spec()) for i, f in enumerate(formset.forms)
            if not f.cleaned_data.get("DELETE")]
    specs = [spec for _i, spec in kept]
    if insert := _insertion(command, [i for i, _spec in kept]):
        kind, position = insert
        if kind == "break":
            new = structure_domain.next_break()
        else:
            new = structure_domain.next_level(specs, None if position is None else position - 1)
        at = len(specs) if position is None else position
        return _editor(request, tournament, _formset_for([*specs[:at], new, *specs[at:]]),
                       dirty=True)
    _result, error = run_service(
        request,
        lambda: tournament_levels_replace(actor=request.user, tournament_id=tournament.pk,
                                          levels=specs),
    )
    if error:
        return _editor(request, tournament, _formset_for(specs), errors=error.split("\n"),
                       status=400)
    return _editor(request, tournament, _formset_for(level_specs(tournament.structure_id)),
                   saved=True)


@require_GET
@role_required(DIRECTOR)
def structure_export(request: HttpRequest, tournament_id: int, fmt: str) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    specs = level_specs(tournament.structure_id)
    name = slugify(tournament.name) or "structure"
    if fmt == "csv":
        return csv_response(f"{name}-structure.csv", structure_domain.CSV_COLUMNS,
                            structure_domain.csv_rows(specs))
    if fmt != "json":
        raise Http404
    response = HttpResponse(structure_domain.to_json(specs), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}-structure.json"'
    return response


@require_POST
@role_required(DIRECTOR)
def structure_import(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Replace the levels from a CSV or JSON file; a bad file changes nothing."""
    tournament = tournament_or_404(tournament_id)
    form = ImportForm(request.POST, request.FILES)
    current = _formset_for(level_specs(tournament.structure_id))
    if not form.is_valid():
        return _editor(request, tournament, current,
                       errors=[e for errs in form.errors.values() for e in errs], status=400)
    text = form.cleaned_data["file"]
    try:
        parse = structure_domain.from_json if text.lstrip().startswith(("[", "{")) else structure_domain.from_csv
        specs = parse(text)
    except StructureError as error:
        return _editor(request, tournament, current, errors=structure_error_messages(error),
                       status=400)
    _result, error = run_service(
        request,
        lambda: tournament_levels_replace(actor=request.user, tournament_id=tournament.pk,
                                          levels=specs),
    )
    if error:
        return _editor(request, tournament, current, errors=error.split("\n"), status=400)
    return _editor(request, tournament, _formset_for(level_specs(tournament.structure_id)),
                   saved=True)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR)
def structure_list(request: HttpRequest) -> HttpResponse:
    """Templates, and the generator that makes a new one."""
    ensure_builtin_templates()
    form = GeneratorForm(request.POST or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            preview = structure_domain.generate(
                starting_stack=d["starting_stack"], target_minutes=d["target_minutes"],
                level_minutes=d["level_minutes"], chip_set=d["chip_set"],
                ante_from_level=d["ante_from_level"], ante_type=d["ante_type"],
                break_every_minutes=d["break_every_minutes"],
            )
        except StructureError as error:
            form.add_error(None, "; ".join(structure_error_messages(error)))
        if preview and request.POST.get("command") == "save":
            _result, error = run_service(
                request, lambda: structure_template_save(actor=request.user, name=d["name"],
                                                         levels=preview))
            if error is None:
                return done(request, reverse("structure_list"), _("Template saved."))
            form.add_error(None, error)
    templates = Structure.objects.filter(is_template=True).prefetch_related("levels")
    return render(request, "structures/list.html",
                  {"templates": templates, "form": form, "preview": preview},
                  status=400 if form.errors else 200)


@require_GET
@role_required(DIRECTOR)
def structure_template(request: HttpRequest, structure_id: int) -> HttpResponse:
    structure = get_object_or_404(Structure, pk=structure_id, is_template=True)
    return render(request, "structures/template.html",
                  {"structure": structure, "levels": level_specs(structure.pk)})
