"""Every registered game, for every seat count, played to the end through the real service by clients
that know only the contract: they follow ``matchUpdates`` with its ``legalMoves`` and send one of them
back, unchanged, as ``submitMove``'s ``$move`` over the WebSocket; bots fill half the seats.

The service runs as in production (api/bench/stack.py: uvicorn, one timer worker, PostgreSQL and
Redis), so bot moves and every deadline fire through the timer worker. Nothing here names a game:
a game added to the registry is played here without a change.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest

from api.bench import documents, lobby
from api.bench.client import Http, Socket, socket_url
from api.bench.seat import SeatClient, Submission
from api.bench.stack import production_stack
from games.registry import REGISTRY
from tests.e2e.contract import short_options

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

MATCH_SECONDS = 240  # a whole match; its turn and window timers are seconds long at most


def tables() -> list[tuple[str, int]]:
    return [
        (key, seats)
        for key, spec in sorted(REGISTRY.items())
        for seats in range(spec.min_players, spec.max_players + 1)
    ]


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    # Bots think for 20 ms instead of 300: the matches are long enough without them waiting.
    with production_stack(
        workers=2, logs=tmp_path_factory.mktemp("every-game"), settings={"BOT_DELAY_MS": "20"}
    ) as stack:
        yield stack.server.base


async def play(base: str, key: str, seats: int) -> tuple[dict[str, Any], list[Submission]]:
    spec = REGISTRY[key]
    humans = max(1, (seats + 1) // 2)
    levels = list(itertools.islice(itertools.cycle(sorted(spec.bots)), seats - humans))
    http = Http(base, connections=humans + 1)
    submissions: list[Submission] = []
    try:
        players = await lobby.register(http, humans, name=f"{key} {seats}")
        match_id = await lobby.open_match(http, players, game=key, options=short_options(spec), bots=levels)
        sockets = [await Socket.open(socket_url(base), player.token) for player in players]
        clients = [
            SeatClient(
                player=player,
                socket=socket,
                http=http,
                transport="ws",
                moves_in_update=True,
                record=submissions.append,
                seed=number,
            )
            for number, (player, socket) in enumerate(zip(players, sockets, strict=True))
        ]
        try:
            statuses = await asyncio.wait_for(
                asyncio.gather(*(client.play(match_id) for client in clients)), MATCH_SECONDS
            )
        finally:
            for socket in sockets:
                await socket.aclose()
        assert set(statuses) == {"FINISHED"}, statuses
        final = await http.execute(documents.OUTCOME, {"id": match_id}, token=players[0].token)
        return final["match"], submissions
    finally:
        await http.aclose()


@pytest.mark.parametrize(("key", "seats"), tables(), ids=[f"{key}-{seats}" for key, seats in tables()])
def test_a_contract_client_plays_every_game_to_the_end_with_bots(service, key, seats):
    final, submissions = asyncio.run(play(service, key, seats))
    assert final["status"] == "FINISHED"
    assert final["outcome"]["reason"] and len(final["outcome"]["ranks"]) == seats
    assert min(final["outcome"]["ranks"]) == 1
    accepted = [s for s in submissions if s.code is None]
    assert accepted, "the humans made no move"
    # A client sends only what legalMoves offered: a refusal is a race lost to another seat's move.
    assert {s.code for s in submissions} <= {None, "VERSION_MISMATCH"}
