"""boardgame.io 0.50.2, the peer the service is measured beside in the same run: its server
(``bench/peers/bgio-server.mjs``, our Daredevil Rock written as a boardgame.io game) on its
PostgreSQL storage, in a database of its own created here and dropped afterwards, however the run ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench import backends, node
from bench.stack import Process, Stack, free_port, start_process, wait_until

READY = "boardgame.io ready"
VERSION = "boardgame.io 0.50.2"


@dataclass
class PeerServer:
    process: Process
    base: str  # socket.io
    api: str  # its lobby API


def database_name(stack: Stack) -> str:
    """The run's database name with ``_bgio``: a benchmark's leftovers are found by one prefix."""
    return urlsplit(stack.database_url).path.lstrip("/") + "_bgio"


@contextlib.contextmanager
def bgio_server(postgres: backends.PostgresServer, database: str, logs: Path) -> Iterator[PeerServer]:
    """The peer's server on a new database ``database`` (dropped afterwards), logging into ``logs``."""
    with backends.database(postgres, database) as url:
        port, api_port = free_port(), free_port()
        env = node.environment(
            PORT=str(port), API_PORT=str(api_port), BGIO_DATABASE_URL=url, NODE_ENV="production"
        )
        script = node.PEERS / "bgio-server.mjs"
        process = start_process(["node", str(script)], env, logs / "boardgame.io.log")
        try:
            wait_until(process, lambda: READY in process.log.read_text(errors="replace"), "boardgame.io")
            yield PeerServer(process, f"http://127.0.0.1:{port}", f"http://127.0.0.1:{api_port}")
        finally:
            process.stop()
