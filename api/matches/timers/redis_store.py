"""Timers in Redis: one sorted set of due entries plus one hash per match, changed only by Lua.

Keys (``P`` = settings.TIMER_KEY_PREFIX):
  P:due          sorted set, member "<match_id>|<deadline_id>", score = due time or lease (ms)
  P:m:<match_id> hash deadline_id -> armed at_ms, so a match's entries are found in O(k)
  P:armed        written by every re-arm from the database: its absence means the keys were flushed
                 or Redis restarted empty, and ``claim`` reports it (see TimerStore.armed)
  P:sooner       a pub/sub channel: a mirror that makes an entry the earliest of ``P:due`` publishes
                 its due time there, and so does every re-arm, for the workers sleeping until the next
                 deadline (``listen_for_sooner``)

Every change is a script, so each is atomic against the others. ``claim`` reads Redis's own clock
(``TIME``): workers on different hosts agree on what is due without trusting their own clocks.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace

import redis
import structlog
from redis.backoff import ExponentialWithJitterBackoff
from redis.client import PubSub
from redis.exceptions import RedisError
from redis.retry import Retry

from api.matches.timers.store import Claim, DeadlineTuple, Wake

# A Lua function for the scripts below: the lowest score in the sorted set ``due`` (nil: empty).
_EARLIEST = """
local function earliest(due)
  local first = redis.call('ZRANGE', due, 0, 0, 'WITHSCORES')
  return first[2] and tonumber(first[2])
end
"""

# KEYS: due, match hash. ARGV: sooner channel, match_id, then deadline_id, at_ms pairs.
# An entry re-armed with the same at_ms keeps its current score: if it is leased, a second worker
# must not get it again just because an unrelated move re-mirrored the match. An entry that becomes
# the earliest is published: a worker may be asleep until the one that was earliest before.
_MIRROR = (
    _EARLIEST
    + """
local before = earliest(KEYS[1])
local old = redis.call('HGETALL', KEYS[2])
local was, new = {}, {}
for i = 1, #old, 2 do was[old[i]] = old[i + 1] end
for i = 3, #ARGV, 2 do new[ARGV[i]] = ARGV[i + 1] end
for id, _ in pairs(was) do
  if new[id] == nil then redis.call('ZREM', KEYS[1], ARGV[2] .. '|' .. id) end
end
redis.call('DEL', KEYS[2])
for i = 3, #ARGV, 2 do
  local id, at = ARGV[i], ARGV[i + 1]
  local member = ARGV[2] .. '|' .. id
  if was[id] ~= at or not redis.call('ZSCORE', KEYS[1], member) then
    redis.call('ZADD', KEYS[1], at, member)
  end
  redis.call('HSET', KEYS[2], id, at)
end
local after = earliest(KEYS[1])
if after and (not before or after < before) then redis.call('PUBLISH', ARGV[1], after) end
return 1
"""
)

# KEYS: due, match hash. ARGV: match_id, then deadline_id, at_ms pairs. Adds only what is missing.
_ARM = """
for i = 2, #ARGV, 2 do
  local member = ARGV[1] .. '|' .. ARGV[i]
  if not redis.call('ZSCORE', KEYS[1], member) then
    redis.call('ZADD', KEYS[1], ARGV[i + 1], member)
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  end
end
return 1
"""

# A Lua function for the scripts below: the now_ms override, or Redis's own clock when it is ''.
_NOW = """
local function clock(override)
  if override ~= '' then return tonumber(override) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
"""

# KEYS: due, armed. ARGV: limit, lease_ms, now_ms override ('' = Redis TIME). Returns the clock, the
# lease, the members claimed, whether the store is armed, and the lowest score left (false: none).
_CLAIM = (
    _NOW
    + _EARLIEST
    + """
local now = clock(ARGV[3])
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
local lease = now + tonumber(ARGV[2])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', lease, member) end
return {now, lease, due, redis.call('EXISTS', KEYS[2]), earliest(KEYS[1]) or false}
"""
)

# KEYS: due. ARGV: lease_ms, now_ms override, then member, current lease pairs.
# Only an entry still carrying its lease is renewed: one re-armed or acked meanwhile is not ours.
_RENEW = (
    _NOW
    + """
local lease = clock(ARGV[2]) + tonumber(ARGV[1])
local renewed = {}
for i = 3, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == tonumber(ARGV[i + 1]) then
    redis.call('ZADD', KEYS[1], 'XX', lease, ARGV[i])
    renewed[#renewed + 1] = ARGV[i]
  end
end
return {lease, renewed}
"""
)

# KEYS: due, match hash. ARGV: member, lease, deadline_id.
_ACK = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[3])
  return 1
end
return 0
"""


log = structlog.get_logger(__name__)

SOONER_WAIT_S = 0.5  # how long the listener waits for a message before it looks at ``close`` again
SOONER_RETRY_S = 1.0  # between two tries to subscribe, while Redis cannot be reached


class RedisStore:
    def __init__(self, client: redis.Redis, *, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.due_key = f"{prefix}:due"
        self.armed_key = f"{prefix}:armed"
        self.sooner_channel = f"{prefix}:sooner"
        self.armed = False  # as the last claim found it; False until one has run
        self.due_in_ms: int | None = None  # as the last claim found it
        self._mirror = client.register_script(_MIRROR)
        self._arm = client.register_script(_ARM)
        self._claim = client.register_script(_CLAIM)
        self._renew = client.register_script(_RENEW)
        self._ack = client.register_script(_ACK)

    @classmethod
    def from_url(cls, url: str, *, prefix: str) -> RedisStore:
        # Few, short retries: mirror runs inside a request's on_commit, and redis-py's default
        # (3 retries, backoff up to 10 s) would stall every move for seconds while Redis is down.
        retry = Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), 2)
        client = redis.Redis.from_url(
            url, socket_connect_timeout=2, socket_timeout=5, retry=retry, health_check_interval=30
        )
        return cls(client, prefix=prefix)

    def match_key(self, match_id: int) -> str:
        return f"{self.prefix}:m:{match_id}"

    def mirror(self, match_id: int, deadlines: Sequence[DeadlineTuple]) -> None:
        args = [self.sooner_channel, *_args(match_id, deadlines)]
        self._mirror(keys=[self.due_key, self.match_key(match_id)], args=args)

    def arm(self, by_match: Mapping[int, Sequence[DeadlineTuple]]) -> None:
        # One round trip for the lot: rearm_all may pass thousands of matches.
        with self.client.pipeline(transaction=False) as pipe:
            for match_id, deadlines in by_match.items():
                if deadlines:
                    keys = [self.due_key, self.match_key(match_id)]
                    self._arm(keys=keys, args=_args(match_id, deadlines), client=pipe)
            pipe.set(self.armed_key, 1)
            # Once for the lot (it may bring back entries due before a sleeping worker's next one).
            pipe.publish(self.sooner_channel, "arm")
            pipe.execute()

    def claim(self, *, limit: int, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        keys = [self.due_key, self.armed_key]
        now, lease, members, armed, earliest = self._claim(
            keys=keys, args=[limit, lease_ms, _now_arg(now_ms)]
        )
        self.armed = bool(armed)
        self.due_in_ms = None if earliest is None else int(earliest) - int(now)
        return [_claim(member, int(lease), int(now)) for member in members]

    def listen_for_sooner(self, wake: Wake) -> SoonerListener:
        return SoonerListener(self.client, self.sooner_channel, wake)

    def renew(self, claims: Sequence[Claim], *, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        if not claims:
            return []
        by_member = {_member(claim): claim for claim in claims}
        args: list[str | int] = [lease_ms, _now_arg(now_ms)]
        for member, claim in by_member.items():
            args += [member, claim.lease_ms]
        lease, renewed = self._renew(keys=[self.due_key], args=args)
        return [replace(by_member[_text(member)], lease_ms=int(lease)) for member in renewed]

    def ack(self, claim: Claim) -> bool:
        keys = [self.due_key, self.match_key(claim.match_id)]
        return bool(self._ack(keys=keys, args=[_member(claim), claim.lease_ms, claim.deadline_id]))

    def scheduled(self, match_id: int) -> dict[str, int]:
        ids = [_text(key) for key in self.client.hkeys(self.match_key(match_id))]
        scores = self.client.zmscore(self.due_key, [f"{match_id}|{i}" for i in ids]) if ids else []
        return {i: int(s) for i, s in zip(ids, scores, strict=True) if s is not None}

    def clear(self) -> None:
        keys = list(self.client.scan_iter(match=f"{self.prefix}:*", count=500))
        if keys:
            self.client.unlink(*keys)


class SoonerListener:
    """The store's sooner channel, heard on a thread of its own: ``wake`` for every message, and once
    subscribed (what was published before went unheard). Cut off, it subscribes again every
    ``SOONER_RETRY_S``, and is not ``live`` meanwhile."""

    def __init__(self, client: redis.Redis, channel: str, wake: Wake) -> None:
        self._client, self._channel, self._wake = client, channel, wake
        self._live = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="timer-sooner", daemon=True)
        self._thread.start()

    def live(self) -> bool:
        return self._live

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=SOONER_WAIT_S * 4)

    def _run(self) -> None:
        while not self._stop.is_set():
            pubsub = self._client.pubsub()
            try:
                self._listen(pubsub)
            except RedisError as error:
                log.info("timer_sooner_cut_off", error=f"{type(error).__name__}: {error}")
            except Exception:
                log.exception("timer_sooner_failed")  # a bug: the loop polls meanwhile
            finally:
                self._live = False
                pubsub.close()
            self._stop.wait(SOONER_RETRY_S)

    def _listen(self, pubsub: PubSub) -> None:
        pubsub.subscribe(self._channel)
        while not self._stop.is_set():
            message = pubsub.get_message(timeout=SOONER_WAIT_S)
            if message is None:
                continue
            self._wake()
            if message["type"] == "subscribe":
                self._live = True  # subscribed: from now on, nothing published goes unheard


def _args(match_id: int, deadlines: Sequence[DeadlineTuple]) -> list[str | int]:
    args: list[str | int] = [str(match_id)]
    for deadline_id, at_ms, _kind in deadlines:
        args += [deadline_id, str(int(at_ms))]
    return args


def _now_arg(now_ms: int | None) -> str:
    return "" if now_ms is None else str(int(now_ms))


def _member(claim: Claim) -> str:
    return f"{claim.match_id}|{claim.deadline_id}"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _claim(member: bytes, lease: int, now: int) -> Claim:
    match_id, deadline_id = _text(member).split("|", 1)
    return Claim(int(match_id), deadline_id, lease, now)
