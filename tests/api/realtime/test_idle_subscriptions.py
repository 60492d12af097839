"""Redis mode: a subscription that hears nothing for a while is still live (issue 5, finding 2)."""

from __future__ import annotations

import asyncio

import pytest

from tests.api.graphql.test_subscriptions import play_end_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

# redis-py's default socket timeout: a blocking read the layer makes must not be mistaken for a dead server.
REDIS_SOCKET_TIMEOUT_S = 5


@pytest.mark.slow
async def test_an_idle_subscription_outlives_the_redis_socket_timeout_and_gets_the_next_move(
    table, subscriber
):
    live = subscriber()
    await live.open(table.host.token)
    await live.subscribe(table.match_id)
    version = (await live.update())["version"]
    await asyncio.sleep(REDIS_SOCKET_TIMEOUT_S + 2)  # nobody moves
    move = await play_end_turn(table)
    update = await live.update()  # within 3 s, far below the 10 s poll: the nudge got through
    assert update["version"] == move["version"] > version
