"""Redis mode: a Redis outage costs latency, never a WebSocket (issue 5, finding 7).

The channel layer runs on a redis-server of the test's own, which the test kills and starts again
(empty). Timers and everything else stay on the shared Redis.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from channels.layers import get_channel_layer

from api.graphql import subscriptions
from tests.api.graphql.test_subscriptions import Subscriber, play_end_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis, pytest.mark.slow]


@pytest.fixture(autouse=True)
def _quick_outage_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    # Well inside the 3 s a Subscriber waits for a message (the default is 2 s).
    monkeypatch.setattr(subscriptions, "OUTAGE_POLL_SECONDS", 0.5)


async def eventually(condition: Callable[[], bool], seconds: float = 10) -> bool:
    give_up = asyncio.get_running_loop().time() + seconds
    while not condition():
        if asyncio.get_running_loop().time() > give_up:
            return False
        await asyncio.sleep(0.05)
    return True


async def live(subscriber: Callable[[], Subscriber], token: str, match_id: str) -> tuple[Subscriber, int]:
    """A connection subscribed to the match, and the version its first update brought."""
    connection = subscriber()
    await connection.open(token)
    await connection.subscribe(match_id)
    return connection, (await connection.update())["version"]


async def test_while_redis_is_down_subscriptions_stay_open_and_new_connections_subscribe(
    table, subscriber, layer_on_private_redis
):
    before, _ = await live(subscriber, table.host.token, table.match_id)
    layer_on_private_redis.stop()

    move = await play_end_turn(table)  # accepted, though its nudge cannot be published
    assert (await before.moved())["version"] == move["version"]

    during, version = await live(subscriber, table.guest.token, table.match_id)
    assert version == move["version"]
    again = await play_end_turn(table)
    assert (await before.moved())["version"] == again["version"]
    assert (await during.moved())["version"] == again["version"]


async def test_when_redis_returns_nudges_reach_old_and_new_subscriptions_again(
    table, subscriber, layer_on_private_redis, monkeypatch
):
    before, _ = await live(subscriber, table.host.token, table.match_id)
    layer_on_private_redis.stop()
    during, _ = await live(subscriber, table.guest.token, table.match_id)

    layer_on_private_redis.start()  # empty: it remembers no subscription
    layer = get_channel_layer()
    assert await eventually(lambda: not layer.is_down())
    # From here only a nudge can bring an update within the 3 s a Subscriber waits.
    monkeypatch.setattr(subscriptions, "POLL_SECONDS", 60)
    monkeypatch.setattr(subscriptions, "OUTAGE_POLL_SECONDS", 60)
    await asyncio.sleep(0.6)  # waits begun at the outage's interval (0.5 s) are over

    move = await play_end_turn(table)
    assert (await before.moved())["version"] == move["version"]
    assert (await during.moved())["version"] == move["version"]


async def test_a_server_that_never_reached_redis_serves_websockets_and_joins_redis_when_it_answers(
    table, subscriber, layer_on_private_redis, monkeypatch
):
    layer_on_private_redis.stop()  # before this process ever opened a connection to it
    watcher, _ = await live(subscriber, table.guest.token, table.match_id)
    move = await play_end_turn(table)
    assert (await watcher.moved())["version"] == move["version"]

    layer_on_private_redis.start()
    layer = get_channel_layer()
    assert await eventually(lambda: not layer.is_down())
    monkeypatch.setattr(subscriptions, "POLL_SECONDS", 60)
    monkeypatch.setattr(subscriptions, "OUTAGE_POLL_SECONDS", 60)
    await asyncio.sleep(0.6)

    again = await play_end_turn(table)
    assert (await watcher.moved())["version"] == again["version"]
