"""Backups of the whole database, and the data folder kept private.

**Database backups** (full mode, Celery beat): ``pg_dump`` on PostgreSQL, SQLite's
online backup API in embedded mode, into ``BACKUP_DIR`` (0700) as files readable
by their owner only (0600), the newest ``BACKUP_KEEP`` kept. Loaded by Celery
(``CELERY_IMPORTS``) before the app registry is ready: no model is imported here.
One event's export and import: ``event_backup.py``.
"""


from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.db import connection


class BackupError(Exception):
    """A document that cannot be imported; nothing was written."""



# --- whole-database backups -------------------------------------------------------------------


def backup_dir() -> Path:
    path = Path(settings.BACKUP_DIR)
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def _private_file(path: Path) -> None:
    path.touch(mode=0o600, exist_ok=True)
    path.chmod(0o600)


def backup_database(*, keep: int | None = None) -> Path:
    """One backup of the whole database in BACKUP_DIR, then the oldest beyond ``keep`` removed."""
    folder = backup_dir()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    database = settings.DATABASES["default"]
    if connection.vendor == "postgresql":
        target = folder / f"floorman-{stamp}.pgdump"
        _pg_dump(database, target)
    elif connection.vendor == "sqlite":
        target = folder / f"floorman-{stamp}.sqlite3"
        _sqlite_backup(database["NAME"], target)
    else:
        raise BackupError(f"No backup method for {connection.vendor}.")
    rotate(folder, keep if keep is not None else settings.BACKUP_KEEP)
    return target


def _sqlite_backup(source: str, target: Path) -> None:
    partial = target.with_suffix(".partial")
    _private_file(partial)
    # The online backup API copies a consistent snapshot while the site keeps writing.
    with sqlite3.connect(source, timeout=30) as src, sqlite3.connect(partial) as dst:
        src.backup(dst, pages=4096)
    dst.close()
    src.close()
    partial.replace(target)


def _pg_dump(database: dict, target: Path) -> None:
    program = shutil.which("pg_dump")
    if program is None:
        raise BackupError("pg_dump is missing: install the PostgreSQL client (postgresql-client).")
    env = os.environ | {"PGPASSWORD": str(database.get("PASSWORD") or "")}
    partial = target.with_suffix(".partial")
    _private_file(partial)
    args = [program, "--format=custom", "--no-owner", f"--file={partial}",
            f"--host={database.get('HOST') or 'localhost'}",
            f"--port={database.get('PORT') or 5432}",
            f"--username={database.get('USER') or ''}", str(database["NAME"])]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=3600)
    if done.returncode:
        partial.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {done.stderr.strip()[:2000]}")
    partial.replace(target)


def rotate(folder: Path, keep: int) -> list[Path]:
    backups = sorted(p for p in folder.glob("floorman-*") if p.suffix in {".pgdump", ".sqlite3"})
    gone = backups[:-keep] if keep > 0 else []
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


@shared_task(name="tournament.backup.database_backup", ignore_result=True)
def database_backup() -> str:
    """Celery beat's periodic backup (full mode)."""
    return str(backup_database())


def tighten_data_dir(folder: Path | None = None) -> None:
    """The data folder and what is in it: folders 0700, files 0600 (the SQLite database, its
    WAL, the secret key, backups, Redis data), when they belong to the user running this."""
    root = Path(folder or settings.DATA_DIR)
    if not root.exists():
        return
    uid = os.getuid()
    for path in [root, *root.rglob("*")]:
        try:
            info = path.lstat()
        except FileNotFoundError:
            continue
        if info.st_uid != uid or path.is_symlink():
            continue
        path.chmod(0o700 if path.is_dir() else 0o600)


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to a file only its owner can read, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
