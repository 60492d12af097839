"""Settings, all from the environment (see deploy/env.example).

With no environment at all the server runs embedded: SQLite under var/, the in-memory channel layer and
in-process timers. DATABASE_URL and REDIS_URL switch it to PostgreSQL and Redis.
"""

import os
from pathlib import Path

import environ
import structlog
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()

# Long and without the "django-insecure-" prefix so `check --deploy` stays quiet in dev.
DEVELOPMENT_SECRET_KEY = "dev-only-cliffside-secret-key-set-SECRET_KEY-in-production-7f3a9c"
SECRET_KEY = env.str("SECRET_KEY", default=DEVELOPMENT_SECRET_KEY)
DEBUG = env.bool("DEBUG", default=True)
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    # Sessions (the admin) and signed values would be forgeable by anyone who has read this file.
    raise ImproperlyConfigured("DEBUG is false: set SECRET_KEY to a long random value of your own.")
# Development answers any host; production answers only the names it is given.
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"] if DEBUG else ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# Browser origins (scheme://host[:port]) whose pages may call the API over HTTP (CORS) and open the
# WebSocket; "*" allows any. Development allows the usual local dev-server ports; production, none.
_DEV_ORIGINS = [f"http://{host}:{port}" for port in (3000, 5173, 8000) for host in ("localhost", "127.0.0.1")]
CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=_DEV_ORIGINS if DEBUG else [])

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
    "web",  # the pages (landing, replays, table) and GraphiQL's assets; a client of the API like any other
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files answer here, before sessions, CSRF or the database are touched: whitenoise's
    # middleware, made to run on the event loop (web/static_files.py says why).
    "web.static_files.StaticFilesMiddleware",
    "api.middleware.CloseConnectionsMiddleware",
    "api.middleware.ServiceUnavailableMiddleware",
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
# Reuse connections across requests: reopening one (and, on SQLite, re-running the PRAGMAs) roughly
# doubled the time of a small query.
DATABASES["default"]["CONN_MAX_AGE"] = 60

# Threads per process that run the API's database work, each with its own persistent connection
# (api/common/database.py): the most queries one process has in flight at once.
DATABASE_THREADS = env.int("DATABASE_THREADS", default=8)

# PostgreSQL: the hot statements are kept prepared in each session (api/common/prepared.py). Off behind
# a pooler that shares one server session between clients' transactions (PgBouncer's transaction mode).
DATABASE_PREPARED_STATEMENTS = env.bool("DATABASE_PREPARED_STATEMENTS", default=True)

# How long a process remembers which player holds a bearer token: a token rotated or revoked in another
# process may still work here for at most this long (the process that did it forgets it at once).
TOKEN_CACHE_SECONDS = env.float("TOKEN_CACHE_SECONDS", default=60.0)

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

# Static files (the pages' modules and CSS, vendored libraries, the admin's assets), served by whitenoise
# from the one ASGI process. `manage.py collectstatic` (deploy/Dockerfile) writes them to STATIC_ROOT
# with hashed names (cached for good: immutable) and gzip copies; until it has run (a fresh clone,
# `make run`) they are served straight from the apps' folders, so nothing needs collecting to run.
# DEBUG re-reads them on each request, so an edited module shows on reload.
STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(VAR_DIR / "static")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "web.storage.StaticStorage"},
}
# The app folders answer only where nothing was collected: when it was, they would shadow the
# compressed copies in STATIC_ROOT.
WHITENOISE_USE_FINDERS = DEBUG or not (STATIC_ROOT / "staticfiles.json").exists()
WHITENOISE_AUTOREFRESH = DEBUG
# Files without a hash in their name (the ES modules one module imports from another): a browser
# re-checks them after this long (a 304 when unchanged), so a deployment reaches everyone within it.
WHITENOISE_MAX_AGE = 0 if DEBUG else env.int("STATIC_MAX_AGE", default=300)

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
    # Pub/sub, made to outlive Redis outages (api/common/layers.py says why). Pub/sub channels are
    # server-wide, whatever the database number in REDIS_URL: the prefix keeps deployments apart.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "api.common.layers.ResilientRedisPubSubLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        # Reads that wait for messages pass their own timeout; these bound a PUBLISH or
                        # SUBSCRIBE to a server that stopped answering, so a move never hangs on one.
                        "socket_connect_timeout": 2,
                        "socket_timeout": 2,
                    }
                ],
                "prefix": f"{REDIS_KEY_PREFIX}:",
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Subscriptions re-read their match when nudged, and at least this often in case a nudge was lost;
# while Redis is down (no nudges at all) they re-read at the shorter interval.
GRAPHQL_SUBSCRIPTION_POLL_SECONDS = env.float("GRAPHQL_SUBSCRIPTION_POLL_SECONDS", default=10.0)
GRAPHQL_SUBSCRIPTION_OUTAGE_POLL_SECONDS = env.float("GRAPHQL_SUBSCRIPTION_OUTAGE_POLL_SECONDS", default=2.0)

# Timers (api/matches/timers): workers poll every TIMER_POLL_MS, claim up to TIMER_BATCH due deadlines
# at a time and re-arm every open deadline from the database every TIMER_REARM_S (and as soon as the
# store is found emptied or reachable again). A claim is leased for TIMER_LEASE_MS, renewed while the
# worker holds it, so a dead worker's claims fire again that much later; a deadline whose firing failed
# is retried after TIMER_RETRY_MS. A worker fires on TIMER_THREADS threads (each with its own database
# connection) and claims no more than they can take; one match's deadlines never fire at once.
# A worker that can hear the store sleeps until the next deadline is due, TIMER_IDLE_MS at the longest;
# it polls every TIMER_POLL_MS while it holds claims or cannot hear the store (Redis unreachable).
# 10 ms: such a deadline fires at most about that late; a claim is one short Lua call, 100 a second.
TIMER_POLL_MS = env.int("TIMER_POLL_MS", default=10)
TIMER_IDLE_MS = env.int("TIMER_IDLE_MS", default=1_000)
TIMER_BATCH = env.int("TIMER_BATCH", default=100)
TIMER_REARM_S = env.float("TIMER_REARM_S", default=60.0)
TIMER_LEASE_MS = env.int("TIMER_LEASE_MS", default=3_000)
TIMER_RETRY_MS = env.int("TIMER_RETRY_MS", default=10_000)
# 4: a firing mostly waits on the database, so a few at once keep 100+ deadlines/s on time.
TIMER_THREADS = env.int("TIMER_THREADS", default=4)

# Browser origins allowed to open the GraphQL WebSocket cross-origin (same-origin and non-browser
# clients always may). strawberry wants full origins: scheme://host[:port], or "*" for any.
WS_ALLOWED_ORIGINS = env.list("WS_ALLOWED_ORIGINS", default=CORS_ALLOWED_ORIGINS)

# --- Reads and log limits: no read of a match costs more than a bounded fold or page ---------------
# The longest log a match may have: the append that reaches it ends the match as ABORTED, with a reason.
MATCH_MAX_EVENTS = env.int("MATCH_MAX_EVENTS", default=10_000)
# Reads at an older version (`view(atVersion)`) fold at most this many events from an in-process
# snapshot; snapshots are kept for this many matches, at most this many per match (64 snapshots of
# 200 events cover a full log of 10,000).
GAME_RECENT_VERSIONS = env.int("GAME_RECENT_VERSIONS", default=16)
GAME_SNAPSHOT_EVERY = env.int("GAME_SNAPSHOT_EVERY", default=200)
GAME_SNAPSHOT_MATCHES = env.int("GAME_SNAPSHOT_MATCHES", default=64)
GAME_SNAPSHOTS_PER_MATCH = env.int("GAME_SNAPSHOTS_PER_MATCH", default=64)
# --- Leaderboards -------------------------------------------------------------------------------
# A rating stays provisional (shown, marked so) until its player has this many rated matches on the board.
LEADERBOARD_PROVISIONAL_MATCHES = env.int("LEADERBOARD_PROVISIONAL_MATCHES", default=10)
# The most events one `Match.events` field returns (its `first` defaults to and is capped at this).
GRAPHQL_EVENTS_PAGE_MAX = env.int("GRAPHQL_EVENTS_PAGE_MAX", default=200)

# --- GraphQL limits: what one document may ask for (api/graphql/limits.py) --------------------------
# Measured before graphql-core validates a document; with these defaults parsing, measuring and
# validating any document takes at most a few tens of milliseconds. Depth: fields on the longest path
# (`{ games { key } }` is 2). Cost: selections with every fragment spread expanded, a name or spread
# repeated n times at one place counting n² (a plain document costs its number of fields).
GRAPHQL_MAX_TOKENS = env.int("GRAPHQL_MAX_TOKENS", default=2000)
GRAPHQL_MAX_DEPTH = env.int("GRAPHQL_MAX_DEPTH", default=10)
GRAPHQL_MAX_ALIASES = env.int("GRAPHQL_MAX_ALIASES", default=15)
GRAPHQL_MAX_COST = env.int("GRAPHQL_MAX_COST", default=2000)
# GraphiQL (GET /graphql/ in a browser) and introspection (`__schema`, `__type`) are development tools:
# off by default in production, where clients generate code from the committed schema.graphql.
GRAPHQL_IDE = env.bool("GRAPHQL_IDE", default=DEBUG)
GRAPHQL_INTROSPECTION = env.bool("GRAPHQL_INTROSPECTION", default=DEBUG)

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
                    else [
                        # structlog's dict_tracebacks shows every frame's locals: ~10 KB per error, and
                        # whatever secrets the frames held.
                        structlog.processors.ExceptionRenderer(
                            structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
                        ),
                        structlog.processors.JSONRenderer(),
                    ]
                ),
            ],
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structlog"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}

# --- Limits and quotas: what keeps one client from taking the server for itself ----------------------
# Request bodies and WebSocket messages larger than this are refused (HTTP 413; WebSocket close 1009).
MAX_REQUEST_BYTES = env.int("MAX_REQUEST_BYTES", default=64 * 1024)
# Rate limits, in the `limits` library's notation: "N/second;M/minute" (every part must hold).
RATE_LIMITS = env.bool("RATE_LIMITS", default=True)
RATE_LIMIT_HTTP_PER_IP = env.str("RATE_LIMIT_HTTP_PER_IP", default="60/second;1200/minute")
RATE_LIMIT_REGISTER_PER_IP = env.str("RATE_LIMIT_REGISTER_PER_IP", default="5/minute;50/day")
RATE_LIMIT_WS_CONNECT_PER_IP = env.str("RATE_LIMIT_WS_CONNECT_PER_IP", default="10/second;200/minute")
RATE_LIMIT_WS_MESSAGES_PER_CONNECTION = env.str(
    "RATE_LIMIT_WS_MESSAGES_PER_CONNECTION", default="30/second;600/minute"
)
RATE_LIMIT_PLAYER_ACTIONS = env.str("RATE_LIMIT_PLAYER_ACTIONS", default="20/second;600/minute")
RATE_LIMIT_LOBBY_PER_PLAYER = env.str("RATE_LIMIT_LOBBY_PER_PLAYER", default="10/minute;100/hour")
WS_MAX_SUBSCRIPTIONS_PER_CONNECTION = env.int("WS_MAX_SUBSCRIPTIONS_PER_CONNECTION", default=16)
# Lobbies a player may have open at once (hosted or joined), and how long an idle lobby lives.
MAX_OPEN_LOBBIES_PER_PLAYER = env.int("MAX_OPEN_LOBBIES_PER_PLAYER", default=5)
LOBBY_TTL_SECONDS = env.int("LOBBY_TTL_SECONDS", default=30 * 60)

# --- quick-match (api/matches/quick.py): strangers paired at a waiting table, bots after a wait
# How long a quick-match table waits for people before bots take its empty seats; per game as JSON,
# e.g. {"racesmack": 20}. 30 s: poker sites seat a player within about half a minute.
QUICK_MATCH_WAIT_SECONDS = env.int("QUICK_MATCH_WAIT_SECONDS", default=30)
QUICK_MATCH_WAIT_SECONDS_PER_GAME = env.json("QUICK_MATCH_WAIT_SECONDS_PER_GAME", default={})
# Ratings (openskill ordinals, mu - 3 sigma; a new player is 0) a table accepts around its own at first,
# and how much wider the window grows each second the table waits.
QUICK_MATCH_RATING_WINDOW = env.float("QUICK_MATCH_RATING_WINDOW", default=5.0)
QUICK_MATCH_WINDOW_PER_SECOND = env.float("QUICK_MATCH_WINDOW_PER_SECOND", default=0.5)
# --- end quick-match

# --- issue 23 (edge): slow clients, frame sizes, sockets per address, proxies
# Enforced by `manage.py serve` (api/realtime/edge.py), as nginx's client_header_timeout,
# client_body_timeout, send_timeout and limit_conn would be; nginx's 60 s defaults are for large
# uploads over slow links, ours are tighter. Headers are a few hundred bytes: 10 s is a lost SYN-ACK
# plus several retransmissions on a bad mobile link.
HTTP_HEADER_TIMEOUT_S = env.float("HTTP_HEADER_TIMEOUT_S", default=10.0)
# A whole body of at most MAX_REQUEST_BYTES (64 KiB) in 30 s: about 2 KB/s, slower than any real link.
HTTP_BODY_TIMEOUT_S = env.float("HTTP_BODY_TIMEOUT_S", default=30.0)
# A peer that reads nothing of what we send for this long is cut (HTTP and WebSocket): a phone changing
# networks stalls for seconds, not half a minute, and a WebSocket's pings give up after 40 s anyway.
SEND_TIMEOUT_S = env.float("SEND_TIMEOUT_S", default=30.0)
# Sockets one address may hold at once, per server process (the file-descriptor limit is per process
# too). 100: a school or a carrier NAT puts dozens of players behind one address, each with a WebSocket
# and a few kept-alive HTTP connections, while 5 addresses stay far below a 1,024-descriptor limit.
# Peers in FORWARDED_ALLOW_IPS (the proxy, through which every client comes) are exempt.
MAX_CONNECTIONS_PER_ADDRESS = env.int("MAX_CONNECTIONS_PER_ADDRESS", default=100)
# WebSocket keepalive, uvicorn's defaults: a ping every 20 s, the connection closed when no pong comes
# within 20 s more.
WS_PING_INTERVAL_S = env.float("WS_PING_INTERVAL_S", default=20.0)
WS_PING_TIMEOUT_S = env.float("WS_PING_TIMEOUT_S", default=20.0)
# The proxies whose X-Forwarded-For is believed (comma-separated addresses or networks, or "*"). uvicorn's
# default: only a proxy on this machine. "*" is right only where no client can reach the server but
# through the proxy (deploy/compose.yaml): anywhere else, a client would choose its own address.
FORWARDED_ALLOW_IPS = env.str("FORWARDED_ALLOW_IPS", default="127.0.0.1,::1")
# uvicorn's access log, a line per HTTP request and WebSocket handshake: on in development; off in
# production, where the proxy logs every request already (deploy/nginx.conf) and formatting the line
# through the standard logging module was 3% of a worker's CPU with moves over HTTP.
ACCESS_LOG = env.bool("ACCESS_LOG", default=DEBUG)
# --- end issue 23 (edge)
# --- issue 23 (realtime): WebSocket ceilings per address and per player
# WebSockets open at once, counted over every process (Redis) and released when they close; 0: no
# ceiling; RATE_LIMITS=false lifts them too (a load test plays from one address). The client opens one
# per tab. 64 per address: a household holds a handful, a classroom or office NAT of 30 players with
# two tabs each 60; and below the edge's 100 sockets per address and process (MAX_CONNECTIONS_PER_ADDRESS)
# so that the refusal a client can read (429, why, Retry-After) comes first. 16 per player: a few tabs
# on a few devices; more is a script.
WS_MAX_CONNECTIONS_PER_ADDRESS = env.int("WS_MAX_CONNECTIONS_PER_ADDRESS", default=64)
WS_MAX_CONNECTIONS_PER_PLAYER = env.int("WS_MAX_CONNECTIONS_PER_PLAYER", default=16)
# --- end issue 23 (realtime)
# --- issue 23 (tokens): bearer token lifetime
# Days a bearer token may go unused before it stops working (sliding: each use starts the count again;
# 0: never). A token is a player's only credential, so expiry ends the account: 90 days, the inactive
# lifetime of Microsoft's refresh tokens, outlasts a long break; a leak is stopped by rotating or revoking.
TOKEN_IDLE_DAYS = env.float("TOKEN_IDLE_DAYS", default=90.0)
# --- end issue 23 (tokens)
# --- issue 23 (faults): database connections under faults
# PostgreSQL sessions per server process, at most: DATABASE_THREADS (GraphQL, bearer tokens, the replay
# export) + DJANGO_DATABASE_REQUESTS (the other Django routes: admin, pages) + 1 (/healthz, a thread
# of its own so that a busy process still answers it) + TIMER_THREADS in embedded mode (no Redis).
# With the defaults 8 + 4 + 1 (+ 4): 2 workers stay far below PostgreSQL's max_connections of 100.
# Django routes at once (each holds one session until its response is built; static files excepted):
# the admin's few staff and the odd page.
DJANGO_DATABASE_REQUESTS = env.int("DJANGO_DATABASE_REQUESTS", default=4)
# How long a request waits for a database thread (or a Django route for its slot) before it is told
# SERVICE_UNAVAILABLE with Retry-After. psycopg_pool waits 30 s and PgBouncer 120 s, for batch work; a
# player is better told to retry after 10 s than left waiting.
DATABASE_QUEUE_SECONDS = env.float("DATABASE_QUEUE_SECONDS", default=10.0)
DATABASE_SESSIONS_PER_PROCESS = DATABASE_THREADS + DJANGO_DATABASE_REQUESTS + 1
# --- end issue 23 (faults)
# --- issue 23 (timers): timers while Redis is down
# While the timer store (Redis) cannot be reached, each timer worker fires due deadlines straight from
# the database, polling it this often (api/matches/timers/sweep.py) until the store answers again.
# 500 ms: deadlines are seconds long, so half a second late is still a game; an index scan twice a
# second per worker is nothing to the database, where a 10 ms poll would be 100 queries a second each.
TIMER_DATABASE_POLL_MS = env.int("TIMER_DATABASE_POLL_MS", default=500)
# --- end issue 23 (timers)
# --- issue 23 (churn): admin login throttling
# Attempts at /admin/login/ (every POST, right or wrong), counted before the password is hashed: the
# hash is the cost (PBKDF2, 0.2 s of CPU each here), so a throttle after it would not help.
# Per address in django-axes' spirit: a person who mistypes retries a few times a minute, a guesser
# thousands of times an hour. Per username, over every address, so that guesses spread over many
# addresses stop too; it can lock the real account for the hour (as axes does), which a correct
# password does not lift.
RATE_LIMIT_ADMIN_LOGIN_PER_IP = env.str("RATE_LIMIT_ADMIN_LOGIN_PER_IP", default="5/minute;30/hour")
RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME = env.str("RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME", default="10/hour")
# --- end issue 23 (churn)
# --- stand-ins: presence and bots that play for absent players (issue 24) -------------------------
# A seat's player is "connected" while a matchUpdates subscription of theirs to the match lives on any
# process: renewed every third of this, it lapses this long after its process died without a word.
PRESENCE_TTL_SECONDS = env.float("PRESENCE_TTL_SECONDS", default=30.0)
# How often each process looks whether the players of the matches it serves came or went (one Redis
# call for all of them): the most a table waits to see a player on another server arrive or leave.
PRESENCE_POLL_SECONDS = env.float("PRESENCE_POLL_SECONDS", default=3.0)
# Deadlines in a row an absent player (no live subscription) lets pass before the game's bot plays their
# seat; 0: never. 1, as BGA's tables do for a player who left: a table of people waits one deadline, not many.
STAND_IN_AFTER_MISSED_DEADLINES = env.int("STAND_IN_AFTER_MISSED_DEADLINES", default=1)
# How a match in which a bot stood in is rated: "rated" (as played: the absent player answers for the
# seat), "absent-unrated" (the absent players are left out, the others rated among themselves) or "unrated".
LEADERBOARD_STAND_IN_POLICY = env.str("LEADERBOARD_STAND_IN_POLICY", default="rated")
# --- end stand-ins
