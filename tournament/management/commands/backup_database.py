"""Back the whole database up now (what Celery beat does every BACKUP_MINUTES in full mode)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from tournament.runtime.backup import BackupError, backup_database


class Command(BaseCommand):
    help = "Back up the whole database into BACKUP_DIR (pg_dump, or SQLite's backup API)."

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()
        try:
            path = backup_database()
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{path} ({path.stat().st_size:,} bytes, "
                          f"{time.perf_counter() - started:.2f} s)")
