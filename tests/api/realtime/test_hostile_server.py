"""The hostile WebSocket clients of test_hostile_ws.py and test_ceilings.py against the real server in
production mode (DEBUG=false, uvicorn, PostgreSQL, Redis): where the zombies and the bare 403s were found.

One server for the module; rate limits on but roomy, ceilings small (4 sockets per address, 2 per player).
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from api.realtime import kick
from tests.api.realtime.conftest import layer_config_on
from tests.api.realtime.test_hostile_ws import CASES, PONG, USABLE, ZOMBIE, Case, Text
from tests.conftest import FIGURE
from tests.server import fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

WAIT = 10
PER_ADDRESS, PER_PLAYER = 4, 2
ROOMY = "100000/minute"
# The size limit is uvicorn's on a real socket (ws_max_size, set by `manage.py serve`: the edge's, tested
# in tests/reliability/test_edge.py); it refuses the frame from its header, while the client still sends.
REAL_SOCKET_CASES = [
    *(case for case in CASES if case.name != "over the size limit"),
    Case("text frame, not UTF-8", b"\xff\xfe{}", 1007),  # sent as a text frame below: RFC 6455's code
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """(base URL, the server's REDIS_KEY_PREFIX, its log)."""
    tmp_path = tmp_path_factory.mktemp("hostile")
    chosen = f"hostile{uuid.uuid4().hex[:8]}"
    limits = {
        name: ROOMY
        for name in (
            "RATE_LIMIT_HTTP_PER_IP",
            "RATE_LIMIT_REGISTER_PER_IP",
            "RATE_LIMIT_WS_CONNECT_PER_IP",
            "RATE_LIMIT_WS_MESSAGES_PER_CONNECTION",
            "RATE_LIMIT_PLAYER_ACTIONS",
            "RATE_LIMIT_LOBBY_PER_PLAYER",
        )
    }
    with (
        fresh_database(tmp_path) as database,
        running_server(
            tmp_path,
            database,
            RATE_LIMITS="true",
            REDIS_KEY_PREFIX=chosen,
            WS_MAX_CONNECTIONS_PER_ADDRESS=str(PER_ADDRESS),
            WS_MAX_CONNECTIONS_PER_PLAYER=str(PER_PLAYER),
            **limits,
        ) as base,
    ):
        # config/settings.py: under pytest the prefix gets the worker's name (running_server's e2e<pid>).
        yield base, f"{chosen}-test-e2e{os.getpid()}", tmp_path / "server.log"


def ws_url(base: str) -> str:
    return base.replace("http://", "ws://") + "/graphql/"


async def register(base: str, name: str) -> tuple[str, int]:
    async with httpx.AsyncClient(base_url=base, timeout=WAIT) as http:
        response = await http.post(
            "/graphql/",
            json={"query": f'mutation {{ registerPlayer(name: "{name}") {{ token player {{ id }} }} }}'},
        )
    payload = response.json()["data"]["registerPlayer"]
    return payload["token"], int(payload["player"]["id"])


async def sign_in(socket: ClientConnection, token: str | None = None) -> Any:
    payload = {"authorization": f"Bearer {token}"} if token else {}
    await socket.send(orjson.dumps({"type": "connection_init", "payload": payload}).decode())
    try:
        return orjson.loads(await asyncio.wait_for(socket.recv(), WAIT))
    except ConnectionClosed as closed:
        return closed.rcvd


async def send(socket: ClientConnection, frame: Any) -> None:
    if isinstance(frame, bytes) and frame.startswith(b"\xff\xfe{"):
        await socket.send(frame, text=True)  # a text frame whose bytes are not UTF-8
    elif isinstance(frame, bytes):
        await socket.send(frame)
    elif isinstance(frame, Text):
        await socket.send(str(frame))
    else:
        await socket.send(orjson.dumps(frame).decode())


async def outcome(base: str, case: Case) -> tuple[int, Any]:
    """As test_hostile_ws.outcome, over a real socket."""
    async with connect(ws_url(base), subprotocols=["graphql-transport-ws"], open_timeout=WAIT) as socket:
        if case.signed_in:
            assert await sign_in(socket) == {"type": "connection_ack"}
        came: list[Any] = []
        pongs = 1 + case.reply.count(PONG)
        try:
            await send(socket, case.frame)
            await socket.send(orjson.dumps({"type": "ping"}).decode())
            while came.count(PONG) < pongs:
                message = orjson.loads(await asyncio.wait_for(socket.recv(), WAIT))
                came.append(message["type"] if "id" in message else message)
        except ConnectionClosed as closed:
            return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (ZOMBIE, "no close frame")
        except TimeoutError:
            return ZOMBIE, came
        return USABLE, came[:-1]


def held(server: tuple[str, str, Path], kind: str, who: object) -> int:
    """Sockets the server counts under a ceiling now (unexpired holds)."""
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    try:
        now_ms = int(client.time()[0] * 1000)
        return int(client.zcount(f"{server[1]}:ws:{kind}:{who}", now_ms, "+inf"))
    finally:
        client.close()


def until_released(server: tuple[str, str, Path], kind: str, who: object) -> None:
    """Wait for the server to give back the holds of sockets a test closed (it does once they are gone)."""
    deadline = time.monotonic() + WAIT
    while held(server, kind, who):
        assert time.monotonic() < deadline, f"the server still counts {held(server, kind, who)} sockets"
        time.sleep(0.05)


async def test_no_hostile_frame_makes_a_zombie_of_a_real_socket(server, record_property):
    wrong = {}
    zombies = 0
    for case in REAL_SOCKET_CASES:
        code, detail = await outcome(server[0], case)
        zombies += code == ZOMBIE
        if code != case.expect or (code == USABLE and tuple(detail) != case.reply):
            wrong[case.name] = (code, detail)
        until_released(server, "address", "127.0.0.1")
    assert not wrong, f"{zombies} zombies, {len(wrong)} cases wrong of {len(CASES)}: {wrong}"
    # The application's own log lines are JSON; none of these frames is the server's error.
    errors = [line for line in server[2].read_text().splitlines() if '"level": "error"' in line]
    assert not errors, errors[:3]
    record_property(
        FIGURE,
        f"{len(REAL_SOCKET_CASES)} abuse cases on a real socket in production mode: "
        f"every one closed with the reference code or left usable as the protocol says, {zombies} zombies, "
        "0 ERROR lines",
    )


async def test_a_socket_past_the_address_ceiling_is_told_why_and_when(server, record_property):
    until_released(server, "address", "127.0.0.1")
    open_ = [
        await connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"]) for _ in range(PER_ADDRESS)
    ]
    try:
        with pytest.raises(InvalidStatus) as refused:
            await connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"], open_timeout=WAIT)
        response = refused.value.response
        assert response.status_code == 429
        assert response.headers["Retry-After"] == "30"
        error = orjson.loads(response.body)["errors"][0]
        assert error["extensions"] == {"code": "TOO_MANY_CONNECTIONS", "retryAfter": 30}
    finally:
        for socket in open_:
            await socket.close()
    until_released(server, "address", "127.0.0.1")
    async with connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"]) as again:
        assert await sign_in(again) == {"type": "connection_ack"}
    # A refusal answered over HTTP is a finished handshake, not the server's error (uvicorn logged
    # "ASGI callable returned without completing handshake." at ERROR for each).
    assert "without completing handshake" not in server[2].read_text()
    record_property(
        FIGURE,
        f"socket {PER_ADDRESS + 1} from one address: HTTP 429 TOO_MANY_CONNECTIONS, Retry-After 30; "
        "admitted again once one closed",
    )


async def test_a_bad_token_on_the_handshake_is_a_401_that_says_so(server):
    headers = {"Authorization": "Bearer nope"}
    with pytest.raises(InvalidStatus) as refused:
        await connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"], additional_headers=headers)
    assert refused.value.response.status_code == 401
    assert orjson.loads(refused.value.response.body)["errors"][0]["extensions"]["code"] == "INVALID_TOKEN"
    # As for the ceiling's refusal: no ERROR (one more handshake lets the refused one's task end first).
    async with connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"]) as after:
        assert await sign_in(after) == {"type": "connection_ack"}
    assert "without completing handshake" not in server[2].read_text()


async def test_a_players_sockets_past_the_ceiling_and_a_kick_from_another_process(
    server, settings, record_property
):
    token, player_id = await register(server[0], "Ada")
    until_released(server, "address", "127.0.0.1")
    sockets = [
        await connect(ws_url(server[0]), subprotocols=["graphql-transport-ws"]) for _ in range(PER_PLAYER + 1)
    ]
    try:
        for socket in sockets[:PER_PLAYER]:
            assert await sign_in(socket, token) == {"type": "connection_ack"}
        refused = await sign_in(sockets[PER_PLAYER], token)
        assert refused.code == 4429
        assert orjson.loads(refused.reason) == {"code": "TOO_MANY_CONNECTIONS", "retryAfter": 30}
        assert held(server, "player", player_id) == PER_PLAYER
        # This test process is "another process": it kicks through Redis, on the server's channels.
        layer = layer_config_on(os.environ["REDIS_URL"])
        layer["CONFIG"]["prefix"] = f"{server[1]}:"
        settings.CHANNEL_LAYERS = {"default": layer}
        kicked = time.monotonic()
        await asyncio.to_thread(kick.disconnect_player_sync, player_id)
        for socket in sockets[:PER_PLAYER]:
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(socket.recv(), WAIT)
            assert closed.value.rcvd.code == 4401
            assert orjson.loads(closed.value.rcvd.reason) == {"code": "TOKEN_REVOKED"}
        took_ms = (time.monotonic() - kicked) * 1000
    finally:
        for socket in sockets:
            await socket.close()
    until_released(server, "player", player_id)
    record_property(
        FIGURE,
        f"a player's socket {PER_PLAYER + 1} refused 4429 TOO_MANY_CONNECTIONS; a kick from another process "
        f"closed the player's {PER_PLAYER} sockets 4401 TOKEN_REVOKED in {took_ms:.0f} ms; holds given back",
    )
