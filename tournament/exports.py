"""CSV files the site hands out, safe to open in a spreadsheet.

Every CSV starts with a byte-order mark (so Excel reads UTF-8, and the Chinese
names with it) and no text cell can run as a formula: a cell that a spreadsheet
would read as one (starting with =, +, -, @, a tab or a line break, in ASCII or
full-width forms) gets a leading apostrophe, which spreadsheets show as text.
Numbers are written as they are, negative ones included.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.http import HttpResponse

BOM = "\ufeff"
# What makes Excel, LibreOffice or Google Sheets start a formula (or a DDE call).
FORMULA_STARTS = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")


def safe_cell(value: object) -> object:
    """The value to write in a cell: numbers as they are, text that cannot start a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    return "'" + text if text[:1] in FORMULA_STARTS else text


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The whole CSV document, BOM first."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([safe_cell(v) for v in header])
    writer.writerows([safe_cell(v) for v in row] for row in rows)
    return buffer.getvalue()


def csv_response(filename: str, header: Sequence[object],
                 rows: Iterable[Sequence[object]]) -> HttpResponse:
    """A CSV download named ``filename``."""
    response = HttpResponse(csv_text(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response
