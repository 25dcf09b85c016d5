"""The blind writers' sets of this package, found by their module names.

``blind_tune.py``, ``blind_tune_2.py`` … are tuning sets and ``blind_test.py``,
``blind_test_2.py`` … test sets, each written by someone who never read the rulebook's
wording (from ``blind_list.txt``: rule titles and the guide's situations only). Each
module holds ``BLIND_TUNE[_N]_ENGLISH`` / ``_CHINESE`` (or ``BLIND_TEST[_N]_…``): lists
of (query, rule number). Adding a writer's set is adding its file (and its sizes in
``test_blind_sets.SIZES``): the training, the format tests and the leave-one-out bench
find it here. A test set is held out of training as soon as its file exists, and joins
``bench/rulings_search.py`` (``MEASURED_TESTS``) only for a final figure.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from types import ModuleType

_NAME = re.compile(r"blind_(tune|test)(?:_(\d+))?$")


@dataclass(frozen=True)
class BlindSet:
    kind: str  # "tune" or "test"
    number: int  # 1 for blind_tune.py / blind_test.py
    module: ModuleType

    def cases(self, lang: str) -> list[tuple[str, str]]:
        """``lang``: "ENGLISH" or "CHINESE"."""
        suffix = "" if self.number == 1 else f"_{self.number}"
        return getattr(self.module, f"BLIND_{self.kind.upper()}{suffix}_{lang}")

    def lists(self) -> dict[str, list[tuple[str, str]]]:
        """Each list by its name (``BLIND_TUNE_7_ENGLISH``: …)."""
        suffix = "" if self.number == 1 else f"_{self.number}"
        return {f"BLIND_{self.kind.upper()}{suffix}_{lang}": self.cases(lang)
                for lang in ("ENGLISH", "CHINESE")}

    @property
    def name(self) -> str:
        return self.module.__name__.rsplit(".", 1)[1]


def blind_sets(kind: str) -> list[BlindSet]:
    """The package's blind ``kind`` ("tune" or "test") sets, by number."""
    package = importlib.import_module(__package__)
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        match = _NAME.match(info.name)
        if match and match[1] == kind:
            module = importlib.import_module(f"{__package__}.{info.name}")
            found.append(BlindSet(kind, int(match[2] or 1), module))
    return sorted(found, key=lambda s: s.number)
