"""Rate limits, with the `limits` library: Redis storage when REDIS_URL is set, this process's memory if not.

Each rule is a setting in the library's notation ("10/second;300/minute"), counted per key: an IP
address, a player, a WebSocket connection. ``hit`` returns ``None`` when the request may go on, or a
``Refusal`` that says how long to wait. A limiter that cannot reach Redis lets requests through (and
logs it): an outage of the limiter must not take the games down with it.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

import structlog
from django.conf import settings
from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.storage import storage_from_string

from api.common.from_settings import FromSettings

log = structlog.get_logger(__name__)

RATE_LIMITED = "RATE_LIMITED"

# rule -> (setting, what it counts, for the refusal's sentence)
RULES: dict[str, tuple[str, str]] = {
    "http": ("RATE_LIMIT_HTTP_PER_IP", "requests from your address"),
    "register": ("RATE_LIMIT_REGISTER_PER_IP", "registrations from your address"),
    "ws_connect": ("RATE_LIMIT_WS_CONNECT_PER_IP", "WebSocket connections from your address"),
    "ws_message": ("RATE_LIMIT_WS_MESSAGES_PER_CONNECTION", "messages on this connection"),
    "player": ("RATE_LIMIT_PLAYER_ACTIONS", "actions by your player"),
    "lobby": ("RATE_LIMIT_LOBBY_PER_PLAYER", "lobbies created or joined by your player"),
    "admin_login": ("RATE_LIMIT_ADMIN_LOGIN_PER_IP", "admin login attempts from your address"),
    "admin_login_username": ("RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME", "admin login attempts for this username"),
}


@dataclass(frozen=True)
class Refusal:
    """Too many requests: wait ``retry_after`` seconds."""

    code: str
    message: str
    retry_after: float

    @property
    def retry_after_header(self) -> str:
        """Whole seconds, rounded up, for an HTTP ``Retry-After`` header."""
        return str(max(1, int(-(-self.retry_after // 1))))


class Limiter:
    def __init__(self, storage: Storage, rules: dict[str, list[RateLimitItem]]) -> None:
        self.storage = storage
        self.strategy = SlidingWindowCounterRateLimiter(storage)
        self.rules = rules

    async def hit(self, rule: str, key: str) -> Refusal | None:
        """Count one request of ``rule`` for ``key``; a Refusal when any of its limits is spent."""
        wait = 0.0
        for item in self.rules.get(rule, ()):
            try:
                if await self.strategy.hit(item, rule, key):
                    continue
                stats = await self.strategy.get_window_stats(item, rule, key)
            except Exception as error:  # fail open: see the module docstring
                log.warning("rate_limit_storage_failed", rule=rule, error=str(error))
                return None
            wait = max(wait, stats.reset_time - time.time(), 0.1)
        if not wait:
            return None
        what = RULES[rule][1]
        return Refusal(RATE_LIMITED, f"Too many {what}; try again in {wait:.1f} s.", round(wait, 1))


def _rules() -> dict[str, list[RateLimitItem]]:
    return {rule: parse_many(getattr(settings, name)) for rule, (name, _what) in RULES.items()}


@functools.cache
def _limiter(enabled: bool, redis_url: str, prefix: str, rules: tuple[tuple[str, str], ...]) -> Limiter:
    # Cached per configuration: one storage (one Redis pool) per process; tests that change the
    # settings get a limiter of their own.
    if not enabled:
        return Limiter(MemoryStorage(), {})
    if redis_url:
        storage = storage_from_string(
            "async+" + redis_url,
            implementation="redispy",
            key_prefix=f"{prefix}:limits",
            socket_connect_timeout=1,
            socket_timeout=1,
        )
    else:
        storage = MemoryStorage()
    return Limiter(storage, _rules())


def _for_settings() -> Limiter:
    rules = tuple((name, str(getattr(settings, name))) for name, _what in RULES.values())
    return _limiter(bool(settings.RATE_LIMITS), settings.REDIS_URL, settings.REDIS_KEY_PREFIX, rules)


# Asked for on every WebSocket message and request: reading its eleven settings each time was most of
# a message's rate limiting when the limits are off.
_current = FromSettings(
    {"RATE_LIMITS", "REDIS_URL", "REDIS_KEY_PREFIX", *(name for name, _what in RULES.values())}, _for_settings
)


def limiter() -> Limiter:
    """This process's limiter for the current settings."""
    return _current.get()


async def hit(rule: str, key: object) -> Refusal | None:
    return await limiter().hit(rule, str(key))


def reset() -> None:
    """Forget every limiter (tests): the next ``limiter()`` starts with empty counters."""
    _current.forget()
    _limiter.cache_clear()
