"""Settings for the card site, read from the environment (12-factor).

Every value has a safe default for a local run: SQLite and a file-system Celery
broker under ./var, so that the site and its worker run with no server installed.
DATABASE_URL and CELERY_BROKER_URL switch to PostgreSQL and Redis.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE
from csp.constants import SELF

from cardsite.env import env_bool
from cardsite.env import env_int
from cardsite.env import env_list
from cardsite.env import env_origin
from cardsite.env import env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("CARDSITE_VAR_DIR", str(BASE_DIR / "var")))
# The embedded defaults (SQLite, broker folders, media) live here.
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DJANGO_DEBUG", False)
# The key: SECRET_KEY, else the local one `make run` keeps in var/secret_key (scripts/secret-key.sh).
_LOCAL_KEY_FILE = VAR_DIR / "secret_key"
SECRET_KEY = env_str("SECRET_KEY", "") or (_LOCAL_KEY_FILE.read_text().strip() if _LOCAL_KEY_FILE.is_file() else "")
if not SECRET_KEY:
    if not DEBUG:
        from django.core.exceptions import ImproperlyConfigured

        # A key in the source is a key everyone has: sessions, password resets and signed values could be forged.
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DJANGO_DEBUG off the site does not start without one: set SECRET_KEY "
            "(for example to the output of `python -c 'import secrets; print(secrets.token_urlsafe(50))'`). "
            "`make run` keeps a generated one in var/secret_key."
        )
    SECRET_KEY = "insecure-debug-only-key"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",  # API tokens: only a digest is stored, each expires (REST_KNOX below); before the app, so its admin can unregister knox's
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc served from our own static files, not a CDN
    "django_celery_results",
    "axes",
    "csp",  # its system checks (a django-csp 3.x setting left behind stops start-up)
    "cardcollections.apps.CardCollectionsConfig",
    "decks.apps.DecksConfig",
    "play.apps.PlayConfig",
    "learning.apps.LearningConfig",
    "channels",
    "tables.apps.TablesConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Every response gets the Content-Security-Policy header (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "cardsite.request_guards.RefuseNulBytes",
    # Before CSRF: its process_view reads a form's body, and a refused body must not be read at all.
    "cardsite.request_guards.RequestBodyLimit",
    # After the size check (a refused body is never read), before CSRF (which reads the form too).
    "cardsite.request_guards.RefuseNulInForms",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Times shown and typed in the visitor's own zone (their browser's, from a cookie); UTC without one.
    "cardsite.timezones.VisitorTimezone",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A browser where an account signed in is trusted for it (cardsite/login_devices.py): the cookie is set here.
    "cardsite.login_devices.LoginDeviceCookie",
    # Last, as django-axes asks: it answers a locked-out login with the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Password guessing: django-axes counts failed logins per address and per account (each on its own), and after
# AXES_FAILURE_LIMIT of either refuses logins from it for AXES_COOLOFF_MINUTES (429, the lockout page), even with
# the right password. A success resets nothing: failures age out after the cool-off. (Axes resets a success by
# address as well as by account, so an attacker's own good login between guesses cleared the victim's count too.)
# Except from a browser where the account signed in before (a signed cookie for LOGIN_DEVICE_DAYS, tied to the
# password): there the account is counted with the address, so strangers' guesses elsewhere cannot lock its
# owner out (issue #34; cardsite/login_devices.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = "cardsite.login_devices.lockout_parameters"
LOGIN_DEVICE_DAYS = env_int("LOGIN_DEVICE_DAYS", 180)
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind a reverse proxy, the client's address is the proxy's unless this names the header it sets (docs/deploy.md).
# One count for every place that reads the visitor's address: logins here, the rate limits and work budgets
# (REST_FRAMEWORK's NUM_PROXIES). With none, X-Forwarded-For is the visitor's own writing and never read.
PROXY_COUNT = env_int("AXES_PROXY_COUNT", 0)
AXES_IPWARE_PROXY_COUNT = PROXY_COUNT or None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if AXES_IPWARE_PROXY_COUNT else ["REMOTE_ADDR"]
)

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
                "cardcollections.notifications.context_processors.notifications",
            ],
        },
    },
]

WSGI_APPLICATION = "cardsite.wsgi.application"
# The tables' WebSockets (docs/tables.md, docs/deploy.md): an ASGI server (daphne) serves cardsite.asgi beside
# gunicorn. CHANNEL_LAYER_URL=redis://... lets several ASGI processes on several hosts share tables; unset, one
# process keeps its tables' groups in memory (the embedded default, no server).
ASGI_APPLICATION = "cardsite.asgi.application"
CHANNEL_LAYER_URL = env_str("CHANNEL_LAYER_URL", "")
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout by default, and the layer's receive is a BZPOPMIN that
            # blocks up to 5 s on the server: every idle socket was torn down with "Timeout reading" (1011). A
            # read may take longer than the blocking pop, never forever (a dead Redis is still noticed).
            "CONFIG": {
                "hosts": [{"address": CHANNEL_LAYER_URL, "socket_timeout": 15, "socket_connect_timeout": 5}],
                "capacity": 1000,
                "expiry": 30,
            },
        }
        if CHANNEL_LAYER_URL.startswith(("redis://", "rediss://", "unix://"))
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}
# Where a table's page opens its socket: empty, the page's own host (a proxy sends /ws/ to the ASGI server);
# scripts/run.sh sets ws://HOST:WS_PORT for the site on one machine.
TABLES_WS_URL = env_str("TABLES_WS_URL", "").rstrip("/")
TABLES_MOVES_PER_MINUTE = env_int("TABLES_MOVES_PER_MINUTE", 120)
TABLES_TOURNAMENT_SPECTATOR_DELAY = env_int("TABLES_TOURNAMENT_SPECTATOR_DELAY", 3)
# A socket's messages: at most this many bytes each (checked before parsing), and this many a second.
TABLES_MESSAGE_BYTES = env_int("TABLES_MESSAGE_BYTES", 4096)
TABLES_MESSAGES_PER_SECOND = env_int("TABLES_MESSAGES_PER_SECOND", 10)
# Clocks (docs/tables.md, "Clocks"): celery beat ends the tables whose flag fell with nobody touching them, every
# TABLES_CLOCK_EVERY_SECONDS, at most TABLES_CLOCK_BATCH a run (the rest in the next).
TABLES_CLOCK_EVERY_SECONDS = env_int("TABLES_CLOCK_EVERY_SECONDS", 15)
TABLES_CLOCK_BATCH = env_int("TABLES_CLOCK_BATCH", 200)
# A table without a clock: the people to act who have not moved for this long may be claimed against (docs/tables.md).
TABLES_AWAY_HOURS = env_int("TABLES_AWAY_HOURS", 72)

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
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The planner's default cost of a random page read (4) is a spinning disk's. With the catalog in memory
    # or on an SSD, 1.1 is the usual setting; at 4 a search word that matches a sixth of 10,000 cards was
    # checked row by row through the whole table (20 ms) instead of through its full-text index (8 ms).
    server_options = f"-c random_page_cost={env_str('DATABASE_RANDOM_PAGE_COST', '1.1')}"
    # Off unless set (seconds). The tests set both: a wait on a lock a stuck thread holds then fails that test
    # with PostgreSQL's own message, and the stuck session is ended, instead of the run hanging until CI's limit.
    if lock_timeout := env_int("DATABASE_LOCK_TIMEOUT", 0):
        server_options += f" -c lock_timeout={lock_timeout}s"
    if idle_timeout := env_int("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT", 0):
        server_options += f" -c idle_in_transaction_session_timeout={idle_timeout}s"
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("options", server_options)

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
# How long the catalog page's rendered results and the card API's lists stay in the cache (they are named by
# the catalog's state, so this only bounds a rarely asked query's stay); 0 keeps nothing.
CATALOG_RESULTS_SECONDS = env_int("CATALOG_RESULTS_SECONDS", 600)
# Finished collection import jobs (their summary or errors) are deleted after this many days.
IMPORT_JOB_KEEP_DAYS = env_int("IMPORT_JOB_KEEP_DAYS", 30)
# A scan's pixels (issue #34): a 1200 dpi scan of a 63x88 mm card is 12.6 megapixels, a phone's photo 12; checking
# a 40-megapixel solid PNG of 123 KB took 3.3 s of a web worker's CPU, 16 megapixels 1.6 s.
CARD_SCAN_MAX_PIXELS = env_int("CARD_SCAN_MAX_PIXELS", 16_000_000)

# Request bodies, by route (URL name), refused from Content-Length before anything reads them
# (cardsite/request_guards.py); a reverse proxy in front should set the largest of these (docs/deploy.md).
REQUEST_BODY_LIMIT = env_int("REQUEST_BODY_LIMIT_KB", 1024) * 1024  # forms and JSON
_DECK_LIST_BODY = 4 * 1024 * 1024  # a deck list of up to a million characters, as the engine reads
_IMPORT_BODY = 21 * 1024 * 1024  # a 20 MB collection file and its form
REQUEST_BODY_LIMITS = {
    **dict.fromkeys(
        [
            "deck-validate",
            "api-deck-validate",
            "deck-goldfish",
            "deck-goldfish-exact",
            "api-goldfish",
            "deck-new",
            "deck-edit",
            "deck-builder-panel",
            "deck-builder-save",
            "deck-import",
            "api-decks",
            "api-deck-detail",
            "api-deck-import",
        ],
        _DECK_LIST_BODY,
    ),
    "collection-import": _IMPORT_BODY,
    "api-collection-import": _IMPORT_BODY,
    # The scan's own check (10 MB) answers a form error; the route's limit leaves room for the form around it.
    "card-scan-upload": CARD_SCAN_MAX_BYTES + 1024 * 1024,
    "api-card-scan": CARD_SCAN_MAX_BYTES + 1024 * 1024,
    # Card proposals carry a scan (checked as the card scan upload's), or a bulk file of up to 2 MB
    # (cardcollections.proposals.services.BULK_MAX_BYTES): the default 1 MB refused both before their checks.
    **dict.fromkeys(
        ["proposal-new", "proposal-edit-card", "proposal-revise", "api-proposals", "api-proposal", "api-proposal-scan"],
        CARD_SCAN_MAX_BYTES + 1024 * 1024,
    ),
    **dict.fromkeys(["proposal-bulk", "api-proposal-bulk"], 3 * 1024 * 1024),
}
# Pages taking a file: an anonymous upload is sent to the login page before its body is parsed.
# (The CSRF check would otherwise parse an anonymous multipart body before the view sends it to log in.)
LOGIN_BEFORE_BODY = frozenset(
    {"deck-import", "collection-import", "proposal-new", "proposal-edit-card", "proposal-revise", "proposal-bulk"}
)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
# The SMTP backend's server (EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend); password reset mails.
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Chapter and Verse <noreply@localhost>")
# Offers one player may have waiting for one other player at once (a 409 past it): a flood of offers is a flood of
# notifications and mail to their recipient (issue #34).
TRADE_OPEN_PER_PAIR = env_int("TRADE_OPEN_PER_PAIR", 5)
# The site's public origin (scheme://host[:port], no path), the only source of the absolute links in its mail:
# notifications (sent by a worker) and password resets. Never the request's Host header, which the caller
# writes (docs/security.md, issue #34). The default is `make run`'s own address.
SITE_URL = env_origin("SITE_URL", "http://127.0.0.1:8000")

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

# Content-Security-Policy (django-csp): scripts and styles only from the site's own static files, never inline
# (htmx's indicator styles are in static/css/site.css, its eval is off: templates/base.html). CSP_REPORT_ONLY=true
# sends the same policy as Content-Security-Policy-Report-Only: browsers report violations and block nothing;
# CSP_REPORT_URI, if set, is where they post their reports.
_CSP_POLICY: dict[str, dict[str, list[str] | None]] = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # The tables' sockets: the page's own origin, or the ASGI server's when it has its own port (docs/tables.md).
        "connect-src": [SELF, *([TABLES_WS_URL] if TABLES_WS_URL else [])],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "report-uri": env_list("CSP_REPORT_URI", []) or None,
    }
}
# (Not a setting named CSP_REPORT_ONLY: django-csp's check refuses its 3.x setting names.)
CONTENT_SECURITY_POLICY: dict[str, dict[str, list[str] | None]] | None
CONTENT_SECURITY_POLICY_REPORT_ONLY: dict[str, dict[str, list[str] | None]] | None
if env_bool("CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_REPORT_ONLY = None, _CSP_POLICY
else:
    CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP_POLICY, None

# The cache holds the rate limits' counts, the work budgets' locks and the catalog's kept results. Without
# CACHE_URL it is files under $CARDSITE_VAR_DIR/cache that every process of this machine shares (each gunicorn
# worker and each Celery worker): Django's per-process memory cache let every worker count its own limit, so two
# workers let twice the rate through ("the default cache counts per process"). CACHE_URL=redis://... for
# production (several hosts). cardsite/cache.py makes the file cache's counting and `add` atomic across processes.
CACHE_DIR = Path(env_str("CACHE_DIR", str(VAR_DIR / "cache")))
CACHES = {
    "default": (
        {"BACKEND": "cardsite.cache.RedisCache", "LOCATION": env_str("CACHE_URL", "")}
        if env_str("CACHE_URL", "").startswith("redis")
        else {"BACKEND": "cardsite.cache.FileCache", "LOCATION": str(CACHE_DIR), "OPTIONS": {"MAX_ENTRIES": 20_000}}
    )
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # The token first: a wrong or expired token is a 401 with `WWW-Authenticate: Token`, not a 403.
        "cardsite.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["cardsite.api.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "cardsite.api.handler.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "cardsite.api.pagination.PageNumberWithSize",
    # The address an anonymous caller is counted by: REMOTE_ADDR, or the one the last of PROXY_COUNT proxies
    # saw. Unset, DRF took the whole X-Forwarded-For header as it came, so a client writing a new one each
    # time escaped every per-address limit and the anonymous work budget.
    "NUM_PROXIES": PROXY_COUNT,
    # Rate limits (cardsite/api/throttles.py), counted in the default cache: set CACHE_URL to Redis so every
    # gunicorn worker and host shares the counts (per-process memory lets workers x the limit through).
    "DEFAULT_THROTTLE_CLASSES": ["cardsite.api.throttles.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "writes_anon": env_str("THROTTLE_WRITES_ANON", "30/min"),
        "writes_user": env_str("THROTTLE_WRITES_USER", "120/min"),
        "compute_anon": env_str("THROTTLE_COMPUTE_ANON", "20/min"),
        "compute_user": env_str("THROTTLE_COMPUTE_USER", "60/min"),
        # The live validation page and the goldfish page's odds post as people type.
        "live_anon": env_str("THROTTLE_LIVE_ANON", "240/min"),
        "live_user": env_str("THROTTLE_LIVE_USER", "600/min"),
        "signup_anon": env_str("THROTTLE_SIGNUP", "5/hour"),
        "signup_user": env_str("THROTTLE_SIGNUP", "5/hour"),
        "password_reset_anon": env_str("THROTTLE_PASSWORD_RESET", "5/hour"),
        "password_reset_user": env_str("THROTTLE_PASSWORD_RESET", "5/hour"),
        # Pages that check the account's password outside the login (changing it, or the reset address):
        # axes never sees those checks, so a borrowed session could guess it at the write rate.
        "password_check_anon": env_str("THROTTLE_PASSWORD_CHECK", "10/hour"),
        "password_check_user": env_str("THROTTLE_PASSWORD_CHECK", "10/hour"),
    },
    "PAGE_SIZE": 60,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
}
# API tokens (django-rest-knox): the database keeps a SHA-512 digest, never the key. A token lives
# API_TOKEN_TTL_DAYS from its creation and is not extended by use (AUTO_REFRESH off: a leaked token dies on
# its date); a user holds at most API_TOKEN_LIMIT live tokens, one per device. A password change or reset
# revokes them all (cardcollections/tokens/signals.py). docs/rulings.md has the ruling.
API_TOKEN_TTL_DAYS = env_int("API_TOKEN_TTL_DAYS", 30)
if API_TOKEN_TTL_DAYS < 1:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(f"API_TOKEN_TTL_DAYS={API_TOKEN_TTL_DAYS} must be at least 1 (tokens always expire)")
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=API_TOKEN_TTL_DAYS),
    "AUTO_REFRESH": False,
    "TOKEN_LIMIT_PER_USER": env_int("API_TOKEN_LIMIT", 10),
    "AUTH_HEADER_PREFIX": "Token",  # as DRF's tokens were sent: existing clients keep their header
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Chapter and Verse card site API",
    "DESCRIPTION": (
        "Catalogs, collections, decks, validation and goldfish for faith-based card games. "
        "[Back to the site](/).\n\n"
        "**Signing in.** Signed in on the site, these pages use your session. A script sends a token: make one "
        "on [Sharing and API tokens](/collection/settings/) (or `POST /api/v1/account/token/` while signed in), "
        "then send `Authorization: Token <token>` (the Authorize button here takes `Token <token>`)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # The docs pages run on the site's origin, next to the token endpoint: their scripts come from our own
    # static files (drf-spectacular-sidecar, pinned in requirements.txt), never from a CDN's "latest".
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two request fields are called `mode` with different choices: each enum gets a name of its own.
    "ENUM_NAME_OVERRIDES": {
        "GoldfishModeEnum": "rules.goldfish.request.MODES",
        "MatchupModeEnum": "rules.games.battle_cards.matchup.MODES",
        "DrillKindEnum": "rules.learning.DRILL_KINDS",
        "VerseStateEnum": "learning.api.serializers.STATES",
        "EventPairingEnum": "decks.events.models.PAIRING_CHOICES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "cardsite.api.schema_hooks.document_refusals",
    ],
}

# Celery. The embedded default is kombu's file-system transport with results in
# the database, so a worker runs with no server; CELERY_BROKER_URL=redis://...
# switches to Redis. Rules from docs/reliability.md: late acks, re-queue on a
# lost worker, prefetch 1, time limit under half the visibility timeout.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
CELERY_BROKER_DIR = VAR_DIR / "broker"
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 3600)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 1500)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 60
if CELERY_TASK_TIME_LIMIT * 2 >= CELERY_VISIBILITY_TIMEOUT:
    # A task still running when the timeout passes is delivered again, and runs twice at once.
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        f"CELERY_TASK_TIME_LIMIT={CELERY_TASK_TIME_LIMIT} must be under half CELERY_VISIBILITY_TIMEOUT="
        f"{CELERY_VISIBILITY_TIMEOUT} (docs/reliability.md, Celery)"
    )
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, int | str | bool] = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
if CELERY_BROKER_URL.startswith("filesystem"):
    CELERY_BROKER_TRANSPORT = "cardsite.broker:Transport"  # atomic writes; see cardsite/broker.py
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
# Two queues (cardsite/api/work.py, docs/deploy.md): work estimated at up to INTERACTIVE_MAX_SECONDS of worker
# time goes to `interactive`, longer work to `bulk`; give each its own workers so a long job never waits in
# front of a short one. A task sent with no queue goes to `interactive`.
CELERY_INTERACTIVE_QUEUE = env_str("CELERY_INTERACTIVE_QUEUE", "interactive")
CELERY_BULK_QUEUE = env_str("CELERY_BULK_QUEUE", "bulk")
CELERY_TASK_DEFAULT_QUEUE = CELERY_INTERACTIVE_QUEUE
INTERACTIVE_MAX_SECONDS = env_int("INTERACTIVE_MAX_SECONDS", 10)
# One queue for every job of a kind, whatever its estimate (empty: by the estimate, as above; format re-checks: bulk).
# For a deployment that gives a kind its own workers, and for tests that run a worker on a queue of their own.
GOLDFISH_QUEUE = env_str("GOLDFISH_QUEUE", "")
EVENT_CHECK_QUEUE = env_str("EVENT_CHECK_QUEUE", "")
FORMAT_RECHECK_QUEUE = env_str("FORMAT_RECHECK_QUEUE", "")
# The reaper (one task for every kind of job, cardcollections/jobs/, run by celery beat every REAPER_EVERY_SECONDS)
# fails jobs whose work died: a running job past its own task's time limit (a goldfish chunk: no progress for
# JOB_STALE_SECONDS), or a job no worker picked up for JOB_QUEUED_HOURS.
REAPER_EVERY_SECONDS = env_int("REAPER_EVERY_SECONDS", 60)
JOB_STALE_SECONDS = env_int("JOB_STALE_SECONDS", 300)
JOB_QUEUED_HOURS = env_int("JOB_QUEUED_HOURS", 6)
CELERY_BEAT_SCHEDULE = {
    "reap-jobs": {"task": "cardcollections.reap_jobs", "schedule": float(REAPER_EVERY_SECONDS)},
    "tables-clocks": {"task": "tables.flag_timed_out", "schedule": float(TABLES_CLOCK_EVERY_SECONDS)},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Unfinished queued work one caller may hold (cardsite/api/work.py): jobs at once and estimated seconds of
# worker time in all, per kind of job (goldfish, imports, event re-checks). Over it: 429 with Retry-After.
WORK_BUDGETS = {
    "anon": {"jobs": env_int("WORK_ANON_JOBS", 2), "seconds": env_int("WORK_ANON_SECONDS", 120)},
    "user": {"jobs": env_int("WORK_USER_JOBS", 5), "seconds": env_int("WORK_USER_SECONDS", 1800)},
    "staff": {"jobs": env_int("WORK_STAFF_JOBS", 20), "seconds": env_int("WORK_STAFF_SECONDS", 14400)},
}
# Notification mail is coalesced per player (cardcollections/notifications/services.py): the first in this many
# seconds goes at once, the rest in one digest at the end of the window (0: a mail each).
NOTIFICATION_MAIL_SECONDS = env_int("NOTIFICATION_MAIL_SECONDS", 600)
# A goldfish replay estimated at up to GOLDFISH_REPLAY_INLINE_MS of engine time is played in the web request, a
# dearer one on a worker while the page polls (decks/goldfish/services.py; issue #34).
GOLDFISH_REPLAY_INLINE_MS = env_int("GOLDFISH_REPLAY_INLINE_MS", 50)
# A goldfish job estimated under GOLDFISH_INLINE_SECONDS runs in the web request; whatever the estimate, the
# request stops it after GOLDFISH_INLINE_DEADLINE seconds and hands the rest to a worker.
GOLDFISH_INLINE_SECONDS = float(env_str("GOLDFISH_INLINE_SECONDS", "0.5"))
GOLDFISH_INLINE_DEADLINE = float(env_str("GOLDFISH_INLINE_DEADLINE", "2"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
