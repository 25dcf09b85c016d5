"""One event as a JSON document: export and import (a backup of one tournament).

**Event export** follows the models instead of listing them, so a table added
later is not silently left out. Starting from the tournament row, it takes:

- *owned* rows: every row of a project model with a foreign key to the
  tournament (only this tournament's rows), every row that cascades from an
  owned row (a level from its structure, a future chip count from its entry),
  and the row an owned row points at through a one-to-one field (the
  tournament's own structure);
- *shared* rows that owned rows point at through a plain foreign key (players):
  on import they are matched to an identical existing row, else created;
- users, by user name only (no password hash leaves the site): on import they
  are matched by name, else created disabled, so the audit log keeps its names.

**Event import** gives every row a new primary key (the target database may
hold other events) and rewrites every foreign key to match, in one transaction.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction

from tournament.models import Tournament
from tournament.runtime.backup import BackupError

FORMAT = "floorman-event"
VERSION = 1
PROJECT_APPS = ("tournament", "tables")
BATCH = 1000


def project_models() -> list[type[models.Model]]:
    """Every concrete model of the project's own apps (those an event's data lives in)."""
    return [m for m in apps.get_models()
            if m._meta.app_label in PROJECT_APPS and not m._meta.proxy and m._meta.managed]


def _relations(model) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if f.is_relation and f.many_to_one
            or f.is_relation and f.one_to_one]


def _label(model) -> str:
    return model._meta.label_lower


# --- export ---------------------------------------------------------------------------------


def _collect(tournament_id: int) -> tuple[dict[type, set], dict[type, set]]:
    """The primary keys of the owned and shared rows of one event."""
    user_model = get_user_model()
    owned: dict[type, set] = defaultdict(set)
    shared: dict[type, set] = defaultdict(set)
    owned[Tournament] = set(Tournament.objects.filter(pk=tournament_id).values_list("pk", flat=True))
    if not owned[Tournament]:
        raise BackupError(f"There is no tournament {tournament_id}.")
    candidates = project_models()
    changed = True
    while changed:
        changed = False
        for model in candidates:
            to_tournament = [f for f in _relations(model) if f.related_model is Tournament]
            if model is Tournament:
                continue
            if to_tournament:
                # This tournament's rows only, whatever else they point at.
                query = models.Q()
                for field in to_tournament:
                    query |= models.Q(**{field.attname: tournament_id})
                found = set(model.objects.filter(query).values_list("pk", flat=True))
            else:
                query = models.Q()
                for field in _relations(model):
                    parent = field.related_model
                    if (field.remote_field.on_delete is models.CASCADE and owned.get(parent)
                            and parent is not model):
                        query |= models.Q(**{f"{field.attname}__in": owned[parent]})
                found = (set(model.objects.filter(query).values_list("pk", flat=True))
                         if query else set())
            if found - owned[model]:
                owned[model] |= found
                changed = True
        # What owned rows point at: one-to-one targets are owned, others shared.
        for model, pks in list(owned.items()):
            for field in _relations(model):
                target = field.related_model
                if target is model or target is user_model or (
                        target._meta.app_label not in PROJECT_APPS):
                    continue
                values = set(model.objects.filter(pk__in=pks, **{f"{field.attname}__isnull": False})
                             .values_list(field.attname, flat=True))
                bucket = owned if field.one_to_one else shared
                new = values - bucket[target] - (owned[target] if bucket is shared else set())
                if new:
                    bucket[target] |= new
                    changed = True
    for model in list(shared):
        shared[model] -= owned.get(model, set())
    return owned, shared


def _rows(model, pks: set) -> list[dict]:
    """The rows as ``{"pk": …, field name: value}`` (a foreign key as the target's key)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    names = {f.attname: f.name for f in fields}
    pk_name = model._meta.pk.attname
    rows = []
    ordered = sorted(pks)
    for start in range(0, len(ordered), BATCH):
        chunk = (model.objects.filter(pk__in=ordered[start:start + BATCH]).order_by("pk")
                 .values(pk_name, *names))
        rows.extend({"pk": values.pop(pk_name),
                     **{names[key]: value for key, value in values.items()}}
                    for values in chunk)
    return rows


def event_document(tournament_id: int) -> dict[str, Any]:
    """The whole event as one JSON-ready document."""
    user_model = get_user_model()
    owned, shared = _collect(tournament_id)
    document: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "exported_at": datetime.now(UTC).isoformat(), "tournament": tournament_id,
        "owned": {}, "shared": {}, "users": {},
    }
    user_ids: set[int] = set()
    for bucket, key in ((owned, "owned"), (shared, "shared")):
        for model, pks in bucket.items():
            if not pks:
                continue
            document[key][_label(model)] = rows = _rows(model, pks)
            for field in _relations(model):
                if field.related_model is user_model:
                    user_ids |= {row[field.name] for row in rows if row.get(field.name)}
    document["users"] = {
        str(pk): name for pk, name in
        user_model.objects.filter(pk__in=user_ids).values_list("pk", user_model.USERNAME_FIELD)
    }
    return document


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (the clock's anchor needs them)."""

    def default(self, o):
        if isinstance(o, datetime):
            return o.isoformat()
        return super().default(o)


def export_event(tournament_id: int) -> str:
    return json.dumps(event_document(tournament_id), cls=_Encoder, ensure_ascii=False,
                      separators=(",", ":"))


# --- import ---------------------------------------------------------------------------------


def _insert_order(labels: Iterable[str]) -> tuple[list[type], dict[type, set[str]]]:
    """Models parents first; foreign keys that would close a cycle (self ones included)
    are set in a second pass, so they are listed as deferred."""
    models_ = {apps.get_model(label) for label in labels}
    deferred: dict[type, set[str]] = defaultdict(set)
    deps = {}
    for model in models_:
        needs = set()
        for field in _relations(model):
            if field.related_model is model:
                deferred[model].add(field.name)
            elif field.related_model in models_:
                needs.add(field.related_model)
        deps[model] = needs
    order: list[type] = []
    while deps:
        ready = sorted((m for m, needs in deps.items() if not needs), key=_label)
        if not ready:  # a cycle: defer a nullable foreign key of one of its models
            model = sorted(deps, key=_label)[0]
            for field in _relations(model):
                if field.related_model in deps[model] and field.null:
                    deferred[model].add(field.name)
                    deps[model].discard(field.related_model)
            if deps[model]:
                raise BackupError(f"{_label(model)}: its foreign keys form a cycle")
            continue
        for model in ready:
            order.append(model)
            del deps[model]
        for needs in deps.values():
            needs.difference_update(ready)
    return order, deferred


def _users(names: dict[str, str]) -> dict[int, int]:
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    existing = dict(user_model.objects.filter(**{f"{field}__in": list(names.values())})
                    .values_list(field, "pk"))
    mapping = {}
    for old, name in names.items():
        if name not in existing:
            user = user_model(**{field: name}, is_active=False)
            user.set_unusable_password()
            user.save()
            existing[name] = user.pk
        mapping[int(old)] = existing[name]
    return mapping


def _plain_fields(model) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


@transaction.atomic
def import_event(document: dict[str, Any] | str) -> int:
    """Create the event of an exported document; returns the new tournament's id."""
    if isinstance(document, str):
        try:
            document = json.loads(document)
        except (ValueError, RecursionError) as error:
            raise BackupError(f"Not a JSON document: {error}") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("Not a Floorman event export.")
    if document.get("version") != VERSION:
        raise BackupError(f"Export version {document.get('version')!r} is not supported.")
    user_model = get_user_model()
    owned, shared = document.get("owned", {}), document.get("shared", {})
    known = {_label(m) for m in project_models()}
    unknown = (set(owned) | set(shared)) - known
    if unknown:
        raise BackupError(f"Unknown tables in the export: {', '.join(sorted(unknown))}")
    pk_map: dict[type, dict[Any, Any]] = defaultdict(dict)
    pk_map[user_model] = _users(document.get("users", {}))
    order, deferred = _insert_order(set(owned) | set(shared))
    later: list[tuple[type, models.Model, dict[str, Any]]] = []
    for model in order:
        label = _label(model)
        fields = _plain_fields(model)
        existing = _existing(model, fields, shared.get(label, []))
        for rows, is_shared in ((shared.get(label, []), True), (owned.get(label, []), False)):
            batch: list[tuple[Any, models.Model, dict]] = []
            for row in rows:
                values, fix = {}, {}
                for field in fields:
                    if field.name not in row:
                        continue
                    raw = row[field.name]
                    if field.is_relation:
                        target = field.related_model
                        if raw is None:
                            values[field.attname] = None
                        elif field.name in deferred.get(model, ()):
                            values[field.attname] = None
                            fix[field.attname] = (target, raw)
                        elif target in pk_map and raw in pk_map[target]:
                            values[field.attname] = pk_map[target][raw]
                        elif field.null:
                            values[field.attname] = None  # points outside the event
                        else:
                            raise BackupError(f"{label} {row['pk']}: {field.name} points at "
                                              f"a row missing from the export")
                    else:
                        values[field.attname] = field.to_python(raw) if raw is not None else None
                if is_shared:
                    match = existing.get(_identity(fields, values))
                    if match is not None:
                        pk_map[model][row["pk"]] = match
                        continue
                batch.append((row["pk"], model(**values), fix))
            for start in range(0, len(batch), BATCH):
                chunk = batch[start:start + BATCH]
                created = model.objects.bulk_create([obj for _pk, obj, _fix in chunk])
                for (old, _obj, fix), obj in zip(chunk, created, strict=True):
                    pk_map[model][old] = obj.pk
                    later.append((model, obj, fix))
    _second_pass(later, pk_map, document)
    new_id = pk_map[Tournament].get(document.get("tournament"))
    if new_id is None:
        raise BackupError("The export holds no tournament.")
    return new_id


def _identity_fields(fields) -> list[models.Field]:
    return [f for f in fields if not f.is_relation and not getattr(f, "auto_now_add", False)
            and not getattr(f, "auto_now", False)]


def _identity(fields, values: dict) -> tuple:
    return tuple(values.get(f.attname) for f in _identity_fields(fields))


def _existing(model, fields, rows: list[dict]) -> dict[tuple, Any]:
    """Existing rows that a shared row of the export may be (created times aside): one query
    per thousand rows, narrowed by the first identity field (a player's name)."""
    identity = _identity_fields(fields)
    if not rows or not identity:
        return {}
    first = identity[0]
    wanted = sorted({row.get(first.name) for row in rows if row.get(first.name) is not None})
    found: dict[tuple, Any] = {}
    for start in range(0, len(wanted), BATCH):
        query = model.objects.filter(**{f"{first.attname}__in": wanted[start:start + BATCH]})
        for values in query.values("pk", *[f.attname for f in identity]).order_by("-pk"):
            found[tuple(values[f.attname] for f in identity)] = values["pk"]
    return found


def _second_pass(later, pk_map, document) -> None:
    """Deferred foreign keys, and auto_now(_add) times (which bulk_create overwrote)."""
    rows_by_model: dict[type, dict[Any, dict]] = {}
    for key in ("owned", "shared"):
        for label, rows in document.get(key, {}).items():
            model = apps.get_model(label)
            rows_by_model.setdefault(model, {}).update({pk_map[model].get(r["pk"]): r
                                                        for r in rows})
    by_model: dict[type, list] = defaultdict(list)
    for model, obj, fix in later:
        for attname, (target, raw) in fix.items():
            setattr(obj, attname, pk_map[target].get(raw))
        by_model[model].append(obj)
    for model, objs in by_model.items():
        stamped = [f for f in _plain_fields(model)
                   if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)]
        for obj in objs:
            row = rows_by_model[model].get(obj.pk, {})
            for field in stamped:
                if row.get(field.name) is not None:
                    setattr(obj, field.attname, field.to_python(row[field.name]))
        deferred = {attname for _m, _o, fix in later if _m is model for attname in fix}
        names = [f.name for f in stamped] + [
            f.name for f in _plain_fields(model) if f.attname in deferred]
        if names:
            # Small batches: an UPDATE's CASE grows with the batch, and its cost with its square.
            model.objects.bulk_update(objs, names, batch_size=100)
