"""The import rules of ARCHITECTURE.md, read from the source with ast (no database)."""

from __future__ import annotations

import inspect

from tables import port
from tests.architecture import import_cycles, project_imports
from tournament.services import floor_port


def test_no_import_cycle_between_modules():
    """No module imports another that, through any chain, imports it back at load time."""
    runtime = [i for i in project_imports() if not i.type_checking and not i.in_function]
    assert import_cycles(runtime) == []


def test_the_tournament_app_never_imports_the_tables_app():
    """Imports run one way, tables -> tournament: the tournament reaches the floor
    through ``tournament/services/floor_port.py`` and the URLconf includes
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
    assert len(declared) == 15
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
    imports = project_imports(tmp_path, ("shop",))
    assert {(i.importer, i.imported, i.in_function) for i in imports} == {
        ("shop.models", "shop.services.orders", False),
        ("shop.services.orders", "shop.models", False),
        ("shop.services.orders", "shop.models", True),
    }
    assert import_cycles(imports) == [["shop.models", "shop.services.orders"]]
