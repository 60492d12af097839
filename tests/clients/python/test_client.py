"""The Python client (clients/python) against the real server: one server for the module, run as in
production with its rate limits on (a small one for a player's actions, which the client must honour)
and its timer worker (bots move, quick-match tables fill after a second).
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from cliffside_client import (
    FINISHED,
    MATCHED,
    Accepted,
    AuthError,
    Client,
    Follow,
    LegalMoves,
    Refused,
    Rejected,
    RetryPolicy,
    SyncClient,
    Update,
)

from tests.e2e.contract import TURN_LIMIT
from tests.server import ROOT, fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ACTIONS_PER_SECOND = 8  # RATE_LIMIT_PLAYER_ACTIONS: small, so that a burst of moves runs into it
SETTINGS = {
    "RATE_LIMITS": "true",
    "RATE_LIMIT_PLAYER_ACTIONS": f"{ACTIONS_PER_SECOND}/second",
    # The rest as production has them, but for the one address every test plays from.
    "RATE_LIMIT_REGISTER_PER_IP": "1000/minute",
    "RATE_LIMIT_LOBBY_PER_PLAYER": "1000/minute",
    "RATE_LIMIT_HTTP_PER_IP": "200/second",
    "QUICK_MATCH_WAIT_SECONDS": "1",
}
MAX_MOVES = 2000
# Why a move sent on an update may be refused when another seat acted first: Racesmack's own codes.
STALE_CODES = ("VERSION_MISMATCH", "TARGET_TAKEN", "ROUND_CLOSED", "ALREADY_TAPPED")
WAIT = 60  # seconds: far beyond any step here; a hung test, not a slow one
BOT = ROOT / "clients" / "python" / "examples" / "bot.py"
CUT_AFTER = (2, 5, 8)  # updates: the follow test cuts its socket after each of these
FOLLOWED_TURNS = 6  # the followed match's turn limit
MATCHES_TO_CUT = 5  # matches the follow test may play to make its cuts (one nearly always does)
# Racesmack with short clocks: a card nobody taps waits for tapSeconds, a silent player for playSeconds.
RACESMACK = {"playSeconds": 5, "tapSeconds": 1, "choiceSeconds": 2}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp("python-client")
    with fresh_database(tmp) as database, running_server(tmp, database, timers=True, **SETTINGS) as url:
        yield url


async def seated(client: Client, game: str, options: dict[str, Any]) -> tuple[Client, Client, str]:
    """Two new players at a started match of ``game``: the host and a guest."""
    host = client.acting_as((await client.register("host")).token)
    guest = client.acting_as((await client.register("guest")).token)
    lobby = await host.create_match(game, options)
    assert lobby.status == "LOBBY" and lobby.my_seat == 0
    joined = await guest.join_match(lobby.id)
    assert [seat.index for seat in joined.seats] == [0, 1] and joined.my_seat == 1
    started = await host.start_match(lobby.id)
    assert started.status == "ACTIVE"
    return host, guest, lobby.id


async def play_by_asking(
    players: list[Client], match_id: str, seed: str, paced: asyncio.Semaphore | None = None
) -> int:
    """The README's loop: ask each player what it may do, play one of its moves; until the end.
    ``paced``: each move first takes a permit from it, so a watcher can keep the moves in step."""
    rng = random.Random(seed)
    for moves in range(MAX_MOVES):
        asked: list[tuple[Client, LegalMoves]] = [(p, await p.legal_moves(match_id)) for p in players]
        if asked[0][1].status != "ACTIVE":
            return moves
        player, legal = next(((p, theirs) for p, theirs in asked if theirs), asked[0])
        if not legal:
            await asyncio.sleep(0.05)  # nobody may act: a timer is due
            continue
        if paced is not None:
            await paced.acquire()
            legal = await player.legal_moves(match_id)  # what it may do now, not before the wait
            if not legal:
                paced.release()
                continue
        result = await player.submit(match_id, rng.choice(legal.moves), expected_version=legal.version)
        assert isinstance(result, Accepted), result
        assert result.version > legal.version and result.events[0].seq == legal.version + 1
    raise AssertionError(f"the match did not finish in {MAX_MOVES} moves")


async def play_by_following(player: Client, match_id: str, seed: str) -> list[Update]:
    """A live seat: on every update with moves, one of them, sent with the update's version; never on
    an update from before its own last move (overtaken: another seat's move that landed first)."""
    rng = random.Random(seed)
    updates = []
    played_at = 0  # the match's version after this seat's last accepted move
    async with player.follow(match_id, after_version=0) as follow:
        async for update in follow:
            updates.append(update)
            if update.status == "ACTIVE" and update.legal_moves and update.version >= played_at:
                move = rng.choice(update.legal_moves)
                result = await player.submit(match_id, move, expected_version=update.version)
                # Both seats act at once, and both moves are played unless the table changed what this
                # seat may do: then it is refused, with the game's reason if the move is no longer legal
                # (the card was taken, the tapping is over), and the seat acts on the next update.
                assert result.accepted or result.code in STALE_CODES, result
                played_at = result.version if isinstance(result, Accepted) else played_at
    return updates


async def whose_turn(players: list[Client], match_id: str) -> tuple[Client, LegalMoves]:
    """The player who may move now, and its moves."""
    for _ in range(100):
        for player in players:
            legal = await player.legal_moves(match_id)
            if legal:
                return player, legal
        await asyncio.sleep(0.05)
    raise AssertionError("nobody may move")


def seqs(updates: list[Update]) -> list[int]:
    return [event.seq for update in updates for event in update.events]


def test_register_create_join_start_and_play_a_whole_match_by_asking(base):
    async def main() -> None:
        async with Client(base) as client:
            host, guest, match_id = await seated(client, "daredevil-rock", {"turnLimit": 3})
            moves = await play_by_asking([host, guest], match_id, "daredevil-rock")
            final = await host.match(match_id, "status version outcome { ranks winners reason }")
            replay = await client.replay(match_id)  # a spectator's: the whole log, once it is over
        assert final is not None and final["status"] == FINISHED and final["outcome"]["reason"]
        assert moves > 0
        assert [event["seq"] for event in replay["events"]] == list(range(1, final["version"] + 1))
        assert replay["seed"]

    asyncio.run(main())


def test_both_seats_play_racesmack_at_once_from_their_updates(base):
    async def main() -> None:
        async with Client(base) as client:
            host, guest, match_id = await seated(client, "racesmack", RACESMACK)
            seen = await asyncio.wait_for(
                asyncio.gather(
                    play_by_following(host, match_id, "host"), play_by_following(guest, match_id, "guest")
                ),
                WAIT * 3,
            )
            final = await host.match(match_id, "status version")
        assert final is not None and final["status"] == FINISHED
        for updates in seen:
            assert seqs(updates) == list(range(1, final["version"] + 1))
            assert updates[-1].status == FINISHED and updates[-1].outcome is not None

    asyncio.run(main())


def test_one_connection_follows_the_match_and_plays_over_the_socket(base):
    """A seat on one socket (``connect``): its updates and its moves side by side, as a live
    frontend sends ``submitMove`` over the WebSocket; each update stamped when it arrived."""
    updates = "subscription($id: ID!) { matchUpdates(matchId: $id) { version status legalMoves { input } } }"
    submit = (
        "mutation($id: ID!, $move: MoveInput!, $version: Int) { submitMove(matchId: $id, move: $move, "
        "expectedVersion: $version) { __typename ... on MoveAccepted { version } ... on MoveRejected { code retryAfter } } }"
    )

    async def main() -> tuple[list[int], list[float], dict[str, Any] | None]:
        async with Client(base) as client:
            host, guest, match_id = await seated(client, "daredevil-rock", {"turnLimit": 2})
            rng, versions, arrivals = random.Random("socket"), [], []
            async with await host.connect() as socket:
                operation = await socket.subscribe(updates, {"id": match_id})
                while True:
                    arrival, data = await operation.next(WAIT)
                    update = data["matchUpdates"]
                    versions.append(update["version"])
                    arrivals.append(arrival)
                    if update["status"] != "ACTIVE":
                        break
                    if update["legalMoves"]:
                        move = rng.choice(update["legalMoves"])["input"]
                        variables = {"id": match_id, "move": move, "version": update["version"]}
                        played = (await socket.execute(submit, variables))["submitMove"]
                        while played.get("code") == "RATE_LIMITED":  # a Connection retries nothing itself
                            await asyncio.sleep(played["retryAfter"])
                            played = (await socket.execute(submit, variables))["submitMove"]
                        assert played["__typename"] == "MoveAccepted", played
                    elif legal := await guest.legal_moves(match_id):  # else a timer is due: wait for it
                        await guest.submit(match_id, rng.choice(legal.moves), expected_version=legal.version)
                await operation.stop()
            final = await host.match(match_id, "status version")
        return versions, arrivals, final

    versions, arrivals, final = asyncio.run(main())
    assert final is not None and final["status"] == FINISHED and versions[-1] == final["version"]
    assert versions == sorted(versions) and len(versions) > 2
    assert arrivals == sorted(arrivals)


def test_follow_resumes_exactly_where_the_cut_socket_left_off(base):
    async def main() -> None:
        async with Client(base) as client:
            cuts = 0
            # A climber who falls ends a match for two at any move: a match that ends before every cut
            # is made leaves the rest to the next one.
            for match in range(MATCHES_TO_CUT):
                cuts += await follow_through_cuts(client, f"cut {match}", cuts)
                if cuts == len(CUT_AFTER):
                    return
        raise AssertionError(f"{MATCHES_TO_CUT} matches all ended before {len(CUT_AFTER)} cuts were made")

    asyncio.run(main())


async def follow_through_cuts(client: Client, seed: str, made: int) -> int:
    """One match followed by its host, its socket cut after each update in CUT_AFTER not yet made
    (``made`` of them were) while the match goes on; every event must still arrive once, in order.
    Returns the cuts made."""
    host, guest, match_id = await seated(client, "daredevil-rock", {TURN_LIMIT: FOLLOWED_TURNS})
    # The moves keep step with what this follower has seen, one move per update, or a fast machine
    # could play the whole match while the socket is down, or a slow follower be sent it in a few
    # updates. (One per event was not enough: a move of three events let three more moves through.)
    paced = asyncio.Semaphore(1)
    playing = asyncio.create_task(play_by_asking([host, guest], match_id, seed, paced))
    updates: list[Update] = []
    cuts = 0
    follow: Follow = host.follow(match_id, after_version=0)
    async with follow:
        async for update in follow:
            updates.append(update)
            paced.release()
            if len(updates) in CUT_AFTER[made + cuts :] and not update.over:
                # Cut as a network would: no close frame, the server's messages in flight lost.
                assert follow.connection is not None
                follow.connection.transport.abort()
                cuts += 1
                paced.release()  # two moves go on meanwhile
                paced.release()
                await asyncio.sleep(0.3)
    await asyncio.wait_for(playing, WAIT)
    final = await host.match(match_id, "version status")
    assert final is not None and final["status"] == FINISHED
    assert follow.reconnects >= cuts
    assert seqs(updates) == list(range(1, final["version"] + 1)), "each event once, in order, none missed"
    versions = [update.version for update in updates]
    assert versions == sorted(versions) and versions[-1] == final["version"]
    assert updates[-1].status == FINISHED
    return cuts


class LoseFirstAnswer(httpx.AsyncBaseTransport):
    """A network that delivers the first move to the server, then loses its answer on the way back."""

    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.keys: list[str] = []  # the idempotency key of each move that reached the server

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        body = json.loads(request.content)
        if "submitMove" in body["query"]:
            self.keys.append(body["variables"]["key"])
            if len(self.keys) == 1:
                await response.aclose()
                raise httpx.ReadError("connection reset by peer", request=request)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


def test_a_move_resent_after_its_answer_was_lost_is_played_once(base):
    async def main() -> None:
        network = LoseFirstAnswer()
        retried: list[str] = []
        async with Client(base) as client:
            host, guest, match_id = await seated(client, "daredevil-rock", {"turnLimit": 3})
            mover, _ = await whose_turn([host, guest], match_id)
            lossy = Client(
                base, mover.token, transport=network, on_retry=lambda error, _: retried.append(error.code)
            )
            async with lossy:
                legal = await lossy.legal_moves(match_id)
                first, last = legal.moves[0], legal.moves[-1]
                result = await lossy.submit(match_id, first, expected_version=legal.version)
                assert isinstance(result, Accepted), result
                key = result.idempotency_key
                # The same key again by hand: the first result, nothing played; with another move: refused.
                again = await lossy.submit(
                    match_id, first, expected_version=legal.version, idempotency_key=key
                )
                other = await lossy.submit(
                    match_id, last, expected_version=legal.version, idempotency_key=key
                )
            after = await host.match(match_id, "version")
            await host.resign(match_id)
        assert retried == ["NETWORK_ERROR"]
        assert network.keys == [key] * 4, "sent twice by the client, twice by hand, always with one key"
        assert isinstance(again, Accepted) and again.version == result.version
        assert after is not None and after["version"] == result.version, "played once"
        if last != first:
            assert isinstance(other, Rejected) and other.code == "IDEMPOTENCY_KEY_REUSED"

    asyncio.run(main())


def test_rate_limited_moves_wait_as_told_and_then_go_through(base):
    async def main() -> None:
        waits: list[tuple[str, float]] = []
        burst = 3 * ACTIONS_PER_SECOND
        async with Client(base) as client:
            host, guest, match_id = await seated(client, "daredevil-rock", {"turnLimit": 3})
            mover, _ = await whose_turn([host, guest], match_id)
            other = guest if mover is host else host
            # Attempts enough for any wave: on a busy machine 24 retries can meet one window again.
            patient = Client(
                base,
                mover.token,
                retry=RetryPolicy(attempts=30),
                on_retry=lambda error, seconds: waits.append((error.code, seconds)),
            )
            async with patient:
                legal = await patient.legal_moves(match_id)
                # Three times the limit at once, all one move with one key: some are told RATE_LIMITED,
                # wait as told and are sent again, and the move is played once.
                results = await asyncio.gather(
                    *(
                        patient.submit(
                            match_id, legal.moves[0], expected_version=legal.version, idempotency_key="k"
                        )
                        for _ in range(burst)
                    )
                )
            # A client told not to wait gets the refusal itself, with how long to wait.
            impatient = Client(base, other.token, retry=RetryPolicy(attempts=0))
            async with impatient:
                answers = await asyncio.gather(
                    *(
                        # The match has moved on: refused (VERSION_MISMATCH) when not RATE_LIMITED.
                        impatient.submit(match_id, legal.moves[0], expected_version=legal.version)
                        for _ in range(burst)
                    )
                )
            after = await host.match(match_id, "version")
            await host.resign(match_id)
        assert waits and all(code == "RATE_LIMITED" and 0 < seconds <= 2 for code, seconds in waits)
        assert all(isinstance(result, Accepted) for result in results), results
        assert {result.version for result in results if isinstance(result, Accepted)} == {
            after and after["version"]
        }
        refused = [
            answer for answer in answers if isinstance(answer, Rejected) and answer.code == "RATE_LIMITED"
        ]
        assert refused and all(answer.retry_after and answer.retry_after > 0 for answer in refused)

    asyncio.run(main())


def test_refusals_are_typed(base):
    async def main() -> None:
        async with Client(base) as client:
            with pytest.raises(Refused) as unknown:
                await client.acting_as((await client.register("lost")).token).create_match("no-such-game")
            assert unknown.value.code == "UNKNOWN_GAME"
            with pytest.raises(AuthError) as bad_token:
                await client.acting_as("not-a-token").legal_moves("1")
            assert bad_token.value.code == "INVALID_TOKEN" and bad_token.value.status == 401
            with pytest.raises(AuthError) as bad_socket:  # over the WebSocket, at connection_init
                await anext(client.acting_as("not-a-token").follow("1"))
            assert bad_socket.value.code == "INVALID_TOKEN"
            with pytest.raises(Refused) as no_match:
                await anext(client.follow("999999"))
            assert no_match.value.code == "MATCH_NOT_FOUND"

    asyncio.run(main())


def test_quick_match_waits_then_matches_with_a_bot(base):
    async def main() -> None:
        async with Client(base) as client:
            me = client.acting_as((await client.register("quick")).token)
            queued = await me.quick_match("daredevil-rock", seats=2, options={"turnLimit": 1})
            assert queued.state in ("WAITING", MATCHED) and queued.match is not None
            states = [update.state async for update in me.quick_match_updates(queued.match_id)]
            assert states[-1] == MATCHED
            await me.resign(queued.match_id)

    asyncio.run(main())


def test_the_example_bot_plays_a_match_to_its_end(base):
    done = subprocess.run(
        [sys.executable, str(BOT), base, "daredevil-rock", '{"turnLimit": 2}'],
        capture_output=True,
        text=True,
        timeout=WAIT * 2,
        cwd=BOT.parent,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "FINISHED" in done.stdout, done.stdout[-3000:]


def test_the_bot_example_is_about_thirty_lines():
    code = [
        line
        for line in Path(BOT).read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert len(code) <= 40, len(code)


def test_the_blocking_client_does_the_same_without_an_event_loop(base):
    with SyncClient(base) as client:
        assert "daredevil-rock" in {game.key for game in client.games()}
        client.token = client.register("blocking").token
        match = client.create_match("daredevil-rock", {"turnLimit": 1})
        client.add_bot(match.id)
        client.start_match(match.id)
        for update in client.follow(match.id):
            if update.status == "ACTIVE":
                client.resign(match.id)  # the only other seat, a bot's, wins
        assert update.over and update.outcome is not None
