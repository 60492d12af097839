"""WebSockets one address or one player holds open at once have a ceiling (issue 23, finding 6), counted in
Redis across processes and given back when a socket closes or its process dies; and a refused handshake
says why and when to retry (HTTP status, `Retry-After`, a coded JSON body) where the server can answer
one, as uvicorn can.

Through the whole ASGI application, in this process, in Redis mode.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import orjson
import pytest
from channels.testing import WebsocketCommunicator

from api.realtime import ceilings
from config.asgi import application
from tests.api.graphql.test_database_outage import unreachable_database

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]

WAIT = 5
HTTP_ANSWERS = {"websocket.http.response": {}}  # what uvicorn puts in a WebSocket scope's extensions


@pytest.fixture
def limits(settings: Any) -> Any:
    """Rate limits and ceilings on; every rate roomy, so that only what a test tightens refuses."""
    settings.RATE_LIMITS = True
    for name in (
        "RATE_LIMIT_HTTP_PER_IP",
        "RATE_LIMIT_WS_CONNECT_PER_IP",
        "RATE_LIMIT_WS_MESSAGES_PER_CONNECTION",
    ):
        setattr(settings, name, "1000/minute")
    settings.RATE_LIMIT_REGISTER_PER_IP = "1000/minute"
    return settings


def an_address() -> str:
    """An address of the test's own: holds outlive a test that failed before closing its sockets."""
    return "10." + ".".join(str(byte) for byte in uuid.uuid4().bytes[:3])


@pytest.fixture
def address() -> str:
    return an_address()


class Socket:
    """One handshake from ``address`` (with ``headers``), answered as uvicorn would let it be."""

    def __init__(self, address: str, headers: Any = (), http_answers: bool = True) -> None:
        self.ws = WebsocketCommunicator(
            application, "/graphql/", headers=list(headers), subprotocols=["graphql-transport-ws"]
        )
        self.ws.scope["client"] = (address, 50000)
        if http_answers:
            self.ws.scope["extensions"] = HTTP_ANSWERS

    async def handshake(self) -> dict[str, Any]:
        """The first answer: ``websocket.accept``, ``websocket.close`` or ``websocket.http.response.start``
        (then with ``body``: the JSON that followed it)."""
        await self.ws.send_input({"type": "websocket.connect"})
        answer = await self.ws.receive_output(timeout=WAIT)
        if answer["type"] == "websocket.http.response.start":
            answer["body"] = orjson.loads((await self.ws.receive_output(timeout=WAIT))["body"])
            answer["headers"] = dict(answer["headers"])
        return answer

    async def sign_in(self, token: str | None) -> dict[str, Any]:
        """``connection_init`` with ``token``: the acknowledgement or the close."""
        payload = {"authorization": f"Bearer {token}"} if token else {}
        await self.ws.send_json_to({"type": "connection_init", "payload": payload})
        answer = await self.ws.receive_output(timeout=WAIT)
        return orjson.loads(answer["text"]) if answer["type"] == "websocket.send" else answer

    async def close(self) -> None:
        await self.ws.disconnect()


def refusal(answer: dict[str, Any]) -> tuple[int, str, Any, Any]:
    """(status, code, retryAfter, Retry-After header) of a refused handshake."""
    error = answer["body"]["errors"][0]
    return (
        answer["status"],
        error["extensions"]["code"],
        error["extensions"].get("retryAfter"),
        answer["headers"].get(b"retry-after"),
    )


async def test_sockets_per_address_stop_at_the_ceiling_until_one_closes(limits, address):
    limits.WS_MAX_CONNECTIONS_PER_ADDRESS = 2
    held = [Socket(address), Socket(address)]
    for socket in held:
        assert (await socket.handshake())["type"] == "websocket.accept"
    third = await Socket(address).handshake()
    assert third["type"] == "websocket.http.response.start"
    assert refusal(third) == (429, "TOO_MANY_CONNECTIONS", 30, b"30")
    assert "Too many WebSockets" in third["body"]["errors"][0]["message"]
    other_address = Socket(an_address())
    assert (await other_address.handshake())["type"] == "websocket.accept"
    await held[0].close()
    again = Socket(address)
    assert (await again.handshake())["type"] == "websocket.accept"
    for socket in (held[1], other_address, again):
        await socket.close()


async def test_without_http_answers_a_refused_handshake_is_closed_with_1013(limits, address):
    limits.WS_MAX_CONNECTIONS_PER_ADDRESS = 1
    first = Socket(address, http_answers=False)
    assert (await first.handshake())["type"] == "websocket.accept"
    refused = await Socket(address, http_answers=False).handshake()
    assert refused == {"type": "websocket.close", "code": 1013}
    await first.close()


async def test_sockets_per_player_stop_at_the_ceiling_at_connection_init(limits, register, address):
    limits.WS_MAX_CONNECTIONS_PER_PLAYER = 2
    ada, bea = await register("Ada"), await register("Bea")
    held = []
    for _ in range(2):
        socket = Socket(address)
        await socket.handshake()
        assert await socket.sign_in(ada.token) == {"type": "connection_ack"}
        held.append(socket)
    third = Socket(address)
    await third.handshake()
    closed = await third.sign_in(ada.token)
    assert closed["type"] == "websocket.close" and closed["code"] == 4429
    assert orjson.loads(closed["reason"]) == {"code": "TOO_MANY_CONNECTIONS", "retryAfter": 30}
    others = [Socket(address), Socket(address)]
    for socket, token in zip(others, (bea.token, None), strict=True):  # another player; a spectator
        await socket.handshake()
        assert await socket.sign_in(token) == {"type": "connection_ack"}
    await held[0].close()
    again = Socket(address)
    await again.handshake()
    assert await again.sign_in(ada.token) == {"type": "connection_ack"}
    for socket in (held[1], *others, again):
        await socket.close()


async def test_every_handshake_refusal_says_why_and_when(limits, register, settings, address):
    player = await register("Ada")
    settings.ALLOWED_HOSTS = ["localhost"]
    bad_host = await Socket(address, headers=[(b"host", b"evil.example")]).handshake()
    assert refusal(bad_host)[:2] == (400, "DISALLOWED_HOST")
    other_origin = await Socket(address, headers=[(b"origin", b"https://evil.example")]).handshake()
    assert refusal(other_origin) == (403, "ORIGIN_NOT_ALLOWED", None, None)
    bad_token = await Socket(address, headers=[(b"authorization", b"Bearer nope")]).handshake()
    assert refusal(bad_token) == (401, "INVALID_TOKEN", None, None)
    async with unreachable_database():
        unknown = f"Bearer {uuid.uuid4().hex}".encode()  # not in any process's token cache
        down = await Socket(address, headers=[(b"authorization", unknown)]).handshake()
    status, code, retry_after, header = refusal(down)
    assert (status, code) == (503, "SERVICE_UNAVAILABLE") and retry_after > 0 and int(header) >= 1
    limits.RATE_LIMIT_WS_CONNECT_PER_IP = "1/minute"
    first = Socket(address, headers=[(b"authorization", f"Bearer {player.token}".encode())])
    assert (await first.handshake())["type"] == "websocket.accept"
    status, code, retry_after, header = refusal(await Socket(address).handshake())
    assert (status, code) == (429, "RATE_LIMITED") and retry_after > 0 and int(header) >= 1
    await first.close()


async def test_the_holds_of_a_process_that_died_lapse(limits, monkeypatch):
    monkeypatch.setattr(ceilings, "HOLD_SECONDS", 1.0)
    limits.WS_MAX_CONNECTIONS_PER_ADDRESS = 1
    who = f"dead-{uuid.uuid4().hex}"
    assert await ceilings.take("address", who) is not None
    ceilings.forget()  # as if the process had been killed: never released, never renewed
    assert await ceilings.take("address", who) is None
    deadline = time.monotonic() + 15
    while await ceilings.take("address", who) is None:
        assert time.monotonic() < deadline, "the dead process's hold never lapsed"
        await asyncio.sleep(0.1)


async def test_a_live_process_keeps_its_holds_by_renewing_them(limits, monkeypatch):
    monkeypatch.setattr(ceilings, "HOLD_SECONDS", 1.0)
    monkeypatch.setattr(ceilings, "RENEW_SECONDS", 0.1)
    limits.WS_MAX_CONNECTIONS_PER_ADDRESS = 1
    who = f"live-{uuid.uuid4().hex}"
    hold = await ceilings.take("address", who)
    assert hold is not None
    started = time.monotonic()
    while time.monotonic() - started < 3:  # three hold lifetimes
        assert await ceilings.take("address", who) is None
        await asyncio.sleep(0.2)
    await hold.release()
    assert await ceilings.take("address", who) is not None
    ceilings.forget()


async def test_no_ceiling_when_rate_limits_are_off(settings, address):
    settings.RATE_LIMITS = False  # a trusted load test: one address plays for a hundred players
    settings.WS_MAX_CONNECTIONS_PER_ADDRESS = 1
    sockets = [Socket(address), Socket(address)]
    for socket in sockets:
        assert (await socket.handshake())["type"] == "websocket.accept"
    for socket in sockets:
        await socket.close()


async def test_while_redis_is_down_sockets_are_admitted(limits, address, private_redis):
    limits.REDIS_URL = private_redis.url  # the ceilings' (and the rate limiter's) Redis, and only theirs
    limits.WS_MAX_CONNECTIONS_PER_ADDRESS = 1
    first = Socket(address)
    assert (await first.handshake())["type"] == "websocket.accept"
    private_redis.stop()
    started = time.monotonic()
    during = [Socket(address), Socket(address)]  # past the ceiling: nothing can count them
    for socket in during:
        assert (await socket.handshake())["type"] == "websocket.accept"
    assert time.monotonic() - started < WAIT
    for socket in (first, *during):
        await socket.close()
