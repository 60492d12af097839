"""Scale-out on the real engines (issue 11, point 5): two server processes and two timer workers on this
machine, sharing one PostgreSQL database and one Redis key prefix, as deploy/compose.yaml runs them.

- A move made on one server reaches a subscriber of the other through Redis (the server that commits
  tells its own subscribers directly; the other hears only the channel layer's nudge).
- Every deadline fires exactly once with both timer workers claiming (read from their logs: a repeated
  firing appends nothing, so the match's log alone cannot show one), and every event a deadline put in
  a match's log is one firing's.
- A server killed mid-match (SIGKILL: no shutdown) loses nothing: its clients move to the other one.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import statistics
import time
from collections import Counter
from typing import Any

import pytest
from cliffside_client import Client, Connection, Player

from bench import lobby
from bench.seat import SeatClient
from bench.stack import Cluster, Server, cluster
from bench.stats import percentile
from games.core.options import IntOption
from games.registry import REGISTRY
from tests.e2e.contract import TURN_LIMIT, short_options
from tests.reliability import scale_out
from tests.reliability.scale_out import Audience, Follower, MatchLog, Pacer, watch

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

MATCH_SECONDS = 120  # a whole match here takes seconds; this is a hung one
# The live-update target (bench/targets.py) is p99 <= 30 ms under the benchmark's load on an idle
# machine. Here the machine is shared with other work and the load generator, so the bound is looser,
# and still far below what a subscriber gets without the cross-process nudge: the next poll,
# GRAPHQL_SUBSCRIPTION_POLL_SECONDS (10 s) later.
LIVE_MEDIAN_MS = 150
LIVE_MAX_MS = 2_000
LIVE_MOVES = 20  # at least this many moves measured
MOVE_INTERVAL_S = 0.05  # between moves, any seat: a steady pace, as people play
KILL_AFTER_UPDATES = 10  # the server dies once the match is this many updates in: moves in full flow


def short_games() -> list[str]:
    """The games with a turn limit: played to a short limit, a match with timers is over in seconds."""
    return [
        key
        for key, spec in sorted(REGISTRY.items())
        if any(o.name == TURN_LIMIT for o in spec.options.fields)
    ]


def timers(key: str, seconds: int | None) -> dict[str, Any]:
    """A short match whose every timer is ``seconds`` long, or as short as the game allows; None: off
    (every such timer of the games with a turn limit may be off)."""
    spec = REGISTRY[key]
    options = short_options(spec)
    for option in spec.options.fields:
        if isinstance(option, IntOption) and option.name.endswith("Seconds"):
            options[option.name] = 0 if seconds is None else max(seconds, option.minimum or 0)
    return options


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    # Bots think for 20 ms instead of 300; DEBUG makes every firing a line of the timer workers' logs.
    # Each server with 2 database connections instead of 8: plenty for a few matches, and the machine's
    # PostgreSQL (100 connections) is shared with the rest of the suite.
    settings = {"BOT_DELAY_MS": "20", "LOG_LEVEL": "DEBUG", "DATABASE_THREADS": "2"}
    logs = tmp_path_factory.mktemp("scale-out")
    # Servers A and B, and a third that one test kills: started together, they start in the time of one.
    with cluster(servers=3, timer_workers=2, logs=logs, settings=settings) as deployed:
        yield deployed


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, MATCH_SECONDS))


# --- A move on one server, heard on the other ------------------------------------------------------


async def cross_server_delays(deployed: Cluster) -> list[float]:
    """Two seats play on server A at a steady pace; spectators on server B note each move's arrival."""
    a, b = (server.base for server in deployed.servers[:2])
    http = lobby.client(a, connections=4)
    sockets: list[Connection] = []
    try:
        players = await lobby.register(http, 2, name="live")
        key = short_games()[0]
        options = timers(key, None) | {TURN_LIMIT: 4}  # every move is a seat's, sent on A
        match_id = await lobby.open_match(http, players, game=key, options=options)
        audience, pacer = Audience(), Pacer(MOVE_INTERVAL_S)
        sockets = [await lobby.connect(b) for _ in range(2)]
        live = [asyncio.get_running_loop().create_future() for _ in sockets]
        watchers = [
            asyncio.create_task(watch(s, match_id, audience, f)) for s, f in zip(sockets, live, strict=True)
        ]
        await asyncio.gather(*live)  # both subscribed on B before the first move
        seats = [await seat_on(a, player, http, number, pacer) for number, player in enumerate(players)]
        sockets += [seat.socket for seat in seats]
        await asyncio.gather(*(seat.play(match_id) for seat in seats), *watchers)
        return audience.latencies()
    finally:
        await asyncio.gather(*(socket.aclose() for socket in sockets))
        await http.aclose()


async def seat_on(
    base: str, player: Player, http: Client, seed: int, pacer: Pacer | None = None
) -> SeatClient:
    """A seat that follows its match on ``base`` and plays a random legal move on every update."""
    socket = await lobby.connect(base, player.token)
    return SeatClient(
        player=player,
        socket=socket,
        http=http,
        transport="ws",
        moves_in_update=True,
        record=lambda _: None,
        seed=seed,
        pace=None if pacer is None else pacer.wait,
    )


def test_a_move_on_one_server_reaches_a_subscriber_of_the_other_at_once(deployment, record_property):
    delays = run(cross_server_delays(deployment))
    moves = len(delays) // 2  # one sample per spectator and move
    assert moves >= LIVE_MOVES, f"only {moves} moves measured"
    median, worst = statistics.median(delays), max(delays)
    record_property(
        "figure",
        f"cross-server live updates: {len(delays)} samples, p50 {median:.1f} ms, "
        f"p99 {percentile(delays, 0.99):.1f} ms, max {worst:.1f} ms",
    )
    assert median <= LIVE_MEDIAN_MS, sorted(delays)
    assert worst <= LIVE_MAX_MS, sorted(delays)


# --- Deadlines with two timer workers --------------------------------------------------------------


async def play_with_timers(deployed: Cluster, key: str, number: int) -> int:
    """A match of ``key`` opened on one server, played on the other by one seat, with a seat that never
    moves (its turns end by timeout) and a bot (it moves when its deadline fires)."""
    opened_on, played_on = (deployed.servers[(number + n) % 2].base for n in (0, 1))
    http, plays_http = lobby.client(opened_on, connections=2), lobby.client(played_on, connections=2)
    try:
        active, idle = await lobby.register(http, 2, name=f"timers {key}")
        options = timers(key, 1)
        match_id = await lobby.open_match(http, [active, idle], game=key, options=options, bots=["heuristic"])
        seat = await seat_on(played_on, active, plays_http, number)
        try:
            assert await seat.play(match_id) == "FINISHED"
        finally:
            await seat.socket.aclose()
        return int(match_id)
    finally:
        await http.aclose()
        await plays_http.aclose()


def deadline_events(log: MatchLog) -> set[int]:
    """The seqs a deadline's firing must have appended: all but the deal and the appends of the human
    seats' moves (with the overdue timeouts such a move applied first: lazy enforcement)."""
    deal = log.events[0].at
    return {
        event.seq
        for index, event in enumerate(log.events)
        if event.at != deal and scale_out.mover(log, index) not in log.humans
    }


def check_firings(deployed: Cluster, match_ids: list[int]) -> list[scale_out.Firing]:
    """Each deadline of the matches fired once, by either worker, and every event a deadline owes is
    one firing's; the firings."""
    fired = scale_out.firings([worker.log for worker in deployed.timers])
    mine = [firing for firing in fired if firing.match_id in match_ids]
    repeated = {key: n for key, n in Counter((f.match_id, f.deadline_id) for f in mine).items() if n > 1}
    assert not repeated, f"deadlines fired more than once: {repeated}"
    assert {firing.worker for firing in mine} == {0, 1}, "both timer workers fire deadlines"
    for match_id in match_ids:
        log = scale_out.match_log(deployed.run.database_url, match_id)
        assert log.status == "FINISHED"
        spans = sorted(f.seqs for f in mine if f.match_id == match_id and f.seqs)
        written = [seq for first, last in spans for seq in range(first, last + 1)]
        assert len(written) == len(set(written)), f"match {match_id}: two firings claim one event"
        assert set(written) <= {event.seq for event in log.events}
        missing = deadline_events(log) - set(written)
        assert not missing, f"match {match_id}: events no firing appended: {sorted(missing)}"
    return mine


def test_every_deadline_fires_exactly_once_with_two_timer_workers(deployment, record_property):
    async def play_all() -> list[int]:
        games = short_games()
        return list(await asyncio.gather(*(play_with_timers(deployment, k, n) for n, k in enumerate(games))))

    match_ids = run(play_all())
    # The last firing's line follows its commit (and so the client's FINISHED) by an instant.
    fired = eventually(lambda: check_firings(deployment, match_ids))
    workers = Counter(firing.worker for firing in fired)
    applied = sum(1 for firing in fired if firing.seqs)
    record_property(
        "figure",
        f"{len(match_ids)} matches: {len(fired)} deadlines fired once each ({applied} appended), "
        f"by worker {dict(workers)}",
    )


def eventually(check: Any, seconds: float = 10.0) -> Any:
    """``check()`` until it passes; its last failure if it never does within ``seconds``."""
    for attempt in itertools.count():
        try:
            return check()
        except AssertionError:
            if attempt * 0.2 >= seconds:
                raise
        time.sleep(0.2)


# --- A server killed mid-match ---------------------------------------------------------------------


async def play_through_a_kill(doomed: Server, survivor: str) -> tuple[list[Follower], int, int]:
    """Two seats and a spectator on ``doomed``, a spectator on ``survivor``; ``doomed`` is SIGKILLed
    once the match is a few moves in, and its clients carry on on ``survivor``."""
    http = lobby.client(doomed.base, connections=2)
    try:
        players = await lobby.register(http, 2, name="kill")
        key = short_games()[0]
        match_id = await lobby.open_match(
            http, players, game=key, options=timers(key, None) | {TURN_LIMIT: 4}
        )
    finally:
        await http.aclose()
    seen: list[int] = []  # the versions the spectator on the survivor heard, in order
    killed_at: list[int] = []

    def kill_a_few_moves_in(version: int) -> None:
        seen.append(version)
        if len(seen) == KILL_AFTER_UPDATES:
            killed_at.append(version)
            os.killpg(doomed.process.popen.pid, signal.SIGKILL)

    servers = [doomed.base, survivor]
    followers = [
        Follower(servers, match_id, player.token, plays=True, seed=n) for n, player in enumerate(players)
    ]
    followers.append(Follower(servers, match_id))
    followers.append(Follower([survivor], match_id, on_version=kill_a_few_moves_in))
    statuses = await asyncio.gather(*(follower.run() for follower in followers))
    assert set(statuses) == {"FINISHED"}, statuses
    assert killed_at, "the match ended before the server was killed"
    return followers, int(match_id), killed_at[0]


def test_a_server_killed_mid_match_loses_nothing(deployment, record_property):
    doomed, survivor = deployment.servers[2], deployment.servers[1].base
    followers, match_id, killed_at = run(play_through_a_kill(doomed, survivor))
    assert doomed.process.popen.wait(10) == -signal.SIGKILL
    log = scale_out.match_log(deployment.run.database_url, match_id)
    assert log.status == "FINISHED" and log.version > killed_at, "the match went on after the kill"
    assert [event.seq for event in log.events] == list(range(1, log.version + 1)), "the log is gapless"
    for follower in followers:
        # Each event exactly once, in order, across the subscription on the dead server and the new one.
        assert follower.seqs == list(range(1, log.version + 1))
    assert [follower.failovers for follower in followers] == [1, 1, 1, 0]
    for seat, player in enumerate(followers[:2]):
        # Every move the server acknowledged is in the log, and every move in the log was acknowledged
        # (the one in flight at the kill, sent again with its idempotency key, once).
        assert sorted(player.acked) == scale_out.append_ends(log, seat)
    acked, resent = sum(len(f.acked) for f in followers), sum(f.resent for f in followers)
    record_property(
        "figure",
        f"killed at version {killed_at} of {log.version}: {acked} moves acknowledged, {resent} sent again",
    )
