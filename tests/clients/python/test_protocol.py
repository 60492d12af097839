"""The Python client without a server: its reading of refusals and its retries against answers shaped
as the server's (api/realtime/responses.py, api/graphql/), over an httpx MockTransport; and `follow`
against a scripted graphql-transport-ws server that drops and completes subscriptions as a server
might (today's keeps a finished match's subscription open; a later one may complete it); and a
``Connection``, several operations on one socket, against the same kind of scripted server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from cliffside_client import (
    Accepted,
    AuthError,
    Client,
    Completed,
    Connection,
    NetworkError,
    RateLimited,
    Refused,
    RequestError,
    RetryPolicy,
    Unavailable,
    endpoints,
)
from cliffside_client.errors import from_close
from websockets.asyncio.server import ServerConnection, serve
from websockets.typing import Subprotocol

BASE = "http://cliffside.test"
FAST = RetryPolicy(attempts=3, backoff=0.001, backoff_cap=0.01)


def refusal(status: int, code: str, retry_after: float | None = None) -> httpx.Response:
    """An HTTP refusal as the server's middleware sends it."""
    extensions: dict[str, object] = {"code": code}
    headers = {}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
        headers["Retry-After"] = str(max(1, int(-(-retry_after // 1))))
    body = {"errors": [{"message": f"refused: {code}", "extensions": extensions}]}
    return httpx.Response(status, json=body, headers=headers)


def accepted(request: httpx.Request) -> httpx.Response:
    data = {"submitMove": {"__typename": "MoveAccepted", "version": 7, "events": []}}
    return httpx.Response(200, json={"data": data})


def run(answers: list[Callable[[httpx.Request], httpx.Response]], call, **options):
    """``call(client)`` against a server that gives these answers in turn; (result, requests seen)."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[min(len(seen), len(answers)) - 1](request)

    async def main():
        async with Client(
            BASE, "t0ken", transport=httpx.MockTransport(handler), retry=FAST, **options
        ) as client:
            return await call(client)

    return asyncio.run(main()), seen


def submit(client: Client):
    return client.submit("1", {"daredevilRock": {"action": "END_TURN"}}, expected_version=6)


@pytest.mark.parametrize(
    ("status", "code", "kind"),
    [
        (401, "INVALID_TOKEN", AuthError),
        (401, "TOKEN_EXPIRED", AuthError),
        (413, "REQUEST_TOO_LARGE", RequestError),
        (400, "GRAPHQL_PARSE_FAILED", RequestError),
        (429, "RATE_LIMITED", RateLimited),
        (503, "SERVICE_UNAVAILABLE", Unavailable),
        (200, "MATCH_NOT_FOUND", Refused),
    ],
)
def test_a_coded_refusal_raises_its_kind_with_its_code(status, code, kind):
    with pytest.raises(kind) as raised:
        run([lambda _: refusal(status, code, 0.01 if status in (429, 503) else None)], lambda c: c.games())
    assert raised.value.code == code and raised.value.status == status


def test_replay_gets_the_export_with_the_token_and_waits_out_an_outage():
    export = {"match": {"id": "5"}, "viewer": "seat 0", "events": [{"seq": 1}]}
    answers = [
        lambda _: refusal(503, "SERVICE_UNAVAILABLE", 0.01),
        lambda _: httpx.Response(200, json=export),
    ]
    replay, seen = run(answers, lambda c: c.replay("5"))
    assert replay == export
    assert [request.method for request in seen] == ["GET", "GET"]
    assert str(seen[-1].url) == f"{BASE}/api/matches/5/replay.json"
    assert seen[-1].headers["Authorization"] == "Bearer t0ken"
    with pytest.raises(RequestError) as missing:
        run([lambda _: refusal(404, "MATCH_NOT_FOUND")], lambda c: c.replay("6"))
    assert missing.value.code == "MATCH_NOT_FOUND" and missing.value.status == 404


def test_a_refusal_without_a_body_is_read_from_its_status():
    with pytest.raises(RateLimited) as raised:
        run(
            [lambda _: httpx.Response(429, text="slow down", headers={"Retry-After": "0"})],
            lambda c: c.games(),
        )
    assert raised.value.code == "HTTP_429" and raised.value.retry_after == 0


def test_rate_limited_over_http_is_waited_out_then_sent_again():
    waits = []
    result, seen = run(
        [lambda _: refusal(429, "RATE_LIMITED", 0.05), accepted],
        submit,
        on_retry=lambda error, seconds: waits.append((error.code, seconds)),
    )
    assert isinstance(result, Accepted) and len(seen) == 2
    assert waits and waits[0][0] == "RATE_LIMITED" and waits[0][1] >= 0.05


def test_a_move_is_resent_with_its_key_when_its_outcome_is_unknown():
    def unknown(_: httpx.Request) -> httpx.Response:
        errors = [{"message": "lost", "extensions": {"code": "COMMIT_OUTCOME_UNKNOWN"}}]
        return httpx.Response(200, json={"data": None, "errors": errors})

    def lost(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadError("reset", request=request)

    result, seen = run([unknown, lost, lambda _: refusal(503, "SERVICE_UNAVAILABLE", 0.01), accepted], submit)
    assert isinstance(result, Accepted) and result.version == 7
    keys = {json.loads(request.content)["variables"]["key"] for request in seen}
    assert len(seen) == 4 and len(keys) == 1 and result.idempotency_key in keys
    assert json.loads(seen[0].content)["variables"]["version"] == 6
    assert seen[0].headers["Authorization"] == "Bearer t0ken"


def test_a_change_that_may_have_happened_is_not_sent_again():
    def lost(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadError("reset", request=request)

    with pytest.raises(NetworkError):
        run([lost], lambda c: c.create_match("daredevil-rock"))
    with pytest.raises(Unavailable):
        run([lambda _: refusal(200, "COMMIT_OUTCOME_UNKNOWN")], lambda c: c.join_match("1"))


def test_a_rate_limited_payload_is_waited_out():
    def limited(_: httpx.Request) -> httpx.Response:
        error = {"code": "RATE_LIMITED", "message": "Too many", "retryAfter": 0.01}
        return httpx.Response(200, json={"data": {"joinMatch": {"match": None, "error": error}}})

    def joined(_: httpx.Request) -> httpx.Response:
        match = {"id": "1", "game": "racesmack", "status": "LOBBY", "version": 0, "mySeat": 1, "seats": []}
        return httpx.Response(200, json={"data": {"joinMatch": {"match": match, "error": None}}})

    result, seen = run([limited, joined], lambda c: c.join_match("1"))
    assert result.my_seat == 1 and len(seen) == 2


def test_a_move_rejected_by_the_limiter_too_long_is_returned_not_waited():
    def limited(_: httpx.Request) -> httpx.Response:
        rejected = {"__typename": "MoveRejected", "code": "RATE_LIMITED", "message": "m", "retryAfter": 90.0}
        return httpx.Response(200, json={"data": {"submitMove": rejected}})

    result, seen = run([limited], submit)
    assert not result.accepted and result.code == "RATE_LIMITED" and result.retry_after == 90.0
    assert len(seen) == 1


def test_websocket_closes_are_typed():
    assert isinstance(from_close(4403, '{"code":"TOKEN_REVOKED"}'), AuthError)
    assert from_close(4403, '{"code":"TOKEN_REVOKED"}').code == "TOKEN_REVOKED"
    # What the server closes with: the code alone as the reason (4401: the token; 1008: a ban).
    assert from_close(4401, "INVALID_TOKEN").code == "INVALID_TOKEN"
    assert isinstance(from_close(1008, "PLAYER_BANNED"), AuthError)
    limited = from_close(4429, '{"code":"TOO_MANY_CONNECTIONS","retryAfter":5}')
    assert isinstance(limited, RateLimited) and limited.retry_after == 5
    assert isinstance(from_close(4400, "Invalid message"), RequestError)
    assert isinstance(from_close(1013, ""), Unavailable)
    assert isinstance(from_close(None, ""), NetworkError)
    assert isinstance(from_close(1001, ""), NetworkError)


def test_endpoints():
    assert endpoints("http://127.0.0.1:8000") == (
        "http://127.0.0.1:8000/graphql/",
        "ws://127.0.0.1:8000/graphql/",
    )
    assert endpoints("https://cliffside.example/graphql/") == (
        "https://cliffside.example/graphql/",
        "wss://cliffside.example/graphql/",
    )
    with pytest.raises(ValueError):
        endpoints("cliffside.example")


# --- follow, against a scripted server ---------------------------------------------------------------

Script = Callable[[ServerConnection, int, int | None], Awaitable[None]]


def update(version: int, status: str = "ACTIVE") -> dict[str, Any]:
    events = [{"seq": version, "type": "Moved", "at": None, "seat": 0, "data": {}, "byStandIn": False}]
    return {"version": version, "status": status, "events": events, "seats": [], "legalMoves": []}


async def send_update(socket: ServerConnection, version: int, status: str = "ACTIVE") -> None:
    payload = {"data": {"matchUpdates": update(version, status)}}
    await socket.send(json.dumps({"id": "1", "type": "next", "payload": payload}))


def follow_scripted(script: Script) -> tuple[list[int], list[int | None], int]:
    """Follow a match on a server that runs ``script(socket, connection number, afterVersion)`` for
    each subscription; (the event seqs given out, the afterVersion of each subscribe, reconnects)."""
    afters: list[int | None] = []

    async def handler(socket: ServerConnection) -> None:
        init = json.loads(await socket.recv())
        assert init == {"type": "connection_init", "payload": {"authorization": "Bearer t0ken"}}
        await socket.send(json.dumps({"type": "connection_ack"}))
        subscribe = json.loads(await socket.recv())
        assert subscribe["type"] == "subscribe" and "MatchUpdates" in subscribe["payload"]["query"]
        afters.append(subscribe["payload"]["variables"]["after"])
        await script(socket, len(afters), afters[-1])
        await socket.wait_closed()

    async def main() -> tuple[list[int], int]:
        async with serve(
            handler, "127.0.0.1", 0, subprotocols=[Subprotocol("graphql-transport-ws")]
        ) as server:
            port = server.sockets[0].getsockname()[1]
            async with Client(f"http://127.0.0.1:{port}", "t0ken", live_retry=FAST) as client:
                follow = client.follow("1", after_version=0)
                seqs = [event.seq async for item in follow for event in item.events]
                return seqs, follow.reconnects

    seqs, reconnects = asyncio.run(asyncio.wait_for(main(), 10))
    return seqs, afters, reconnects


def test_follow_resumes_after_the_server_closes_and_ends_when_it_completes_a_finished_match():
    async def script(socket: ServerConnection, number: int, after: int | None) -> None:
        if number == 1:
            await send_update(socket, 1)
            await send_update(socket, 2)
            await socket.close(1001, "going away")  # a server restarting
        else:
            await send_update(socket, 3)
            await send_update(socket, 4, "FINISHED")
            await socket.send(json.dumps({"id": "1", "type": "complete"}))

    assert follow_scripted(script) == ([1, 2, 3, 4], [0, 2], 1)


def test_follow_ends_on_its_own_when_the_server_keeps_a_finished_match_open():
    async def script(socket: ServerConnection, number: int, after: int | None) -> None:
        await send_update(socket, 1)
        await send_update(socket, 2, "FINISHED")  # and nothing more: the client closes

    assert follow_scripted(script) == ([1, 2], [0], 0)


def test_follow_subscribes_again_when_completed_before_the_end():
    async def script(socket: ServerConnection, number: int, after: int | None) -> None:
        if number == 1:
            await send_update(socket, 1)
            await socket.send(json.dumps({"id": "1", "type": "complete"}))
        else:
            await send_update(socket, 1)  # resumed at 1 with nothing new: the same update again
            await send_update(socket, 2, "ABORTED")

    assert follow_scripted(script) == ([1, 2], [0, 1], 1)


def test_follow_raises_what_waiting_will_not_cure():
    async def script(socket: ServerConnection, number: int, after: int | None) -> None:
        await socket.close(4403, json.dumps({"code": "TOKEN_REVOKED"}))

    with pytest.raises(AuthError) as raised:
        follow_scripted(script)
    assert raised.value.code == "TOKEN_REVOKED"


# --- Connection: several operations on one socket, against a scripted server ------------------------

Served = Callable[[ServerConnection], Awaitable[None]]


def connected(
    handler: Served,
    talk: Callable[[Connection], Awaitable[Any]],
    token: str | None = None,
    *,
    known: str = "",
) -> Any:
    """``talk(connection)`` on a Connection opened with ``token`` to a server that acknowledges it (or
    closes 4401 when it is not ``known``, given), then runs ``handler``."""

    async def serving(socket: ServerConnection) -> None:
        init = json.loads(await socket.recv())
        assert init["type"] == "connection_init"
        if known and init["payload"] != {"authorization": f"Bearer {known}"}:
            await socket.close(4401, "INVALID_TOKEN")
            return
        await socket.send(json.dumps({"type": "connection_ack"}))
        await handler(socket)
        await socket.wait_closed()

    async def main() -> Any:
        async with serve(
            serving, "127.0.0.1", 0, subprotocols=[Subprotocol("graphql-transport-ws")]
        ) as server:
            port = server.sockets[0].getsockname()[1]
            async with await Connection.open(f"http://127.0.0.1:{port}", token, timeout=5) as connection:
                return await talk(connection)

    return asyncio.run(asyncio.wait_for(main(), 10))


async def answer(socket: ServerConnection, ident: str, payload: Any, kind: str = "next") -> None:
    await socket.send(json.dumps({"id": ident, "type": kind, "payload": payload}))


def test_a_connection_carries_a_subscription_and_a_mutation_side_by_side_each_answer_timed():
    async def handler(socket: ServerConnection) -> None:
        updates = json.loads(await socket.recv())
        move = json.loads(await socket.recv())
        assert (updates["type"], move["type"]) == ("subscribe", "subscribe")
        assert move["payload"]["variables"] == {"id": "7"}
        await socket.send(json.dumps({"type": "ping"}))
        assert json.loads(await socket.recv()) == {"type": "pong"}
        await answer(socket, move["id"], {"data": {"submitMove": {"version": 3}}})
        await answer(socket, move["id"], None, "complete")
        for version in (3, 4):
            await answer(socket, updates["id"], {"data": {"matchUpdates": {"version": version}}})
        await answer(socket, updates["id"], None, "complete")

    async def talk(connection: Connection) -> Any:
        before = time.time()
        updates = await connection.subscribe("subscription { matchUpdates }")
        played = await connection.execute("mutation { submitMove }", {"id": "7"})
        first = await updates.next()
        await asyncio.sleep(0.05)  # the rest has come by now
        rest = await updates.drain()
        with pytest.raises(Completed):
            await updates.next()
        return before, played, first, rest

    before, played, first, rest = connected(handler, talk)
    assert played == {"submitMove": {"version": 3}}
    assert first.data == {"matchUpdates": {"version": 3}}
    assert [message.data["matchUpdates"]["version"] for message in rest] == [4]
    assert before <= first.arrival <= rest[0].arrival <= time.time()


def test_a_connections_refusals_and_losses_are_typed():
    async def handler(socket: ServerConnection) -> None:
        refused = json.loads(await socket.recv())
        errors = [{"message": "no", "extensions": {"code": "NOT_SEATED"}}]
        await answer(socket, refused["id"], {"data": None, "errors": errors})
        invalid = json.loads(await socket.recv())
        await answer(
            socket, invalid["id"], [{"message": "bad", "extensions": {"code": "BAD_USER_INPUT"}}], "error"
        )
        json.loads(await socket.recv())  # a subscription, then the server closes: 4403 TOKEN_REVOKED
        await socket.close(4403, json.dumps({"code": "TOKEN_REVOKED"}))

    async def talk(connection: Connection) -> list[BaseException]:
        raised = []
        for document in ("mutation { joinMatch }", "query { nonsense }"):
            with pytest.raises(Exception) as error:
                await connection.execute(document)
            raised.append(error.value)
        updates = await connection.subscribe("subscription { matchUpdates }")
        with pytest.raises(AuthError) as lost:
            await updates.next()
        raised.append(lost.value)
        return raised

    refused, invalid, lost = connected(handler, talk, token="t0ken", known="t0ken")
    assert isinstance(refused, Refused) and refused.code == "NOT_SEATED"
    assert isinstance(invalid, RequestError) and invalid.code == "BAD_USER_INPUT"
    assert lost.code == "TOKEN_REVOKED"


def test_a_connection_refused_at_init_or_silent_raises():
    async def nothing(_: Any) -> None:
        raise AssertionError("a refused connection_init opens no connection")

    with pytest.raises(AuthError) as refused:
        connected(nothing, nothing, token="stale", known="t0ken")
    assert refused.value.code == "INVALID_TOKEN"

    async def silent(socket: ServerConnection) -> None:
        await socket.recv()  # the subscribe, never answered

    async def talk(connection: Connection) -> None:
        updates = await connection.subscribe("subscription { matchUpdates }")
        await updates.next(timeout=0.2)

    with pytest.raises(NetworkError, match="nothing on operation 1"):
        connected(silent, talk)
