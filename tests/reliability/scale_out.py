"""What the scale-out tests read back and how their clients survive a server's death.

- ``firings``: every deadline the timer workers fired, from their logs (``deadline_fired``, one line per
  firing at DEBUG: a repeated firing appends nothing, so the match's own log cannot show it).
- ``match_log``: a match's events as the database holds them, read directly (the source of truth).
- ``Follower``: a client of one match, seated or a spectator, that moves to the next server when its
  server dies: it resubscribes with ``afterVersion`` = the last version it received and sends again,
  with the same idempotency key, the move it had sent without an answer.
- ``watch``, ``Audience`` and ``Pacer``: spectators that stamp each update on arrival, and seats that
  move at a steady pace, for the time from a move's acceptance to its arrival on the other server.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
import psycopg
from cliffside_client import CliffsideError, Connection, Operation
from websockets.exceptions import WebSocketException

from bench import documents, lobby

UPDATES = (
    "subscription($id: ID!, $after: Int) { matchUpdates(matchId: $id, afterVersion: $after) "
    "{ version status events { seq } legalMoves { input } } }"
)
SUBMIT_ONCE = (
    "mutation($id: ID!, $move: MoveInput!, $version: Int, $key: String) "
    "{ submitMove(matchId: $id, move: $move, expectedVersion: $version, idempotencyKey: $key) "
    "{ __typename ... on MoveAccepted { version } ... on MoveRejected { code message } } }"
)
ACTIVE = "ACTIVE"
UPDATE_SECONDS = 30  # no update for this long: the server is gone (or the test is broken)
# What a client sees when its server dies: the socket closes under an operation, a send fails on it,
# or the connection is refused outright (the client's exceptions: NetworkError, or the close's).
LOST = (CliffsideError, WebSocketException, OSError, TimeoutError)


@dataclass(frozen=True, slots=True)
class Firing:
    worker: int  # which timer worker's log it is in
    match_id: int
    deadline_id: str
    seqs: tuple[int, int] | None  # the first and last event it appended; None: it appended nothing


def firings(logs: Sequence[Path]) -> list[Firing]:
    """Every ``deadline_fired`` line of the timer workers' logs (complete lines only: a worker may be
    writing the last one)."""
    found = []
    for worker, log in enumerate(logs):
        text = log.read_text(errors="replace")
        for line in text[: text.rfind("\n") + 1].splitlines():
            if '"deadline_fired"' not in line or not line.startswith("{"):
                continue
            record = orjson.loads(line)
            seqs = record["seqs"]
            found.append(Firing(worker, record["match_id"], record["deadline_id"], seqs and tuple(seqs)))
    return found


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    seat: int | None  # None: the server's (the deal, a timeout)
    at: datetime


@dataclass(frozen=True, slots=True)
class MatchLog:
    status: str
    version: int
    events: list[Event]
    bots: frozenset[int]  # the bots' seat indexes
    humans: frozenset[int]  # the other seats'


def match_log(database_url: str, match_id: int) -> MatchLog:
    with psycopg.connect(database_url, autocommit=True) as connection:
        status, version = connection.execute(
            "SELECT status, version FROM matches_match WHERE id = %s", (match_id,)
        ).fetchone()  # type: ignore[misc]
        rows = connection.execute(
            "SELECT seq, seat, at FROM matches_matchevent WHERE match_id = %s ORDER BY seq", (match_id,)
        ).fetchall()
        seats = connection.execute(
            "SELECT index, is_bot FROM matches_seat WHERE match_id = %s", (match_id,)
        ).fetchall()
    bots = frozenset(index for index, is_bot in seats if is_bot)
    humans = frozenset(index for index, _ in seats) - bots
    return MatchLog(status, version, [Event(*row) for row in rows], bots, humans)


def mover(log: MatchLog, index: int) -> int | None:
    """The seat whose command appended event ``index``: the first seat in its run of events sharing one
    ``at`` (a command's clock), from it on; None: the server's own (a timeout, the deal)."""
    at = log.events[index].at
    for event in itertools.takewhile(lambda e: e.at == at, log.events[index:]):
        if event.seat is not None:
            return event.seat
    return None


def append_ends(log: MatchLog, seat: int) -> list[int]:
    """The last seq of each of ``seat``'s appends: a run of its events sharing one ``at`` (a request's
    clock; the overdue timeouts it applied first are the server's)."""
    ends = []
    for event, after in zip(log.events, [*log.events[1:], None], strict=True):
        if event.seat == seat and (after is None or (after.seat, after.at) != (seat, event.at)):
            ends.append(event.seq)
    return ends


@dataclass
class Follower:
    """One client of one match over graphql-transport-ws, on ``servers[0]`` until it dies, then on the
    next. ``token`` None: a spectator; ``plays``: sends a random legal move whenever it has one."""

    servers: list[str]
    match_id: str
    token: str | None = None
    plays: bool = False
    seed: int = 0
    on_version: Callable[[int], None] = lambda version: None
    seqs: list[int] = field(default_factory=list)  # every event received, in arrival order
    acked: list[int] = field(default_factory=list)  # the version each accepted move of its own made
    failovers: int = 0
    resent: int = 0  # moves sent again on the next server, unanswered on the dead one
    version: int = 0
    pending: dict[str, Any] | None = None  # a move sent and not answered: sent again, same key

    async def run(self) -> str:
        """Follow (and play) until the match is over; its final status."""
        rng = random.Random(self.seed)
        for number, base in enumerate(self.servers):
            try:
                return await self._session(base, rng)
            except LOST:
                if number == len(self.servers) - 1:
                    raise
                self.failovers += 1
        raise AssertionError("no server to follow the match on")

    async def _session(self, base: str, rng: random.Random) -> str:
        socket = await lobby.connect(base, self.token)
        try:
            if self.pending is not None:
                self.resent += 1
                await self._send(socket, self.pending)
            updates = await socket.subscribe(UPDATES, {"id": self.match_id, "after": self.version})
            return await self._follow(socket, updates, rng)
        finally:
            await socket.aclose()

    async def _follow(self, socket: Connection, updates: Operation, rng: random.Random) -> str:
        acted = -1  # the version it last moved at: never twice from one version
        while True:
            _, data = await updates.next(UPDATE_SECONDS)
            update = data["matchUpdates"]
            self.seqs += [event["seq"] for event in update["events"]]
            self.version = update["version"]
            self.on_version(self.version)
            if update["status"] != ACTIVE:
                return str(update["status"])
            if self.plays and update["legalMoves"] and self.version > acted:
                acted = self.version
                move = rng.choice(update["legalMoves"])["input"]
                await self._send(socket, {"move": move, "version": acted, "key": uuid.uuid4().hex})

    async def _send(self, socket: Connection, submission: dict[str, Any]) -> None:
        self.pending = submission
        data = await asyncio.wait_for(
            socket.execute(SUBMIT_ONCE, {"id": self.match_id, **submission}), UPDATE_SECONDS
        )
        self.pending = None  # answered: accepted, or refused (another seat moved first)
        result = data["submitMove"]
        if result["__typename"] == "MoveAccepted":
            self.acked.append(result["version"])


class Pacer:
    """At most one move per ``interval`` seconds, whoever makes it."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.last = 0.0

    async def wait(self) -> None:
        delay = self.last + self.interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        self.last = time.perf_counter()


class Audience:
    """Every update with events every spectator received, stamped on arrival; parsed once it is over."""

    def __init__(self) -> None:
        self.arrivals: list[tuple[float, list[str]]] = []  # (time.time() at arrival, the events' `at`)

    def record(self, arrival: float, update: dict[str, Any]) -> None:
        if update["events"]:
            self.arrivals.append((arrival, [event["at"] for event in update["events"]]))

    def latencies(self) -> list[float]:
        """Per arrival, one sample per move in it (a move's events share their `at`), in ms."""
        return [
            (arrival - datetime.fromisoformat(stamp).timestamp()) * 1000
            for arrival, stamps in self.arrivals
            for stamp in set(stamps)
        ]


async def watch(socket: Connection, match_id: str, audience: Audience, live: asyncio.Future[None]) -> None:
    """A spectator: records every update until the match is over; ``live`` resolves at the first one."""
    operation = await socket.subscribe(documents.updates(events=True), {"id": match_id})
    try:
        while True:
            batch = await operation.drain()
            for arrival, data in batch:
                audience.record(arrival, data["matchUpdates"])
            if not live.done():
                live.set_result(None)
            if batch[-1][1]["matchUpdates"]["status"] != ACTIVE:
                return
    except Exception as error:
        if not live.done():  # whoever waits for everyone to be live hears of it
            live.set_exception(error)
        raise
    finally:
        await operation.stop()
