"""The server's edge: what uvicorn's own HTTP and WebSocket protocols lack to face the internet directly.

uvicorn 0.54 times out only an idle kept-alive connection. A client that sends half a request line,
half its headers or half its body, or that stops reading what it asked for, holds its socket (and its
file descriptor, and the response buffered for it) for as long as it likes; and any one address may
open as many sockets as the process has descriptors. These subclasses of the protocols uvicorn would
pick (httptools for HTTP, websockets' sans-I/O for WebSocket) add what nginx does for the same faults:

- ``client_header_timeout``: a request's headers not complete within HTTP_HEADER_TIMEOUT_S of the
  connection (or, on a kept-alive one, of the request's first byte) and the connection is closed,
  without an answer, as nginx does: the client has not said anything an answer could be about.
- ``client_body_timeout``: a body not complete within HTTP_BODY_TIMEOUT_S of its headers gets a 408
  (REQUEST_TIMEOUT) if nothing was answered yet, and the connection is closed. Bodies are at most
  MAX_REQUEST_BYTES, so a bound on the whole body is also a bound on the slowest rate allowed.
- ``send_timeout``: a peer that stops reading (the transport paused for writing, its buffers full)
  for SEND_TIMEOUT_S is cut, HTTP or WebSocket; its unsent bytes are dropped, not flushed forever.
- ``limit_conn``: at most MAX_CONNECTIONS_PER_ADDRESS sockets per peer address in this process; one
  more is answered 503 (TOO_MANY_CONNECTIONS) and closed before a byte of it is read. The proxies
  trusted for X-Forwarded-For (FORWARDED_ALLOW_IPS) are exempt: behind one, every client shares its
  address. The count is per process, like the file-descriptor limit it protects.

A WebSocket text message that is not UTF-8 is the client's error: logged at INFO, closed with 1007,
where uvicorn logs an ERROR with a traceback. ``manage.py serve`` runs uvicorn with these protocols.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections import Counter
from collections.abc import Callable
from typing import Any

import structlog
from django.conf import settings
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from api.realtime.responses import error_body
from api.realtime.writes import CoalescedWrites

log = structlog.get_logger(__name__)

TOO_MANY_CONNECTIONS = "TOO_MANY_CONNECTIONS"
REQUEST_TIMEOUT = "REQUEST_TIMEOUT"
CLOSE_INVALID_DATA = 1007  # RFC 6455: a text message that is not UTF-8


@functools.cache
def trusted_proxies() -> _TrustedHosts:
    # uvicorn's own test for X-Forwarded-For, so that the proxies exempt from the ceiling are exactly
    # those whose header is believed.
    return _TrustedHosts(settings.FORWARDED_ALLOW_IPS)


class OpenConnections:
    """Sockets open per peer address in this process."""

    def __init__(self) -> None:
        self.by_address: Counter[str] = Counter()

    def admissible(self, address: str) -> bool:
        return address in trusted_proxies() or self.by_address[address] < settings.MAX_CONNECTIONS_PER_ADDRESS

    def add(self, address: str) -> None:
        self.by_address[address] += 1

    def release(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]  # a Counter keeps zeros: an address gone must not stay


OPEN = OpenConnections()


class Deadline:
    """One pending cut of a connection, armed and cancelled as the exchange moves on."""

    def __init__(self, loop: asyncio.AbstractEventLoop, action: Callable[[], None]) -> None:
        # Weakly: the protocol holds its deadlines, so a strong reference back would be a cycle per
        # connection, freed only by a full garbage collection (rare on purpose: api/common/heap.py).
        self.loop, self.action = loop, weakref.WeakMethod(action)  # type: ignore[arg-type]
        self.timer: asyncio.TimerHandle | None = None

    @property
    def armed(self) -> bool:
        return self.timer is not None

    def arm(self, seconds: float) -> None:
        self.cancel()
        self.timer = self.loop.call_later(seconds, self._fire)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _fire(self) -> None:
        self.timer = None
        action = self.action()
        if action is not None:  # else the connection is gone already
            action()


class Slot:
    """A connection's place in OPEN: taken once, released once, handed over on a WebSocket upgrade."""

    def __init__(self) -> None:
        self.address: str | None = None

    def take(self, transport: asyncio.Transport, *, refusable: bool) -> bool:
        remote = get_remote_addr(transport)
        if remote is None:  # a Unix socket: no address to count
            return True
        if refusable and not OPEN.admissible(remote[0]):
            return False
        OPEN.add(remote[0])
        self.address = remote[0]
        return True

    def release(self) -> None:
        if self.address is not None:
            OPEN.release(self.address)
            self.address = None


def refusal(status: int, code: str, message: str, *, retry_after: int | None = None) -> bytes:
    """A whole HTTP response that closes the connection, written straight to the transport."""
    body = error_body(code, message, retry_after)
    head = [
        STATUS_LINE[status],
        b"content-type: application/json\r\n",
        b"content-length: %d\r\n" % len(body),
        b"connection: close\r\n",
    ]
    if retry_after is not None:
        head.append(b"retry-after: %d\r\n" % retry_after)
    return b"".join([*head, b"\r\n", body])


class CutsStalledReaders:
    """A peer that stops reading what we send: once the transport's buffer is full (``pause_writing``),
    it has SEND_TIMEOUT_S to read some of it before the connection is cut. Mixed into a uvicorn
    protocol, which calls ``pause_writing``/``resume_writing`` and has ``transport``, ``client`` and
    ``loop``; the protocol sets ``reading_due = Deadline(self.loop, self.cut_stalled_reader)``."""

    stalled_event = "peer_stopped_reading"  # the log event, named by each protocol
    reading_due: Deadline
    transport: Any
    client: Any

    def pause_writing(self) -> None:
        super().pause_writing()  # type: ignore[misc]
        self.reading_due.arm(settings.SEND_TIMEOUT_S)

    def resume_writing(self) -> None:
        self.reading_due.cancel()
        super().resume_writing()  # type: ignore[misc]

    def cut_stalled_reader(self) -> None:
        log.info(self.stalled_event, client=self.client)
        self.transport.abort()  # close() would wait for the unsent bytes to be read, for ever


class EdgeHttpProtocol(CutsStalledReaders, HttpToolsProtocol):
    """uvicorn's httptools protocol with header, body and send timeouts and a ceiling per address, a
    response's head and body sent in one write (api/realtime/writes.py): uvicorn writes them apart,
    two send system calls for every answer."""

    stalled_event = "http_peer_stopped_reading"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slot = Slot()
        self.headers_due = Deadline(self.loop, self.cut_slow_headers)
        self.body_due = Deadline(self.loop, self.cut_slow_body)
        self.reading_due = Deadline(self.loop, self.cut_stalled_reader)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.transport = CoalescedWrites(transport, self.loop)  # type: ignore[assignment]
        if not self.slot.take(transport, refusable=True):
            self.refuse_connection()
            return
        self.headers_due.arm(settings.HTTP_HEADER_TIMEOUT_S)

    def refuse_connection(self) -> None:
        # Retry-After: the keep-alive timeout, within which the address's idle connections close.
        message = "Too many connections from your address; close one and retry."
        retry_after = self.timeout_keep_alive
        self.transport.write(refusal(503, TOO_MANY_CONNECTIONS, message, retry_after=retry_after))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_deadlines()
        self.slot.release()
        super().connection_lost(exc)

    def stop_deadlines(self) -> None:
        for deadline in (self.headers_due, self.body_due, self.reading_due):
            deadline.cancel()

    # The request, as the parser reads it.
    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self.headers_due.armed:  # a kept-alive connection's next request: its own deadline
            self.headers_due.arm(settings.HTTP_HEADER_TIMEOUT_S)

    def on_headers_complete(self) -> None:
        self.headers_due.cancel()
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self.body_due.arm(settings.HTTP_BODY_TIMEOUT_S)

    def on_message_complete(self) -> None:
        self.body_due.cancel()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        # The socket becomes the WebSocket protocol's, its place in the count with it.
        self.stop_deadlines()
        self.slot.release()
        self.transport = self.transport.flushed()  # type: ignore[attr-defined]  # the WebSocket's wraps its own
        super().handle_websocket_upgrade()
        # uvicorn drops its parser (which holds this protocol's callbacks: a cycle) in connection_lost,
        # which an upgraded connection never reaches here: the socket is the WebSocket protocol's now.
        self.parser = None  # type: ignore[assignment]

    # The cuts.
    def cut_slow_headers(self) -> None:
        log.info("http_headers_timed_out", client=self.client)
        self.transport.close()

    def cut_slow_body(self) -> None:
        log.info("http_body_timed_out", client=self.client)
        if self.cycle is not None and not self.cycle.response_started:
            message = f"The request body did not arrive within {settings.HTTP_BODY_TIMEOUT_S:g} s."
            self.transport.write(refusal(408, REQUEST_TIMEOUT, message))
        self.transport.close()


class EdgeWebSocketProtocol(CutsStalledReaders, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with a send timeout, counted per address, quiet about bad UTF-8,
    its frames of one loop turn sent in one write (api/realtime/writes.py).

    Frames larger than uvicorn's ws_max_size are refused (close 1009) from their header, before their
    payload is read: ``manage.py serve`` sets it to MAX_REQUEST_BYTES (websockets counts the payload
    only, so no slack is needed for frame headers)."""

    stalled_event = "websocket_peer_stopped_reading"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slot = Slot()
        self.reading_due = Deadline(self.loop, self.cut_stalled_reader)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.transport = CoalescedWrites(self.transport, self.loop)  # type: ignore[assignment]
        # Upgraded from an HTTP connection that was admitted: counted again, never refused.
        self.slot.take(self.transport, refusable=False)

    def connection_lost(self, exc: Exception | None) -> None:
        self.reading_due.cancel()
        self.slot.release()
        super().connection_lost(exc)

    async def send(self, message: Any) -> None:
        await super().send(message)
        # A handshake refused with an HTTP answer (429 and why, api/realtime/responses.py) is complete
        # once its body is sent; uvicorn never marks it so, and logs an ERROR for every such refusal.
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            self.handshake_complete = True

    def send_receive_event_to_app(self) -> None:
        # Checked here (decoding a message of at most MAX_REQUEST_BYTES twice costs microseconds) so
        # that uvicorn's own check, which logs the client's mistake as a server ERROR, never fails.
        if self.curr_msg_data_type == "text" and not self.close_sent and not is_utf8(self.frames):
            self.frames = []
            log.info("websocket_text_not_utf8", client=self.client)
            self.conn.send_close(CLOSE_INVALID_DATA, "invalid UTF-8")
            self.handle_parser_exception()
            return
        super().send_receive_event_to_app()


def is_utf8(frames: list[bytes]) -> bool:
    try:
        b"".join(frames).decode()
    except UnicodeDecodeError:
        return False
    return True
