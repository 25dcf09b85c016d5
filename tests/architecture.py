"""The project's import graph, read with ``ast`` (nothing is imported or run).

Used by tests/test_architecture.py (the rules) and bench/imports.py (the figures).
An import names a project module: ``from tables.services import floor`` names
``tables.services.floor`` (a submodule), ``from tables.models import Table``
names ``tables.models``. Imports of Django, the standard library and other
packages are not counted.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("tournament", "tables")


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    in_function: bool
    type_checking: bool

    @property
    def importer_app(self) -> str:
        return self.importer.split(".")[0]

    @property
    def imported_app(self) -> str:
        return self.imported.split(".")[0]

    def __str__(self) -> str:
        where = "in a function" if self.in_function else "module level"
        return f"{self.importer}:{self.line} imports {self.imported} ({where})"


def project_modules(root: Path = ROOT, apps: Iterable[str] = APPS) -> dict[str, Path]:
    """Every module of the apps by dotted name (a package by its ``__init__``)."""
    modules: dict[str, Path] = {}
    for app in apps:
        for path in sorted((root / app).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of a dotted name that is a project module."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, in_function: bool, type_checking: bool
          ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, in_function, type_checking
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _walk(child, True, type_checking)
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), in_function, True)
            for stmt in child.orelse:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), in_function,
                                 type_checking)
        else:
            yield from _walk(child, in_function, type_checking)


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The project modules one module imports, with where each import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []
    for node, in_function, type_checking in _walk(tree, False, False):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in modules else base)
        for target in targets:
            resolved = _resolve(target, modules)
            imp = Import(module, resolved, node.lineno, in_function, type_checking) if (
                resolved and resolved != module) else None
            if imp and imp not in found:  # one per statement and module named
                found.append(imp)
    return found


def project_imports(root: Path = ROOT, apps: Iterable[str] = APPS) -> list[Import]:
    modules = project_modules(root, apps)
    return [imp for module, path in modules.items() for imp in imports_of(module, path, modules)]


def import_cycles(imports: Iterable[Import]) -> list[list[str]]:
    """Groups of modules that import one another through some chain (Tarjan's
    strongly connected components of more than one module), each sorted."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        graph.setdefault(imp.importer, set()).add(imp.imported)
        graph.setdefault(imp.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain cannot hit the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(cycles)


# The floors of DESIGN §2, bottom to top: a module may import its own floor and
# the floors below it. A module stands on the floor of the longest prefix that
# names it (``tournament.rulings.forms`` is a form, ``tournament.rulings`` a view).
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("domain", ("tournament.domain", "tables.domain", "tournament.rulebook",
                "tournament.formats")),
    ("models", ("tournament.models", "tables.models", "tournament.migrations",
                "tables.migrations", "tournament.bounds", "tournament.permissions",
                "tables.explain", "tournament.player_links", "tournament.floor_port")),
    ("runtime", ("tournament.runtime",)),
    ("services and selectors", ("tournament.services", "tables.services", "tables.port",
                                "tournament.selectors", "tables.selectors",
                                "tournament.exports",
                                "tournament.reports")),
    ("forms", ("tournament.forms", "tables.forms", "tournament.rulings.forms",
               "tournament.rulings.calculators", "tournament.rulings.registry")),
    ("views and tasks", ("tournament.views", "tables.views", "tournament.rulings",
                         "tournament.api", "tournament.tasks", "tournament.templatetags",
                         "tables.templatetags", "tournament.management", "tables.management",
                         "tables.demo", "tournament.auth")),
    ("urls", ("tournament.urls", "tables.urls", "tournament.rulings.urls",
              "tournament.api.urls")),
    ("config", ("tournament.config", "tournament.apps", "tables.apps", "tournament", "tables")),
)


def floor_of(module: str) -> int | None:
    """The floor (0 = domain) a module stands on, or None if no floor names it."""
    best: tuple[int, int] | None = None  # (prefix length, floor)
    for number, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                    best is None or len(prefix) > best[0]):
                best = (len(prefix), number)
    return None if best is None else best[1]


def room_of(module: str) -> str:
    """The room a module is in: its app's package or top-level module (``tournament.selectors``)."""
    return ".".join(module.split(".")[:2])


def house_figures(imports: Iterable[Import]) -> dict[str, int]:
    """Rooms, floors, arrows, arrows back up and circles of the import graph.

    A room is an app's package or top-level module (migrations left out); an arrow
    is one room importing another (at module level or in a function); floors are the
    rooms on the longest chain of arrows, circles counted by room (a chain that
    comes back); an arrow back up goes from a lower floor of DESIGN §2 (``FLOORS``)
    to a higher one.
    """
    imports = [i for i in imports if not i.type_checking
               and ".migrations" not in i.importer and ".migrations" not in i.imported]
    rooms = {room_of(m) for m in project_modules() if ".migrations" not in m}
    arrows = {(room_of(i.importer), room_of(i.imported)) for i in imports
              if room_of(i.importer) != room_of(i.imported)}
    back_up = {(a, b) for a, b in arrows if (floor_of(a) or 0) < (floor_of(b) or 0)}
    room_imports = [Import(a, b, 0, False, False) for a, b in arrows]
    circles = import_cycles(room_imports)
    # The longest chain, over the graph with each circle taken as one room.
    group = {m: min(g) for g in circles for m in g}
    graph: dict[str, set[str]] = {}
    for a, b in arrows:
        a, b = group.get(a, a), group.get(b, b)
        if a != b:
            graph.setdefault(a, set()).add(b)
    depth: dict[str, int] = {}

    def chain(node: str) -> int:
        if node not in depth:
            depth[node] = 1  # a guard; the condensed graph has no circle
            depth[node] = 1 + max((chain(n) for n in graph.get(node, ())), default=0)
        return depth[node]

    floors = max((chain(r) for r in {group.get(r, r) for r in rooms}), default=0)
    return {"rooms": len(rooms), "floors": floors, "arrows": len(arrows),
            "arrows back up": len(back_up), "room circles": len(circles),
            "module circles": len(import_cycles(imports))}


def third_party_imports(path: Path) -> set[str]:
    """The top-level names of every package a module imports (``django``, ``re``...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node, _, _ in _walk(tree, False, False):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names
