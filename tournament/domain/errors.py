"""The error machinery the pure modules share (structures, payouts).

A pure module reports every problem as a ``LineError``: where it is
(``line``, ``field``), what it is (``code``, ``params``) and the English
template. Templates are marked with ``N_`` so that ``makemessages`` finds
them; the Django layer translates them when it shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LineError", "N_"]


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for translation without translating it (no Django here)."""
    return message


@dataclass(frozen=True)
class LineError:
    """One problem: where (``line``, ``field``), what (``code``) and the details (``params``).

    ``line`` is 1-based (a level, a place, a file line); ``None`` when the
    problem isn't on one line. ``template`` is the English sentence with
    ``{name}`` placeholders for ``params``.
    """

    line: int | None
    field: str | None
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    template: str = field(default="", compare=False, repr=False)

    @property
    def message(self) -> str:
        """The English sentence, without the line number."""
        return (self.template or self.code).format(**self.params)

    def __str__(self) -> str:
        return self.message if self.line is None else f"Line {self.line}: {self.message}"
