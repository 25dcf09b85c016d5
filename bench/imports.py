"""How the project's modules import each other (read with ast, nothing run).

Prints the house figures first (tests/architecture.py ``house_figures``: rooms,
floors, arrows, arrows back up across DESIGN §2's floors, circles between rooms
and between modules), then the imports between the two apps each way (module level / inside a
function), the imports of project modules inside functions, and the import
cycles between modules (module-level imports only, then counting those inside
functions too).

    .venv/bin/python bench/imports.py [--list]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.architecture import house_figures, import_cycles, project_imports  # noqa: E402


def main() -> None:
    imports = project_imports()
    figures = house_figures(imports)
    print("house: " + ", ".join(f"{value} {name}" for name, value in figures.items()))
    runtime = [i for i in imports if not i.type_checking]
    for src, dst in (("tournament", "tables"), ("tables", "tournament")):
        cross = [i for i in runtime if i.importer_app == src and i.imported_app == dst]
        top = [i for i in cross if not i.in_function]
        print(f"{src} -> {dst}: {len(top)} module level / "
              f"{len(cross) - len(top)} in functions "
              f"({len({i.importer for i in cross})} modules)")
        if "--list" in sys.argv:
            for imp in cross:
                print(f"    {imp}")
    inner = [i for i in runtime if i.in_function]
    print(f"imports of project modules inside functions: {len(inner)}")
    if "--list" in sys.argv:
        for imp in inner:
            print(f"    {imp}")
    top_cycles = import_cycles(i for i in runtime if not i.in_function)
    all_cycles = import_cycles(runtime)
    print(f"import cycles (module level): {len(top_cycles)}")
    for group in top_cycles:
        print(f"    {' <-> '.join(group)}")
    print(f"import cycles (counting imports in functions): {len(all_cycles)}")
    for group in all_cycles:
        print(f"    {' <-> '.join(group)}")


if __name__ == "__main__":
    main()
