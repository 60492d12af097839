"""Who is at a table: the players with a live ``matchUpdates`` subscription to a match, on any process.

No database write per connect or disconnect. With Redis, one sorted set per match: a member per
(player, server process), scored with the moment (Redis's clock) it lapses. The process renews its
members every third of ``PRESENCE_TTL_SECONDS`` while their subscriptions live and removes a member
when the player's last subscription there ends; the members of a process that died without a word
(SIGKILL, out of memory) lapse on their own, so a dead server never keeps a player "here". Without
Redis (embedded mode: one process) the same is kept in this process's memory.

A Redis that does not answer says nobody is here (logged): a stand-in may then take a seat a
deadline early, which the player undoes by moving; a table never stalls on the outage.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterable, Mapping
from functools import cache

import redis
import structlog
from django.conf import settings
from redis.exceptions import RedisError

from api.common import lapsing

log = structlog.get_logger(__name__)

PROCESS = uuid.uuid4().hex[:12]  # this process's part of its members: two servers hold apart

# KEYS: the matches' sets. Their live members, one list per key.
_READ = """
local now = redis.call('TIME')
local now_ms = now[1] * 1000 + math.floor(now[2] / 1000)
local out = {}
for i, key in ipairs(KEYS) do
  out[i] = redis.call('ZRANGEBYSCORE', key, '(' .. now_ms, '+inf')
end
return out
"""


def ttl_seconds() -> float:
    return float(getattr(settings, "PRESENCE_TTL_SECONDS", 30.0))


def member(player_id: int) -> str:
    return f"{player_id}|{PROCESS}"


def _player_of(member: str | bytes) -> int:
    text = member.decode() if isinstance(member, bytes) else member
    return int(text.partition("|")[0])


class MemoryPresence:
    """Embedded mode: one process, so its own memory is every process's."""

    def __init__(self) -> None:
        self._lapses: dict[int, dict[str, float]] = {}
        self._lock = threading.Lock()

    def renew(self, held: Mapping[int, Iterable[int]]) -> None:
        lapses = time.monotonic() + ttl_seconds()
        with self._lock:
            for match_id, players in held.items():
                for player in players:
                    self._lapses.setdefault(match_id, {})[member(player)] = lapses

    def remove(self, match_id: int, player_id: int) -> None:
        with self._lock:
            self._lapses.get(match_id, {}).pop(member(player_id), None)

    def read(self, match_ids: list[int]) -> dict[int, frozenset[int]]:
        now = time.monotonic()
        with self._lock:
            return {
                match_id: frozenset(
                    _player_of(held) for held, at in self._lapses.get(match_id, {}).items() if at > now
                )
                for match_id in match_ids
            }


class RedisPresence:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self._client = client
        self._prefix = prefix
        self._renew = client.register_script(lapsing.RENEW)
        self._read = client.register_script(_READ)

    def key(self, match_id: int) -> str:
        return f"{self._prefix}:presence:{match_id}"

    def renew(self, held: Mapping[int, Iterable[int]]) -> None:
        members = {
            self.key(match_id): [member(player) for player in players] for match_id, players in held.items()
        }
        keys, argv = lapsing.renewal(members, int(ttl_seconds() * 1000))
        if keys:
            self._renew(keys=keys, args=argv)

    def remove(self, match_id: int, player_id: int) -> None:
        self._client.zrem(self.key(match_id), member(player_id))

    def read(self, match_ids: list[int]) -> dict[int, frozenset[int]]:
        if not match_ids:
            return {}
        lists = self._read(keys=[self.key(match_id) for match_id in match_ids])
        return {
            match_id: frozenset(_player_of(held) for held in members)
            for match_id, members in zip(match_ids, lists, strict=True)
        }


@cache
def _store_for(url: str, prefix: str) -> MemoryPresence | RedisPresence:
    if not url:
        return MemoryPresence()
    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    return RedisPresence(client, prefix)


def store() -> MemoryPresence | RedisPresence:
    return _store_for(settings.REDIS_URL, settings.REDIS_KEY_PREFIX)


def connected(match_ids: list[int]) -> dict[int, frozenset[int]]:
    """The players with a live subscription to each match (nobody, when Redis does not answer)."""
    try:
        return store().read(match_ids)
    except RedisError:
        log.warning("presence_read_failed", matches=len(match_ids))
        return dict.fromkeys(match_ids, frozenset())


def connected_players(match_id: int) -> frozenset[int]:
    return connected([match_id])[match_id]


def renew(held: Mapping[int, Iterable[int]]) -> None:
    """Mark these players of these matches here for another ``PRESENCE_TTL_SECONDS``."""
    try:
        store().renew(held)
    except RedisError:
        log.warning("presence_renew_failed", matches=len(held))


def remove(match_id: int, player_id: int) -> None:
    """This process no longer holds a subscription of the player to the match."""
    try:
        store().remove(match_id, player_id)
    except RedisError:
        log.warning("presence_remove_failed", match_id=match_id)  # it lapses on its own
