"""Issue 11, concurrency: many clients on one match at once, and many matches at once across every game,
through the real API of the service running as in production (bench/stack.py: two uvicorn workers
contending for the same matches, one timer worker, PostgreSQL and Redis).

What must hold, checked against the event log read from the server's database:
- the log is gapless, seq 1..version, each once;
- every accepted move is acknowledged once: no two acknowledgements share a version unless they answer
  the same idempotency key, and those are the identical first result; each acknowledgement is the
  mover's own events, as the log holds them, ending at its version; every event a seat produced is in
  exactly one acknowledgement (crowd) or ends at one (contract clients);
- every subscriber heard strictly increasing versions, and, in order, exactly its redacted share of the
  log: nothing lost, doubled or reordered;
- a stale expectedVersion is always refused; every match finishes.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import pytest
from cliffside_client import Client, Connection, Player

from bench import lobby
from bench.seat import SeatClient, Submission
from bench.stack import production_stack
from games.core.options import IntOption
from games.core.spec import GameSpec
from games.core.visibility import SPECTATOR, Viewer, seat_viewer
from games.registry import REGISTRY
from tests.e2e.contract import short_options
from tests.reliability import crowd as crowds
from tests.reliability.crowd import Answer, Crowd
from tests.reliability.ledger import Log, check_gapless, check_stream, read_log

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

# (a) Cliffs n' Cactuses seats the most players a game allows (6), and they act at once: everyone
# throws rock-paper-scissors in the opening tiebreak, then plays cards into the queues all through each
# Race phase. Five clients per seat and two spectators make the 32.
CROWD_GAME = "cliffs-n-cactuses"
CROWD_SEATS = 6
SHORTER = {"cliffs-n-cactuses": {"start": "600"}}  # its rulebook's "Short on time?" race
# No reveal at the end: each subscriber's share of the log stays its own redacted one to the last update.
CROWD_OPTIONS = {**SHORTER[CROWD_GAME], "revealAfterEnd": False}
CROWD_MOVES = 40  # accepted moves (a whole match has 60 to 170): then the crowd stops, all but one resign
CROWD_SECONDS = 120  # a hard cap on each part: a part takes seconds
# (b) 64 matches at once, to the end, every game among them and seat counts 1 to 6. A match costs its
# moves (with bots', about 20 for Daredevil Rock for two, 40 for Boulder Bluff, 90 for Racesmack): so
# most are short ones (Daredevil Rock, the Cactus Card Game for two, both to a turn limit) and each
# long game comes once or twice, at its fewest seats and at many.
MIX = (  # (game, seats, matches)
    ("daredevil-rock", 1, 16),
    ("daredevil-rock", 2, 16),
    ("daredevil-rock", 3, 4),
    ("daredevil-rock", 4, 2),
    ("cactus-card-game", 2, 16),
    ("cactus-card-game", 3, 2),
    ("cactus-card-game", 4, 1),
    ("boulder-bluff", 2, 2),
    ("boulder-bluff", 3, 1),
    ("cliffs-n-cactuses", 2, 1),
    ("cliffs-n-cactuses", 5, 1),
    ("racesmack", 2, 1),
    ("racesmack", 6, 1),
)
MATCHES = 64
MATCHES_SECONDS = 150  # a hard cap on them all, to fail a hung run
HTTP_EVERY = 8  # one table in this many plays SeatClient's HTTP way; the rest the live way


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    # One stack for both tests; bots think for 20 ms instead of 300, as in test_every_game.py.
    settings = {"BOT_DELAY_MS": "20"}
    with production_stack(
        workers=2, logs=tmp_path_factory.mktemp("concurrency"), settings=settings
    ) as running:
        yield running


def viewer_of(seat: int | None) -> Viewer:
    return SPECTATOR if seat is None else seat_viewer(seat)


# (a) 32 clients on one match ---------------------------------------------------------------------------


async def crowd_match(base: str, database_url: str) -> tuple[Crowd, int]:
    """The crowd plays until CROWD_MOVES moves are accepted (or the match ends), stops, and all but one
    racer resign. Returns the crowd and the version it stopped at: no seat moved between then and the
    resignations."""
    http = lobby.client(base, connections=8)
    try:
        seated = await lobby.register(http, CROWD_SEATS, name="crowd")
        (watcher,) = await lobby.register(http, 1, name="watcher")
        match_id = await lobby.open_match(http, seated, game=CROWD_GAME, options=CROWD_OPTIONS)
        crowd = await crowds.gather_crowd(base, seated, [watcher, None], match_id, target=CROWD_MOVES)
        try:
            following = asyncio.gather(*(crowd.follow(member) for member in crowd.members))
            moved = asyncio.ensure_future(crowd.moved.wait())
            await asyncio.wait([following, moved], timeout=CROWD_SECONDS, return_when=asyncio.FIRST_COMPLETED)
            moved.cancel()
            assert crowd.moved.is_set() or following.done(), f"{CROWD_MOVES} moves not made in time"
            await crowd.stop()
            stopped_at = (await asyncio.to_thread(read_log, database_url, match_id)).version
            if not following.done():
                await crowds.resign_all_but_one(http, seated, match_id)
            await asyncio.wait_for(following, CROWD_SECONDS)
        finally:
            await crowds.disperse(crowd)
    finally:
        await http.aclose()
    return crowd, stopped_at


def first_answers(answers: list[Answer]) -> list[Answer]:
    """One answer per accepted move: a key's answers are checked to be one result (check_keys)."""
    unkeyed = [answer for answer in answers if answer.code is None and answer.key is None]
    keyed = {(answer.seat, answer.key): answer for answer in answers if answer.code is None and answer.key}
    return unkeyed + list(keyed.values())


def check_keys(answers: list[Answer]) -> None:
    """Every submission of one key carries the same move and the same expectedVersion: once one is
    accepted, every other (a retry, or another client of the seat) returns that first result. With
    an expectedVersion, a first refusal means the match had left that version, so all are refused;
    without one, a key is sent again only once accepted."""
    groups: dict[tuple[int, str], set[tuple[Any, ...]]] = defaultdict(set)
    for answer in answers:
        if answer.key is not None:
            groups[(answer.seat, answer.key)].add((answer.code, answer.version, answer.events))
    assert groups, "no keyed submission was made"
    for key, results in groups.items():
        accepted = [result for result in results if result[0] is None]
        assert not accepted or len(results) == 1, f"key {key} got different answers: {results}"
    retried = sum(answer.code is None for answer in answers if answer.key) - sum(
        any(result[0] is None for result in results) for results in groups.values()
    )
    assert retried > 0, "no keyed move was ever answered twice: the idempotency keys went untried"


def check_acknowledgements(answers: list[Answer], log: Log, stopped_at: int) -> None:
    spec = REGISTRY[CROWD_GAME]
    firsts = first_answers(answers)
    versions = [answer.version for answer in firsts]
    assert len(versions) == len(set(versions)), "two accepted moves were acknowledged at one version"
    for answer in firsts:
        seqs = [seq for seq, _, _ in answer.events]
        assert seqs and seqs[-1] == answer.version and seqs == sorted(set(seqs)), answer
        assert log.row(answer.version).seat == answer.seat, f"version {answer.version} is not {answer}"
        mover = seat_viewer(answer.seat)
        shown = {event[0]: event for event in log.seen_by(spec, mover, after=seqs[0] - 1, until=seqs[-1])}
        assert list(answer.events) == [shown.get(seq) for seq in seqs], (
            "an acknowledgement differs from the log"
        )
    acknowledged = Counter(seq for answer in firsts for seq, _, seat in answer.events if seat is not None)
    produced = [row.seq for row in log.rows[:stopped_at] if row.seat is not None]  # then, resignations
    assert sorted(acknowledged) == produced, "a seat's event is not acknowledged, or one is not in the log"
    assert set(acknowledged.values()) == {1}, "an event was acknowledged to two moves"


def test_32_clients_on_one_match_lose_double_and_reorder_nothing(stack, record_property):
    crowd, stopped_at = asyncio.run(crowd_match(stack.server.base, stack.database_url))
    log = read_log(stack.database_url, crowd.match_id)
    check_gapless(log)
    assert log.status == "FINISHED"
    answers = crowd.answers
    record_property(
        "figure", f"stopped at {stopped_at} of {log.version}, {len(answers)} answers: {_codes(answers)}"
    )
    # Never accepted: refused for its version, by the game (the move is no longer legal), or because
    # the match had just ended.
    stale = Counter(answer.code for answer in answers if answer.role == crowds.STALE)
    assert stale["VERSION_MISMATCH"] and None not in stale, stale
    check_keys(answers)
    check_acknowledgements(answers, log, stopped_at)
    spec = REGISTRY[CROWD_GAME]
    for member in crowd.members:
        check_stream(member.updates, log.seen_by(spec, viewer_of(member.seat)), after=0)
        assert (member.updates[-1]["version"], member.updates[-1]["status"]) == (log.version, "FINISHED")


def _codes(answers: list[Answer]) -> dict[str, int]:
    return dict(Counter(f"{answer.role}:{answer.code or 'accepted'}" for answer in answers))


# (b) 64 matches at once, across every game and seat count --------------------------------------------


def tables() -> list[tuple[str, int]]:
    return [(key, seats) for key, seats, matches in MIX for _ in range(matches)]


def quick_options(spec: GameSpec[Any]) -> dict[str, Any]:
    """Short matches (tests/e2e/contract.py); no reveal at the end, so each subscriber's last update is
    still its own redacted share; and no pause for show (an option in milliseconds at its minimum: a
    bot's human-like tap)."""
    pauses = {
        option.name: option.minimum or 0
        for option in spec.options.fields
        if isinstance(option, IntOption) and option.name.endswith("Ms")
    }
    return short_options(spec) | pauses | SHORTER.get(spec.key, {}) | {"revealAfterEnd": False}


class Table:
    """One match of (b): its human seats' contract clients, what they submitted and what they heard."""

    def __init__(self, number: int, key: str, seats: int) -> None:
        self.number, self.key, self.seats = number, key, seats
        self.humans = max(1, (seats + 1) // 2)  # bots in the other seats, as in test_every_game
        self.transport = "http" if number % HTTP_EVERY == 0 else "ws"
        self.match_id = ""
        self.submissions: list[tuple[int, Submission]] = []
        self.updates: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(self.humans)}
        self.statuses: list[str] = []

    def recorder(self, seat: int) -> Callable[[Submission], None]:
        return lambda submission: self.submissions.append((seat, submission))

    def listener(self, seat: int) -> Callable[[float, dict[str, Any]], None]:
        return lambda _arrival, update: self.updates[seat].append(update)

    async def play(self, base: str) -> None:
        spec = REGISTRY[self.key]
        levels = list(itertools.islice(itertools.cycle(sorted(spec.bots)), self.seats - self.humans))
        http = lobby.client(base, connections=self.humans + 1)
        try:
            # Seat i is players[i]: the host, then the guests in the order they joined (lobby.open_match).
            players = await lobby.register(http, self.humans, name=f"table {self.number}")
            self.match_id = await lobby.open_match(
                http, players, game=self.key, options=quick_options(spec), bots=levels
            )
            sockets = [await lobby.connect(base, player.token) for player in players]
            try:
                clients = [
                    self._client(seat, player, socket, http)
                    for seat, (player, socket) in enumerate(zip(players, sockets, strict=True))
                ]
                self.statuses = list(
                    await asyncio.gather(*(client.play(self.match_id) for client in clients))
                )
            finally:
                for socket in sockets:
                    await socket.aclose()
        finally:
            await http.aclose()

    def _client(self, seat: int, player: Player, socket: Connection, http: Client) -> SeatClient:
        return SeatClient(
            player=player,
            socket=socket,
            http=http,
            transport=self.transport,
            moves_in_update=self.transport == "ws",
            record=self.recorder(seat),
            seed=self.number * 10 + seat,
            on_update=self.listener(seat),
        )

    def check(self, log: Log) -> None:
        assert self.statuses == ["FINISHED"] * self.humans and log.status == "FINISHED", self.statuses
        check_gapless(log)
        accepted = [(sub.version, seat) for seat, sub in self.submissions if sub.code is None]
        versions = [version for version, _ in accepted]
        assert len(versions) == len(set(versions)), "two accepted moves were acknowledged at one version"
        assert all(log.row(version).seat == seat for version, seat in accepted), (
            "an acknowledgement is not the mover's"
        )
        # The events a move appends carry its seat (overdue timeouts before them, the server's) and end
        # at its version: so wherever a run of a human seat's events ends (humans sit before the bots),
        # a move of that seat was acknowledged at that version.
        rows = log.rows
        ends = {
            (row.seq, row.seat)
            for row, after in zip(rows, [*rows[1:], None], strict=True)
            if row.seat is not None and row.seat < self.humans and (after is None or after.seat != row.seat)
        }
        unacknowledged = sorted(ends - set(accepted))
        assert not unacknowledged, f"moves applied but never acknowledged: {unacknowledged[:5]}"
        spec = REGISTRY[self.key]
        for seat, updates in self.updates.items():
            start, last = updates[0]["version"], updates[-1]["version"]  # from the match as it was
            check_stream(updates, log.seen_by(spec, seat_viewer(seat), after=start, until=last), after=start)
            # The live way stops on the update that ends the match; the HTTP way on its query saying so,
            # so its subscription may stop short of the end.
            assert last == log.version or self.transport == "http", (last, log.version)


async def play_tables(base: str) -> list[Table]:
    every = [Table(number, key, seats) for number, (key, seats) in enumerate(tables())]
    await asyncio.wait_for(asyncio.gather(*(table.play(base) for table in every)), MATCHES_SECONDS)
    return every


def test_64_matches_at_once_across_every_game_finish_with_whole_logs(stack, record_property):
    played = asyncio.run(play_tables(stack.server.base))
    assert len(played) == MATCHES and {table.key for table in played} == set(REGISTRY)
    logs = [read_log(stack.database_url, table.match_id) for table in played]
    for table, log in zip(played, logs, strict=True):
        table.check(log)
    events, submitted = sum(log.version for log in logs), sum(len(table.submissions) for table in played)
    record_property(
        "figure", f"{len(played)} matches: {events} events, {submitted} submissions by the contract clients"
    )
