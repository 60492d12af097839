"""The service in production mode, as the README's "Running in production" starts it: a database of
its own (migrated), Redis under a key prefix of its own, ``DEBUG=false`` with a random SECRET_KEY,
``uvicorn config.asgi:application --workers N`` with the README's flags (PRODUCTION_FLAGS) and one
``manage.py run_timers``.

Rate limits are off (``RATE_LIMITS=false``): the load generator is one address playing for a hundred
people. Everything is stopped, and the database and keys removed, however the run ends.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx

from api.bench import backends
from api.bench.options import ROOT

BIN = Path(sys.executable).parent  # the venv's bin: uvicorn lives beside this python
# The README's production command ("Running in production"), less its --host, --port and --workers.
PRODUCTION_FLAGS = ["--lifespan", "on", "--ws-per-message-deflate", "false"]
STARTUP_SECONDS = 60
STOP_SECONDS = 15
WORKER_READY = "Application startup complete"
TIMERS_READY = "timer_loop_started"


class StackFailed(Exception):
    """A process of the stack did not start, or died."""


@dataclass
class Process:
    popen: subprocess.Popen[bytes]
    log: Path

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        """SIGTERM to its whole process group (uvicorn's workers too), SIGKILL if it lingers."""
        if self.popen.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait()


@dataclass
class Server:
    process: Process
    base: str  # http://127.0.0.1:<port>
    workers: int


@dataclass
class Stack:
    env: dict[str, str]
    server: Server
    database_url: str
    logs: Path
    postgres: backends.PostgresServer
    redis_url: str

    @contextlib.contextmanager
    def fresh_server(self, name: str) -> Iterator[Server]:
        """Another server process, one worker, just started: for figures that need a new process."""
        with server(self.env, workers=1, log=self.logs / f"{name}.log") as fresh:
            yield fresh


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(command: list[str], env: dict[str, str], log: Path) -> Process:
    with log.open("ab") as sink:
        popen = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    return Process(popen, log)


def _wait_until(process: Process, ready: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while not ready():
        if process.popen.poll() is not None:
            raise StackFailed(f"{what} exited ({process.popen.returncode}):\n{process.tail()}")
        if time.monotonic() > deadline:
            raise StackFailed(f"{what} not ready after {STARTUP_SECONDS} s:\n{process.tail()}")
        time.sleep(0.2)


def _healthy(base: str) -> bool:
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
    return False


@contextlib.contextmanager
def server(env: dict[str, str], *, workers: int, log: Path) -> Iterator[Server]:
    port = free_port()
    command = [str(BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)]
    command += [*PRODUCTION_FLAGS, "--workers", str(workers)]
    process = _start(command, env, log)
    base = f"http://127.0.0.1:{port}"
    try:
        # Every worker has started (each logs it), and one of them answers /healthz.
        _wait_until(
            process,
            lambda: log.read_text(errors="replace").count(WORKER_READY) >= workers and _healthy(base),
            "uvicorn",
        )
        yield Server(process, base, workers)
    finally:
        process.stop()


@contextlib.contextmanager
def timer_worker(env: dict[str, str], *, log: Path) -> Iterator[Process]:
    process = _start([str(BIN / "python"), "manage.py", "run_timers"], env, log)
    try:
        _wait_until(process, lambda: TIMERS_READY in log.read_text(errors="replace"), "run_timers")
        yield process
    finally:
        process.stop()


def production_env(database_url: str, redis_url: str, prefix: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "REDIS_KEY_PREFIX": prefix,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "RATE_LIMITS": "false",
    }


def migrate(env: dict[str, str]) -> None:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise StackFailed(f"migrate failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


@contextlib.contextmanager
def production_stack(
    *, workers: int, logs: Path, settings: Mapping[str, str] | None = None
) -> Iterator[Stack]:
    """The whole service; its processes log into ``logs`` (emptied first: the last run's logs only).
    ``settings``: environment variables on top of production's (a test's shorter bot delay)."""
    postgres = backends.postgres_server()
    redis_url = backends.redis_url()
    run = f"bench-{os.getpid()}"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    with contextlib.ExitStack() as cleanup:
        database_url = cleanup.enter_context(
            backends.database(postgres, "cliffside_" + run.replace("-", "_"))
        )
        cleanup.callback(backends.forget_keys, redis_url, run)
        env = {**production_env(database_url, redis_url, run), **(settings or {})}
        migrate(env)
        web = cleanup.enter_context(server(env, workers=workers, log=logs / "web.log"))
        cleanup.enter_context(timer_worker(env, log=logs / "timers.log"))
        yield Stack(env, web, database_url, logs, postgres, redis_url)
