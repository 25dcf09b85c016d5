"""Floorman settings.

Everything comes from the environment, with embedded defaults that need nothing
but Python: SQLite in WAL mode, a local-memory cache and Celery tasks run in
process. Setting ``REDIS_URL`` switches to full mode (Redis as the Celery broker
and the cache); ``DATABASE_URL`` points at PostgreSQL.
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("FLOORMAN_DATA_DIR", BASE_DIR / "var"))


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _secret_key() -> str:
    """The key from the environment, else one generated once and kept in the data dir."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = _env_bool("DEBUG", False)
# A card room opens the site from TVs and phones by the laptop's LAN address.
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "*").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "tournament",
    "tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.context_processors.roles",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.config(conn_max_age=60, conn_health_checks=True)}
else:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(DATA_DIR / "floorman.sqlite3")),
            "OPTIONS": {
                # IMMEDIATE takes the write lock at BEGIN, so two staff members
                # writing at once queue instead of failing half-way.
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": (
                    "PRAGMA journal_mode=WAL;"
                    "PRAGMA synchronous=NORMAL;"
                    "PRAGMA foreign_keys=ON;"
                ),
            },
            "TEST": {"NAME": os.environ.get("SQLITE_TEST_PATH") or None},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache and Celery broker in full mode ---------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
FULL_MODE = bool(REDIS_URL)

if FULL_MODE:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "floorman",
            # An unreachable Redis costs a request a second at most: the
            # readers then answer from the database (tournament/cache.py).
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    # Embedded mode serves the site from one process (bin/run), so this
    # in-memory cache is the one every request sees. Several web processes
    # need a shared cache: set REDIS_URL.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not FULL_MODE
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker that hangs fails a send instead of holding it forever; web processes
# send from a thread of their own and keep what fails (tournament/broker.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "clock-reconcile": {"task": "tournament.tasks.clock_reconcile_all", "schedule": float(os.environ.get("CLOCK_RECONCILE_SECONDS", "30"))},
}
# A player's message the broker took but no worker sent is sent again after this.
NOTIFY_RESEND_SECONDS = int(os.environ.get("NOTIFY_RESEND_SECONDS", "60"))
# The clock's own poll interval on every screen (milliseconds).
CLOCK_POLL_MS = int(os.environ.get("CLOCK_POLL_MS", "1000"))

# --- Auth ------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Languages ---------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

# --- Static ------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or os.environ.get("FLOORMAN_PLAIN_STATIC")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = True

# --- Email -------------------------------------------------------------------
# Embedded default: messages to players are printed on the console.
MAILERS = {
    "default": {
        "BACKEND": os.environ.get(
            "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
        ),
    }
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "floorman@localhost")

SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "SAMEORIGIN"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
