"""Connection churn for tests/reliability/test_churn.py: many short connections, cheaply.

A client here is a few prepared byte strings written to a raw asyncio stream: the WebSocket handshake,
graphql-transport-ws ``connection_init`` and ``subscribe`` frames (masked, as a client's must be), a
close frame; or plain HTTP/1.1 requests on one kept-alive connection. A full client library costs
more CPU per connection than the server it measures, and the test opens 20,000 of them on a 2-core
machine. The server's side of each connection is the real one: uvicorn's handshake, the GraphQL
consumer, the subscription's first read, the close.

The server's worker processes are found from the port it listens on (``/proc``, no psutil): those
holding the listening socket whose parent holds it too (uvicorn --workers), or, with one process, it.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
from dataclasses import dataclass
from pathlib import Path

import orjson

MASK = b"\x5a\xa5\x3c\xc3"  # any key will do: the server unmasks whatever the client chose
LISTEN = "0A"  # TCP_LISTEN in /proc/net/tcp
SUBSCRIPTION = "subscription($id: ID!) { matchUpdates(matchId: $id) { version status events { seq } } }"
QUERY = b'{"query": "{ games { key minPlayers } }"}'


def frame(opcode: int, payload: bytes) -> bytes:
    """A final client frame (masked) of ``payload``."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    else:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    masked = bytes(byte ^ MASK[index % 4] for index, byte in enumerate(payload))
    return header + MASK + masked


def text(message: dict[str, object]) -> bytes:
    return frame(0x1, orjson.dumps(message))


CLOSE = frame(0x8, struct.pack("!H", 1000))


@dataclass(frozen=True)
class Subscriber:
    """The bytes one WebSocket client sends: handshake, connection_init, subscribe."""

    handshake: bytes
    init: bytes
    subscribe: bytes

    @classmethod
    def of(cls, host: str, match_id: str, token: str | None) -> Subscriber:
        key = base64.b64encode(os.urandom(16)).decode()
        handshake = (
            f"GET /graphql/ HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
        ).encode()
        payload = {"authorization": f"Bearer {token}"} if token else {}
        subscribe = {"query": SUBSCRIPTION, "variables": {"id": match_id}}
        return cls(
            handshake,
            text({"type": "connection_init", "payload": payload}),
            text({"id": "1", "type": "subscribe", "payload": subscribe}),
        )


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """The next frame from the server (unmasked): its opcode and payload."""
    first, second = await reader.readexactly(2)
    size = second & 0x7F
    if size == 126:
        (size,) = struct.unpack("!H", await reader.readexactly(2))
    elif size == 127:
        (size,) = struct.unpack("!Q", await reader.readexactly(8))
    return first & 0x0F, await reader.readexactly(size)


async def next_message(reader: asyncio.StreamReader) -> dict[str, object]:
    """The next graphql-transport-ws message (a close frame is an error: the server refused)."""
    while True:
        opcode, payload = await read_frame(reader)
        if opcode == 0x1:
            return orjson.loads(payload)
        if opcode == 0x8:
            raise ConnectionError(f"closed by the server: {payload[:2].hex()} {payload[2:]!r}")


async def subscribe_once(host: str, port: int, client: Subscriber) -> None:
    """Open a WebSocket, init, subscribe, wait for the first update, close it cleanly."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(client.handshake)
        status = await reader.readuntil(b"\r\n\r\n")
        if not status.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"handshake refused: {status[:200]!r}")
        writer.write(client.init)
        ack = await next_message(reader)
        if ack.get("type") != "connection_ack":
            raise ConnectionError(f"no connection_ack: {ack}")
        writer.write(client.subscribe)
        update = await next_message(reader)
        if update.get("type") != "next":
            raise ConnectionError(f"no first update: {update}")
        writer.write(CLOSE)
        while (await read_frame(reader))[0] != 0x8:  # the server's close frame, then its FIN
            pass
        await reader.read()
    finally:
        writer.close()


async def ask_kept_alive(host: str, port: int, requests: int) -> None:
    """``requests`` GraphQL queries one after the other on one kept-alive HTTP connection."""
    reader, writer = await asyncio.open_connection(host, port)
    request = (
        f"POST /graphql/ HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(QUERY)}\r\n\r\n"
    ).encode() + QUERY
    try:
        for _ in range(requests):
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise ConnectionError(f"answered {head[:200]!r}")
            await read_body(reader, head)
    finally:
        writer.close()


async def read_body(reader: asyncio.StreamReader, head: bytes) -> bytes:
    """The body after ``head``: Content-Length bytes, or chunks to the last (JSON holds no CRLF)."""
    for line in head.lower().split(b"\r\n"):
        if line.startswith(b"content-length:"):
            return await reader.readexactly(int(line.split(b":", 1)[1]))
    return await reader.readuntil(b"\r\n0\r\n\r\n")


def listening_sockets(port: int) -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == LISTEN:
                inodes.add(f"socket:[{fields[9]}]")
    return inodes


def holders(inodes: set[str]) -> set[int]:
    found = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            descriptors = os.listdir(f"/proc/{pid}/fd")
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in descriptors):
                found.add(int(pid))
        except OSError:  # gone, or not ours to look at
            continue
    return found


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def workers(port: int) -> list[int]:
    """The processes serving ``port``: uvicorn's workers, or the one process when it has none."""
    serving = holders(listening_sockets(port))
    children = {pid for pid in serving if parent(pid) in serving}
    return sorted(children or serving)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError(f"no VmRSS for {pid}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
