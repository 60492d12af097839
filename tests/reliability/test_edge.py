"""The server facing the internet directly: hostile and careless clients at the socket level.

One real server (`manage.py serve`, production mode, tests/server.py) with short limits, so that each
case takes seconds: headers, bodies and readers get 1 s (HTTP_HEADER_TIMEOUT_S, HTTP_BODY_TIMEOUT_S,
SEND_TIMEOUT_S), an address 3 sockets (MAX_CONNECTIONS_PER_ADDRESS), rate limits are on, and the proxy
setting is what deploy/env.example gives an operator. Clients are raw sockets, bound to other loopback
addresses (127.0.0.2, 127.0.0.3) where a case needs a client that is not 127.0.0.1, the trusted proxy.
Waits are generous (SLACK) and end as soon as the server acts; the figures say how long it took.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import selectors
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import orjson
import pytest

from tests.server import fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LIMIT_S = 1.0
CEILING = 3
SLACK = 15.0  # on a busy machine the server may act late; never early
HALF_OPEN = 300
BIG_FILE = "/static/web/vendor/graphiql/graphiql.min.js"  # 3.5 MB, served by the server itself


def env_example_proxies() -> dict[str, str]:
    """FORWARDED_ALLOW_IPS as deploy/env.example sets it, if it does: what an operator's .env holds."""
    found = re.search(r"^FORWARDED_ALLOW_IPS=(.*)$", (ROOT / "deploy/env.example").read_text(), re.M)
    return {"FORWARDED_ALLOW_IPS": found.group(1)} if found else {}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("edge")
    limits = {
        name: str(LIMIT_S) for name in ("HTTP_HEADER_TIMEOUT_S", "HTTP_BODY_TIMEOUT_S", "SEND_TIMEOUT_S")
    }
    settings = {**limits, "MAX_CONNECTIONS_PER_ADDRESS": str(CEILING), "RATE_LIMITS": "true"}
    with (
        fresh_database(tmp) as database,
        running_server(tmp, database, **settings, **env_example_proxies()) as base,
    ):
        yield base, tmp / "server.log"


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def connect(port: int, source: str = "127.0.0.1", rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket()
    if rcvbuf is not None:  # before connect, so that the window the server sees is small from the start
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def request(path: str, *, method: str = "GET", headers: str = "", body: bytes = b"") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


def read_response(sock: socket.socket) -> bytes:
    """One whole response of a kept-alive connection (they all have a Content-Length here)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def until_closed(socks: list[socket.socket], seconds: float) -> tuple[float, dict[socket.socket, bytes], int]:
    """Read every socket until the server closes it: the seconds until the last closed, what each
    received, and how many were still open after ``seconds``."""
    started = time.monotonic()
    received = {sock: b"" for sock in socks}
    with selectors.DefaultSelector() as selector:
        for sock in socks:
            selector.register(sock, selectors.EVENT_READ)
        while selector.get_map() and time.monotonic() < started + seconds:
            for key, _ in selector.select(started + seconds - time.monotonic()):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(65536)
                except ConnectionResetError:
                    data = b""
                received[sock] += data
                if not data:
                    selector.unregister(sock)
        return time.monotonic() - started, received, len(selector.get_map())


# --- WebSocket, by hand: the cases send what no WebSocket library would -------------------------------


def websocket(port: int, source: str = "127.0.0.1", rcvbuf: int | None = None) -> socket.socket:
    """A graphql-transport-ws connection, its handshake answered (101)."""
    sock = connect(port, source, rcvbuf)
    key = base64.b64encode(os.urandom(16)).decode()
    headers = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
    headers += f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n"
    sock.sendall(request("/graphql/", headers=headers))
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # byte by byte: what follows the handshake is the test's to read
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def frame_header(opcode: int, length: int) -> bytes:
    """A client frame's header (FIN set, masked with a zero key, so the payload goes as it is)."""
    if length < 126:
        size = bytes([0x80 | length])
    elif length < 1 << 16:
        size = bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        size = bytes([0x80 | 127]) + struct.pack("!Q", length)
    return bytes([0x80 | opcode]) + size + b"\x00\x00\x00\x00"


def close_code(received: bytes) -> int | None:
    """The code of the close frame among the server's frames, if there is one."""
    at = received.find(b"\x88")
    return struct.unpack("!H", received[at + 2 : at + 4])[0] if at >= 0 and len(received) >= at + 4 else None


# --- the cases -------------------------------------------------------------------------------------


def test_half_open_connections_are_cut_after_the_header_timeout(server, record_property):
    base, _log = server
    port = port_of(base)
    partial = [b"", b"GET /heal", request("/healthz").split(b"\r\n\r\n")[0]]  # nothing, half a line, no end
    socks = []
    for n in range(HALF_OPEN):
        sock = connect(port)
        sock.sendall(partial[n % len(partial)])
        socks.append(sock)
    opened = time.monotonic()
    kept_alive = connect(port)  # a whole request answered, then half of the next one
    kept_alive.sendall(request("/healthz"))
    assert read_response(kept_alive).startswith(b"HTTP/1.1 200")
    kept_alive.sendall(b"GET /healthz HTTP/1.1\r\nHo")
    socks.append(kept_alive)
    answered = sum(httpx.get(f"{base}/healthz", timeout=10).status_code == 200 for _ in range(7))
    try:
        _seconds, received, held = until_closed(socks, LIMIT_S + SLACK)
        seconds = time.monotonic() - opened
        assert held == 0, f"{held} of {len(socks)} half-open connections still held after {seconds:.0f} s"
        assert not any(received.values()), "closed without an answer, as nginx does"
    finally:
        for sock in socks:
            sock.close()
    assert answered == 7
    record_property(
        "figure",
        f"{len(socks)} half-open sockets (header timeout {LIMIT_S:g} s): all cut within {seconds:.1f} s; "
        f"unrelated requests answered {answered} of 7",
    )


def test_a_body_that_stops_coming_gets_408_after_the_body_timeout(server, record_property):
    base, _log = server
    with connect(port_of(base)) as sock:
        whole = request("/graphql/", method="POST", body=b'{"query": "{ __typename }"}')
        sock.sendall(whole[:-10])
        seconds, received, _held = until_closed([sock], LIMIT_S + SLACK)
    answer = received[sock]
    assert answer.startswith(b"HTTP/1.1 408"), answer or "no answer: the connection is still held"
    assert (
        orjson.loads(answer.split(b"\r\n\r\n", 1)[1])["errors"][0]["extensions"]["code"] == "REQUEST_TIMEOUT"
    )
    record_property("figure", f"a body stalled 10 bytes short: 408 and closed after {seconds:.1f} s")


def test_a_websocket_frame_over_the_limit_is_refused_from_its_header(server, record_property):
    base, _log = server
    megabyte = 1 << 20
    with websocket(port_of(base)) as sock:
        sock.sendall(frame_header(0x1, megabyte))  # a 1 MiB text frame announced, not a byte of it sent
        seconds, received, _held = until_closed([sock], SLACK)
    assert close_code(received[sock]) == 1009, received[sock] or "no close: the server waits for the frame"
    record_property(
        "figure", f"a 1 MiB WebSocket frame: closed 1009 after {seconds:.1f} s, on its 14-byte header alone"
    )


def test_a_text_message_that_is_not_utf8_is_closed_1007_without_an_error_logged(server, record_property):
    base, log = server
    before = log.stat().st_size
    with websocket(port_of(base)) as sock:
        sock.sendall(frame_header(0x1, 2) + b"\xff\xfe")
        _seconds, received, _held = until_closed([sock], SLACK)
    assert close_code(received[sock]) == 1007
    with log.open("rb") as lines:
        lines.seek(before)
        logged = lines.read().decode(errors="replace")
    assert "Invalid UTF-8" not in logged, "the client's mistake was logged as the server's ERROR"
    assert '"websocket_text_not_utf8"' in logged
    record_property(
        "figure", "a WebSocket text message that is not UTF-8: closed 1007, logged at INFO, no traceback"
    )


def test_one_address_holds_at_most_its_ceiling_of_sockets(server, record_property):
    base, _log = server
    port = port_of(base)
    held = [websocket(port, source="127.0.0.2") for _ in range(CEILING)]
    try:
        with connect(port, source="127.0.0.2") as one_more:
            seconds, received, _held = until_closed([one_more], SLACK)
        refused = received[one_more]
        assert refused.startswith(b"HTTP/1.1 503") and b"TOO_MANY_CONNECTIONS" in refused, (
            refused or "not refused"
        )
        assert b"retry-after:" in refused.lower()
        assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200  # another address: served
        held.pop().close()
        answered = None
        for _ in range(50):  # the server notices the close at once, but may be busy: ask again
            with connect(port, source="127.0.0.2") as again:
                again.sendall(request("/healthz"))
                with contextlib.suppress(OSError):
                    answered = read_response(again)
            if answered and answered.startswith(b"HTTP/1.1 200"):
                break
            time.sleep(0.2)
        assert answered and answered.startswith(b"HTTP/1.1 200"), "a closed socket's place is not given back"
    finally:
        for sock in held:
            sock.close()
    record_property(
        "figure",
        f"{CEILING} sockets held by one address: the next refused (503) in {seconds:.2f} s, "
        "other addresses served, a freed place given back",
    )


def stopped_reading(log: Path, event: str, seconds: float) -> float:
    """Seconds until the server logs that it cut a peer that stopped reading (inf if it never does)."""
    started = time.monotonic()
    while time.monotonic() < started + seconds:
        if f'"{event}"' in log.read_text(errors="replace"):
            return time.monotonic() - started
        time.sleep(0.1)
    return float("inf")


def drain(sock: socket.socket) -> int:
    """Bytes the socket still delivers until it ends (the server's FIN or reset)."""
    sock.settimeout(SLACK)
    total = 0
    with contextlib.suppress(ConnectionResetError):
        while data := sock.recv(1 << 20):
            total += len(data)
    return total


def test_http_and_websocket_clients_that_stop_reading_are_cut(server, record_property):
    base, log = server
    port = port_of(base)
    size = len(httpx.get(base + BIG_FILE, timeout=30).content)
    asked = 3
    with connect(port, rcvbuf=4096) as reader:
        reader.sendall(request(BIG_FILE) * asked)  # pipelined, and never read
        http_seconds = stopped_reading(log, "http_peer_stopped_reading", LIMIT_S + SLACK)
        assert http_seconds < LIMIT_S + SLACK, "an HTTP client that stopped reading is still held"
        delivered = drain(reader)
    assert delivered < asked * size, "everything was delivered: the connection was never cut"
    pings = 40_000  # 125-byte pings: 5 MB of pongs for the server to send
    with websocket(port, rcvbuf=4096) as pinger:
        with contextlib.suppress(OSError):  # the server may cut before the last ping is sent
            pinger.sendall((frame_header(0x9, 125) + b"p" * 125) * pings)
        ws_seconds = stopped_reading(log, "websocket_peer_stopped_reading", LIMIT_S + SLACK)
        assert ws_seconds < LIMIT_S + SLACK, "a WebSocket client that stopped reading is still held"
        pongs = drain(pinger) // 127
    assert pongs < pings
    record_property(
        "figure",
        f"clients that stop reading (send timeout {LIMIT_S:g} s): HTTP cut within {http_seconds:.1f} s "
        f"({delivered / 1e6:.1f} of {asked * size / 1e6:.1f} MB delivered), WebSocket within "
        f"{ws_seconds:.1f} s ({pongs} of {pings} pongs)",
    )


def test_x_forwarded_for_from_a_client_that_is_not_the_proxy_is_ignored(server, record_property):
    base, _log = server
    mutation = {"query": 'mutation { registerPlayer(name: "Spoofer") { token } }'}
    codes = []
    transport = httpx.HTTPTransport(local_address="127.0.0.3")  # not the proxy (127.0.0.1)
    with httpx.Client(base_url=base, transport=transport, timeout=30) as client:
        for n in range(6):  # RATE_LIMIT_REGISTER_PER_IP: 5 a minute
            spoofed = {"X-Forwarded-For": f"203.0.113.{n + 1}"}
            body = client.post("/graphql/", json=mutation, headers=spoofed).json()
            codes.append(body["errors"][0]["extensions"]["code"] if body.get("errors") else "registered")
    assert codes == ["registered"] * 5 + ["RATE_LIMITED"], codes
    record_property(
        "figure",
        "6 registrations from one address under 6 spoofed X-Forwarded-For: 5 accepted, the 6th RATE_LIMITED",
    )
