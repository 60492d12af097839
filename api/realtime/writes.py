"""What a connection writes in one turn of the event loop leaves in one write.

A move over the socket answers its mover with two frames written back to back, graphql-transport-ws's
``next`` and ``complete``; uvicorn writes an HTTP answer's head and body apart. Each
``transport.write`` is a send system call, and on one host it also runs the receiver's side of the
network stack: a worker spent about a twentieth of its time in them (docs/performance-log.md). Held until
the loop's turn ends, what was written together leaves in one call and one packet. Nothing waits
beyond the turn it was written in, and the bytes keep their order: a close goes out after what was
written before it, an abort drops it as an abort drops the transport's buffer.
"""

from __future__ import annotations

import asyncio
from typing import Any


class CoalescedWrites:
    """``transport``, with the writes of one loop turn joined into one; the rest is the transport's."""

    __slots__ = ("_loop", "_pending", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(bytes(data))

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        pending, self._pending = self._pending, []
        if pending and not self._transport.is_closing():
            self._transport.write(pending[0] if len(pending) == 1 else b"".join(pending))

    def flushed(self) -> asyncio.Transport:
        """The transport itself, once what is held is written: for a protocol that takes it over."""
        self.flush()
        return self._transport

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def abort(self) -> None:
        self._pending = []
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(len(data) for data in self._pending)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
