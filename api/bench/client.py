"""GraphQL clients of the load generator: over HTTP (httpx), and over one graphql-transport-ws
WebSocket (websockets) carrying subscriptions, queries and mutations alike.

Every message is stamped with ``time.time()`` as soon as the socket's reader takes it, before it is
parsed further, so that latencies measured against the server's clock (the same machine's) include as
little of the client's own work as possible.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Mapping
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

PROTOCOL = "graphql-transport-ws"
KEEP_ALIVE_S = 2.0
ANSWER_SECONDS = 60  # a request or an update slower than this is a broken run, not a slow one


class BenchError(Exception):
    """The service answered something a benchmark cannot go on from."""


def _data(payload: Mapping[str, Any]) -> dict[str, Any]:
    if payload.get("errors"):
        raise BenchError(f"GraphQL errors: {payload['errors']}")
    return payload["data"]


class Http:
    """GraphQL over HTTP POST, on keep-alive connections."""

    def __init__(self, base: str, *, connections: int) -> None:
        # uvicorn closes a connection idle for 5 s (its --timeout-keep-alive): the client lets go of it
        # first, or a request sent on it just as the server closes it ends in a ReadError.
        limits = httpx.Limits(
            max_connections=connections, max_keepalive_connections=connections, keepalive_expiry=KEEP_ALIVE_S
        )
        self.client = httpx.AsyncClient(base_url=base, limits=limits, timeout=ANSWER_SECONDS)

    async def execute(
        self, document: str, variables: Mapping[str, Any] | None = None, *, token: str | None = None
    ) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        body = orjson.dumps({"query": document, "variables": variables or {}})
        response = await self.client.post("/graphql/", content=body, headers=headers)
        if response.status_code != 200:
            raise BenchError(f"HTTP {response.status_code}: {response.text[:300]}")
        return _data(orjson.loads(response.content))

    async def aclose(self) -> None:
        await self.client.aclose()


class Operation:
    """One operation on a socket: its messages, ``(arrival time, message)``, in order."""

    def __init__(self, socket: Socket, ident: str) -> None:
        self.socket = socket
        self.ident = ident
        self.messages: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()

    async def next(self, timeout: float = ANSWER_SECONDS) -> tuple[float, dict[str, Any]]:
        """The next ``next`` payload (its arrival time, its data); raises on an error or a completion."""
        try:
            # Not wait_for: on Python 3.11 it swallows a cancellation that comes as the message does,
            # and a follower cancelled while its match streams updates would then never stop.
            async with asyncio.timeout(timeout):
                arrival, message = await self.messages.get()
        except TimeoutError:
            raise BenchError(f"nothing on operation {self.ident} for {timeout:.0f} s") from None
        return arrival, self._payload(message)

    async def drain(self, timeout: float = ANSWER_SECONDS) -> list[tuple[float, dict[str, Any]]]:
        """Every payload waiting (at least one: waits for it), oldest first."""
        batch = [await self.next(timeout)]
        while not self.messages.empty():
            arrival, message = self.messages.get_nowait()
            if message["type"] == "complete":  # matchUpdates ends after a match's last update
                break
            batch.append((arrival, self._payload(message)))
        return batch

    def _payload(self, message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] == "next":
            return _data(message["payload"])
        raise BenchError(f"operation {self.ident}: {message['type']} {message.get('payload')}")

    async def stop(self) -> None:
        await self.socket.stop(self)


class Socket:
    """One graphql-transport-ws connection, authenticated in ``connection_init`` (or a spectator's)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.operations: dict[str, Operation] = {}
        self._ids = itertools.count(1)
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, token: str | None = None) -> Socket:
        connection = await connect(
            url, subprotocols=[PROTOCOL], open_timeout=ANSWER_SECONDS, ping_interval=None
        )
        payload = {"authorization": f"Bearer {token}"} if token else {}
        await connection.send(orjson.dumps({"type": "connection_init", "payload": payload}).decode())
        answer = orjson.loads(await asyncio.wait_for(connection.recv(), ANSWER_SECONDS))
        if answer.get("type") != "connection_ack":
            await connection.close()
            raise BenchError(f"connection_init refused: {answer}")
        return cls(connection)

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.connection:
                arrival = time.time()
                message = orjson.loads(raw)
                kind = message.get("type")
                if kind == "ping":
                    await self.connection.send('{"type":"pong"}')
                    continue
                operation = self.operations.get(message.get("id", ""))
                if operation is not None:
                    operation.messages.put_nowait((arrival, message))
        for operation in self.operations.values():  # closed: whoever waits hears of it
            operation.messages.put_nowait((time.time(), {"type": "closed", "id": operation.ident}))

    async def start(self, document: str, variables: Mapping[str, Any] | None = None) -> Operation:
        operation = Operation(self, str(next(self._ids)))
        self.operations[operation.ident] = operation
        message = {
            "id": operation.ident,
            "type": "subscribe",
            "payload": {"query": document, "variables": variables or {}},
        }
        await self.connection.send(orjson.dumps(message).decode())
        return operation

    async def execute(self, document: str, variables: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A query or mutation over this socket: its one result."""
        operation = await self.start(document, variables)
        try:
            _, data = await operation.next()
        finally:
            self.operations.pop(operation.ident, None)  # the server completes it on its own
        return data

    async def stop(self, operation: Operation) -> None:
        if self.operations.pop(operation.ident, None) is not None:
            with contextlib.suppress(Exception):
                await self.connection.send(orjson.dumps({"id": operation.ident, "type": "complete"}).decode())

    async def aclose(self) -> None:
        with contextlib.suppress(Exception):
            await self.connection.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


def socket_url(base: str) -> str:
    return base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/graphql/"
