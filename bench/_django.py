"""Shared set-up for the database benchmarks: Django on a fresh SQLite file."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django() -> str:
    tmp = tempfile.mkdtemp(prefix="floorman-bench-")
    os.environ.setdefault("FLOORMAN_DATA_DIR", tmp)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return tmp
