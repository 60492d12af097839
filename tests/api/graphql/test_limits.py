"""What keeps one client from taking the server for itself: rate limits per IP, per player and per
connection, request sizes, host names and browser origins. Through the whole ASGI application.

Rate limits are off in the rest of the suite (tests/conftest.py); each test here turns them on with
small numbers, on this process's memory store unless it says Redis.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.api.graphql.conftest import NO_TIMER, active_seat, start_table

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 3
GAMES = {"query": "{ games { key } }"}


@pytest.fixture
def limits(settings: Any) -> Any:
    """Rate limits on, each rule roomy unless the test tightens it."""
    settings.RATE_LIMITS = True
    for name in (
        "RATE_LIMIT_HTTP_PER_IP",
        "RATE_LIMIT_REGISTER_PER_IP",
        "RATE_LIMIT_WS_CONNECT_PER_IP",
        "RATE_LIMIT_WS_MESSAGES_PER_CONNECTION",
        "RATE_LIMIT_PLAYER_ACTIONS",
        "RATE_LIMIT_LOBBY_PER_PLAYER",
    ):
        setattr(settings, name, "1000/minute")
    return settings


def code_of(body: dict[str, Any]) -> str:
    return body["errors"][0]["extensions"]["code"]


async def test_requests_from_one_address_past_its_limit_get_429_with_retry_after(limits, http):
    limits.RATE_LIMIT_HTTP_PER_IP = "3/minute"
    for _ in range(3):
        assert (await http.post("/graphql/", json=GAMES)).status_code == 200
    refused = await http.post("/graphql/", json=GAMES)
    assert refused.status_code == 429
    assert code_of(refused.json()) == "RATE_LIMITED"
    assert refused.json()["errors"][0]["extensions"]["retryAfter"] > 0
    assert int(refused.headers["retry-after"]) >= 1
    assert (await http.get("/healthz")).status_code == 429  # every route of the address


async def test_registrations_from_one_address_are_limited(limits, register, spectator):
    limits.RATE_LIMIT_REGISTER_PER_IP = "2/minute"
    await register()
    await register()
    body = await spectator.post('mutation { registerPlayer(name: "Third") { token } }')
    assert body["data"] is None
    assert code_of(body) == "RATE_LIMITED"
    assert body["errors"][0]["extensions"]["retryAfter"] > 0


async def test_a_players_actions_are_limited_with_a_typed_error(limits, register):
    limits.RATE_LIMIT_PLAYER_ACTIONS = "3/minute"
    table = await start_table(register)  # the host: create and start; the guest: join
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    if player is table.host:
        await player.submit(table.match_id, moves[0]["input"])
        moves = await player.legal_moves(table.match_id)
    else:
        for _ in range(2):
            await player.submit(table.match_id, moves[0]["input"])
            moves = await player.legal_moves(table.match_id)
    refused = await player.submit(table.match_id, moves[0]["input"])
    assert refused["__typename"] == "MoveRejected"
    assert refused["code"] == "RATE_LIMITED"
    created = await player.run(
        'mutation { createMatch(game: "daredevil-rock") { error { code retryAfter } } }'
    )
    assert created["createMatch"]["error"]["code"] == "RATE_LIMITED"
    assert created["createMatch"]["error"]["retryAfter"] > 0


async def test_creating_and_joining_lobbies_has_a_limit_of_its_own(limits, register):
    limits.RATE_LIMIT_LOBBY_PER_PLAYER = "2/minute"
    host = await register()
    assert (await host.create(NO_TIMER))["error"] is None
    assert (await host.create(NO_TIMER))["error"] is None
    third = await host.create(NO_TIMER)
    assert third["error"]["code"] == "RATE_LIMITED"


async def test_a_body_over_the_size_limit_is_413_before_it_is_parsed(settings, http):
    settings.MAX_REQUEST_BYTES = 1000
    padding = "x" * 2000
    response = await http.post("/graphql/", json={"query": "{ games { key } }", "variables": {"p": padding}})
    assert response.status_code == 413
    assert code_of(response.json()) == "REQUEST_TOO_LARGE"

    async def chunks():  # no Content-Length: counted as it arrives
        for _ in range(5):
            yield b" " * 400

    streamed = await http.post("/graphql/", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert (await http.post("/graphql/", json=GAMES)).status_code == 200


async def test_an_unknown_host_name_is_refused(settings, http):
    settings.ALLOWED_HOSTS = ["games.example.org"]
    refused = await http.post("/graphql/", json=GAMES, headers={"host": "attacker.example"})
    assert refused.status_code == 400
    assert code_of(refused.json()) == "DISALLOWED_HOST"
    allowed = await http.post("/graphql/", json=GAMES, headers={"host": "games.example.org"})
    assert allowed.status_code == 200


async def test_a_browser_on_an_allowed_origin_may_call_the_api_and_others_may_not(http):
    origin = "http://localhost:5173"  # a development origin: tests run with DEBUG on
    preflight = await http.options(
        "/graphql/",
        headers={
            "origin": origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == origin
    assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
    call = await http.post("/graphql/", json=GAMES, headers={"origin": origin})
    assert call.headers["access-control-allow-origin"] == origin
    stranger = await http.post("/graphql/", json=GAMES, headers={"origin": "https://evil.example"})
    assert "access-control-allow-origin" not in stranger.headers


async def connect(origin: str | None = None) -> tuple[bool, WebsocketCommunicator]:
    headers = [(b"origin", origin.encode())] if origin else []
    ws = WebsocketCommunicator(
        application, "/graphql/", subprotocols=["graphql-transport-ws"], headers=headers
    )
    connected, _ = await ws.connect(timeout=WAIT)
    return connected, ws


async def test_websocket_origins_follow_the_same_list():
    allowed, ws = await connect("http://localhost:5173")
    assert allowed
    await ws.disconnect()
    refused, _ = await connect("https://evil.example")
    assert not refused


async def test_websocket_connections_per_address_are_limited(limits):
    limits.RATE_LIMIT_WS_CONNECT_PER_IP = "2/minute"
    opened = []
    for _ in range(2):
        connected, ws = await connect()
        assert connected
        opened.append(ws)
    refused, _ = await connect()
    assert not refused
    for ws in opened:
        await ws.disconnect()


async def open_socket() -> WebsocketCommunicator:
    connected, ws = await connect()
    assert connected
    await ws.send_json_to({"type": "connection_init", "payload": {}})
    assert await ws.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
    return ws


async def test_messages_per_connection_are_limited_with_a_typed_error(limits):
    limits.RATE_LIMIT_WS_MESSAGES_PER_CONNECTION = "3/minute"
    ws = await open_socket()  # connection_init was the first message
    for operation in ("1", "2"):
        await ws.send_json_to({"id": operation, "type": "subscribe", "payload": GAMES})
        assert (await ws.receive_json_from(timeout=WAIT))["type"] == "next"
        assert (await ws.receive_json_from(timeout=WAIT))["type"] == "complete"
    await ws.send_json_to({"id": "3", "type": "subscribe", "payload": GAMES})
    refused = await ws.receive_json_from(timeout=WAIT)
    assert refused["type"] == "error" and refused["id"] == "3"
    assert refused["payload"][0]["extensions"]["code"] == "RATE_LIMITED"
    assert refused["payload"][0]["extensions"]["retryAfter"] > 0
    await ws.send_json_to({"type": "ping"})
    closed = await ws.receive_output(timeout=WAIT)
    assert closed["type"] == "websocket.close" and closed["code"] == 4429


async def test_operations_per_connection_are_capped_with_a_typed_error(settings, register):
    settings.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION = 2
    table = await start_table(register)
    ws = await open_socket()
    updates = "subscription($id: ID!) { matchUpdates(matchId: $id) { version } }"
    for operation in ("1", "2"):
        payload = {"query": updates, "variables": {"id": table.match_id}}
        await ws.send_json_to({"id": operation, "type": "subscribe", "payload": payload})
        assert (await ws.receive_json_from(timeout=WAIT))["type"] == "next"
    payload = {"query": updates, "variables": {"id": table.match_id}}
    await ws.send_json_to({"id": "3", "type": "subscribe", "payload": payload})
    refused = await ws.receive_json_from(timeout=WAIT)
    assert refused["type"] == "error" and refused["id"] == "3"
    assert refused["payload"][0]["extensions"]["code"] == "TOO_MANY_OPERATIONS"
    await ws.disconnect()


async def test_a_websocket_message_over_the_size_limit_closes_with_1009(settings):
    settings.MAX_REQUEST_BYTES = 1000
    ws = await open_socket()
    await ws.send_to(text_data='{"type": "ping", "payload": {"p": "' + "x" * 2000 + '"}}')
    closed = await ws.receive_output(timeout=WAIT)
    assert closed["type"] == "websocket.close" and closed["code"] == 1009


async def test_a_changed_limit_takes_effect_without_a_restart_of_the_limiter(limits, http):
    from api.common import ratelimits

    assert (await http.post("/graphql/", json=GAMES)).status_code == 200  # the roomy limiter, made
    held = ratelimits.limiter()
    limits.RATE_LIMIT_HTTP_PER_IP = "1/minute"
    assert ratelimits.limiter() is not held
    assert (await http.post("/graphql/", json=GAMES)).status_code == 200
    assert (await http.post("/graphql/", json=GAMES)).status_code == 429
    limits.RATE_LIMITS = False
    assert (await http.post("/graphql/", json=GAMES)).status_code == 200


@pytest.mark.redis
async def test_limits_are_shared_through_redis_when_it_is_configured(limits, redis_client, http):
    from api.common import ratelimits

    limits.RATE_LIMIT_HTTP_PER_IP = "2/minute"
    assert type(ratelimits.limiter().storage).__name__ == "RedisStorage"
    for _ in range(2):
        assert (await http.post("/graphql/", json=GAMES)).status_code == 200
    assert (await http.post("/graphql/", json=GAMES)).status_code == 429
    assert any(b":limits" in key for key in redis_client.keys(f"{limits.REDIS_KEY_PREFIX}:*"))


async def test_a_limiter_that_cannot_reach_redis_lets_requests_through(limits, http):
    limits.REDIS_URL = "redis://127.0.0.1:1/0"
    limits.RATE_LIMIT_HTTP_PER_IP = "1/minute"
    for _ in range(3):
        assert (await http.post("/graphql/", json=GAMES)).status_code == 200
