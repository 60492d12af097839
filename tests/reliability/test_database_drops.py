"""Database drops while people play (issue 23, finding 4; must-hold 4): honest errors under faults.

A production server (tests/reliability/faults.py's rig) serves tables of two humans, some played over
HTTP and some over the WebSocket, while the test terminates every session of the server's database
every DROP_EVERY_S, as a failover or an administrator does. Anonymous replay.json downloads and
/healthz run beside them.

What must hold: no answer is INTERNAL_SERVER_ERROR (or an HTTP 500); every refusal because of the drops
is SERVICE_UNAVAILABLE (nothing was applied) or COMMIT_OUTCOME_UNKNOWN (the commit was sent, its outcome
is unknown); and a client that retries with its idempotency key until it gets an answer ends with every
move applied exactly once: the log holds exactly the events of the acknowledged moves, each once.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from cliffside_client import CliffsideError, Connection, Player

from bench import backends, lobby
from tests.reliability import faults

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres]

GAME = "daredevil-rock"
END_TURN = {"daredevilRock": {"action": "END_TURN"}}
OPTIONS = {"turnSeconds": 600, "turnLimit": 1000}  # no deadline fires within the test
PLAY_SECONDS = 15
DROP_EVERY_S = 0.5
HTTP_TABLES = 3
WS_TABLES = 2
OK = "OK"
# What a drop may honestly answer: nothing was applied, or the commit's outcome is unknown.
DROP_CODES = {"SERVICE_UNAVAILABLE", "COMMIT_OUTCOME_UNKNOWN"}
# Sent again with the same key: a drop's answers, and what a server unsure of itself says today.
RETRIED = DROP_CODES | {"INTERNAL_SERVER_ERROR", "HTTP 500"}
MAX_SENDS = 100
MOVES = "query($id: ID!) { match(id: $id) { version legalMoves { label } } }"


@pytest.fixture(scope="module")
def template() -> Iterator[tuple[backends.PostgresServer, str]]:
    postgres = backends.postgres_server()
    with faults.migrated_template(postgres, f"cliffside_drops_{time.time_ns() % 10**9}") as name:
        yield postgres, name


@pytest.fixture
def rig(template, tmp_path: Path) -> Iterator[faults.Rig]:
    postgres, name = template
    with faults.rig(postgres, name, tmp_path / "logs") as ready:
        yield ready


@dataclass
class Tally:
    """Every answer the clients got, by code (OK for a plain answer), and the moves acknowledged."""

    answers: Counter[str] = field(default_factory=Counter)
    retried: Counter[str] = field(default_factory=Counter)  # first answer of a move sent again
    samples: dict[str, Any] = field(default_factory=dict)  # one answer of each code, for the message

    def count(self, code: str, answer: Any) -> str:
        self.answers[code] += 1
        self.samples.setdefault(code, answer)
        return code


def codes_of(payload: dict[str, Any]) -> list[str]:
    return [str((error.get("extensions") or {}).get("code")) for error in payload.get("errors") or []]


def outcome(tally: Tally, payload: dict[str, Any]) -> str:
    """The answer's code: the first error's, a MoveRejected's, else OK."""
    codes = codes_of(payload)
    if codes:
        return tally.count(codes[0], payload)
    submitted = (payload.get("data") or {}).get("submitMove") or {}
    if submitted.get("__typename") == "MoveRejected":
        return tally.count(submitted["code"], payload)
    return tally.count(OK, payload)


class HttpSeat:
    """A player's GraphQL over HTTP: each answer as it came, whatever its status."""

    def __init__(self, table: faults.Table, player: Player) -> None:
        self.table = table
        self.player = player

    async def ask(self, document: str, variables: dict[str, Any]) -> dict[str, Any]:
        status, body = await faults.post(self.table, document, variables, self.player.token)
        if status >= 500 and not codes_of(body):
            return {"errors": [{"extensions": {"code": f"HTTP {status}"}}]}
        return body


class SocketSeat:
    """A player's GraphQL over one graphql-transport-ws socket: each result's data, or its errors as
    the server sent them."""

    def __init__(self, socket: Connection) -> None:
        self.socket = socket

    async def ask(self, document: str, variables: dict[str, Any]) -> dict[str, Any]:
        try:
            return {"data": await self.socket.execute(document, variables, timeout=faults.ANSWER_SECONDS)}
        except CliffsideError as error:
            assert error.errors, f"the socket answered no result: {error}"  # lost, or silent
            return {"errors": error.errors}


@dataclass
class Played:
    table: faults.Table
    seats: list[Any]
    acked: list[dict[str, Any]] = field(default_factory=list)  # every MoveAccepted, once per move
    first_version: int = 0


async def play(played: Played, tally: Tally, until: float) -> None:
    """END_TURN by whoever's turn it is, each move with its own key, sent again until answered."""
    match_id = played.table.match_id
    turn = 0
    number = 0
    while time.monotonic() < until:
        seat = played.seats[turn]
        read = await seat.ask(MOVES, {"id": match_id})
        if outcome(tally, read) != OK:
            continue
        if not read["data"]["match"]["legalMoves"]:
            turn = 1 - turn
            continue
        number += 1
        key = f"{match_id}-{number}"
        variables = {"id": match_id, "move": END_TURN, "key": key}
        first = None
        for _ in range(MAX_SENDS):  # the README's advice: the same key until a definite answer
            answer = await seat.ask(faults.SUBMIT, variables)
            code = outcome(tally, answer)
            first = first or code
            if code not in RETRIED:
                break
        if first != OK:
            tally.retried[first] += 1
        if code != OK:  # refused (counted: the test fails on it); read whose turn it is again
            continue
        played.acked.append(answer["data"]["submitMove"])
        turn = 1 - turn


async def downloads(pool: httpx.AsyncClient, match_id: str, tally: Tally, until: float) -> None:
    """Anonymous replay.json and /healthz, one after the other, as a spectator and a balancer would
    (/healthz may say 503 "degraded": that is its job during an outage; never a 500). Raw requests:
    every status counts, as it came."""
    while time.monotonic() < until:
        replay = await pool.get(f"/api/matches/{match_id}/replay.json")
        tally.count(http_code(replay), replay.text[:300])
        health = await pool.get("/healthz")
        if health.status_code not in (200, 503):
            tally.count(f"HTTP {health.status_code}", health.text[:300])


def http_code(response: Any) -> str:
    """OK for a 200, else the error's code, else the bare status (Django's own error page)."""
    if response.status_code == 200:
        return OK
    try:
        codes = codes_of(orjson.loads(response.content))
    except orjson.JSONDecodeError:
        codes = []
    return codes[0] if codes else f"HTTP {response.status_code}"


class Dropper:
    """Terminates every other session of the database every DROP_EVERY_S, on a thread of its own."""

    def __init__(self, rig: faults.Rig) -> None:
        self.rig = rig
        self.stopped = threading.Event()
        self.rounds = 0
        self.sessions = 0
        self.thread = threading.Thread(target=self._run, name="dropper", daemon=True)

    def _run(self) -> None:
        with self.rig.admin() as connection:
            connection.autocommit = True
            while not self.stopped.wait(DROP_EVERY_S):
                rows = connection.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    [self.rig.database],
                ).fetchall()
                self.rounds += 1
                self.sessions += sum(1 for (done,) in rows if done)

    def __enter__(self) -> Dropper:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join(faults.ANSWER_SECONDS)


async def open_tables(base: str) -> tuple[list[Played], list[Connection]]:
    tables, sockets = [], []
    for number in range(HTTP_TABLES + WS_TABLES):
        table = await faults.open_table(base, game=GAME, humans=2, bots=0, options=OPTIONS)
        if number < HTTP_TABLES:
            seats: list[Any] = [HttpSeat(table, player) for player in table.players]
        else:
            opened = [await lobby.connect(base, player.token) for player in table.players]
            sockets += opened
            seats = [SocketSeat(socket) for socket in opened]
        version = (await table.moves(table.players[0]))["version"]
        tables.append(Played(table, seats, first_version=version))
    return tables, sockets


def assert_each_acknowledged_move_once(played: Played, log: list[dict[str, Any]]) -> None:
    seqs = [event["seq"] for event in log]
    assert seqs == list(range(1, len(log) + 1)), "an event missing or repeated"
    acked = [event["seq"] for result in played.acked for event in result["events"]]
    assert len(acked) == len(set(acked)), "two acknowledgements share an event"
    after_start = list(range(played.first_version + 1, len(log) + 1))
    assert sorted(acked) == after_start, "the log holds a move nobody was told of, or lost one"


async def test_under_database_drops_every_answer_is_ok_unavailable_or_outcome_unknown(rig, record_property):
    server = await asyncio.to_thread(rig.server, "web")
    worker = await asyncio.to_thread(rig.worker, "timers")
    assert worker is not None
    tables, sockets = await open_tables(server.base)
    tally = Tally()
    try:
        with Dropper(rig) as dropper:
            until = time.monotonic() + PLAY_SECONDS
            await asyncio.gather(
                *(play(played, tally, until) for played in tables),
                downloads(tables[0].table.pool, tables[0].table.match_id, tally, until),
            )
        for played in tables:
            assert_each_acknowledged_move_once(played, await played.table.log())
    finally:
        for socket in sockets:
            await socket.aclose()
        for played in tables:
            await played.table.aclose()

    unexpected = {code: n for code, n in tally.answers.items() if code not in DROP_CODES | {OK}}
    assert not unexpected, f"answers other than OK or a drop's: {unexpected}; e.g. {tally.samples}"
    assert dropper.rounds >= PLAY_SECONDS // (2 * DROP_EVERY_S), "the dropper fell behind"
    moves = sum(len(played.acked) for played in tables)
    record_property(
        "figure",
        f"{dropper.rounds} drops ({dropper.sessions} sessions) in {PLAY_SECONDS} s: "
        f"{sum(tally.answers.values())} answers, 0 INTERNAL_SERVER_ERROR, "
        f"{tally.answers['SERVICE_UNAVAILABLE']} SERVICE_UNAVAILABLE, "
        f"{tally.answers['COMMIT_OUTCOME_UNKNOWN']} COMMIT_OUTCOME_UNKNOWN; {moves} moves acknowledged, "
        f"{sum(tally.retried.values())} after a retry with their key, each in the log once",
    )


# --- finding 5: anonymous replay.json downloads share the database threads ---------------------------

WEB = "cliffside-drops-web"
DOWNLOADS = 40
ROUNDS = 3
MOVES_BEFORE = 60  # a log of some size, so that each download keeps a session busy for a while
# Sessions per server process at most (config/settings.py, DATABASE_SESSIONS_PER_PROCESS): the rig's
# DATABASE_THREADS + DJANGO_DATABASE_REQUESTS (4 by default) + the /healthz thread.
CEILING = int(faults.THREADS["DATABASE_THREADS"]) + 4 + 1


class Sessions:
    """The most sessions a server process held at once, sampled from pg_stat_activity."""

    def __init__(self, rig: faults.Rig, application_name: str) -> None:
        self.rig = rig
        self.application_name = application_name
        self.most = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sessions", daemon=True)

    def _run(self) -> None:
        with self.rig.admin() as connection:
            connection.autocommit = True
            while not self.stopped.wait(0.01):
                (held,) = connection.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
                    [self.rig.database, self.application_name],
                ).fetchone()
                self.most = max(self.most, held)

    def __enter__(self) -> Sessions:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join(faults.ANSWER_SECONDS)


async def test_forty_anonymous_replay_downloads_hold_no_more_sessions_than_the_ceiling(rig, record_property):
    server = await asyncio.to_thread(rig.server, "web", application_name=WEB)
    table = await faults.open_table(server.base, game=GAME, humans=2, bots=0, options=OPTIONS)
    anonymous = faults.pool(server.base, connections=DOWNLOADS)
    try:
        for number in range(MOVES_BEFORE):
            for player in table.players:
                played = await table.submit(player, END_TURN, key=f"warm-{number}")
                if played["__typename"] == "MoveAccepted":
                    break
        url = f"/api/matches/{table.match_id}/replay.json"
        statuses: Counter[int] = Counter()
        health_s: list[float] = []
        with Sessions(rig, WEB) as sessions:
            for _ in range(ROUNDS):
                answers, health = await asyncio.gather(
                    asyncio.gather(*(anonymous.get(url) for _ in range(DOWNLOADS))),
                    timed_health(anonymous),
                )
                statuses.update(response.status_code for response in answers)
                health_s.append(health)
    finally:
        await anonymous.aclose()
        await table.aclose()
    assert set(statuses) <= {200, 503}, f"downloads answered {statuses}"
    assert statuses[200], "no download completed"
    assert sessions.most <= CEILING, f"the server held {sessions.most} sessions (ceiling {CEILING})"
    record_property(
        "figure",
        f"{ROUNDS} x {DOWNLOADS} anonymous replay.json downloads at once: {statuses[200]} complete, "
        f"{statuses[503]} told 503; at most {sessions.most} sessions (ceiling {CEILING}); "
        f"/healthz 200 in {max(health_s):.2f} s at worst",
    )


async def timed_health(pool: httpx.AsyncClient) -> float:
    started = time.monotonic()
    response = await pool.get("/healthz")
    assert response.status_code == 200, response.text
    return time.monotonic() - started
