"""A WebSocket client that sends what no well-behaved client would (issue 23, finding 3): every frame ends
with the close code the reference server (graphql-ws) gives it, or the connection stays usable where the
protocol says it does. Never a zombie: a socket left open that answers nothing.

Through the whole ASGI application (guard, auth, consumer), in this process.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import orjson
import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.conftest import FIGURE

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 5  # seconds for an answer that comes within milliseconds on an idle machine
GAMES = "{ games { key } }"
USABLE = 0  # no close: the connection answers a ping afterwards
ZOMBIE = -1  # open, and answering nothing
PONG = {"type": "pong"}


class Text(str):
    """A text frame sent as is (any other str is sent as a JSON string)."""


@dataclass(frozen=True)
class Case:
    name: str
    frame: Any  # Text: a text frame as is; bytes: a binary frame; anything else: sent as JSON text
    expect: int  # the close code, or USABLE
    signed_in: bool = True  # sent after connection_init was acknowledged
    reply: tuple[Any, ...] = ()  # what a usable connection answers (an operation's messages by type)


def subscribe(**fields: Any) -> dict[str, Any]:
    return {"type": "subscribe", **fields}


def query(**payload: Any) -> dict[str, Any]:
    return subscribe(id="1", payload={"query": GAMES, **payload})


CASES = [
    # Frames that are not JSON text
    Case("binary frame", b'{"type": "ping"}', 4400),
    Case("binary, not UTF-8", b"\xff\xfe\xfd", 4400),
    Case("empty text frame", Text(""), 4400),
    Case("not JSON", Text("hello"), 4400),
    Case("truncated JSON", Text('{"type": "ping"'), 4400),
    Case("number past a double", Text('{"type": "ping", "payload": {"x": 1e400}}'), 4400),
    Case("NaN", Text('{"type": "ping", "payload": {"x": NaN}}'), 4400),
    Case("nested 5000 deep", Text("[" * 5000 + "]" * 5000), 4400),
    Case("byte order mark", Text('\ufeff{"type": "ping"}'), 4400),
    Case("two messages in one frame", Text('{"type": "ping"}{"type": "ping"}'), 4400),
    Case("over the size limit", Text('{"type": "ping", "payload": "' + "x" * 70_000 + '"}'), 1009),
    # JSON that is not an object
    Case("array", [], 4400),
    Case("number", 5, 4400),
    Case("null", None, 4400),
    Case("string", "ping", 4400),
    Case("boolean", True, 4400),
    Case("array of a message", [{"type": "ping"}], 4400),
    # The type
    Case("no type", {}, 4400),
    Case("type null", {"type": None}, 4400),
    Case("type empty", {"type": ""}, 4400),
    Case("type a number", {"type": 5}, 4400),
    Case("type an array", {"type": ["ping"]}, 4400),
    Case("type an object", {"type": {"ping": 1}}, 4400),
    Case("unknown type", {"type": "nope"}, 4400),
    Case("type in capitals", {"type": "PING"}, 4400),
    Case("server's next", {"type": "next", "id": "1", "payload": {}}, 4400),
    Case("server's error", {"type": "error", "id": "1", "payload": []}, 4400),
    Case("server's connection_ack", {"type": "connection_ack"}, 4400),
    # connection_init
    Case("init payload an array", {"type": "connection_init", "payload": []}, 4400, signed_in=False),
    Case("init payload a string", {"type": "connection_init", "payload": "x"}, 4400, signed_in=False),
    Case(
        "init payload null",
        {"type": "connection_init", "payload": None},
        USABLE,
        False,
        ({"type": "connection_ack"},),
    ),
    Case("init without payload", {"type": "connection_init"}, USABLE, False, ({"type": "connection_ack"},)),
    Case("second init", {"type": "connection_init", "payload": {}}, 4429),
    Case("init token a number", {"type": "connection_init", "payload": {"authorization": 5}}, 4401, False),
    Case(
        "init token unknown",
        {"type": "connection_init", "payload": {"authorization": "Bearer no"}},
        4401,
        False,
    ),
    # ping and pong
    Case("ping payload an array", {"type": "ping", "payload": []}, 4400),
    Case("ping payload a number", {"type": "ping", "payload": 5}, 4400),
    Case("pong payload a string", {"type": "pong", "payload": "x"}, 4400),
    Case("ping with a payload", {"type": "ping", "payload": {"a": 1}}, USABLE, reply=(PONG,)),
    Case("pong unasked", {"type": "pong", "payload": {}}, USABLE),
    Case("ping before init", {"type": "ping"}, USABLE, signed_in=False, reply=(PONG,)),
    Case("unknown fields", {"type": "ping", "extra": [1, 2]}, USABLE, reply=(PONG,)),
    # subscribe
    Case("subscribe before init", query(), 4401, signed_in=False),
    Case("id an object", subscribe(id={}, payload={"query": GAMES}), 4400),
    Case("id a number", subscribe(id=5, payload={"query": GAMES}), 4400),
    Case(
        "id a huge number",
        Text('{"type": "subscribe", "id": 1' + "0" * 30 + ', "payload": {"query": "{ __typename }"}}'),
        4400,
    ),
    Case("id empty", subscribe(id="", payload={"query": GAMES}), 4400),
    Case("no id", subscribe(payload={"query": GAMES}), 4400),
    Case("payload an array", subscribe(id="1", payload=[]), 4400),
    Case("payload null", subscribe(id="1", payload=None), 4400),
    Case("no payload", subscribe(id="1"), 4400),
    Case("query a number", subscribe(id="1", payload={"query": 5}), 4400),
    Case("no query", subscribe(id="1", payload={}), 4400),
    Case("variables an array", query(variables=[1]), 4400),
    Case("variables a string", query(variables="x"), 4400),
    Case("operationName a number", query(operationName=5), 4400),
    Case("extensions an array", query(extensions=[]), 4400),
    Case("query not GraphQL", subscribe(id="1", payload={"query": "{"}), 4400),
    Case("unknown operationName", query(operationName="Nope"), 4400),
    Case(
        "huge int variable",
        Text(
            '{"type": "subscribe", "id": "1", "payload": {"query": "query($n: Int) { __typename }", '
            '"variables": {"n": 1' + "0" * 30 + "}}}"
        ),
        USABLE,
        reply=("error",),
    ),
    # complete
    Case("complete an unknown id", {"type": "complete", "id": "nope"}, USABLE),
    Case("complete id an object", {"type": "complete", "id": {}}, 4400),
    Case("complete id a number", {"type": "complete", "id": 5}, 4400),
    Case("complete without id", {"type": "complete"}, 4400),
]


async def opened(signed_in: bool) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect(timeout=WAIT)
    assert connected
    if signed_in:
        await ws.send_json_to({"type": "connection_init", "payload": {}})
        assert await ws.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
    return ws


async def send(ws: WebsocketCommunicator, frame: Any) -> None:
    if isinstance(frame, bytes):
        await ws.send_to(bytes_data=frame)
    elif isinstance(frame, Text):  # send_to refuses an empty frame; a client may still send one
        await ws.send_input({"type": "websocket.receive", "text": str(frame)})
    else:
        await ws.send_to(text_data=orjson.dumps(frame).decode())


async def outcome(case: Case) -> tuple[int, Any]:
    """How the case ended: (close code, reason), or (USABLE, what came before the probe's pong), or
    (ZOMBIE, what came) when the connection stayed open and did not answer the probe."""
    ws = await opened(case.signed_in)
    await send(ws, case.frame)
    await ws.send_json_to({"type": "ping"})  # the probe: a usable connection answers it
    came: list[Any] = []
    pongs = 1 + case.reply.count(PONG)  # the probe's is the last
    while came.count(PONG) < pongs:
        try:
            output = await ws.receive_output(timeout=WAIT)
        except TimeoutError:  # the communicator has cancelled the application
            return ZOMBIE, came
        if output["type"] == "websocket.close":
            await ws.disconnect()
            return output["code"], output.get("reason")
        message = orjson.loads(output["text"])
        came.append(message["type"] if "id" in message else message)
    await ws.disconnect()
    return USABLE, came[:-1]


def test_the_table_has_about_fifty_cases():
    assert len(CASES) >= 50
    assert len({case.name for case in CASES}) == len(CASES)


async def test_every_hostile_frame_ends_as_the_protocol_says(caplog, record_property):
    caplog.set_level(logging.INFO)
    wrong = {}
    zombies = 0
    for case in CASES:
        code, detail = await outcome(case)
        zombies += code == ZOMBIE
        if code != case.expect or (code == USABLE and tuple(detail) != case.reply):
            wrong[case.name] = (code, detail)
    assert not wrong, f"{zombies} zombies, {len(wrong)} cases wrong of {len(CASES)}: {wrong}"
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not errors, [record.getMessage()[:200] for record in errors]
    closed = sum(case.expect != USABLE for case in CASES)
    record_property(
        FIGURE,
        f"{len(CASES)} abuse cases: {closed} closed with the reference code, "
        f"{len(CASES) - closed} left usable as the protocol says, {zombies} zombies, 0 ERROR lines",
    )


async def test_a_malformed_message_says_why_in_the_close_reason():
    ws = await opened(signed_in=True)
    await ws.send_json_to({"type": "complete", "id": {"x": 1}})
    closed = await ws.receive_output(timeout=WAIT)
    assert closed["code"] == 4400
    assert closed["reason"] == "\"complete\" message expects the 'id' property to be a string, but got object"
    await ws.disconnect()


async def test_an_invalid_message_is_one_info_line_without_a_traceback(caplog):
    caplog.set_level(logging.INFO)
    ws = await opened(signed_in=True)
    await ws.send_to(text_data="[]")
    assert (await ws.receive_output(timeout=WAIT))["code"] == 4400
    await ws.disconnect()
    records = [record for record in caplog.records if "websocket_message_invalid" in str(record.msg)]
    assert [record.levelno for record in records] == [logging.INFO]
    assert records[0].exc_info is None


async def test_a_subscription_id_in_use_closes_with_4409(register, subscriber):
    from tests.api.graphql.conftest import start_table

    table = await start_table(register)
    live = subscriber()
    await live.open(table.host.token)
    await live.ws.send_json_to(
        {"id": "a", "type": "subscribe", "payload": {"query": UPDATES, "variables": {"id": table.match_id}}}
    )
    assert (await live.message())["type"] == "next"
    await live.ws.send_json_to(
        {"id": "a", "type": "subscribe", "payload": {"query": UPDATES, "variables": {"id": table.match_id}}}
    )
    closed = await live.ws.receive_output(timeout=WAIT)
    assert closed["type"] == "websocket.close" and closed["code"] == 4409


async def test_a_frame_past_the_message_rate_closes_the_connection_whatever_it_holds(settings):
    settings.RATE_LIMITS = True
    settings.RATE_LIMIT_WS_MESSAGES_PER_CONNECTION = "3/minute"
    ws = await opened(signed_in=True)  # connection_init: the first message
    for _ in range(2):
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from(timeout=WAIT) == {"type": "pong"}
    await ws.send_to(text_data="[]")  # counted like any other frame, before it is read
    closed = await ws.receive_output(timeout=WAIT)
    assert closed["code"] == 4429
    assert orjson.loads(closed["reason"])["code"] == "RATE_LIMITED"
    await ws.disconnect()


UPDATES = "subscription($id: ID!) { matchUpdates(matchId: $id) { version } }"


async def test_a_bug_while_handling_a_message_closes_with_4500_rather_than_a_zombie(monkeypatch, caplog):
    from api.realtime.protocol import LimitedTransportWSHandler

    async def broken(self: Any, message: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(LimitedTransportWSHandler, "handle_ping", broken)
    ws = await opened(signed_in=True)
    await ws.send_json_to({"type": "ping"})
    closed = await ws.receive_output(timeout=WAIT)
    assert (closed["type"], closed["code"]) == ("websocket.close", 4500)
    await ws.disconnect()
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and "websocket_message_failed" in str(errors[0].msg)
