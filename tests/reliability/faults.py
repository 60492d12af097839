"""Real processes to break, for the fault tests (tests/reliability/test_faults.py).

A ``Rig`` is one test's service: a database of its own (a copy of a template migrated once per module,
so a test does not pay for ``migrate``), a redis-server of its own (tests/api/private_redis.py) that
the test may stop, and as many uvicorn servers and ``manage.py run_timers`` workers as it starts,
each started as bench/stack.py starts them and each killable with SIGKILL. Everything is stopped
and dropped however the test ends.

The helpers below them see the service only as a client does (the project's Python client,
``cliffside_client``): GraphQL over HTTP and graphql-transport-ws, plus what a fault test must look at
from outside: an answer's HTTP status as it came (``post``), the timer store's keys and the commands
the workers send it (``Monitor``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import signal
import socket
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psycopg
import redis
from cliffside_client import Client, CliffsideError, Connection, Operation, Player
from psycopg import sql

from api.matches.timers import redis_store
from bench import backends, lobby, stack
from tests.api.private_redis import PrivateRedis, private_redis_server

T = TypeVar("T")

PREFIX = "faults"  # the REDIS_KEY_PREFIX of every rig: each has a redis-server of its own anyway
TIMERS = f"{PREFIX}:timers"  # config/settings.py: TIMER_KEY_PREFIX
# The thinking delay of a bot (300 ms by default): shorter, so that a test sees many deadlines fire.
BOT_DELAY_MS = 100
# Fewer database connections per process than production's 8 and 4 threads: the machine's PostgreSQL
# serves every test (and every developer) at once, and its connection slots run out.
THREADS = {"DATABASE_THREADS": "4", "TIMER_THREADS": "2"}
ANSWER_SECONDS = 30  # generous: the machine is shared and loaded; a broken service never answers
# Every event whole, for the checks: turns carry their deadline (TurnStarted) and how they ended
# (TurnEnded); ``at`` is when the command was received, or when a timer was claimed.
EVENT = "{ seq type seat at data }"
LOG = f"query($id: ID!, $after: Int) {{ match(id: $id) {{ events(after: $after) {EVENT} }} }}"
UPDATES = (
    "subscription($id: ID!, $after: Int) { matchUpdates(matchId: $id, afterVersion: $after) "
    f"{{ version status events {EVENT} }} }}"
)
MOVES = "query($id: ID!) { match(id: $id) { status version legalMoves { label input } deadline { at } } }"
SUBMIT = (
    "mutation($id: ID!, $move: MoveInput!, $key: String) "
    "{ submitMove(matchId: $id, move: $move, idempotencyKey: $key) "
    "{ __typename ... on MoveAccepted { version events { seq type } } ... on MoveRejected { code message } } }"
)


# --- processes -------------------------------------------------------------------------------------


def without_pytest(environment: dict[str, str]) -> dict[str, str]:
    """The service's processes must not think they run under pytest: settings would add a test suffix to
    REDIS_KEY_PREFIX, and the test could not find the timer keys it inspects."""
    return {k: v for k, v in environment.items() if k not in ("PYTEST_VERSION", "PYTEST_XDIST_WORKER")}


@contextlib.contextmanager
def migrated_template(postgres: backends.PostgresServer, name: str) -> Iterator[str]:
    """A database migrated once, for ``Rig``s to copy; yields its name."""
    with backends.database(postgres, name) as url:
        stack.migrate(without_pytest(stack.production_env(url, "", PREFIX)))
        yield name


@contextlib.contextmanager
def database_copy(postgres: backends.PostgresServer, template: str, name: str) -> Iterator[str]:
    """A new database ``name`` copied from ``template`` (far faster than migrating); yields its URL."""
    with postgres.connect() as admin:
        admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template))
        )
    try:
        yield postgres.url(name)
    finally:
        with postgres.connect() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def kill(process: stack.Process) -> None:
    """SIGKILL to the process and its children (uvicorn's workers), as a crash or an OOM kill would:
    no shutdown, no cleanup, connections left for their peers to notice."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.popen.pid, signal.SIGKILL)
    process.popen.wait(stack.STOP_SECONDS)


@dataclass
class Rig:
    postgres: backends.PostgresServer
    database: str  # its name (the URL is in env)
    redis: PrivateRedis
    logs: Path
    env: dict[str, str]
    running: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    def server(
        self, name: str, *, application_name: str | None = None, settings: dict[str, str] | None = None
    ) -> stack.Server:
        """A uvicorn server (one worker process), started and healthy; stopped when the rig closes.
        ``application_name``: how its database sessions are named (pg_stat_activity); ``settings``:
        environment variables of its own."""
        env = self._env(application_name, settings)
        server = self.running.enter_context(stack.server(env, workers=1, log=self.logs / f"{name}.log"))
        # At the rig's end it is killed before the graceful stop, which would take seconds for nothing.
        self.running.callback(kill, server.process)
        return server

    def worker(self, name: str, *, application_name: str | None = None) -> stack.Process:
        """A ``manage.py run_timers`` that has started its loop; stopped when the rig closes."""
        env = self._env(application_name, None)
        worker = self.running.enter_context(stack.timer_worker(env, log=self.logs / f"{name}.log"))
        self.running.callback(kill, worker)  # as a server
        return worker

    def _env(self, application_name: str | None, settings: dict[str, str] | None) -> dict[str, str]:
        env = {**self.env, **(settings or {})}
        if application_name:
            env["DATABASE_URL"] += f"?application_name={application_name}"
        return env

    def admin(self) -> psycopg.Connection:
        """A connection of the test's own to the rig's database."""
        return self.postgres.connect(self.database)

    def timer_client(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis.url, socket_connect_timeout=3, socket_timeout=3)


@contextlib.contextmanager
def rig(postgres: backends.PostgresServer, template: str, logs: Path) -> Iterator[Rig]:
    """A database copied from ``template`` and a private redis-server (skipped without the binary, failed
    under CI=true); the processes come later."""
    name = f"{template}_{time.time_ns() % 10**12}"
    logs.mkdir(parents=True, exist_ok=True)
    with (
        contextlib.contextmanager(private_redis_server)() as private,
        database_copy(postgres, template, name) as url,
    ):
        env = without_pytest(stack.production_env(url, private.url, PREFIX))
        # The humans here play over HTTP and let turns time out on purpose (that is the fault under
        # test): with no subscription they count as away, and a stand-in would take their seats.
        env.update({"BOT_DELAY_MS": str(BOT_DELAY_MS), "STAND_IN_AFTER_MISSED_DEADLINES": "0", **THREADS})
        ready = Rig(postgres, name, private, logs, env)
        with ready.running:  # every process it started, stopped before the database is dropped
            yield ready


# --- what the workers tell the timer store ----------------------------------------------------------

ACK_SCRIPT = redis_store._ACK
ACK = hashlib.sha1(ACK_SCRIPT.encode()).hexdigest()  # redis-py sends every script by its SHA1
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


class Monitor:
    """Every command the timer store receives (Redis MONITOR, on a connection of its own), to count the
    firings: a worker acks each deadline it fired (api/matches/timers/dispatch.py: settle), so two acks
    of one deadline are two firings of it, whether or not the second changed the match.

    Read here rather than by redis-cli, whose output into a file is buffered: the last commands would
    be missing when it is stopped."""

    def __init__(self, port: int) -> None:
        self.lines: list[str] = []
        self.connection = socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS)
        self.connection.sendall(b"MONITOR\r\n")
        self.replies = self.connection.makefile("rb")
        if self.replies.readline() != b"+OK\r\n":
            raise RuntimeError("Redis refused MONITOR")
        self.connection.settimeout(None)  # from now on it waits for the next command, however long
        self.reader = threading.Thread(target=self._read, name="redis-monitor", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # stop() closed the connection
            for line in self.replies:
                self.lines.append(line.decode(errors="replace"))

    def acks(self) -> Counter[str]:
        """``"<match id>|<deadline id>"`` -> how many times a worker acked it."""
        fired: Counter[str] = Counter()
        for line in list(self.lines):
            words = QUOTED.findall(line)
            if words[:2] == ["EVALSHA", ACK]:
                fired[words[5]] += 1  # EVALSHA sha 2 due-key match-key member lease deadline-id
        return fired

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)
        self.connection.close()
        self.reader.join(ANSWER_SECONDS)


def preload_scripts(client: redis.Redis) -> None:
    """Load the store's scripts before any worker runs: the first EVALSHA of a script Redis does not
    know yet fails (NOSCRIPT) and is sent again, which MONITOR would show as two acks."""
    for script in (redis_store._MIRROR, redis_store._ARM, redis_store._CLAIM, redis_store._RENEW, ACK_SCRIPT):
        client.script_load(script)


def leased(client: redis.Redis, match_id: str) -> dict[str, int]:
    """The match's deadlines that a worker has claimed and not yet acked, each with its due time
    (redis_store.py: a claim re-scores the entry from its due time, kept in the match's hash, to the
    end of its lease)."""
    claimed = {}
    for deadline_id, at in client.hgetall(f"{TIMERS}:m:{match_id}").items():
        score = client.zscore(f"{TIMERS}:due", f"{match_id}|{deadline_id.decode()}")
        if score is not None and score > int(at):
            claimed[deadline_id.decode()] = int(at)
    return claimed


@contextlib.contextmanager
def row_locked(rig: Rig, match_id: str) -> Iterator[None]:
    """The test holds the match's row lock, as a long transaction would: a firing of one of its
    deadlines claims it, then waits on the lock (play.fetch_with_game) with the claim leased."""
    with rig.admin() as connection, connection.transaction():
        connection.execute("SELECT 1 FROM matches_match WHERE id = %s FOR UPDATE", [int(match_id)])
        yield


# --- a table and what its clients see ---------------------------------------------------------------


async def eventually(check: Callable[[], Awaitable[T | None]], *, seconds: float, what: str) -> T:
    """Poll ``check`` until it returns something truthy, and return that; fail after ``seconds``."""
    give_up = time.monotonic() + seconds
    while True:
        found = await check()
        if found:
            return found
        if time.monotonic() > give_up:
            raise AssertionError(f"not within {seconds:.0f} s: {what}")
        await asyncio.sleep(0.05)


@dataclass
class Table:
    """One match: its seated humans (the first hosts; bots fill the other seats), and a client of the
    server the test talks to, on ``pool``, HTTP connections on which ``post`` sends raw requests."""

    http: Client
    players: list[Player]
    match_id: str
    pool: httpx.AsyncClient

    async def aclose(self) -> None:
        await self.http.aclose()
        await self.pool.aclose()

    async def log(self) -> list[dict[str, Any]]:
        """The whole log as the host sees it, paged (``events`` returns 200 at most)."""
        events: list[dict[str, Any]] = []
        while True:
            data = await self.http.acting_as(self.players[0].token).execute(
                LOG, {"id": self.match_id, "after": len(events)}
            )
            page = data["match"]["events"]
            events += page
            if not page:
                return events

    async def moves(self, player: Player) -> dict[str, Any]:
        return (await self.http.acting_as(player.token).execute(MOVES, {"id": self.match_id}))["match"]

    async def submit(self, player: Player, move: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        variables = {"id": self.match_id, "move": move, "key": key}
        return (await self.http.acting_as(player.token).execute(SUBMIT, variables))["submitMove"]


async def post(
    table: Table, document: str, variables: dict[str, Any], token: str | None = None
) -> tuple[int, dict[str, Any]]:
    """One GraphQL request as it came back: its HTTP status and body (a client raises on errors, as
    its exceptions, and a fault test must see them as the server sent them)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await table.pool.post(
        table.http.http_url, json={"query": document, "variables": variables}, headers=headers
    )
    return response.status_code, response.json()


def pool(base: str, *, connections: int) -> httpx.AsyncClient:
    """HTTP connections to ``base`` for a client and for raw requests (``post``, /healthz)."""
    return httpx.AsyncClient(base_url=base, limits=lobby.limits(connections), timeout=lobby.ANSWER_SECONDS)


def seen_from(table: Table, base: str) -> Table:
    """The table, seen from another server (``base``): a client of its own on new connections."""
    connections = pool(base, connections=4)
    return Table(
        lobby.client(base, connections=4, pool=connections), table.players, table.match_id, connections
    )


async def open_table(base: str, *, game: str, humans: int, bots: int, options: dict[str, Any]) -> Table:
    connections = pool(base, connections=4)
    http = lobby.client(base, connections=4, pool=connections)
    players = await lobby.register(http, humans, name=game)
    match_id = await lobby.open_match(http, players, game=game, options=options, bots=["heuristic"] * bots)
    return Table(http, players, match_id, connections)


class Follower:
    """A client following the match live: every update it received, across reconnections.

    ``follow`` again is the README's way back after a lost connection: subscribe with ``afterVersion``
    = the last version received, to get exactly what was missed."""

    def __init__(self, player: Player, match_id: str) -> None:
        self.player = player
        self.match_id = match_id
        self.updates: list[dict[str, Any]] = []
        self.socket: Connection | None = None
        self._reading: asyncio.Task[None] | None = None
        self.ended: str | None = None  # why the last subscription stopped (a lost connection: "closed")

    @property
    def version(self) -> int:
        return self.updates[-1]["version"] if self.updates else 0

    def seqs(self) -> list[int]:
        return [event["seq"] for update in self.updates for event in update["events"]]

    async def follow(self, base: str) -> None:
        """Subscribe (again) on ``base`` after the last version received; wait for the first update."""
        self.socket = await lobby.connect(base, self.player.token)
        operation = await self.socket.subscribe(UPDATES, {"id": self.match_id, "after": self.version})
        heard = len(self.updates)
        self._reading = asyncio.create_task(self._read(operation))
        await eventually(
            self._heard_since(heard), seconds=ANSWER_SECONDS, what="the subscription's first update"
        )

    def _heard_since(self, count: int) -> Callable[[], Awaitable[bool]]:
        async def check() -> bool:
            if self._reading is not None and self._reading.done():
                self._reading.result()  # raises what ended the subscription
            return len(self.updates) > count

        return check

    async def _read(self, operation: Operation) -> None:
        try:
            while True:
                _, data = await operation.next(timeout=3600)
                self.updates.append(data["matchUpdates"])
        except CliffsideError as error:  # the connection closed (or an error): resume says what comes next
            self.ended = str(error)

    async def lost(self) -> None:
        """Wait until the client has noticed that its connection is gone."""

        async def check() -> bool:
            return self._reading is not None and self._reading.done()

        await eventually(check, seconds=ANSWER_SECONDS, what="the client noticing its lost connection")
        await self.close()

    async def reached(self, version: int, *, seconds: float = ANSWER_SECONDS) -> None:
        async def check() -> bool:
            return self.version >= version

        await eventually(check, seconds=seconds, what=f"an update to version {version}")

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.aclose()
        if self._reading is not None:
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading


# --- reading the log ---------------------------------------------------------------------------------


def ms(event: dict[str, Any]) -> int:
    """When the event was appended (the time of the command; for a firing, when it was claimed), or
    when a ``deadline`` is due, in ms."""
    return int(datetime.fromisoformat(event["at"]).timestamp() * 1000)


@dataclass(frozen=True, slots=True)
class Turn:
    number: int
    seat: int
    due: int | None  # its deadline (ms), None without a timer
    ends: tuple[dict[str, Any], ...]  # its TurnEnded events: one once it is over, none while it runs


def turns(log: list[dict[str, Any]]) -> list[Turn]:
    """Every turn of a turn-based game's log (games/core/turns.py: TurnStarted, then TurnEnded)."""
    found: list[Turn] = []
    for event in log:
        data = event["data"]
        if event["type"] == "TurnStarted":
            found.append(Turn(data["turn"], data["seat"], data["deadline"], ()))
        elif event["type"] == "TurnEnded" and found:
            found[-1] = replace(found[-1], ends=(*found[-1].ends, event))
    return found


def timeouts(log: list[dict[str, Any]], deadline_id: str) -> list[dict[str, Any]]:
    """What each firing of turn deadline ``turn-<n>`` (games/core/turns.py) appended: a TurnEnded of
    turn n for its timeout. A firing of a deadline no longer current appends nothing."""
    kind, number = deadline_id.split("-")
    assert kind == "turn", f"{deadline_id} is not a turn's deadline"
    return [
        e for t in turns(log) if t.number == int(number) for e in t.ends if e["data"]["reason"] == "timeout"
    ]
