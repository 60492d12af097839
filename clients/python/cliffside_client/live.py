"""Subscriptions over graphql-transport-ws that outlive a dropped socket.

Each subscription has a WebSocket of its own to ``/graphql/`` (subprotocol ``graphql-transport-ws``),
authenticated in ``connection_init`` (``{"authorization": "Bearer <token>"}``). When the socket is lost
(cut, closed by a restarting server, refused for a while) it is opened again after a backoff and the
operation subscribed again from where it was: ``matchUpdates`` with ``afterVersion`` = the last version
given out, so the server sends exactly what was missed. Refusals that waiting will not cure (a bad token,
an unknown match, a malformed request) are raised instead.

A match is over when an update says FINISHED or ABORTED: the subscription ends there, whether or not
the server completes it (today's server keeps it open; it may complete it after the final update).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from types import TracebackType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.typing import Subprotocol

from cliffside_client import documents
from cliffside_client.errors import (
    BAD_RESPONSE,
    CliffsideError,
    NetworkError,
    from_close,
    from_graphql_errors,
    from_http,
)
from cliffside_client.models import CANCELLED, LIVE_STATUSES, MATCHED, QuickMatch, Update
from cliffside_client.retry import RetryPolicy

if TYPE_CHECKING:
    from cliffside_client.client import Client

PROTOCOL = Subprotocol("graphql-transport-ws")
OPERATION_ID = "1"  # one operation per socket
MAX_MESSAGE_BYTES = 16 * 1024 * 1024
CLOSE_TIMEOUT_S = 2.0  # how long closing waits for the server's close frame, on a socket that may be dead
# A live subscription waits longer for the server to come back than a single call does (a restart
# takes seconds): about 40 s of tries before it gives up.
LIVE_RETRY = RetryPolicy(attempts=12)

T = TypeVar("T")


async def open_socket(url: str, timeout: float, **options: Any) -> ClientConnection:
    """A graphql-transport-ws WebSocket to ``url`` (``options``: more of ``connect``'s); a refused or
    failed handshake raised as its exception."""
    try:
        return await connect(
            url, subprotocols=[PROTOCOL], open_timeout=timeout, max_size=MAX_MESSAGE_BYTES, **options
        )
    except InvalidStatus as refused:  # the handshake answered with an HTTP refusal (401, 429, 503)
        response = refused.response
        raise from_http(
            response.status_code, bytes(response.body or b""), response.headers.get("Retry-After")
        ) from None
    except InvalidURI:
        raise
    except (OSError, TimeoutError, InvalidHandshake) as error:
        raise NetworkError(f"WebSocket: {type(error).__name__}: {error}", sent=False) from error


class _End:
    """The server completed the operation, and that ends the stream."""


END = _End()


class Subscription(Generic[T]):
    """One operation, followed across sockets. An async iterator, and an async context manager that
    closes its socket (so does ``aclose``, and the owning client's ``aclose``)."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._socket: ClientConnection | None = None
        self._done = False
        self._failures = 0  # in a row, since the last message that came through
        self._opened = 0
        self.reconnects = 0  # sockets opened again after one was lost

    # --- what each kind of subscription says

    def _operation(self) -> tuple[str, dict[str, Any]]:
        """The document and variables to subscribe with, now (resuming from what was given out)."""
        raise NotImplementedError

    def _item(self, data: dict[str, Any]) -> T | None:
        """What to give out for a ``next`` payload's data; None: nothing (already given out)."""
        raise NotImplementedError

    def _is_last(self, item: T) -> bool:
        raise NotImplementedError

    def _complete_ends(self) -> bool:
        """Whether the server's ``complete`` now ends the stream (else: subscribe again)."""
        raise NotImplementedError

    # --- the iterator

    @property
    def connection(self) -> ClientConnection | None:
        """The socket in use now (None between sockets): to close it, or to cut its transport in a test."""
        return self._socket

    def __aiter__(self) -> Subscription[T]:
        return self

    async def __aenter__(self) -> Subscription[T]:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        self._done = True
        await self._drop_socket()

    async def __anext__(self) -> T:
        while not self._done:
            try:
                if self._socket is None:
                    await self._open()
                item = await self._next_item()
            except CliffsideError as error:
                await self._drop_socket()
                await self._recover(error)
                continue
            if isinstance(item, _End):
                await self.aclose()
                break
            self._failures = 0
            if self._is_last(item):
                await self.aclose()
            return item
        raise StopAsyncIteration

    async def _recover(self, error: CliffsideError) -> None:
        """Wait before the next socket, or raise ``error`` when waiting will not help."""
        if self._done:
            raise StopAsyncIteration
        policy = self._client.live_retry
        delay = policy.delay(error, self._failures, resend_ok=True)  # subscribing again changes nothing
        if delay is None:
            self._done = True
            raise error
        self._failures += 1
        if self._client.on_retry is not None:
            self._client.on_retry(error, delay)
        await asyncio.sleep(delay)

    async def _open(self) -> None:
        client = self._client
        socket = await open_socket(client.ws_url, client.timeout, close_timeout=CLOSE_TIMEOUT_S)
        self._socket = socket
        if self._opened:
            self.reconnects += 1
        self._opened += 1
        payload = {"authorization": f"Bearer {client.token}"} if client.token else {}
        await self._send({"type": "connection_init", "payload": payload})
        try:
            async with asyncio.timeout(client.timeout):
                while True:
                    message = await self._receive()
                    if message.get("type") == "connection_ack":
                        break
        except TimeoutError:
            raise NetworkError("no connection_ack from the server") from None
        query, variables = self._operation()
        await self._send(
            {"id": OPERATION_ID, "type": "subscribe", "payload": {"query": query, "variables": variables}}
        )

    async def _next_item(self) -> T | _End:
        while True:
            message = await self._receive()
            if message.get("id") != OPERATION_ID:
                continue
            kind = message.get("type")
            if kind == "next":
                payload = message.get("payload") or {}
                data = payload.get("data")
                if payload.get("errors") and not data:
                    raise from_graphql_errors(payload["errors"])
                if not isinstance(data, dict):
                    raise CliffsideError(BAD_RESPONSE, f"a subscription message without data: {payload}")
                item = self._item(data)
                if item is not None:
                    return item
            elif kind == "error":
                payload = message.get("payload")
                raise from_graphql_errors(payload if isinstance(payload, list) else [])
            elif kind == "complete":
                if self._complete_ends():
                    return END
                raise NetworkError("the server completed the subscription before its end")

    async def _receive(self) -> dict[str, Any]:
        """The next protocol message (pings answered here); a lost socket raised as its error."""
        socket = self._socket
        assert socket is not None
        while True:
            try:
                raw = await socket.recv()
            except ConnectionClosed as closed:
                raise _lost(closed) from None
            try:
                message = json.loads(raw)
            except ValueError:
                raise CliffsideError(BAD_RESPONSE, f"not JSON: {raw[:200]!r}") from None
            if not isinstance(message, dict):
                raise CliffsideError(BAD_RESPONSE, f"not a protocol message: {raw[:200]!r}")
            if message.get("type") == "ping":
                await self._send({"type": "pong"})
                continue
            return message

    async def _send(self, message: dict[str, Any]) -> None:
        socket = self._socket
        assert socket is not None
        try:
            await socket.send(json.dumps(message))
        except ConnectionClosed as closed:
            raise _lost(closed) from None

    async def _drop_socket(self) -> None:
        socket, self._socket = self._socket, None
        if socket is None:
            return
        with contextlib.suppress(Exception):
            await socket.send(json.dumps({"id": OPERATION_ID, "type": "complete"}))
        with contextlib.suppress(Exception):
            await socket.close()


class Follow(Subscription[Update]):
    """``matchUpdates`` of one match, resumed by version across sockets; it ends when the match is over."""

    def __init__(self, client: Client, match_id: str, after_version: int | None, fields: str) -> None:
        super().__init__(client)
        self.match_id = str(match_id)
        self.after_version = after_version
        self.last_version: int | None = None  # of the last update given out
        self._fields = fields
        self._last: dict[str, Any] | None = None
        self._resuming = False

    def _operation(self) -> tuple[str, dict[str, Any]]:
        self._resuming = self.last_version is not None
        after = self.last_version if self._resuming else self.after_version
        return documents.match_updates(self._fields), {"id": self.match_id, "after": after}

    def _item(self, data: dict[str, Any]) -> Update | None:
        update = data["matchUpdates"]
        resuming, self._resuming = self._resuming, False
        if resuming and update == self._last:
            # A resumed subscription opens with the match as it is: when that is the update last given
            # out (nothing happened meanwhile), it is not given out again.
            return None
        self._last = update
        self.last_version = int(update["version"])
        return Update.from_json(self.match_id, update)

    def _is_last(self, item: Update) -> bool:
        return item.over

    def _complete_ends(self) -> bool:
        return self._last is not None and self._last["status"] not in LIVE_STATUSES


class QuickMatchFollow(Subscription[QuickMatch]):
    """``quickMatchUpdates`` of one table: it ends after MATCHED or CANCELLED."""

    def __init__(self, client: Client, match_id: str) -> None:
        super().__init__(client)
        self.match_id = str(match_id)
        self.last: QuickMatch | None = None

    def _operation(self) -> tuple[str, dict[str, Any]]:
        return documents.QUICK_MATCH_UPDATES, {"id": self.match_id}

    def _item(self, data: dict[str, Any]) -> QuickMatch | None:
        self.last = QuickMatch.from_json(data["quickMatchUpdates"])
        return self.last

    def _is_last(self, item: QuickMatch) -> bool:
        return item.state in (MATCHED, CANCELLED)

    def _complete_ends(self) -> bool:
        return self.last is not None and self._is_last(self.last)


def _lost(closed: ConnectionClosed) -> CliffsideError:
    """The error a lost socket means: the server's close code and reason, or a cut without a close."""
    received = closed.rcvd
    if received is None:
        return NetworkError("the WebSocket was cut")
    return from_close(received.code, received.reason)
