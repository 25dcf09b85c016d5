"""Floorman settings.

Everything comes from the environment, with embedded defaults that need nothing
but Python: SQLite in WAL mode, a local-memory cache and Celery tasks run in
process. Setting ``REDIS_URL`` switches to full mode (Redis as the Celery broker
and the cache); ``DATABASE_URL`` points at PostgreSQL.

``FLOORMAN_PRODUCTION=1`` is the production switch: the site is served over TLS
(usually behind a proxy), answers only to ``ALLOWED_HOSTS``, builds the links in
QR codes and emails from ``PUBLIC_URL`` and sends email by SMTP. Without it, the
embedded default serves plain http on the room's network.
"""

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parents[2]
DATA_DIR = Path(os.environ.get("FLOORMAN_DATA_DIR", BASE_DIR / "var"))


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _data_dir() -> Path:
    """The data folder, readable by its owner only (0700)."""
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    if DATA_DIR.stat().st_uid == os.getuid():
        DATA_DIR.chmod(0o700)
    return DATA_DIR


def _secret_key() -> str:
    """The key from the environment, else one generated once and kept in the data dir."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    path = _data_dir() / "secret_key"
    if not path.exists():
        # Created 0600 from the start: never readable by others, even for an instant.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


PRODUCTION = _env_bool("FLOORMAN_PRODUCTION", False)
SECRET_KEY = _secret_key()
DEBUG = _env_bool("DEBUG", False)

if PRODUCTION:
    # A spoofed Host header must never reach a link the site prints or sends.
    ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS")
    if not ALLOWED_HOSTS or "*" in ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "FLOORMAN_PRODUCTION needs ALLOWED_HOSTS: the site's host names, comma-separated "
            "(no \"*\")."
        )
    if DEBUG:
        raise ImproperlyConfigured("FLOORMAN_PRODUCTION and DEBUG cannot be on together.")
    if os.environ.get("SECRET_KEY") is None:
        raise ImproperlyConfigured("FLOORMAN_PRODUCTION needs SECRET_KEY in the environment.")
    # Django's own rule (check --deploy, security.W009): sessions and password-reset
    # links are signed with it, so a short or repetitive key is refused, not warned of.
    if (len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5
            or SECRET_KEY.startswith("django-insecure-")):
        raise ImproperlyConfigured(
            "FLOORMAN_PRODUCTION needs a strong SECRET_KEY: at least 50 characters, "
            "at least 5 different ones, not Django's insecure sample. Make one with: "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
else:
    # A card room opens the site from TVs and phones by the laptop's LAN address.
    ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "*")

# The address players and staff reach the site at, e.g. https://poker.example.com:
# links in QR codes and emails are built from it, never from the request's Host.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
if PUBLIC_URL:
    _public = urlsplit(PUBLIC_URL)
    if _public.scheme not in {"http", "https"} or not _public.hostname or _public.path:
        raise ImproperlyConfigured(
            f"PUBLIC_URL must be a scheme and host, like https://poker.example.com, "
            f"not {PUBLIC_URL!r}."
        )
if PRODUCTION and not PUBLIC_URL.startswith("https://"):
    raise ImproperlyConfigured(
        "FLOORMAN_PRODUCTION needs PUBLIC_URL, the https:// address of the site."
    )

CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")

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
    "tournament.config.middleware.ClockPollMiddleware",  # clock polls from the held partial
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tournament.config.middleware.KioskMiddleware",  # an entrance kiosk stays on its pages
    "tournament.config.idempotency.IdempotencyMiddleware",  # a repeated staff write acts once
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "tournament.config.urls"
WSGI_APPLICATION = "tournament.config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.config.context_processors.roles",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.config(conn_max_age=60, conn_health_checks=True)}
else:
    _data_dir()
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
            # Django's RedisCache, read as empty while Redis is away (never an error).
            "BACKEND": "tournament.runtime.cache_backend.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "floorman",
            # An unreachable Redis costs a request a second at most: the
            # readers then answer from the database (tournament/runtime/cache.py).
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
# send from a thread of their own and keep what fails (tournament/runtime/broker.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "clock-reconcile": {"task": "tournament.tasks.clock_reconcile_all", "schedule": float(os.environ.get("CLOCK_RECONCILE_SECONDS", "30"))},
    # The alternate line: a call whose deadline task was lost is passed over within this.
    "line-reconcile": {"task": "tournament.tasks.line_reconcile_all", "schedule": float(os.environ.get("LINE_RECONCILE_SECONDS", "15"))},
}
# A player's message the broker took but no worker sent is sent again after this.
NOTIFY_RESEND_SECONDS = int(os.environ.get("NOTIFY_RESEND_SECONDS", "60"))
# A worker's claim on a message holds this long: longer than a live worker can take
# to send it and say so (an SMTP send's timeouts, a database lock's wait), so only a
# dead worker's claim is given to another (tournament.runtime.broker).
NOTIFY_CLAIM_SECONDS = int(os.environ.get("NOTIFY_CLAIM_SECONDS", "120"))
# Full mode backs the whole database up every BACKUP_MINUTES into BACKUP_DIR, keeping
# the newest BACKUP_KEEP files (tournament.runtime.backup).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", DATA_DIR / "backups"))
BACKUP_MINUTES = float(os.environ.get("BACKUP_MINUTES", "5"))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "48"))
CELERY_IMPORTS = ["tournament.runtime.backup"]
if BACKUP_MINUTES > 0:
    CELERY_BEAT_SCHEDULE["database-backup"] = {
        "task": "tournament.backup.database_backup", "schedule": BACKUP_MINUTES * 60,
    }
# How often a screen polls the clock partial (milliseconds): the TVs and the console.
CLOCK_POLL_MS = int(os.environ.get("CLOCK_POLL_MS", "1000"))
# Players' phones (/t/<id>/clock/). Between changes a phone needs no poll
# at all: it computes the level and the time left from the anchor, and a level
# flips at zero by itself. A poll is only how a *change* reaches it (a pause, a
# level skipped, time added, a bust moving the figures), and a change must show
# on every screen within two seconds, phones included. A change waits at most
# `PARTIAL_MEMO_SECONDS` (0.25 s) in a web process, then up to one interval for
# the phone's next poll, then the answer's own time: 0.25 + 1.5 + well under
# 0.25 s. So phones poll every 1.5 s, not every 1 s like the TVs, and no less
# often: 10,000 phones looking at the clock make 6,667 polls a second, nearly all
# answered 304. A page out of sight (screen off, another app) does not poll.
CLOCK_PHONE_POLL_MS = int(os.environ.get("CLOCK_PHONE_POLL_MS", "1500"))

# --- Auth ------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["tournament.auth.ThrottledModelBackend"]
# Webhooks to loopback, private and link-local addresses: refused unless allowed
# (a receiver on the room's own network).
WEBHOOKS_ALLOW_PRIVATE_TARGETS = os.environ.get("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "") == "1"
# Failed logins before a lockout, per account and per address, and how long it lasts.
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Languages ---------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
# Thousands separators in Chinese too (chips and money): tournament/formats/.
FORMAT_MODULE_PATH = ["tournament.formats"]
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
# Embedded default: messages to players are printed on the console. Production
# (or EMAIL_HOST set): SMTP.
_email_host = os.environ.get("EMAIL_HOST", "")
if PRODUCTION and not _email_host and not os.environ.get("EMAIL_BACKEND"):
    raise ImproperlyConfigured("FLOORMAN_PRODUCTION needs EMAIL_HOST, the SMTP server.")
_smtp = "django.core.mail.backends.smtp.EmailBackend"
_email_backend = os.environ.get(
    "EMAIL_BACKEND", _smtp if _email_host else "django.core.mail.backends.console.EmailBackend"
)
MAILERS = {"default": {"BACKEND": _email_backend}}
if _email_backend == _smtp:
    MAILERS["default"]["OPTIONS"] = {
        "host": _email_host or "localhost",
        "port": int(os.environ.get("EMAIL_PORT", "587")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": _env_bool("EMAIL_USE_TLS", True) and not _env_bool("EMAIL_USE_SSL", False),
        "use_ssl": _env_bool("EMAIL_USE_SSL", False),
        "timeout": 20,
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "floorman@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Web Push (VAPID, RFC 8292): who push services may write to about this site's messages.
PUSH_CONTACT = os.environ.get("PUSH_CONTACT", f"mailto:{DEFAULT_FROM_EMAIL}")

# --- HTTP security -------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
# Staff sessions last this long without a visit (seconds; default 12 hours, a long day's play).
SESSION_COOKIE_AGE = int(os.environ.get("STAFF_SESSION_SECONDS", str(12 * 3600)))
SESSION_EXPIRE_AT_BROWSER_CLOSE = _env_bool("STAFF_SESSION_BROWSER_CLOSE", False)
SESSION_SAVE_EVERY_REQUEST = False
# No page is framed by another site, except the TV clock (see tournament.views.clock).
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Where the TV clock may be embedded (CSP frame-ancestors), e.g. a signage host.
CLOCK_FRAME_ANCESTORS = _env_list("CLOCK_FRAME_ANCESTORS")

if PRODUCTION:
    SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    # Behind a TLS proxy (nginx, Caddy, a load balancer) that sets X-Forwarded-Proto:
    # only trust the header when the proxy is the only way in.
    if _env_bool("BEHIND_TLS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    if not CSRF_TRUSTED_ORIGINS:
        CSRF_TRUSTED_ORIGINS = [PUBLIC_URL]

# Content-Security-Policy: scripts from the site itself, plus inline ones that carry the
# page's nonce; nothing else runs. Styles may be inline (style attributes of progress
# bars and colour chips, htmx's indicator style): a style cannot run code.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "media-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"forbidden_one_line": {"()": "tournament.runtime.log_filters.ForbiddenOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # Every 403 is one line, not a traceback (a fuzz run wrote 313 of them).
    "loggers": {"django.request": {"filters": ["forbidden_one_line"]}},
}
