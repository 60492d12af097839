"""What a connection writes in one loop turn leaves in one write, in order (api/realtime/writes.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from api.realtime.writes import CoalescedWrites


class Transport:
    """What reached the socket: each write, and whether it was closed or aborted after it."""

    def __init__(self) -> None:
        self.calls: list[Any] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.calls.append(data)

    def close(self) -> None:
        self.calls.append("close")
        self.closing = True

    def abort(self) -> None:
        self.calls.append("abort")
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 5

    def get_extra_info(self, name: str) -> str:
        return f"the transport's {name}"


async def a_turn() -> None:
    await asyncio.sleep(0)


async def test_frames_written_in_one_turn_leave_in_one_write_at_its_end():
    transport = Transport()
    writes = CoalescedWrites(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    writes.write(b"next")
    writes.write(b"")
    writes.write(bytearray(b"complete"))
    assert transport.calls == [] and writes.get_write_buffer_size() == 5 + 12
    await a_turn()
    assert transport.calls == [b"nextcomplete"]
    writes.write(b"later")
    await a_turn()
    assert transport.calls == [b"nextcomplete", b"later"]  # a later turn: a write of its own


async def test_a_close_goes_out_after_what_was_written_and_an_abort_drops_it():
    closed, aborted = Transport(), Transport()
    loop = asyncio.get_running_loop()
    for transport in (closed, aborted):
        writes = CoalescedWrites(transport, loop)  # type: ignore[arg-type]
        writes.write(b"bye")
        writes.close() if transport is closed else writes.abort()
    await a_turn()
    assert closed.calls == [b"bye", "close"]
    assert aborted.calls == ["abort"]


async def test_nothing_is_written_to_a_transport_closed_meanwhile_and_the_rest_is_the_transport_s():
    transport = Transport()
    writes = CoalescedWrites(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    writes.write(b"too late")
    transport.closing = True  # the peer went away
    await a_turn()
    assert transport.calls == []
    assert writes.get_extra_info("peername") == "the transport's peername"


async def test_a_protocol_taking_the_transport_over_gets_it_with_nothing_held_back():
    transport = Transport()
    writes = CoalescedWrites(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    writes.write(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")
    assert writes.flushed() is transport
    assert transport.calls == [b"HTTP/1.1 101 Switching Protocols\r\n\r\n"]
    await a_turn()
    assert len(transport.calls) == 1  # the turn's end writes nothing twice
