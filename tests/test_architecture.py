"""The import rules of ARCHITECTURE.md, read from the source with ast (no database)."""

from __future__ import annotations

import ast
import inspect

from tables import port
from tests.architecture import (
    FLOORS,
    ROOT,
    floor_of,
    import_cycles,
    project_imports,
    project_modules,
    third_party_imports,
)
from tournament import floor_port

# The imports of project modules allowed inside a function, each with its reason.
# Any other belongs at the top of its module, where the cycle check sees it.
IMPORTS_IN_FUNCTIONS = {
    ("tournament.apps", "tournament.rulebook.errors"):
        "ready(): the rulebook's messages are translated once the app registry is ready",
    ("tournament.apps", "tournament.services.audit"):
        "ready(): a lower module's callback registered by the higher one (no cycle)",
    ("tournament.apps", "tournament.services.clock"): "ready(): as above",
    ("tournament.apps", "tournament.services.days"): "ready(): as above",
    ("tournament.apps", "tournament.services.line"): "ready(): as above",
    ("tournament.apps", "tournament.services.webhooks"): "ready(): as above",
    ("tournament.apps", "tournament.services.rulings"): "ready(): as above",
    ("tournament.apps", "tournament.rulings.registry"):
        "ready(): the rulings log learns the calculators' slugs from the web half's registry",
    ("tables.apps", "tables.port"): "ready(): connects the floor's side of the port",
    ("tables.apps", "tournament.floor_port"): "ready(): as above",
    ("tables.apps", "tables.services.dealers"):
        "ready(): the dealers' rotation follows the floor's table changes (audit callback)",
    ("tables.apps", "tournament.services.audit"): "ready(): as above",
    ("tournament.config.celery", "tournament.runtime.heartbeats"):
        "Celery's signal handlers run after Django is set up; the Celery app loads before",
    ("tournament.config.middleware", "tournament.views.clock"):
        "the middleware is loaded from the settings, before the URLconf and its views",
    ("tournament.config.middleware", "tournament.views.reservations"): "as above (the kiosk)",
    ("tournament.runtime.cache", "tournament.models"):
        "loaded by the cache backend named in the settings, before the app registry",
    ("tournament.runtime.cache_backend", "tournament.runtime.cache"):
        "the cache backend is loaded from the settings; cache.py reads settings at import",
    ("tournament.runtime.heartbeats", "tournament.models"):
        "imported by the Celery app's signal handlers, before the app registry is ready",
}

# Imports that run up the floors of DESIGN §2 (tests/architecture.py FLOORS), each
# with its reason. None may be added without one.
IMPORTS_UP: dict[tuple[str, str], str] = {}

PURE = ("tournament.domain", "tables.domain", "tournament.rulebook")
VIEWS = ("tournament.views", "tables.views", "tournament.rulings.views", "tournament.rulings.log",
         "tournament.api.views")
WRITES = {"save", "delete", "bulk_create", "bulk_update", "get_or_create",
          "update_or_create", "select_for_update"}


def _under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_no_import_cycle_between_modules():
    """No module imports another that, through any chain, imports it back: at load
    time or later, from inside a function."""
    runtime = [i for i in project_imports() if not i.type_checking]
    assert import_cycles(runtime) == []


def test_imports_inside_functions_are_the_few_named():
    """An import inside a function hides an arrow from a reader: only the named few,
    each for start-up order, and each of them still exists."""
    found = {(i.importer, i.imported) for i in project_imports()
             if i.in_function and not i.type_checking}
    assert sorted(found - IMPORTS_IN_FUNCTIONS.keys()) == []
    assert sorted(IMPORTS_IN_FUNCTIONS.keys() - found) == []


def test_every_module_stands_on_a_floor():
    """A new package is given its floor in tests/architecture.py before it is used."""
    assert [m for m in project_modules() if floor_of(m) is None] == []
    assert len(FLOORS) == 8


def test_nothing_imports_up_the_floors():
    """Imports run down DESIGN §2's floors (config, urls, views and tasks, forms,
    services and selectors, runtime, models, domain): a lower module never imports a
    higher one, at module level or in a function, but for the named few."""
    up = {(i.importer, i.imported) for i in project_imports() if not i.type_checking
          and floor_of(i.importer) < floor_of(i.imported)}
    assert sorted(up - IMPORTS_UP.keys()) == []
    assert sorted(IMPORTS_UP.keys() - up) == []


def test_the_domain_and_the_rulebook_import_no_django():
    """The rules are pure: no Django in tournament/domain, tables/domain and
    tournament/rulebook, nor any project module above the domain."""
    modules = project_modules()
    pure = [m for m in modules if _under(m, PURE)]
    assert len(pure) > 20
    assert [m for m in pure if "django" in third_party_imports(modules[m])] == []
    assert [str(i) for i in project_imports()
            if _under(i.importer, PURE) and not _under(i.imported, PURE)] == []


def _writes(path, root=ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, receiver = node.func.attr, ast.unparse(node.func.value)
            if name in WRITES or (name in {"create", "update"} and (
                    "objects" in receiver or ".filter(" in receiver)):
                found.append(f"{path.relative_to(root)}:{node.lineno} {receiver}.{name}()")
    return found


def test_views_leave_writing_to_the_services():
    """A view reads models (to find a row, to show it) but never writes one: no save,
    delete, create or update on a model or a query set in any view module."""
    modules = project_modules()
    views = [m for m in modules if _under(m, VIEWS)]
    assert len(views) > 15
    assert [w for m in views for w in _writes(modules[m])] == []


def test_the_tournament_app_never_imports_the_tables_app():
    """Imports run one way, tables -> tournament: the tournament reaches the floor
    through ``tournament/floor_port.py`` and the URLconf includes
    ``"tables.urls"`` by name. Module level, in functions and for type checking alike."""
    offenders = [str(i) for i in project_imports()
                 if i.importer_app == "tournament" and i.imported_app == "tables"]
    assert offenders == []


def _parameters(function) -> dict[str, inspect.Parameter]:
    return {name: p for name, p in inspect.signature(function).parameters.items()
            if name != "self"}


def test_the_floor_serves_every_function_of_the_port_as_declared():
    """Each function the port declares exists on the floor's side, callable as declared:
    the same parameters (kind and default); any extra one has a default."""
    assert floor_port.floor() is port  # connected by TablesConfig.ready()
    declared = [name for name, value in vars(floor_port.Floor).items()
                if inspect.isfunction(value) and not name.startswith("_")]
    assert len(declared) == 17
    for name in declared:
        wanted, served = _parameters(getattr(floor_port.Floor, name)), _parameters(getattr(port, name))
        for pname, p in wanted.items():
            assert pname in served, f"{name}() lacks {pname}"
            assert (served[pname].kind, served[pname].default) == (p.kind, p.default), (name, pname)
        extra = [p for pname, p in served.items() if pname not in wanted]
        assert all(p.default is not inspect.Parameter.empty for p in extra), name


def test_the_reader_sees_a_cycle_and_a_submodule_import(tmp_path):
    """The checks above can fail: a made-up app whose modules import each other."""
    app = tmp_path / "shop"
    (app / "services").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "services" / "__init__.py").write_text("")
    (app / "models.py").write_text("from shop.services import orders\n")
    (app / "services" / "orders.py").write_text(
        "from shop.models import Order\n\ndef later():\n    from shop import models\n")
    (app / "views.py").write_text(
        "from shop.models import Order\n\ndef pay(o):\n    Order.objects.create()\n    o.save()\n")
    assert [w.split(" ", 1)[1] for w in _writes(app / "views.py", tmp_path)] == [
        "Order.objects.create()", "o.save()"]
    (app / "views.py").unlink()
    imports = project_imports(tmp_path, ("shop",))
    assert {(i.importer, i.imported, i.in_function) for i in imports} == {
        ("shop.models", "shop.services.orders", False),
        ("shop.services.orders", "shop.models", False),
        ("shop.services.orders", "shop.models", True),
    }
    assert import_cycles(imports) == [["shop.models", "shop.services.orders"]]


def test_the_floors_see_an_import_up(tmp_path):
    """The floor check can fail: a domain module that imports a view is upward."""
    assert floor_of("tournament.domain.clock") < floor_of("tournament.views.clock")
    assert floor_of("tournament.rulings.forms") < floor_of("tournament.rulings.views")
    assert floor_of("tournament.rulings.views") < floor_of("tournament.rulings.urls")
    assert floor_of("tournament.selectors.money") == floor_of("tournament.services.deals")
    assert floor_of("elsewhere.module") is None


def test_every_package_says_what_it_holds():
    """ARCHITECTURE.md's map starts from the packages: each ``__init__`` has its docstring."""
    silent = []
    for app in ("tournament", "tables"):
        for init in sorted((ROOT / app).rglob("__init__.py")):
            if "migrations" in init.parts:
                continue
            if not ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))):
                silent.append(str(init.relative_to(ROOT)))
    assert silent == []
