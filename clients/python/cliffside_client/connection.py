"""One graphql-transport-ws socket carrying many operations at once.

``Client.follow`` gives one match's updates on a socket of its own and resumes them after a drop. A
``Connection`` is the socket itself, for a client that wants more on it: several subscriptions side by
side, and queries and mutations (``submitMove`` included) sent over the socket instead of HTTP, each
answer stamped with the moment it arrived (``Message.arrival``), before it is parsed, so that a latency
measured against the server's clock holds as little of the client's own work as possible.

It does not reconnect and does not retry: when the socket is lost, every operation on it raises the
loss (``NetworkError``, or the server's close as its exception), and the caller opens another
connection (with ``afterVersion`` to resume a ``matchUpdates``). It sends no WebSocket pings of its
own: it answers the protocol's pings, and an idle socket stays open as long as the server keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Mapping
from types import TracebackType
from typing import Any, NamedTuple

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from cliffside_client.client import endpoints
from cliffside_client.errors import (
    BAD_RESPONSE,
    CliffsideError,
    Completed,
    NetworkError,
    from_close,
    from_graphql_errors,
)
from cliffside_client.live import open_socket


class Message(NamedTuple):
    """One result of an operation: when it arrived (``time.time()``, taken as the socket's reader took
    it) and its ``data``. A tuple, so ``arrival, data = await operation.next()`` works."""

    arrival: float
    data: dict[str, Any]


class Operation:
    """One operation on a connection: its results in order, each with its arrival time."""

    def __init__(self, connection: Connection, ident: str) -> None:
        self.connection = connection
        self.ident = ident
        self.completed = False  # the server completed it: stopping it sends nothing
        self._messages: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()

    async def next(self, timeout: float | None = None) -> Message:
        """The next result; raises the error the server sent for it, ``Completed`` once the server
        completed it, the socket's loss, or ``NetworkError`` when nothing came in ``timeout`` seconds
        (default: the connection's timeout)."""
        wait = self.connection.timeout if timeout is None else timeout
        try:
            # Not wait_for: on Python 3.11 it swallows a cancellation that comes as the message does,
            # and a task cancelled while its operation streams results would then never stop.
            async with asyncio.timeout(wait):
                arrival, message = await self._messages.get()
        except TimeoutError:
            raise NetworkError(f"nothing on operation {self.ident} for {wait:.0f} s") from None
        return Message(arrival, self._data(message))

    async def drain(self, timeout: float | None = None) -> list[Message]:
        """Every result waiting, oldest first: at least one (it waits for it, as ``next`` does). It
        stops at a completion, which the next call raises."""
        batch = [await self.next(timeout)]
        while not self._messages.empty():
            arrival, message = self._messages.get_nowait()
            if message.get("type") != "next":
                self._messages.put_nowait((arrival, message))  # raised by the next call, not lost
                break
            batch.append(Message(arrival, self._data(message)))
        return batch

    async def stop(self) -> None:
        """Tell the server this operation is over (``complete``); nothing more is read for it."""
        await self.connection.stop(self)

    def deliver(self, arrival: float, message: dict[str, Any]) -> None:
        self._messages.put_nowait((arrival, message))

    def _data(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = message.get("type")
        payload = message.get("payload")
        if kind == "next" and isinstance(payload, dict):
            if payload.get("errors"):
                raise from_graphql_errors(payload["errors"])
            data = payload.get("data")
            if isinstance(data, dict):
                return data
            raise CliffsideError(BAD_RESPONSE, f"operation {self.ident}: a result without data: {payload}")
        if kind == "error":  # graphql-transport-ws: the payload is the list of errors
            raise from_graphql_errors(payload if isinstance(payload, list) else [])
        if kind == "complete":
            self.completed = True
            raise Completed("COMPLETED", f"the server completed operation {self.ident}")
        if kind == "lost" and isinstance(payload, CliffsideError):
            raise payload
        raise CliffsideError(BAD_RESPONSE, f"operation {self.ident}: {message}")


class Connection:
    """A graphql-transport-ws socket to ``/graphql/``, authenticated in ``connection_init`` with
    ``token`` (None: a spectator's). ``async with await Connection.open(base_url, token) as socket:``,
    or ``await client.connect()``."""

    def __init__(self, socket: ClientConnection, *, timeout: float) -> None:
        self.socket = socket
        self.timeout = timeout
        self.operations: dict[str, Operation] = {}
        self._ids = itertools.count(1)
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, base_url: str, token: str | None = None, *, timeout: float = 30.0) -> Connection:
        """Connect and wait for ``connection_ack``; a refusal raises its exception (``AuthError`` for
        a bad token, ...), a server that does not answer in ``timeout`` seconds ``NetworkError``."""
        # No WebSocket pings of its own: the protocol's are answered, and an idle socket stays open.
        socket = await open_socket(endpoints(base_url)[1], timeout, ping_interval=None)
        try:
            await _acknowledged(socket, token, timeout)
        except BaseException:
            await socket.close()
            raise
        return cls(socket, timeout=timeout)

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def subscribe(self, document: str, variables: Mapping[str, Any] | None = None) -> Operation:
        """Start any operation (graphql-transport-ws's ``subscribe`` carries queries and mutations too);
        read its results with ``next`` or ``drain``, end it with ``stop``."""
        operation = Operation(self, str(next(self._ids)))
        self.operations[operation.ident] = operation
        payload = {"query": document, "variables": dict(variables or {})}
        await self._send({"id": operation.ident, "type": "subscribe", "payload": payload})
        return operation

    async def execute(
        self, document: str, variables: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """A query or a mutation over this socket: its one result's ``data`` (errors raised; nothing
        in ``timeout`` seconds, the connection's by default: ``NetworkError``)."""
        operation = await self.subscribe(document, variables)
        try:
            return (await operation.next(timeout)).data
        finally:
            self.operations.pop(operation.ident, None)  # the server completes it on its own

    async def stop(self, operation: Operation) -> None:
        if self.operations.pop(operation.ident, None) is not None and not operation.completed:
            with contextlib.suppress(CliffsideError):
                await self._send({"id": operation.ident, "type": "complete"})

    async def aclose(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    async def _read(self) -> None:
        try:
            async for raw in self.socket:
                arrival = time.time()
                message = json.loads(raw)
                if not isinstance(message, dict):
                    raise ValueError(f"not a protocol message: {raw[:200]!r}")
                if message.get("type") == "ping":
                    await self.socket.send('{"type":"pong"}')
                    continue
                operation = self.operations.get(message.get("id", ""))
                if operation is not None:
                    operation.deliver(arrival, message)
            lost = _loss(self.socket.close_code, self.socket.close_reason)
        except ConnectionClosed as closed:
            lost = _loss(closed.rcvd.code if closed.rcvd else None, closed.rcvd.reason if closed.rcvd else "")
        except ValueError as error:
            lost = CliffsideError(BAD_RESPONSE, f"the server sent what is not graphql-transport-ws: {error}")
        except Exception as error:  # the reader is gone whatever it was: those waiting must not hang
            lost = NetworkError(f"WebSocket: {type(error).__name__}: {error}")
        for operation in self.operations.values():  # whoever waits hears of the loss
            operation.deliver(time.time(), {"type": "lost", "payload": lost})

    async def _send(self, message: dict[str, Any]) -> None:
        try:
            await self.socket.send(json.dumps(message))
        except ConnectionClosed as closed:
            received = closed.rcvd
            raise _loss(received.code if received else None, received.reason if received else "") from None


async def _acknowledged(socket: ClientConnection, token: str | None, timeout: float) -> None:
    payload = {"authorization": f"Bearer {token}"} if token else {}
    try:
        await socket.send(json.dumps({"type": "connection_init", "payload": payload}))
        async with asyncio.timeout(timeout):
            answer = json.loads(await socket.recv())
    except ConnectionClosed as closed:
        received = closed.rcvd
        raise _loss(received.code if received else None, received.reason if received else "") from None
    except TimeoutError:
        raise NetworkError("no connection_ack from the server") from None
    if not isinstance(answer, dict) or answer.get("type") != "connection_ack":
        raise CliffsideError(BAD_RESPONSE, f"connection_init answered {answer!r}")


def _loss(code: int | None, reason: str | None) -> CliffsideError:
    """What a lost socket is, for its operations: the server's close as its exception, or a cut."""
    return from_close(code, reason or "")
