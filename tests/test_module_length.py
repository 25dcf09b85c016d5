"""Small rooms: no module of the apps (migrations aside) passes 400 lines unless its
docstring says why ("Longer than 400 lines because ..."). A long module is split by
subject, the way ``tables/services/busts.py`` and ``busts_undo.py`` came out of
``floor.py``."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture import ROOT, project_modules

LIMIT = 400
REASON = "Longer than 400 lines because"

# Modules allowed past the limit without a docstring reason: none. A module that must be
# long says why in its own docstring (``rulebook/situations.py``: it is data).
ALLOWED: dict[str, str] = {}


def long_modules(root: Path = ROOT, apps: tuple[str, ...] = ("tournament", "tables")
                 ) -> dict[str, int]:
    """Modules past ``LIMIT`` lines whose docstring gives no reason, by path, with their
    length."""
    found = {}
    for module, path in project_modules(root, apps).items():
        if ".migrations" in module:
            continue
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > LIMIT and REASON not in (ast.get_docstring(ast.parse(text)) or ""):
            found[str(path.relative_to(root))] = lines
    return found


def test_no_module_passes_400_lines_without_a_reason():
    assert sorted(set(long_modules()) - ALLOWED.keys()) == []


def test_the_modules_allowed_to_be_long_are_there():
    """A module moved or removed since comes off the list."""
    assert [path for path in ALLOWED if not (ROOT / path).is_file()] == []


def test_the_length_check_can_fail(tmp_path):
    app = tmp_path / "shop"
    (app / "migrations").mkdir(parents=True)
    for init in (app / "__init__.py", app / "migrations" / "__init__.py"):
        init.write_text('"""A package."""\n')
    body = "x = 1\n" * LIMIT
    (app / "long.py").write_text('"""Orders."""\n' + body)
    (app / "reasoned.py").write_text(f'"""Orders. {REASON} one table is one subject."""\n'
                                     + body)
    (app / "short.py").write_text('"""Orders."""\n' + "x = 1\n" * (LIMIT - 1))
    (app / "migrations" / "0001_initial.py").write_text(body * 2)
    assert long_modules(tmp_path, ("shop",)) == {"shop/long.py": LIMIT + 1}
