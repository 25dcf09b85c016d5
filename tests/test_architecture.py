"""The import rules of ARCHITECTURE.md, read from the source with ast (no database)."""

from __future__ import annotations

from tests.architecture import import_cycles, project_imports


def test_no_import_cycle_between_modules():
    """No module imports another that, through any chain, imports it back at load time."""
    runtime = [i for i in project_imports() if not i.type_checking and not i.in_function]
    assert import_cycles(runtime) == []


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
