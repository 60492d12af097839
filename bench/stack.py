"""The service in production mode, as the README's "Running in production" starts it: a database of
its own (migrated), Redis under a key prefix of its own, ``DEBUG=false`` with a random SECRET_KEY,
``manage.py serve --workers N`` (uvicorn, as the README's production command starts it) and one
``manage.py run_timers`` (``production_stack``); or, scaled out as deploy/compose.yaml runs it, several
server processes and timer workers on that one database and key prefix (``cluster``).

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

from bench import backends
from bench.options import ROOT

BIN = Path(sys.executable).parent  # the venv's bin
# The README's production command ("Running in production"): `manage.py serve`, which sets uvicorn's
# options itself (api/realtime/management/commands/serve.py). PRODUCTION_FLAGS: its flags less --host,
# --port and --workers, which the stack chooses (none today).
SERVE = ["manage.py", "serve"]
PRODUCTION_FLAGS: list[str] = []
# Only a guard against a process that hangs: readiness is awaited by its log line and /healthz, and a
# start that takes 14 s on an idle machine took 29 s on a loaded one.
STARTUP_SECONDS = 300
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
    timers: Process
    database_url: str
    logs: Path
    postgres: backends.PostgresServer
    redis_url: str

    @property
    def service_pids(self) -> list[int]:
        """The processes the service's CPU is read from: the server (its workers below it), the timer worker."""
        return [self.server.process.popen.pid, self.timers.popen.pid]

    @contextlib.contextmanager
    def fresh_server(self, name: str) -> Iterator[Server]:
        """Another server process, one worker, just started: for figures that need a new process."""
        with server(self.env, workers=1, log=self.logs / f"{name}.log") as fresh:
            yield fresh


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_process(command: list[str], env: dict[str, str], log: Path) -> Process:
    """``command`` in a session of its own (``Process.stop`` ends its whole group), logging to ``log``."""
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


def wait_until(process: Process, ready: Callable[[], bool], what: str) -> None:
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


def start_server(env: dict[str, str], *, workers: int, log: Path) -> Server:
    """A server process on a free port, just launched: ``server_ready`` waits for it."""
    port = free_port()
    command = [str(BIN / "python"), *SERVE, "--host", "127.0.0.1", "--port", str(port)]
    command += [*PRODUCTION_FLAGS, "--workers", str(workers)]
    return Server(start_process(command, env, log), f"http://127.0.0.1:{port}", workers)


def server_ready(web: Server) -> None:
    # Every worker has started (each logs it), and one of them answers /healthz.
    log = web.process.log
    wait_until(
        web.process,
        lambda: log.read_text(errors="replace").count(WORKER_READY) >= web.workers and _healthy(web.base),
        "uvicorn",
    )


def start_timer_worker(env: dict[str, str], *, log: Path) -> Process:
    return start_process([str(BIN / "python"), "manage.py", "run_timers"], env, log)


def timer_worker_ready(process: Process) -> None:
    wait_until(process, lambda: TIMERS_READY in process.log.read_text(errors="replace"), "run_timers")


@contextlib.contextmanager
def server(env: dict[str, str], *, workers: int, log: Path) -> Iterator[Server]:
    web = start_server(env, workers=workers, log=log)
    try:
        server_ready(web)
        yield web
    finally:
        web.process.stop()


@contextlib.contextmanager
def timer_worker(env: dict[str, str], *, log: Path) -> Iterator[Process]:
    process = start_timer_worker(env, log=log)
    try:
        timer_worker_ready(process)
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


@dataclass
class Run:
    """A database of the run's own (migrated) and a Redis key prefix of its own, and the production
    environment that names them: what every process of a stack is started with."""

    env: dict[str, str]
    database_url: str
    logs: Path
    postgres: backends.PostgresServer
    redis_url: str


@contextlib.contextmanager
def production_run(*, logs: Path, settings: Mapping[str, str] | None = None) -> Iterator[Run]:
    """The backends of one run; its processes log into ``logs`` (emptied first: the last run's logs
    only). ``settings``: environment variables on top of production's (a test's shorter bot delay)."""
    postgres = backends.postgres_server()
    redis_url = backends.redis_url()
    # The pid keeps concurrent runs (xdist workers) apart; the token, two stacks of one process. Both
    # end in a fixed-length part, so no run's key prefix is the start of another's (see forget_keys).
    run = f"bench-{os.getpid()}-{secrets.token_hex(3)}"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    with contextlib.ExitStack() as cleanup:
        database_url = cleanup.enter_context(
            backends.database(postgres, "cliffside_" + run.replace("-", "_"))
        )
        cleanup.callback(backends.forget_keys, redis_url, run)
        env = {**production_env(database_url, redis_url, run), **(settings or {})}
        migrate(env)
        yield Run(env, database_url, logs, postgres, redis_url)


@contextlib.contextmanager
def production_stack(
    *, workers: int, logs: Path, settings: Mapping[str, str] | None = None
) -> Iterator[Stack]:
    """The whole service: one server process of ``workers`` workers and one timer worker."""
    with contextlib.ExitStack() as cleanup:
        run = cleanup.enter_context(production_run(logs=logs, settings=settings))
        web = cleanup.enter_context(server(run.env, workers=workers, log=logs / "web.log"))
        timers = cleanup.enter_context(timer_worker(run.env, log=logs / "timers.log"))
        yield Stack(run.env, web, timers, run.database_url, logs, run.postgres, run.redis_url)


@dataclass
class Cluster:
    """Several server processes and timer workers on one database and one Redis key prefix, as
    deploy/compose.yaml runs them: a scaled-out deployment on one machine."""

    run: Run
    servers: list[Server]
    timers: list[Process]


@contextlib.contextmanager
def cluster(
    *, servers: int, timer_workers: int, logs: Path, settings: Mapping[str, str] | None = None
) -> Iterator[Cluster]:
    """``servers`` server processes of one worker each (``web-<n>.log``) and ``timer_workers`` timer
    workers (``timers-<n>.log``), all started before it yields and stopped after."""
    with contextlib.ExitStack() as cleanup:
        run = cleanup.enter_context(production_run(logs=logs, settings=settings))
        # All launched at once, then awaited: each spends its start-up importing Django, and they
        # overlap on two cores rather than queue.
        webs = [start_server(run.env, workers=1, log=logs / f"web-{n}.log") for n in range(servers)]
        timers = [start_timer_worker(run.env, log=logs / f"timers-{n}.log") for n in range(timer_workers)]
        for process in [*(web.process for web in webs), *timers]:
            cleanup.callback(process.stop)
        for web in webs:
            server_ready(web)
        for process in timers:
            timer_worker_ready(process)
        yield Cluster(run, webs, timers)
