"""The real server as the README starts it, for end-to-end and browser tests.

`running_server` migrates a fresh database and runs `manage.py serve` (uvicorn with the edge's limits,
as production does) on a free port, in production mode (DEBUG=false), until the block ends.
`fresh_database` gives it a SQLite file in a temporary folder or, when DATABASE_URL is a PostgreSQL
URL, a database of its own created for the test and dropped after it. The server inherits REDIS_URL,
so under CI it runs on Redis too (with a key prefix of its own).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # the venv the tests run from: .venv/bin
STARTUP_SECONDS = 60
PORTS_FROM = 20_000
PORT_TRIES = 3


def free_port() -> int:
    """A port nothing is bound to now, below the kernel's range for the local ends of outgoing
    connections: a port from that range (what binding port 0 gives) may be taken by one of the
    suite's many connections to PostgreSQL or Redis before the server binds it."""
    lowest = ephemeral_ports()[0]
    for _ in range(100):
        port = random.randint(PORTS_FROM, lowest - 1)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port found in {PORTS_FROM}-{lowest - 1}")


def ephemeral_ports() -> tuple[int, int]:
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    except OSError:  # not Linux: the IANA range
        return 49152, 65535
    return int(low), int(high)


@dataclass
class Database:
    url: str
    drop: Any = None  # a callable that removes it


@contextlib.contextmanager
def fresh_database(tmp_path: Path) -> Iterator[Database]:
    """SQLite in tmp_path; or, when DATABASE_URL points at PostgreSQL, a dedicated database."""
    configured = os.environ.get("DATABASE_URL", "")
    if not configured.startswith(("postgres://", "postgresql://")):
        yield Database(f"sqlite:///{tmp_path / 'e2e.sqlite3'}")
        return
    parts = urlsplit(configured)
    name = f"cliffside_e2e_{os.getpid()}_{int(time.time())}"
    maintenance = dict(
        host=parts.hostname, port=parts.port, user=parts.username, password=parts.password, dbname="postgres"
    )
    with psycopg.connect(**maintenance, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield Database(urlunsplit(parts._replace(path=f"/{name}")))
    finally:
        with psycopg.connect(**maintenance, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def manage(*arguments: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start ``manage.py <arguments>``; ``finish`` waits for it."""
    return subprocess.Popen(
        [str(BIN / "python"), "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def finish(command: subprocess.Popen[bytes]) -> None:
    output, _ = command.communicate(timeout=120)
    assert command.returncode == 0, f"{command.args[2:]} failed:\n{output.decode()[-3000:]}"


@contextlib.contextmanager
def running_server(
    tmp_path: Path,
    database: Database,
    *,
    collectstatic: bool = False,
    timers: bool = False,
    **environment: str,
) -> Iterator[str]:
    """Migrate, start `manage.py serve`, wait for /healthz; yield its base URL; always stop it afterwards.

    ``environment`` adds to or overrides the server's settings (e.g. ``GRAPHQL_IDE="true"``).
    ``collectstatic`` first collects the static files into tmp_path/static, as a deployment does, so
    whitenoise serves them compressed and under hashed names. ``timers``: deadlines fire (bots play,
    turns time out) as in production: with REDIS_URL set, a ``run_timers`` worker runs beside the
    server (without Redis the server runs the same loop in-process). The server's output is in
    tmp_path/server.log, with the worker's.
    """
    env = {
        **os.environ,
        "DATABASE_URL": database.url,
        "DEBUG": "false",
        # Production refuses to start with the development key.
        "SECRET_KEY": "e2e-" + "k" * 60,
        # Test clients play as fast as they can; a person is never that fast.
        "RATE_LIMITS": "false",
        # A key prefix of its own in a shared Redis (see REDIS_KEY_PREFIX in config/settings.py).
        "PYTEST_XDIST_WORKER": f"e2e{os.getpid()}",
        **environment,
    }
    if collectstatic:
        env.setdefault("STATIC_ROOT", str(tmp_path / "static"))
    # At once: neither needs the other, and each is mostly Python start-up.
    commands = [manage("migrate", "--noinput", env=env)]
    if collectstatic:
        commands.append(manage("collectstatic", "--noinput", env=env))
    for command in commands:
        finish(command)
    log = (tmp_path / "server.log").open("wb")
    server, port = serve(env, log, tmp_path / "server.log")
    base = f"http://127.0.0.1:{port}"
    worker = None
    if timers and env.get("REDIS_URL"):
        worker = subprocess.Popen(
            [str(BIN / "python"), "manage.py", "run_timers"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield base
    finally:
        for process in (server, worker):
            if process is not None:
                stop(process)
        log.close()


def serve(env: dict[str, str], log: Any, log_path: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``manage.py serve`` on a free port and wait until it answers /healthz.

    A port found free may be taken before the server binds it (by an outgoing connection's own end,
    which the kernel picks from the same range): the server exits with "address already in use" and
    starts again on another port.
    """
    for _ in range(PORT_TRIES):
        port = free_port()
        written = log.tell()
        server = subprocess.Popen(
            [str(BIN / "python"), "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if wait_for_health(server, f"http://127.0.0.1:{port}", log_path):
            return server, port
        log.flush()
        said = log_path.read_bytes()[written:]
        assert b"address already in use" in said, f"the server exited: {said.decode()[-3000:]}"
    raise AssertionError(f"no free port in {PORT_TRIES} tries")


def wait_for_health(server: subprocess.Popen[bytes], base: str, log_path: Path) -> bool:
    """True once the server answers /healthz; False when it exits first."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while server.poll() is None:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return True
        assert time.monotonic() < deadline, "the server did not answer /healthz in time"
        time.sleep(0.2)
    return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the process's group, SIGKILL it if it lingers."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)
