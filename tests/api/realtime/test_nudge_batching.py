"""Nudges published at once go to Redis together (issue 6).

channels_redis publishes one message per round trip under a lock: on a loaded server (hundreds of
moves per second) nudges queued behind it for seconds, and subscribers waited for their poll. The
resilient layer sends whatever is waiting in one pipelined round trip, in the order it was published.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Iterator
from typing import Any, cast

import pytest
from redis.asyncio.client import Pipeline, Redis

from api.common import database
from api.common.layers import ResilientRedisPubSubLayer
from api.common.publisher import Publisher
from api.matches import notify
from tests.api.private_redis import PrivateRedis

pytestmark = [pytest.mark.redis]

NUDGES = 200


async def listening(url: str, group: str, **options: Any) -> tuple[ResilientRedisPubSubLayer, str]:
    """A layer on the Redis at ``url``, and one of its channels, in ``group``."""
    layer = ResilientRedisPubSubLayer(hosts=[url], **options)
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return layer, channel


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Each request the layer's Redis clients send and wait for: a command alone, or a pipeline."""
    trips: list[str] = []
    command, pipeline = Redis.execute_command, Pipeline.execute

    async def alone(self: Redis, *args: object, **options: object) -> object:
        trips.append(str(args[0]))
        return await command(self, *args, **options)

    async def together(self: Pipeline, *args: object, **options: object) -> object:
        trips.append(f"pipeline of {len(self.command_stack)}")
        return await pipeline(self, *args, **options)

    monkeypatch.setattr(Redis, "execute_command", alone)
    monkeypatch.setattr(Pipeline, "execute", together)
    yield trips


async def test_nudges_published_at_once_reach_redis_in_two_round_trips_and_arrive_in_order(
    private_redis: PrivateRedis, round_trips: list[str]
) -> None:
    layer, channel = await listening(private_redis.url, "match.1")
    round_trips.clear()

    await asyncio.gather(
        *(layer.group_send("match.1", {"type": "match.advanced", "version": n}) for n in range(NUDGES))
    )

    # The first goes alone; the others piled up meanwhile and follow in one pipeline.
    assert len(round_trips) <= 2, round_trips
    received = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(NUDGES)]
    assert [message["version"] for message in received] == list(range(NUDGES))
    await layer.flush()


async def test_a_publish_to_a_redis_that_is_down_returns_at_once(private_redis: PrivateRedis) -> None:
    layer = ResilientRedisPubSubLayer(hosts=[private_redis.url])
    await layer.group_send("match.1", {"type": "match.advanced", "version": 1})
    private_redis.stop()
    await layer.group_send("match.1", {"type": "match.advanced", "version": 2})  # found down here
    started = asyncio.get_running_loop().time()
    await layer.group_send("match.1", {"type": "match.advanced", "version": 3})
    assert asyncio.get_running_loop().time() - started < 0.05
    assert layer.is_down()


async def test_nudges_queued_from_threads_arrive_in_order_without_the_writer_waiting(
    private_redis: PrivateRedis,
) -> None:
    """A move's nudge leaves from the publisher's thread, not the request's loop (api/common/publisher.py)."""
    layer, channel = await listening(private_redis.url, "match.1", prefix="nudged:")

    def write() -> None:  # as a database thread does after each commit
        for n in range(NUDGES):
            assert layer.group_send_soon("match.1", {"type": "match.advanced", "version": n})

    await asyncio.to_thread(write)
    assert await asyncio.to_thread(layer.settle_sends_soon, 5)  # all sent: a stopping process waits so
    received = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(NUDGES)]
    assert [message["version"] for message in received] == list(range(NUDGES))
    await layer.flush()


async def test_while_redis_is_down_queued_nudges_are_dropped_and_they_flow_again_when_it_is_back(
    private_redis: PrivateRedis,
) -> None:
    layer, channel = await listening(private_redis.url, "match.1")
    private_redis.stop()
    started = asyncio.get_running_loop().time()
    for n in range(3):
        assert layer.group_send_soon("match.1", {"type": "match.advanced", "version": n})
    assert asyncio.get_running_loop().time() - started < 0.05  # the writer never waits on Redis

    private_redis.start()  # empty: the layer's receiver subscribes again on its own

    async def nudged() -> bool:
        layer.group_send_soon("match.1", {"type": "match.advanced", "version": 9})
        with contextlib.suppress(TimeoutError):
            return (await asyncio.wait_for(layer.receive(channel), 0.5))["version"] == 9
        return False

    # Until the receiver has subscribed again and the publisher's pause (RETRY_SECONDS) is over.
    assert any([await nudged() for _ in range(20)])
    await layer.flush()


async def test_a_batch_that_fails_for_a_bug_does_not_stop_the_nudges_after_it(
    private_redis: PrivateRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer, channel = await listening(private_redis.url, "match.1")
    failing = [True]
    client = Publisher._client

    def broken_once(self: Publisher, shard: int) -> object:
        if failing.pop() if failing else False:
            raise ValueError("a bug")
        return client(self, shard)

    monkeypatch.setattr(Publisher, "_client", broken_once)
    layer.group_send_soon("match.1", {"type": "match.advanced", "version": 1})  # lost to the bug
    await asyncio.sleep(0.2)
    layer.group_send_soon("match.1", {"type": "match.advanced", "version": 2})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["version"] == 2
    await layer.flush()


async def test_a_nudge_sent_now_has_reached_redis_when_its_writer_goes_on(
    private_redis: PrivateRedis,
) -> None:
    layer, channel = await listening(private_redis.url, "match.1")

    assert await asyncio.to_thread(layer.group_send_now, "match.1", {"type": "match.advanced", "version": 1})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["version"] == 1
    await layer.flush()


@pytest.fixture
def silent_redis() -> Iterator[str]:
    """The address of a server that takes connections and never answers, as a Redis that hangs."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"


async def test_a_nudge_sent_now_to_a_silent_redis_declines_soon_and_then_at_once(
    silent_redis: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer is a move's database thread: a hung Redis may not hold it for the client's timeout."""
    layer = ResilientRedisPubSubLayer(hosts=[{"address": silent_redis, "socket_timeout": 2}])
    tries = []
    client = Publisher._now_client

    def counted(self: Publisher, shard: int) -> object:
        tries.append(shard)
        return client(self, shard)

    monkeypatch.setattr(Publisher, "_now_client", counted)
    nudge = {"type": "match.advanced", "version": 1}
    started = time.monotonic()
    assert not await asyncio.to_thread(layer.group_send_now, "match.1", nudge)
    assert time.monotonic() - started < 1  # NOW_TIMEOUT_SECONDS to connect and as long to answer
    assert not await asyncio.to_thread(layer.group_send_now, "match.1", nudge)
    assert tries == [0]  # the second declined without trying: for RETRY_SECONDS, the thread sends


async def test_a_commit_with_a_crowd_here_sends_its_nudge_from_its_own_thread_after_the_crowd_has_it(
    private_redis: PrivateRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The publishing thread would wait behind the crowd's updates (api/matches/notify.py)."""
    layer, channel = await listening(private_redis.url, notify.group_name(1))
    order: list[str] = []
    echo = asyncio.ensure_future(layer.receive(channel))
    echo.add_done_callback(lambda _: order.append("echo"))
    queued: list[str] = []
    monkeypatch.setattr(Publisher, "group_send", lambda self, group, message: queued.append(group))
    monkeypatch.setattr(notify, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(notify, "_here", [lambda commit: order.append("here")])
    monkeypatch.setattr(notify, "_crowds", [lambda loop, match_id: match_id == 1])
    commit = notify.Commit(match=cast(Any, None), game=cast(Any, None), since=0, rows=())

    await database.run(notify.publish_match_advanced, 1, 1, commit)
    assert (await asyncio.wait_for(echo, 5))["version"] == 1
    assert order == ["here", "echo"] and queued == []
    await database.run(notify.publish_match_advanced, 2, 1, commit)  # no crowd: the thread sends it
    assert queued == [notify.group_name(2)]
    await layer.flush()
