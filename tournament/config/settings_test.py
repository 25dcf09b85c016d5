"""Settings for the test run: the embedded defaults, with fast hashing and plain static files."""

from tournament.config.settings import *  # noqa: F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# A file, not shared-cache memory: the tests race real transactions, and only a
# file database has SQLite's real locking (WAL, IMMEDIATE, busy timeout).
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # One file per test run, so runs side by side never share it.
    import os
    import tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"floorman-test-{os.getpid()}.sqlite3")
    }
else:
    # PostgreSQL (DATABASE_URL): one test database per run too, so two runs on
    # one server (two checkouts, or xdist's workers, which add their own suffix)
    # never drop each other's.
    import os

    DATABASES["default"]["TEST"] = {"NAME": f"test_floorman_{os.getpid()}"}  # noqa: F405
    # A test database is made once per run: no connection kept across requests.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

# WhiteNoise serves from the finders in tests; an empty root keeps it quiet.
STATIC_ROOT.mkdir(exist_ok=True)  # noqa: F405
