"""How many WebSockets one address, or one player, holds open at once: a ceiling, counted over every
server process.

The connect rate limit says how fast sockets may be opened, not how many may stay open: one address held
293 after 90 s (issue 23). Each open socket takes a *hold* on its address (at the handshake) and on its
player (at `connection_init`); a socket past the ceiling is refused.

With Redis, holds are one sorted set per address or player: a member per socket, scored with the moment
(Redis's clock) its hold expires. Every process renews its own sockets' holds every ``RENEW_SECONDS``, so
the holds of a process that died without releasing them (SIGKILL, out of memory) lapse ``HOLD_SECONDS``
later instead of counting forever; admission drops lapsed holds, counts and adds in one script. Without
Redis (embedded mode: one process) the same is kept in this process's memory. A Redis that does not
answer admits the socket (logged): like the rate limiter, an outage of the counter must not take the
games down with it; the renewal adds the hold once Redis is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
import weakref
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
import structlog
from django.conf import settings
from redis.exceptions import RedisError

from api.common import lapsing

log = structlog.get_logger(__name__)

HOLD_SECONDS = 90.0  # a dead process's holds lapse this long after its last renewal
RENEW_SECONDS = 30.0  # three renewals per hold lifetime: one failed renewal does not drop it
# When a refused client may try again: no set time frees a socket (another one has to close), so this
# is the pause a reconnecting client should take rather than hammer the handshake.
RETRY_AFTER_SECONDS = 30
TOO_MANY_CONNECTIONS = "TOO_MANY_CONNECTIONS"
DOWN_RETRY_SECONDS = 1.0  # after Redis failed to answer, admit without asking it for this long

# KEYS[1]: the sorted set; ARGV: member, ceiling, hold ms. 1 when admitted, 0 when refused.
_ADMIT = """
local now = redis.call('TIME')
local now_ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == false
   and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now_ms + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
"""


@dataclass(frozen=True)
class Hold:
    """One socket's place under one ceiling; ``release`` gives it back."""

    key: str
    member: str

    async def release(self) -> None:
        await _ceilings().release(self)


def ceiling(kind: str) -> int:
    """The ceiling for ``kind`` ("address" or "player"); 0 when there is none.

    RATE_LIMITS=false (a trusted load test: one address plays for a hundred players) lifts them too."""
    if not settings.RATE_LIMITS:
        return 0
    name = {"address": "WS_MAX_CONNECTIONS_PER_ADDRESS", "player": "WS_MAX_CONNECTIONS_PER_PLAYER"}[kind]
    return int(getattr(settings, name))


async def take(kind: str, who: object) -> Hold | None:
    """A hold on ``who``'s ceiling of ``kind`` (for nothing when there is no ceiling); None when full."""
    limit = ceiling(kind)
    hold = Hold(f"{settings.REDIS_KEY_PREFIX}:ws:{kind}:{who}", uuid.uuid4().hex)
    if limit <= 0:
        return hold  # counted nowhere; releasing it is a no-op
    return hold if await _ceilings().admit(hold, limit) else None


@dataclass(eq=False)
class _Ceilings:
    """This event loop's holds, and their renewal in Redis (one Redis client per event loop)."""

    redis: Any = None
    held: dict[str, set[str]] = field(default_factory=dict)
    local: dict[str, dict[str, float]] = field(default_factory=dict)  # without Redis: member -> expiry
    renewal: asyncio.Task[None] | None = None
    down_until: float = 0.0  # monotonic time until which Redis is taken as down

    async def admit(self, hold: Hold, limit: int) -> bool:
        if self.redis is None:
            admitted = self._admit_here(hold, limit)
        else:
            admitted = await self._admit_in_redis(hold, limit)
        if admitted:
            self.held.setdefault(hold.key, set()).add(hold.member)
            self._renew_soon()
        return admitted

    async def release(self, hold: Hold) -> None:
        members = self.held.get(hold.key)
        if members is None or hold.member not in members:
            return
        members.discard(hold.member)
        if not members:
            del self.held[hold.key]
        if self.redis is None:
            holders = self.local.get(hold.key, {})
            holders.pop(hold.member, None)
            if not holders:
                self.local.pop(hold.key, None)
            return
        try:
            await self.redis.zrem(hold.key, hold.member)
        except (RedisError, OSError) as error:  # it lapses by itself
            log.warning("ws_ceiling_release_failed", error=f"{type(error).__name__}: {error}")

    def _admit_here(self, hold: Hold, limit: int) -> bool:
        now = time.monotonic()
        holders = {m: t for m, t in self.local.get(hold.key, {}).items() if t > now}
        if len(holders) >= limit:
            self.local[hold.key] = holders
            return False
        holders[hold.member] = now + HOLD_SECONDS
        self.local[hold.key] = holders
        return True

    async def _admit_in_redis(self, hold: Hold, limit: int) -> bool:
        if time.monotonic() < self.down_until:  # no handshake waits on a Redis known to be down
            return True
        try:
            return bool(
                await self.redis.eval(_ADMIT, 1, hold.key, hold.member, limit, int(HOLD_SECONDS * 1000))
            )
        except (RedisError, OSError) as error:
            self.down_until = time.monotonic() + DOWN_RETRY_SECONDS
            log.warning("ws_ceiling_unavailable", error=f"{type(error).__name__}: {error}")
            return True  # fail open: see the module docstring

    def _renew_soon(self) -> None:
        if self.renewal is None or self.renewal.done():
            self.renewal = asyncio.ensure_future(self._renew_while_held())

    async def _renew_while_held(self) -> None:
        """Every RENEW_SECONDS, push back the expiry of every hold this loop still has; stop when none."""
        while self.held:
            await asyncio.sleep(RENEW_SECONDS)
            await self.renew()

    async def renew(self) -> None:
        if self.redis is None:
            expires = time.monotonic() + HOLD_SECONDS
            for key, members in self.held.items():
                self.local.setdefault(key, {}).update(dict.fromkeys(members, expires))
            return
        keys, arguments = lapsing.renewal(self.held, int(HOLD_SECONDS * 1000))
        try:
            await self.redis.eval(lapsing.RENEW, len(keys), *keys, *arguments)
        except (RedisError, OSError) as error:
            log.warning("ws_ceiling_renewal_failed", error=f"{type(error).__name__}: {error}")


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Ceilings] = weakref.WeakKeyDictionary()


def _ceilings() -> _Ceilings:
    loop = asyncio.get_running_loop()
    held = _by_loop.get(loop)
    if held is None:
        client = None
        if settings.REDIS_URL:
            client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
        held = _by_loop[loop] = _Ceilings(redis=client)
    return held


def forget() -> None:
    """Drop this loop's holds without releasing them (tests: as if the process had died)."""
    with contextlib.suppress(RuntimeError):
        held = _by_loop.pop(asyncio.get_running_loop(), None)
        if held is not None and held.renewal is not None:
            held.renewal.cancel()
