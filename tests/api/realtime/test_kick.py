"""A player's WebSockets can be closed from anywhere (api/realtime/kick.py): a revoked token or a ban closes
every open socket of that player with why (4401 `TOKEN_REVOKED`, 1008 `PLAYER_BANNED`: codes the official
graphql-ws client does not retry), and no one else's.

Through the whole ASGI application, in this process: in Redis mode a kick made on another event loop (as
another process would) goes through Redis; in embedded mode, through the in-memory layer.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from api.common import database
from api.realtime import kick

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 5


async def signed_in(subscriber: Any, token: str | None) -> Any:
    connection = subscriber()
    await connection.open(token)
    return connection


async def closed_with(connection: Any) -> tuple[int, Any]:
    output = await connection.ws.receive_output(timeout=WAIT)
    assert output["type"] == "websocket.close", output
    return output["code"], orjson.loads(output["reason"])


async def answers(connection: Any) -> bool:
    await connection.ws.send_json_to({"type": "ping"})
    return await connection.ws.receive_json_from(timeout=WAIT) == {"type": "pong"}


async def kicked_only_ada(register: Any, subscriber: Any, kick_ada: Any, code: str = "TOKEN_REVOKED") -> None:
    ada, bea = await register("Ada"), await register("Bea")
    adas = [await signed_in(subscriber, ada.token) for _ in range(2)]
    others = [await signed_in(subscriber, bea.token), await signed_in(subscriber, None)]
    await kick_ada(int(ada.id))
    for connection in adas:
        assert await closed_with(connection) == (kick.close_code(code), {"code": code})
    for connection in others:
        assert await answers(connection)


@pytest.mark.redis
async def test_a_kick_from_another_process_closes_only_that_players_sockets(register, subscriber):
    # A thread of its own, with no event loop: the kick goes out through Redis as a command's would.
    await kicked_only_ada(register, subscriber, lambda pk: asyncio.to_thread(kick.disconnect_player_sync, pk))


async def test_a_kick_from_a_database_thread_in_embedded_mode(register, subscriber, settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # As tokens' on_commit hook calls it: on the request's database thread.
    await kicked_only_ada(register, subscriber, lambda pk: database.run(kick.disconnect_player_sync, pk))


async def test_a_kick_on_the_servers_own_loop(register, subscriber):
    await kicked_only_ada(register, subscriber, kick.disconnect_player)


@pytest.mark.redis
async def test_a_ban_says_so_from_another_process(register, subscriber):
    # The banned keep their token (a ban is of boards): the reason tells the client it may reconnect.
    def ban(pk: int) -> Any:
        return asyncio.to_thread(kick.disconnect_player_sync, pk, "PLAYER_BANNED")

    await kicked_only_ada(register, subscriber, ban, "PLAYER_BANNED")
    assert kick.close_code("PLAYER_BANNED") == 1008


async def test_a_kicked_socket_is_forgotten(register, subscriber):
    ada = await register("Ada")
    connection = await signed_in(subscriber, ada.token)
    await kick.disconnect_player(int(ada.id))
    assert (await closed_with(connection))[0] == 4401
    assert not kick.listener().connections  # nothing kept for a closed socket
