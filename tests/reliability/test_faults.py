"""Faults against the real processes (issue 11, point 3): each fault, one test, on a real game with
timers (Daredevil Rock: every turn has a deadline, bots think on deadlines of their own) played by
humans through the API and by bots through the timer workers.

Every process is started as in production (bench/stack.py) on a database and a redis-server of
the test's own (tests/reliability/faults.py), so that the test can stop Redis, SIGKILL a server or a
worker, or terminate a process's database sessions without touching what other tests share.

Waits are generous (the machine is shared and loaded); the guarantees are strict: every event once,
in order; every deadline fired once, within a stated bound of when it could first be fired.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from cliffside_client import Player

from bench import backends
from tests.reliability import faults, ledger
from tests.reliability.faults import Follower, Table, eventually

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres]

GAME = "daredevil-rock"
LEASE_MS = 3_000  # TIMER_LEASE_MS: a dead worker's claim comes back this long after its last renewal
# How late a deadline may fire once a live worker could fire it: the workers poll every 10 ms, so
# this is only the loaded machine's scheduling.
LATE_MS = 2_000
END_TURN = {"daredevilRock": {"action": "END_TURN"}}


@pytest.fixture(scope="module")
def template() -> Iterator[tuple[backends.PostgresServer, str]]:
    postgres = backends.postgres_server()
    with faults.migrated_template(postgres, f"cliffside_faults_{time.time_ns() % 10**9}") as name:
        yield postgres, name


@pytest.fixture
def rig(template, tmp_path: Path) -> Iterator[faults.Rig]:
    postgres, name = template
    with faults.rig(postgres, name, tmp_path / "logs") as ready:
        yield ready


async def started(*starts: Callable[[], Any]) -> list[Any]:
    """Start processes side by side (each mostly waits for its own start-up): what each returned."""
    return list(await asyncio.gather(*(asyncio.to_thread(start) for start in starts)))


def options(turn_seconds: int) -> dict[str, Any]:
    return {"turnSeconds": turn_seconds, "turnLimit": 1000}  # a match that outlasts the test


def now_ms() -> int:
    return time.time_ns() // 1_000_000


# Humans' turns long enough for the test to move in them: a move sent after the turn's deadline is
# refused (the overdue timeout comes first), and a loaded machine may take a while between the question
# and the move. The test moves only with AHEAD_MS left at least.
HUMAN_TURN_SECONDS = 4
AHEAD_MS = 2_000


async def whose_turn(table: Table) -> tuple[Player, dict[str, Any]]:
    """The human to act now, with AHEAD_MS left at least, and the match as that human sees it (waits
    through bots' turns, and for the next turn when too little is left of this one)."""

    async def check() -> tuple[Player, dict[str, Any]] | None:
        for player in table.players:
            match = await table.moves(player)
            if match["legalMoves"] and faults.ms(match["deadline"]) - now_ms() >= AHEAD_MS:
                return player, match
        return None

    return await eventually(check, seconds=faults.ANSWER_SECONDS, what="a human's turn")


def assert_every_event_once_in_order(follower: Follower, version: int) -> None:
    versions = [update["version"] for update in ledger.moved(follower.updates)]
    assert versions == sorted(set(versions)), f"versions out of order or repeated: {versions}"
    assert follower.seqs() == list(range(1, version + 1)), "an event missing, repeated or out of order"


# --- (a) Redis stopped mid-round ---------------------------------------------------------------------


async def test_while_redis_is_down_moves_work_deadlines_fire_from_the_database_once_and_all_goes_on(
    rig, record_property
):
    """Redis stops during the human's turn and stays down for three turns: the move made then counts,
    and each overdue turn times out from the database (the workers' sweep, TIMER_DATABASE_POLL_MS),
    once. When Redis returns the same subscription hears everything, and later turns fire as before.

    Bound: every turn that timed out did so within DATABASE_POLL_MS + LATE_MS of its deadline, Redis
    down or not."""
    # Subscriptions re-read their match every 10 s in case a nudge was lost: not within this test, so
    # that once Redis is back only nudges (or the 2 s reads of an outage) can bring an update.
    web = functools.partial(rig.server, "web", settings={"GRAPHQL_SUBSCRIPTION_POLL_SECONDS": "60"})
    server, _ = await started(web, lambda: rig.worker("timers"))
    table = await faults.open_table(
        server.base, game=GAME, humans=1, bots=1, options=options(HUMAN_TURN_SECONDS)
    )
    follower = Follower(table.players[0], table.match_id)
    await follower.follow(server.base)
    try:
        human, match = await whose_turn(table)
        await asyncio.to_thread(rig.redis.stop)
        stopped = now_ms()
        move = next(m["input"] for m in match["legalMoves"] if m["input"] != END_TURN)
        played = await table.submit(human, move)
        assert played["__typename"] == "MoveAccepted", played
        await follower.reached(played["version"])  # by polling: no nudge can travel without Redis

        # The human's turn, the bot's and the human's next one end while Redis is down: the human's
        # by their deadlines, fired from the database; the bot's by its move or its deadline.
        turn = faults.turns(await table.log())[-1]
        for number in range(turn.number, turn.number + 3):
            await ended(table, number)
        await asyncio.to_thread(rig.redis.start)  # empty, as a crashed cache server comes back
        returned = now_ms()
        # Deadlines armed after the outage fire through Redis again: two more turns.
        await ended(table, turn.number + 4)

        log = await table.log()
        await follower.reached(len(log))  # the same subscription, never reconnected
        assert follower.ended is None, follower.ended
        assert_every_event_once_in_order(follower, follower.version)
        during = timed_out_late(log, since=stopped, until=returned)
        assert len(during) >= 2, "the human's turns did not time out while Redis was down"
        after = timed_out_late(log, since=returned, until=now_ms())
        record_property(
            "figure",
            f"Redis stopped for {(returned - stopped) / 1000:.1f} s: a move accepted; {len(during)} turns "
            f"timed out from the database, each once, the latest {max(during)} ms after it could (limit "
            f"{DATABASE_POLL_MS + LATE_MS}); after it returned {len(after)} more, the latest "
            f"{max(after, default=0)} ms; one subscription got all {len(log)} events",
        )
    finally:
        await follower.close()
        await table.aclose()


DATABASE_POLL_MS = 500  # TIMER_DATABASE_POLL_MS: how often a worker reads due deadlines without Redis


def timed_out_late(log: list[dict[str, Any]], *, since: int, until: int) -> list[int]:
    """How late (ms) each turn that timed out between ``since`` and ``until`` did, after checking that
    every turn so far ended once and none timed out later than DATABASE_POLL_MS + LATE_MS."""
    late = []
    for turn in faults.turns(log)[:-1]:  # the last one may still run
        assert len(turn.ends) == 1, f"turn {turn.number} ended {len(turn.ends)} times"
        end = turn.ends[0]
        if end["data"]["reason"] == "timeout" and since <= faults.ms(end) < until:
            late.append(faults.ms(end) - turn.due)
            assert late[-1] <= DATABASE_POLL_MS + LATE_MS, f"turn {turn.number} timed out {late[-1]} ms late"
    return late


async def ended(table: Table, number: int) -> dict[str, Any]:
    """Turn ``number``'s TurnEnded, once it is in the log."""

    async def check() -> dict[str, Any] | None:
        found = [t for t in faults.turns(await table.log()) if t.number == number and t.ends]
        return found[0].ends[0] if found else None

    return await eventually(check, seconds=faults.ANSWER_SECONDS, what=f"the end of turn {number}")


# --- (b) the timer worker SIGKILLed with deadlines pending --------------------------------------------


async def test_after_the_timer_workers_are_killed_a_restarted_one_fires_each_deadline_once_promptly(
    rig, record_property
):
    """Two workers compete for the deadlines; both are SIGKILLed while one holds the human's turn
    deadline, claimed and due (its firing waits on the match's row lock, which the test holds), and a
    third is started.

    Bound: a deadline fires at most LATE_MS after it is due or after a live worker could first claim
    it, whichever is later: the new worker's start, or for the claimed one the end of the dead worker's
    lease (its last renewal + LEASE_MS, so at most LEASE_MS after the kill)."""
    store = rig.timer_client()
    faults.preload_scripts(store)
    monitor = faults.Monitor(rig.redis.port)
    try:
        server, *killed = await started(
            lambda: rig.server("web"), lambda: rig.worker("timers-1"), lambda: rig.worker("timers-2")
        )
        table = await faults.open_table(server.base, game=GAME, humans=1, bots=1, options=options(1))
        await ended(table, 2)  # turns and bot moves fired by the two competing workers
        assert_none_fired_twice(monitor, table.match_id)
        # The human never moves: in the human's turn the match waits on its turn deadline alone, which
        # stays current until it fires (a bot's deadline would be superseded by its turn's timeout).
        await eventually(
            lambda: asyncio.to_thread(human_s_turn_ahead, store, table.match_id),
            seconds=faults.ANSWER_SECONDS,
            what="the human's turn with its deadline ahead",
        )
        locked_at = now_ms()
        with faults.row_locked(rig, table.match_id):
            held = await eventually(
                lambda: asyncio.to_thread(faults.leased, store, table.match_id),
                seconds=faults.ANSWER_SECONDS,
                what="a worker claiming the human's turn deadline",
            )
            for worker in killed:
                await asyncio.to_thread(faults.kill, worker)
            killed_at = now_ms()
        await asyncio.to_thread(rig.worker, "timers-3")
        resumed = max(now_ms(), killed_at + LEASE_MS)

        last = faults.turns(await table.log())[-1].number
        await ended(table, last + 2)  # after the kill: the held deadline, bots' and the next turns'
        log = await table.log()
    finally:
        monitor.stop()
        await table.aclose()

    acks = monitor.acks()
    [(deadline_id, due)] = held.items()
    once = faults.timeouts(log, deadline_id)
    assert len(once) == 1, f"{deadline_id}, claimed by a killed worker, timed out {len(once)} times"
    assert faults.ms(once[0]) - max(due, resumed) <= LATE_MS, f"{deadline_id} fired late"
    assert acks[f"{table.match_id}|{deadline_id}"] == 1, "the held deadline was not fired exactly once"
    record_property(
        "figure", assert_turns_timed_out_once_and_on_time(log, blocked=(locked_at - LATE_MS, resumed))
    )
    assert_none_fired_twice(monitor, table.match_id)


def assert_none_fired_twice(monitor: faults.Monitor, match_id: str) -> None:
    acks = monitor.acks()
    assert acks, "the monitor saw no firing at all"
    twice = {member: n for member, n in acks.items() if member.startswith(f"{match_id}|") and n > 1}
    assert not twice, f"deadlines fired more than once: {twice}"


def human_s_turn_ahead(store: redis.Redis, match_id: str) -> bool:
    """Does the match wait on a turn deadline alone (the human's turn; a bot's turn has the bot's
    thinking deadline too), still at least 300 ms away (time to take the lock before it is due)?"""
    armed = {key.decode(): int(at) for key, at in store.hgetall(f"{faults.TIMERS}:m:{match_id}").items()}
    return len(armed) == 1 and next(iter(armed)).startswith("turn-") and min(armed.values()) > now_ms() + 300


def assert_turns_timed_out_once_and_on_time(
    log: list[dict[str, Any]], *, blocked: tuple[int, int] = (0, 0)
) -> str:
    """Every turn ended once; one that timed out, within LATE_MS of its deadline, or of the end of
    ``blocked`` for a deadline that fell (or may have been claimed) while no worker could fire it.
    What was seen, as a figure."""
    since, resumed = blocked
    lateness = []
    for turn in faults.turns(log)[:-1]:  # the last one may still run
        assert len(turn.ends) == 1, f"turn {turn.number} ended {len(turn.ends)} times"
        end = turn.ends[0]
        if end["data"]["reason"] == "timeout":
            start = max(turn.due, resumed) if turn.due >= since else turn.due
            late = faults.ms(end) - start
            assert late <= LATE_MS, f"turn {turn.number} timed out {late} ms late"
            lateness.append(late)
    return (
        f"{len(lateness)} turns timed out once each, the latest {max(lateness, default=0)} ms after it could"
    )


# --- (c) a server SIGKILLed between two moves ----------------------------------------------------------


async def test_after_a_server_is_killed_between_two_moves_clients_resume_and_miss_nothing(
    rig, record_property
):
    server, _ = await started(lambda: rig.server("web-1"), lambda: rig.worker("timers"))
    table = await faults.open_table(
        server.base, game=GAME, humans=2, bots=1, options=options(HUMAN_TURN_SECONDS)
    )
    followers = [Follower(player, table.match_id) for player in table.players]
    try:
        for follower in followers:
            await follower.follow(server.base)
        mover, first = await play_a_move(table, END_TURN)

        await asyncio.to_thread(faults.kill, server.process)
        # While no server runs, the worker plays on (the bot, or the next turn's timeout): the
        # followers must get these events too.
        await eventually(
            lambda: version_in_database(rig, table.match_id, above=first["version"]),
            seconds=faults.ANSWER_SECONDS,
            what="a timer firing while no server runs",
        )
        server = await asyncio.to_thread(rig.server, "web-2")
        await table.aclose()
        table = faults.seen_from(table, server.base)
        for follower in followers:
            await follower.lost()
            await follower.follow(server.base)  # with afterVersion: what it missed, then live

        again = await table.submit(mover, END_TURN, key=first["key"])  # a client unsure it was heard
        assert {**again, "key": first["key"]} == first, (
            "a retry with the same idempotency key did not return the first result"
        )
        _, second = await play_a_move(table)
        for follower in followers:
            await follower.reached(second["version"])
            assert_every_event_once_in_order(follower, follower.version)
        log = await table.log()
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
        for event in first["events"]:
            assert [e["type"] for e in log if e["seq"] == event["seq"]] == [event["type"]]
        record_property(
            "figure",
            f"killed at version {first['version']}; {len(followers)} clients resumed with afterVersion "
            f"and got every event to version {second['version']} once, in order; the retry got the first result",
        )
    finally:
        for follower in followers:
            await follower.close()
        await table.aclose()


async def version_in_database(rig: faults.Rig, match_id: str, *, above: int) -> bool:
    def read() -> int:
        with rig.admin() as connection:
            row = connection.execute("SELECT version FROM matches_match WHERE id = %s", [int(match_id)])
            return int(row.fetchone()[0])

    return await asyncio.to_thread(read) > above


async def play_a_move(table: Table, move: dict[str, Any] | None = None) -> tuple[Player, dict[str, Any]]:
    """``move`` (else the first legal one) by the human whose turn it is, accepted; the result carries
    the idempotency key it was sent with."""
    player, match = await whose_turn(table)
    key = f"move-{match['version']}"
    result = await table.submit(player, move or match["legalMoves"][0]["input"], key=key)
    left = faults.ms(match["deadline"]) - now_ms()
    assert result["__typename"] == "MoveAccepted", f"{result}, {left} ms before the deadline: {match}"
    return player, {**result, "key": key}


# --- (d) the database connections of a server dropped ---------------------------------------------------

WEB = "cliffside-faults-web"
TIMERS = "cliffside-faults-timers"
ME = "{ me { name } }"
AT_ONCE = 24  # more than DATABASE_THREADS (8): every thread of the pool meets its dead connection


async def test_after_the_database_drops_a_server_s_connections_the_next_requests_are_answered(
    rig, record_property
):
    server, _ = await started(lambda: rig.server("web", application_name=WEB), lambda: rig.worker("timers"))
    table = await faults.open_table(server.base, game=GAME, humans=2, bots=1, options=options(30))
    follower = Follower(table.players[0], table.match_id)
    await follower.follow(server.base)
    try:
        await asyncio.gather(*(requests(table) for _ in range(AT_ONCE)))  # every pool thread connects
        dropped = await asyncio.to_thread(terminate, rig, WEB)
        assert dropped >= 2, f"only {dropped} sessions of the server to terminate"

        answers = await asyncio.gather(*(requests(table) for _ in range(AT_ONCE)))
        failed = [answer for answer in answers if answer[0] != 200 or answer[1].get("errors")]
        assert not failed, f"requests after the drop failed: {failed[:3]}"

        player, match = await whose_turn(table)
        move = match["legalMoves"][0]["input"]
        played = await table.submit(player, move, key="after-the-drop")
        assert played["__typename"] == "MoveAccepted", played
        assert await table.submit(player, move, key="after-the-drop") == played
        await follower.reached(played["version"])
        assert_every_event_once_in_order(follower, follower.version)
        assert (await table.pool.get("/healthz")).status_code == 200
        record_property(
            "figure", f"{dropped} sessions terminated; {AT_ONCE} of {AT_ONCE} requests after it answered"
        )
    finally:
        await follower.close()
        await table.aclose()


async def requests(table: Table) -> tuple[int, dict[str, Any]]:
    """A read that needs the database: the player behind the token, and the match."""
    status, body = await faults.post(table, ME, {}, table.players[0].token)
    if status != 200 or body.get("errors"):
        return status, body
    return await faults.post(table, faults.MOVES, {"id": table.match_id}, table.players[1].token)


def terminate(rig: faults.Rig, application_name: str) -> int:
    """pg_terminate_backend on every session of the process(es) named ``application_name`` (what a
    failover or an idle-session kill does); how many there were."""
    with rig.admin() as connection:
        rows = connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            [rig.database, application_name],
        ).fetchall()
    return sum(1 for (done,) in rows if done)


async def test_after_the_database_drops_a_timer_worker_s_connections_the_next_deadlines_fire_on_time(
    rig, record_property
):
    """The worker's side of (d): its firing threads hold connections of their own, which the database
    may close while they are idle; the next firing must replace them rather than fail and come back
    TIMER_RETRY_MS (10 s) later."""
    server, _ = await started(
        lambda: rig.server("web"), lambda: rig.worker("timers", application_name=TIMERS)
    )
    table = await faults.open_table(server.base, game=GAME, humans=1, bots=1, options=options(1))
    try:
        await ended(table, 2)  # the worker's firing threads have connected
        dropped = await asyncio.to_thread(terminate, rig, TIMERS)
        assert dropped >= 2, f"only {dropped} sessions of the worker to terminate"
        last = faults.turns(await table.log())[-1].number
        await ended(table, last + 3)  # more deadlines than firing threads (faults.THREADS)
        log = await table.log()
    finally:
        await table.aclose()
    record_property("figure", assert_turns_timed_out_once_and_on_time(log))
