"""The rulings helper is two packages side by side: the pure rulebook and its thin Django side."""

from __future__ import annotations

import ast
from pathlib import Path

import tournament.rulebook
import tournament.rulings

PACKAGE = Path(tournament.rulebook.__file__).parent
WEB = Path(tournament.rulings.__file__).parent
DJANGO_SIDE = {"views", "forms", "urls", "registry"}


def imports_of(module: str, package: Path = PACKAGE) -> set[str]:
    tree = ast.parse((package / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_pure_modules_import_no_django_and_none_of_the_django_side():
    pure = [p.stem for p in PACKAGE.glob("*.py")]
    assert {"betting", "wager", "pots", "search", "catalog"} <= set(pure)
    for module in pure:
        imported = imports_of(module)
        assert not any(name.split(".")[0] in ("django", "tables") for name in imported), module
        assert not any(
            name.startswith("tournament.")
            and not name.startswith(("tournament.rulebook", "tournament.domain"))
            for name in imported
        ), module
        assert not any(name.startswith("tournament.rulings") for name in imported), module


def test_betting_and_wager_import_one_way():
    assert "tournament.rulebook.wager" in imports_of("betting")
    assert not any("betting" in name for name in imports_of("wager"))


def test_the_views_forms_and_urls_live_in_the_web_package_and_the_registry_apart():
    for module in DJANGO_SIDE:
        assert (WEB / f"{module}.py").is_file()
        assert not (PACKAGE / f"{module}.py").exists()
    assert (WEB / "calculators" / "__init__.py").is_file()
    assert not (PACKAGE / "calculators").exists()
    assert "CALCULATORS: dict" in (WEB / "registry.py").read_text(encoding="utf-8")
    assert "CALCULATORS: dict" not in (WEB / "views.py").read_text(encoding="utf-8")
    assert "tournament.rulings.registry" in imports_of("views", WEB)
