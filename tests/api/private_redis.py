"""A redis-server of one test's own, on a free port, that the test may stop and start again.

Outage tests cannot stop the shared Redis other tests use, so each starts its own: no persistence
(``--save "" --appendonly no``), so a restart comes back empty, as a crashed cache server would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis

from tests.server import free_port

BINARY = "redis-server"


class PrivateRedis:
    """One redis-server process; ``stop`` and ``start`` keep its port, so clients reconnect to it."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        assert self.process is None, "already running"
        self.process = subprocess.Popen(
            [BINARY, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_until(answering=True)

    def stop(self) -> None:
        """Kill it: clients see their connections drop and new ones refused."""
        if self.process is None:
            return
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None
        self._wait_until(answering=False)

    def _wait_until(self, *, answering: bool) -> None:
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2, socket_timeout=0.2)
        try:
            give_up = time.monotonic() + 10
            while time.monotonic() < give_up:
                try:
                    up = bool(client.ping())
                except redis.RedisError:
                    up = False
                if up is answering:
                    return
                time.sleep(0.02)
        finally:
            client.close()
        raise RuntimeError(f"redis-server on port {self.port} never became {'up' if answering else 'down'}")


def private_redis_server() -> Iterator[PrivateRedis]:
    """Body of the ``private_redis`` fixtures: skip without the binary (fail under CI=true)."""
    if shutil.which(BINARY) is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and this test needs the {BINARY} binary", pytrace=False)
        pytest.skip(f"needs the {BINARY} binary")
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()
