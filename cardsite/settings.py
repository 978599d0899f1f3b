"""Settings for the card site, read from the environment (12-factor).

Every value has a safe default for a local run: SQLite and a file-system Celery
broker under ./var, so that the site and its worker run with no server installed.
DATABASE_URL and CELERY_BROKER_URL switch to PostgreSQL and Redis.
"""

from pathlib import Path

import dj_database_url

from cardsite.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("CARDSITE_VAR_DIR", str(BASE_DIR / "var")))
# The embedded defaults (SQLite, broker folders, media) live here.
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and env_bool("CARDSITE_REQUIRE_SECRET_KEY", False):
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured("SECRET_KEY must be set in production")
    SECRET_KEY = "insecure-local-only-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "django_celery_results",
    "cardcollections.apps.CardCollectionsConfig",
    "decks.apps.DecksConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "cardsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
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

WSGI_APPLICATION = "cardsite.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        # Persistent connections: a new PostgreSQL connection costs more than most requests.
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent web and worker processes: wait for the lock rather than fail.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL;"

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

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "staticfiles")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Uploads: refuse big bodies early; card scans are checked again by Pillow.
DATA_UPLOAD_MAX_MEMORY_SIZE = 12 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
CARD_SCAN_MAX_BYTES = env_int("CARD_SCAN_MAX_BYTES", 10 * 1024 * 1024)
CARD_SCAN_MAX_PIXELS = env_int("CARD_SCAN_MAX_PIXELS", 40_000_000)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

# CARDSITE_HTTPS=1 behind TLS: secure cookies, redirect to https, HSTS.
HTTPS = env_bool("CARDSITE_HTTPS", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 3600 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("CARDSITE_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": env_str("CACHE_URL", "")}
        if env_str("CACHE_URL", "").startswith("redis")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "cardcollections.api.pagination.PageNumberWithSize",
    "PAGE_SIZE": 60,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Chapter and Verse card site API",
    "DESCRIPTION": "Catalogs, collections, decks, validation and goldfish for faith-based card games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# Celery. The embedded default is kombu's file-system transport with results in
# the database, so a worker runs with no server; CELERY_BROKER_URL=redis://...
# switches to Redis. Rules from shared/RELIABILITY.md: late acks, re-queue on a
# lost worker, prefetch 1, time limit under half the visibility timeout.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
CELERY_BROKER_DIR = VAR_DIR / "broker"
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 3600)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 1500)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 60
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
if CELERY_BROKER_URL.startswith("filesystem"):
    for folder in ("queue", "control"):
        (CELERY_BROKER_DIR / folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS.update(
        {
            "data_folder_in": str(CELERY_BROKER_DIR / "queue"),
            "data_folder_out": str(CELERY_BROKER_DIR / "queue"),
            "control_folder": str(CELERY_BROKER_DIR / "control"),
            "store_processed": False,
        }
    )
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", "django-db")
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = False

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
