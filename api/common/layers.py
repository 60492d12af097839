"""The Redis channel layer: channels_redis's pub/sub layer, made to outlive Redis outages.

Why pub/sub: the write path publishes only nudges ("match X is at version N"), at most once, and every
subscriber re-reads the database, so nothing needs the list-based layer's stored messages. Pub/sub keeps
no state in Redis (nothing to lose when it restarts empty), sends a nudge with one PUBLISH, and has no
blocking read that redis-py's socket timeout could mistake for a dead server (issue 5, finding 2).

Why a subclass: channels_redis raises every Redis error into the caller, and for a WebSocket consumer the
caller is the connection itself, so an outage closed every socket and refused new ones. Here nothing
raises: while Redis is down a subscribe is remembered, a nudge is dropped, and one receiver task per
process retries every ``RETRY_SECONDS``; when Redis answers again it subscribes to everything that is
wanted and nudges flow again. Subscriptions poll the database faster meanwhile (see ``is_down`` and
``watch_health``, used by api/graphql/subscriptions.py).

This leans on channels_redis 4.3's pub/sub internals (``RedisSingleShardConnection`` and its
``_lock``, ``_pubsub``, ``_subscribed_to``; ``_get_layer``): pyproject pins it below 4.4, and an
upgrade must check them (tests/api/realtime fails if they change).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close, decode_hosts

# How often a process whose Redis is down tries again, and what an unreachable Redis raises: one
# definition for the layer's receiver and the publishing thread.
from api.common.publisher import RETRY_SECONDS, UNREACHABLE, Publisher

log = structlog.get_logger(__name__)


class ResilientRedisPubSubLayer(RedisPubSubChannelLayer):
    """``channels_redis.pubsub.RedisPubSubChannelLayer`` whose calls never fail because of Redis.

    Like its parent, it keeps one layer per event loop: the methods below are the running loop's, but
    for ``group_send_soon``, which any thread may call.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        hosts = decode_hosts(kwargs.get("hosts", args[0] if args else None))
        prefix = kwargs.get("prefix", "asgi")
        self._publisher = Publisher(hosts, prefix, self.serialize) if Publisher.usable(hosts) else None

    def is_down(self) -> bool:
        return self._get_layer().is_down()

    def group_send_soon(self, group: str, message: dict[str, Any]) -> bool:
        """``group_send`` from any thread, queued without waiting (api/common/publisher.py); False
        when the hosts are not ones it can reach (Sentinel): then send with ``group_send``."""
        if self._publisher is None:
            return False
        self._publisher.group_send(group, message)
        return True

    def group_send_now(self, group: str, message: dict[str, Any]) -> bool:
        """``group_send`` from any thread, sent from it at once (``Publisher.send_now``); False, having
        sent nothing, when it cannot be: then send it with ``group_send_soon``."""
        return self._publisher is not None and self._publisher.send_now(group, message)

    def settle_sends_soon(self, timeout: float) -> bool:
        """Wait until what ``group_send_soon`` queued so far has left (``timeout`` seconds at most)."""
        return self._publisher is None or self._publisher.settle(timeout)

    def _get_layer(self) -> ResilientLoopLayer:
        # The parent's, building our loop layer instead of channels_redis's.
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = ResilientLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer


class ResilientLoopLayer(RedisPubSubLoopLayer):
    """One event loop's channels and groups, over shards that survive an outage."""

    def __init__(self, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [ResilientShard(host, self) for host in decode_hosts(hosts)]
        self._health_watchers: weakref.WeakSet[asyncio.Event] = weakref.WeakSet()

    def is_down(self) -> bool:
        """Is Redis unreachable, so nudges are not getting through?"""
        return any(shard.down_since is not None for shard in self._shards)

    def watch_health(self, event: asyncio.Event) -> None:
        """Set ``event`` whenever Redis goes down or comes back (held weakly: no need to unwatch)."""
        self._health_watchers.add(event)

    def health_changed(self) -> None:
        for event in list(self._health_watchers):
            event.set()


@dataclass(eq=False)
class _Outbox:
    """Publishes sent together in one round trip, and the task sending them."""

    messages: list[tuple[str, bytes]] = field(default_factory=list)
    sending: asyncio.Future[None] | None = None


class ResilientShard(RedisSingleShardConnection):
    """One Redis server's subscriptions, remembered while it is down and restored when it is back."""

    channel_layer: ResilientLoopLayer

    def __init__(self, host: dict[str, Any], channel_layer: ResilientLoopLayer) -> None:
        super().__init__(host, channel_layer)
        # Every channel and group this process listens to, whether Redis has the subscription or not.
        self._wanted: set[str] = set()
        self.down_since: float | None = None  # monotonic time of the first failure of this outage
        self._outbox: _Outbox | None = None  # publishes waiting for the batch in flight to be sent
        self._sending = asyncio.Lock()

    async def subscribe(self, channel: str) -> None:
        self._wanted.add(channel)
        await self._unless_down(super().subscribe, channel)

    async def unsubscribe(self, channel: str) -> None:
        self._wanted.discard(channel)
        await self._unless_down(super().unsubscribe, channel)

    async def publish(self, channel: str, message: bytes) -> None:
        """Sent with every other publish waiting meanwhile, in one pipelined round trip; returns once
        Redis has it (or was found down: the nudge is dropped, subscribers poll meanwhile).

        channels_redis sends one PUBLISH at a time under the shard's lock: on a busy event loop each
        round trip takes milliseconds, so past a few hundred moves per second the nudges queued
        behind that lock for seconds (issue 6: measured at 2.3 s median, 5 s at p99) and every
        subscriber waited for its poll instead. Batching bounds the wait to two round trips at any rate.
        """
        if self.down_since is not None:  # a move must not wait on a connect timeout
            return
        batch = self._outbox
        if batch is None:
            batch = self._outbox = _Outbox()
            batch.sending = asyncio.ensure_future(self._send(batch))
        batch.messages.append((channel, message))
        await asyncio.shield(batch.sending)

    async def _send(self, batch: _Outbox) -> None:
        async with self._sending:  # one batch in flight; publishes meanwhile fill the next one
            if self._outbox is batch:
                self._outbox = None
            await self._unless_down(self._publish_all, batch.messages)

    async def _publish_all(self, messages: list[tuple[str, bytes]]) -> None:
        self._ensure_redis()
        async with self._redis.pipeline(transaction=False) as pipe:
            for channel, message in messages:
                pipe.publish(channel, message)
            await pipe.execute()

    async def flush(self) -> None:
        await super().flush()
        self._wanted = set()
        self.down_since = None

    async def _unless_down(self, command: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Run a Redis command, unless Redis is known to be down; a failure marks it down, never raises.

        What it would have done is not lost: the receiver reconciles subscriptions with ``_wanted``
        when Redis is back, and a dropped nudge is made up for by the subscribers' poll."""
        if self.down_since is not None:
            return
        try:
            await command(*args)
        except UNREACHABLE as error:
            self._went_down(error)

    async def _do_receiving(self) -> None:
        """Deliver messages to this process's channels; while Redis is down, retry every second."""
        while True:
            try:
                if self.down_since is not None:
                    await self._resubscribe()
                    self._came_back()
                if self._pubsub is not None and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except UNREACHABLE as error:
                self._went_down(error)
                await asyncio.sleep(RETRY_SECONDS)
            except Exception:
                # Not Redis: a bug. Keep delivering to everyone else rather than let the task die.
                log.exception("channel_layer_receive_failed")
                await asyncio.sleep(RETRY_SECONDS)

    async def _resubscribe(self) -> None:
        """Make Redis's subscriptions match ``_wanted``; raises while Redis is still unreachable.

        After a restart redis-py re-subscribes what it had on its own when the connection comes back;
        what was asked for during the outage never reached Redis, and is subscribed here."""
        async with self._lock:
            self._ensure_redis()
            await self._redis.ping()
            missing = self._wanted - self._subscribed_to
            if missing:
                await self._pubsub.subscribe(*missing)
                self._subscribed_to |= missing
            extra = self._subscribed_to - self._wanted
            if extra:
                await self._pubsub.unsubscribe(*extra)
                self._subscribed_to -= extra

    def _went_down(self, error: BaseException) -> None:
        if self.down_since is not None:
            return
        self.down_since = time.monotonic()
        log.warning(
            "channel_layer_unreachable", error=f"{type(error).__name__}: {error}", retry_s=RETRY_SECONDS
        )
        self._ensure_redis()
        self._ensure_receiver()  # it retries, even in a process that only publishes
        self.channel_layer.health_changed()

    def _came_back(self) -> None:
        if self.down_since is None:
            return
        outage_s = round(time.monotonic() - self.down_since, 1)
        self.down_since = None
        log.info("channel_layer_reconnected", outage_s=outage_s)
        self.channel_layer.health_changed()


def watch_layer_health(layer: Any, event: asyncio.Event) -> Callable[[], bool]:
    """Set ``event`` whenever ``layer`` loses or regains Redis; returns what says whether it cannot
    reach Redis now (never, for layers without Redis). Both are bound to the running loop's layer
    once: a subscription asks on every wait, and finding that layer each time was 4% of a worker's
    time under live load."""
    if not isinstance(layer, ResilientRedisPubSubLayer):
        return _never
    here = layer._get_layer()
    here.watch_health(event)
    return here.is_down


def _never() -> bool:
    return False
