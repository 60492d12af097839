"""Group messages sent to Redis from a thread of their own, for writers that are not on an event loop.

A move commits on a database thread. Its nudge used to go back to the request's event loop to be
published there, because the layer's connections belong to that loop. On a busy loop that cost a turn
of the loop on the way out, and another for Redis's reply before the next batch could leave. In a
closed loop over HTTP (Daredevil Rock, two workers, about 230 moves/s), nudges reached the other worker
272 ms after the commit at the median and 612 ms at p99; sent from here, 83 and 175 ms
(docs/performance-log.md).

The writer only queues its message and never waits on Redis. The thread sends whatever is queued in
one pipelined round trip per Redis server, in the order it was queued. While Redis is down it drops
what it cannot send, and subscribers poll meanwhile, as the layer does (api/common/layers.py). It logs
the outage once, and tries again with the next message, at most every ``RETRY_SECONDS``.

A writer may instead send a message itself (``send_now``), when the thread would have to wait for the
interpreter: behind a hundred updates its own event loop is about to send (api/matches/notify.py). It
waits ``NOW_TIMEOUT_SECONDS`` at most to connect and as long for Redis's answer, and after a failure
leaves messages to the thread for ``RETRY_SECONDS``.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
import structlog
from channels_redis.utils import _consistent_hash
from redis.backoff import NoBackoff
from redis.retry import Retry

log = structlog.get_logger(__name__)

RETRY_SECONDS = 1.0  # how often a process whose Redis is down tries again (here and the layer's receiver)
# What an unreachable Redis raises: redis-py's own errors, or the socket's when it fails underneath them.
UNREACHABLE = (redis.RedisError, OSError)
# Options of a channels_redis host that redis-py's client takes as they are.
CLIENT_OPTIONS = ("socket_connect_timeout", "socket_timeout")
# The longest a writer's own send waits for Redis (connect or answer): a local PUBLISH answers in a
# fraction of a millisecond, and a Redis that stopped answering must not hold the writer's move.
NOW_TIMEOUT_SECONDS = 0.05


class Publisher:
    """PUBLISH to channels_redis's group channels from any thread, without waiting."""

    def __init__(
        self, hosts: Sequence[dict[str, Any]], prefix: str, serialize: Callable[[Any], bytes]
    ) -> None:
        self._hosts = list(hosts)
        self._prefix = prefix
        self._serialize = serialize
        self._queue: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()
        self._clients: list[redis.Redis | None] = [None] * len(self._hosts)
        self._now_clients: list[redis.Redis | None] = [None] * len(self._hosts)  # for send_now
        self._now_off_until = 0.0  # monotonic: send_now declines until then (it failed)
        self._down_since: float | None = None
        self._last_try = 0.0
        self._thread: threading.Thread | None = None
        self._starting = threading.Lock()
        self._queued = 0  # messages queued so far, and those sent or dropped: for ``settle``
        self._handled = 0
        self._progress = threading.Condition()

    @staticmethod
    def usable(hosts: Sequence[dict[str, Any]]) -> bool:
        """Can every host be reached by address (not through Sentinel, which the layer also allows)?"""
        return bool(hosts) and all("address" in host and "master_name" not in host for host in hosts)

    def group_send(self, group: str, message: dict[str, Any]) -> None:
        """As the layer's ``group_send``, queued: returns at once, from any thread."""
        with self._progress:
            self._queued += 1
            self._queue.put((self._channel(group), self._serialize(message)))
        if self._thread is None:
            self._start()

    def send_now(self, group: str, message: dict[str, Any]) -> bool:
        """As ``group_send``, but sent from the calling thread, returning once Redis has it (True).
        False, having sent nothing, while Redis is down or for ``RETRY_SECONDS`` after a failure here:
        then queue it with ``group_send``."""
        if self._down_since is not None or time.monotonic() < self._now_off_until:
            return False
        channel = self._channel(group)
        shard = _consistent_hash(channel, len(self._hosts))
        try:
            self._now_client(shard).publish(channel, self._serialize(message))
        except UNREACHABLE:
            self._now_off_until = time.monotonic() + RETRY_SECONDS
            return False
        return True

    def _channel(self, group: str) -> str:
        # channels_redis's group channel name (RedisPubSubLoopLayer._get_group_channel_name).
        return f"{self._prefix}__group__{group}"

    def settle(self, timeout: float) -> bool:
        """Wait until every message queued before this call is sent or dropped, ``timeout`` seconds at
        most (a process about to stop lets its last nudges leave); whether they all were."""
        with self._progress:
            queued = self._queued
            return self._progress.wait_for(lambda: self._handled >= queued, timeout)

    def _start(self) -> None:
        with self._starting:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="nudges", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                self._send(batch)
            except Exception:
                # Not Redis (that is dropped in _send): a bug. Keep sending what comes next rather than
                # let the thread die, which would leave every subscriber to its poll from now on.
                log.exception("nudges_send_failed", dropped=len(batch))
            with self._progress:
                self._handled += len(batch)
                self._progress.notify_all()

    def _send(self, batch: list[tuple[str, bytes]]) -> None:
        if self._down_since is not None and time.monotonic() - self._last_try < RETRY_SECONDS:
            return  # dropped: Redis was down a moment ago
        self._last_try = time.monotonic()
        shards: dict[int, list[tuple[str, bytes]]] = {}
        for channel, data in batch:
            shards.setdefault(_consistent_hash(channel, len(self._hosts)), []).append((channel, data))
        try:
            for shard, messages in shards.items():
                pipe = self._client(shard).pipeline(transaction=False)
                for channel, data in messages:
                    pipe.publish(channel, data)
                pipe.execute()
        except UNREACHABLE as error:
            if self._down_since is None:
                self._down_since = time.monotonic()
                log.warning("nudges_dropped_redis_unreachable", error=f"{type(error).__name__}: {error}")
            return
        if self._down_since is not None:
            log.info("nudges_resumed", outage_s=round(time.monotonic() - self._down_since, 1))
            self._down_since = None

    def _client(self, shard: int) -> redis.Redis:
        client = self._clients[shard]
        if client is None:
            host = self._hosts[shard]
            options = {name: host[name] for name in CLIENT_OPTIONS if name in host}
            # One immediate retry: a connection Redis dropped when it restarted is replaced at once.
            client = redis.Redis.from_url(host["address"], retry=Retry(NoBackoff(), 1), **options)
            self._clients[shard] = client
        return client

    def _now_client(self, shard: int) -> redis.Redis:
        """The shard's client for ``send_now``: any writer's thread may use it (its pool gives each
        thread a connection of its own), and it waits ``NOW_TIMEOUT_SECONDS`` at most for each step."""
        client = self._now_clients[shard]
        if client is None:
            with self._starting:
                client = self._now_clients[shard]
                if client is None:
                    # No retry: a connection Redis dropped when it restarted fails this message over
                    # to the thread, which sends it at once.
                    client = self._now_clients[shard] = redis.Redis.from_url(
                        self._hosts[shard]["address"],
                        retry=Retry(NoBackoff(), 0),
                        socket_connect_timeout=NOW_TIMEOUT_SECONDS,
                        socket_timeout=NOW_TIMEOUT_SECONDS,
                    )
        return client
