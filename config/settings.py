"""Settings, all from the environment (see deploy/env.example).

With no environment at all the server runs embedded: SQLite under var/, the in-memory channel layer and
in-process timers. DATABASE_URL and REDIS_URL switch it to PostgreSQL and Redis.
"""

import os
from pathlib import Path

import environ
import structlog

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()

SECRET_KEY = env.str(
    "SECRET_KEY",
    # Long and without the "django-insecure-" prefix so `check --deploy` stays quiet in dev.
    default="dev-only-cliffside-secret-key-set-SECRET_KEY-in-production-7f3a9c",
)
DEBUG = env.bool("DEBUG", default=True)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # No "daphne" here: we serve with uvicorn, and daphne's app would take over `runserver`.
    "channels",
    "strawberry_django",
    "api.players",
    "api.matches",
    "api.leaderboards",
    "api.graphql",
    "api.realtime",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'cliffside.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # Writers queue instead of failing at once with "database is locked".
            "timeout": 20,
            # Take the write lock at BEGIN: a deferred transaction that later upgrades can deadlock.
            "transaction_mode": "IMMEDIATE",
            # WAL lets readers (views, subscriptions) run while a move is being written.
            "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
        }
    )
else:
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Reuse connections across requests: reopening one (and, on SQLite, re-running the PRAGMAs) roughly
# doubled the time of a small query.
DATABASES["default"]["CONN_MAX_AGE"] = 60

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# config/asgi.py serves these from the app finders (admin CSS), so no collectstatic is needed to run.
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"

# --- Redis, channel layer, timers -------------------------------------------------------------------
# Empty REDIS_URL = embedded mode: in-memory channel layer (one process) and in-process timers.
REDIS_URL = env.str("REDIS_URL", default="")

# Tests share one Redis: pytest (which sets PYTEST_VERSION) and each xdist worker get their own key
# space, so parallel workers never see each other's groups or timers and cleanup never hits dev data.
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_KEY_PREFIX = env.str("REDIS_KEY_PREFIX", default="cliffside")
if "PYTEST_VERSION" in os.environ:
    REDIS_KEY_PREFIX += f"-test{'-' + _xdist_worker if _xdist_worker else ''}"
TIMER_KEY_PREFIX = f"{REDIS_KEY_PREFIX}:timers"

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_KEY_PREFIX},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Browser origins allowed to open the GraphQL WebSocket cross-origin (same-origin and non-browser
# clients always may). strawberry wants full origins: scheme://host[:port], or "*" for any.
WS_ALLOWED_ORIGINS = env.list(
    "WS_ALLOWED_ORIGINS",
    default=[
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://localhost:5173",
        "http://127.0.0.1:5173",
        "http://localhost:8000",
        "http://127.0.0.1:8000",
    ],
)

# --- Logging: structlog renders both its own and stdlib records -------------------------------------
LOG_LEVEL = env.str("LOG_LEVEL", default="INFO")
_shared_processors: list[structlog.typing.Processor] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso"),
]
structlog.configure(
    processors=[*_shared_processors, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
    logger_factory=structlog.stdlib.LoggerFactory(),
    wrapper_class=structlog.stdlib.BoundLogger,
    cache_logger_on_first_use=True,
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "structlog": {
            "()": structlog.stdlib.ProcessorFormatter,
            "foreign_pre_chain": _shared_processors,
            "processors": [
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                *(
                    # Tracebacks without locals: rendering every frame's locals took seconds.
                    [
                        structlog.dev.ConsoleRenderer(
                            exception_formatter=structlog.dev.RichTracebackFormatter(show_locals=False)
                        )
                    ]
                    if DEBUG
                    else [structlog.processors.dict_tracebacks, structlog.processors.JSONRenderer()]
                ),
            ],
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structlog"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}
