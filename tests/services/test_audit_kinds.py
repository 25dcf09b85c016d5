"""One vocabulary for the audit log (issue 27): every kind recorded is an ``AuditEvent.Kind``.

A service that records a kind the log has no name for fails here twice: the
code is read (every ``record(kind=...)`` and each kind a service hands to its
own recorder), and ``record()`` itself refuses an unknown kind at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from tournament.models import AuditEvent
from tournament.services.audit import record
from tournament.templatetags.floorman import event_label

ROOT = Path(__file__).resolve().parents[2]
KINDS = set(AuditEvent.Kind.values)


def _kinds_in(value: ast.expr) -> list[tuple[str, bool]]:
    """(kind, named by member) for a literal kind, a member, or either side of a condition.

    Kinds built at run time (``AuditEvent.Kind(f"entry_{kind}")``) are left to
    ``record()``, which refuses a non-member.
    """
    if isinstance(value, ast.IfExp):
        return _kinds_in(value.body) + _kinds_in(value.orelse)
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return [(value.value, False)]
    if (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Attribute)
            and value.value.attr == "Kind"):
        member = AuditEvent.Kind.__members__.get(value.attr)
        return [(member.value if member else f"AuditEvent.Kind.{value.attr}?", True)]
    return []


def _recorded_kinds() -> list[tuple[str, str, bool]]:
    """(where, kind, named by member) for every kind the code records."""
    found = []
    for app in ("tournament", "tables"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                values = []
                if name == "record":
                    values = [kw.value for kw in node.keywords if kw.arg == "kind"]
                elif name == "_record" and len(node.args) >= 2:  # the dealers' recorder
                    values = [node.args[1]]
                for value in values:
                    for kind, member in _kinds_in(value):
                        found.append((f"{path.relative_to(ROOT)}:{node.lineno}", kind, member))
    return found


def test_every_kind_the_code_records_is_a_member():
    recorded = _recorded_kinds()
    assert len(recorded) > 60  # the scan sees the services
    assert [(where, kind) for where, kind, _ in recorded if kind not in KINDS] == []


def test_services_record_members_not_bare_strings():
    """A service names its kind by member."""
    bare = [(where, kind) for where, kind, member in _recorded_kinds() if not member]
    assert bare == []


@pytest.mark.django_db
def test_record_refuses_a_kind_that_is_not_a_member():
    with pytest.raises(ValueError):
        record(tournament=None, actor=None, kind="entry_busted_twice", payload={})
    assert not AuditEvent.objects.exists()


@pytest.mark.django_db
def test_record_returns_the_event_as_written():
    event = record(tournament=None, actor=None, kind=AuditEvent.Kind.PLAYER_CREATED,
                   payload={"name": "Ann"})
    stored = AuditEvent.objects.get(pk=event.pk)
    assert (stored.kind, stored.payload) == ("player_created", {"name": "Ann"})


def test_the_log_names_every_kind_in_both_languages():
    for kind in AuditEvent.Kind:
        assert event_label(kind.value) == str(kind.label) != kind.value
    with translation.override("zh-hans"):
        assert event_label("entry_busted") != "Bust-out"
        assert event_label("dealer_added") != "Dealer added"
    assert event_label("a_kind_from_long_ago") == "a_kind_from_long_ago"


def test_services_write_the_payload_whole_before_recording():
    """No service patches an event's payload after ``record()``: each builds it whole first
    (the bust too: its plan's moves and its bounties are tied to the event once recorded,
    ``moves_caused_by`` and ``bounties_save``)."""
    patched = []
    for app in ("tournament", "tables"):
        for path in (ROOT / app / "services").rglob("*.py"):
            tree = ast.parse(path.read_text(), str(path))
            for func in ast.walk(tree):
                if not isinstance(func, ast.FunctionDef):
                    continue
                for node in ast.walk(func):
                    target = None
                    if isinstance(node, ast.Assign):
                        target = node.targets[0]
                        if isinstance(target, ast.Subscript):
                            target = target.value
                    saves_payload = (isinstance(node, ast.Call)
                                     and getattr(node.func, "attr", None) == "save"
                                     and "payload" in ast.unparse(node))
                    if saves_payload or (isinstance(target, ast.Attribute)
                                         and target.attr == "payload"):
                        patched.append(f"{path.relative_to(ROOT)}:{node.lineno} {func.name}")
    assert sorted(set(patched)) == []
