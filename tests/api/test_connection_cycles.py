"""A closed GraphQL WebSocket is freed at once, by reference counting, not by a later garbage collection.

api/common/heap.py makes full collections rare, so a connection left in a reference cycle holds its
memory for thousands of connections more (tests/reliability/test_churn.py measures that against the
real server). Here, in-process and with the collector off: after the socket closes, no consumer of it
is left among the objects the collector tracks, collected or not. strawberry's consumer keeps its run
task, whose result is the consumer: that cycle is what this catches.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from channels.testing import WebsocketCommunicator

from api.realtime.consumers import CliffsideWSConsumer
from config.asgi import application

# The WebSocket path may reach the database, on threads of its own.
pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 5


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def consumers() -> list[CliffsideWSConsumer]:
    return [thing for thing in gc.get_objects() if isinstance(thing, CliffsideWSConsumer)]


async def test_a_closed_websocket_leaves_no_consumer_behind(collector_off):
    socket = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    await socket.send_json_to({"type": "connection_init", "payload": {}})
    assert await socket.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
    assert len(consumers()) == 1
    await socket.disconnect()
    del socket
    assert consumers() == [], "the closed connection's consumer waits for a garbage collection"
