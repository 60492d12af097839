"""End to end: the server started as the README says, played to the end over HTTP, watched over WebSocket,
by the project's Python client (clients/python, `cliffside_client`) as any program would.

The server is a real `uvicorn config.asgi:application --lifespan on` process on a free port, with a
fresh database (tests/server.py: SQLite in a temporary folder, or a PostgreSQL database of its own).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from cliffside_client import Accepted, Client, Update

from games.registry import REGISTRY
from tests.e2e.contract import short_options
from tests.server import Database, fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

MAX_MOVES = 3000
WS_WAIT = 10
ACCESS_LINE = '"POST /graphql/ HTTP/1.1" 200'  # uvicorn's access log


async def follow(client: Client, match_id: str, updates: list[Update], live: asyncio.Event) -> None:
    """Collect matchUpdates from the first event until the match is over (graphql-transport-ws)."""
    async for update in client.follow(match_id, after_version=0):
        updates.append(update)
        live.set()


async def play_match(base: str, game: str) -> tuple[dict[str, Any], list[Update], int]:
    async with Client(base, timeout=30) as anonymous:
        host = anonymous.acting_as((await anonymous.register("host")).token)
        guest = anonymous.acting_as((await anonymous.register("guest")).token)
        match_id = (await host.create_match(game, short_options(REGISTRY[game]))).id
        await guest.join_match(match_id)
        await host.start_match(match_id)

        updates: list[Update] = []
        live = asyncio.Event()
        watcher = asyncio.create_task(follow(host, match_id, updates, live))
        await asyncio.wait_for(live.wait(), WS_WAIT)

        moves = 0
        # Any legal move, drawn from a seeded stream: always the first would throw rock against rock
        # for ever in a Cliffs n' Cactuses tiebreak, where a drawn throw is thrown again (Ruling 10).
        choose = random.Random(game)
        while True:
            assert moves < MAX_MOVES, f"the match did not finish in {MAX_MOVES} moves"
            # The README's loop: ask what you may do; send one of the legal moves back as it came.
            asked = [(player, await player.legal_moves(match_id)) for player in (host, guest)]
            if asked[0][1].status != "ACTIVE":
                break
            player, legal = next(((p, a) for p, a in asked if a), asked[0])
            if not legal:
                await asyncio.sleep(0.05)  # nobody may act: a timer is due (a bot or a deadline)
                continue
            submitted = await player.submit(match_id, choose.choice(legal.moves))
            assert isinstance(submitted, Accepted), submitted
            moves += 1
        await asyncio.wait_for(watcher, WS_WAIT)
        final = await host.match(match_id, "status version outcome { ranks scores reason winners }")
        assert final is not None
        return final, updates, moves


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_two_players_play_a_whole_match_against_the_real_server(tmp_path, game):
    started = time.monotonic()
    with fresh_database(tmp_path) as database, running_server(tmp_path, database) as base:
        final, updates, moves = asyncio.run(play_match(base, game))
    assert final["status"] == "FINISHED"
    assert final["outcome"] is not None and final["outcome"]["reason"]
    assert sorted(final["outcome"]["ranks"]) in ([1, 2], [1, 1])
    versions = [update.version for update in updates]
    assert versions == sorted(set(versions)), "versions arrive in order, each once"
    assert versions[-1] == final["version"]
    seqs = [event.seq for update in updates for event in update.events]
    assert seqs == list(range(1, final["version"] + 1)), "every event arrives once, in order"
    assert updates[-1].status == "FINISHED"
    assert updates[-1].outcome is not None and updates[-1].outcome.winners == final["outcome"]["winners"]
    # Production logs no line per request (ACCESS_LOG defaults to DEBUG): the proxy logs them.
    assert ACCESS_LINE not in (tmp_path / "server.log").read_text(errors="replace")
    print(f"e2e: {moves} moves, {len(updates)} updates, {time.monotonic() - started:.1f}s")


def test_embedded_mode_plays_a_whole_match_with_no_services(tmp_path):
    """``make run`` on a laptop: SQLite and no Redis, whatever the suite itself runs against. (A write
    outside a transaction was once refused there as a lost connection: SQLite has no socket to check.)"""
    embedded = Database(f"sqlite:///{tmp_path / 'embedded.sqlite3'}")
    with running_server(tmp_path, embedded, REDIS_URL="", ACCESS_LOG="true") as base:
        final, _, _ = asyncio.run(play_match(base, "daredevil-rock"))
    assert final["status"] == "FINISHED"
    assert ACCESS_LINE in (tmp_path / "server.log").read_text(errors="replace")  # asked for: logged
