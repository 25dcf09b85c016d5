"""Logging filters named in settings.LOGGING."""

from __future__ import annotations

import logging


class ForbiddenOneLine(logging.Filter):
    """A 403 is a visitor without the right, not a fault: Django logs its
    PermissionDenied with the traceback; this keeps the one line (method, path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
