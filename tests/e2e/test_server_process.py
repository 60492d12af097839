"""End to end: the server started as the README says, played to the end over HTTP, watched over WebSocket.

The server is a real `uvicorn config.asgi:application --lifespan on` process on a free port, with a
fresh database (tests/server.py: SQLite in a temporary folder, or a PostgreSQL database of its own).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import orjson
import pytest
from websockets.asyncio.client import connect

from games.registry import REGISTRY
from tests.e2e.contract import short_options
from tests.server import Database, fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

MAX_MOVES = 3000
WS_WAIT = 10
LEGAL = "query($id: ID!) { match(id: $id) { status legalMoves { input } } }"

SUBSCRIPTION = """
subscription($id: ID!, $after: Int) {
  matchUpdates(matchId: $id, afterVersion: $after) { version status events { seq type } outcome { winners } }
}
"""


class Client:
    def __init__(self, http: httpx.AsyncClient, token: str | None = None) -> None:
        self.http, self.token = http, token

    async def run(self, query: str, **variables: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = await self.http.post(
            "/graphql/", json={"query": query, "variables": variables}, headers=headers
        )
        response.raise_for_status()
        body = response.json()
        assert not body.get("errors"), body["errors"]
        return body["data"]


async def register(http: httpx.AsyncClient, name: str) -> Client:
    data = await Client(http).run("mutation($n: String!) { registerPlayer(name: $n) { token } }", n=name)
    return Client(http, data["registerPlayer"]["token"])


async def follow(
    base: str, token: str, match_id: str, updates: list[dict[str, Any]], live: asyncio.Event
) -> None:
    """Collect matchUpdates until the match is over (graphql-transport-ws over a real socket)."""
    url = base.replace("http://", "ws://") + "/graphql/"
    async with connect(url, subprotocols=["graphql-transport-ws"]) as socket_:
        await socket_.send(
            orjson.dumps(
                {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
            ).decode()
        )
        assert orjson.loads(await asyncio.wait_for(socket_.recv(), WS_WAIT)) == {"type": "connection_ack"}
        subscribe = {"query": SUBSCRIPTION, "variables": {"id": match_id, "after": 0}}
        await socket_.send(orjson.dumps({"id": "1", "type": "subscribe", "payload": subscribe}).decode())
        while True:
            message = orjson.loads(await socket_.recv())
            if message["type"] == "ping":
                await socket_.send(orjson.dumps({"type": "pong"}).decode())
                continue
            assert message["type"] == "next", message
            assert "errors" not in message["payload"], message
            update = message["payload"]["data"]["matchUpdates"]
            updates.append(update)
            live.set()
            if update["status"] != "ACTIVE":
                return


async def play_match(base: str, game: str) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        host, guest = await register(http, "host"), await register(http, "guest")
        created = await host.run(
            "mutation($game: String!, $options: JSON) { createMatch(game: $game, options: $options) {"
            " match { id } error { code } } }",
            game=game,
            options=short_options(REGISTRY[game]),
        )
        match_id = created["createMatch"]["match"]["id"]
        lobby = "mutation($id: ID!) { %s(matchId: $id) { error { code message } } }"
        assert (await guest.run(lobby % "joinMatch", id=match_id))["joinMatch"]["error"] is None
        assert (await host.run(lobby % "startMatch", id=match_id))["startMatch"]["error"] is None

        updates: list[dict[str, Any]] = []
        live = asyncio.Event()
        watcher = asyncio.create_task(follow(base, host.token or "", match_id, updates, live))
        await asyncio.wait_for(live.wait(), WS_WAIT)

        moves = 0
        # Any legal move, drawn from a seeded stream: always the first would throw rock against rock
        # for ever in a Cliffs n' Cactuses tiebreak, where a drawn throw is thrown again (Ruling 10).
        choose = random.Random(game)
        while True:
            assert moves < MAX_MOVES, f"the match did not finish in {MAX_MOVES} moves"
            # The README's loop: ask what you may do; send one of the legal moves back as it came.
            asked = [(player, await player.run(LEGAL, id=match_id)) for player in (host, guest)]
            if asked[0][1]["match"]["status"] != "ACTIVE":
                break
            player, legal = next(((p, a) for p, a in asked if a["match"]["legalMoves"]), asked[0])
            if not legal["match"]["legalMoves"]:
                await asyncio.sleep(0.05)  # nobody may act: a timer is due (a bot or a deadline)
                continue
            submitted = await player.run(
                "mutation($id: ID!, $move: MoveInput!) { submitMove(matchId: $id, move: $move) {"
                " __typename ... on MoveRejected { code message } } }",
                id=match_id,
                move=choose.choice(legal["match"]["legalMoves"])["input"],
            )
            assert submitted["submitMove"]["__typename"] == "MoveAccepted", submitted
            moves += 1
        await asyncio.wait_for(watcher, WS_WAIT)
        final = await host.run(
            "query($id: ID!) { match(id: $id) { status version outcome { ranks scores reason winners } } }",
            id=match_id,
        )
        return final["match"], updates, moves


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_two_players_play_a_whole_match_against_the_real_server(tmp_path, game):
    started = time.monotonic()
    with fresh_database(tmp_path) as database, running_server(tmp_path, database) as base:
        final, updates, moves = asyncio.run(play_match(base, game))
    assert final["status"] == "FINISHED"
    assert final["outcome"] is not None and final["outcome"]["reason"]
    assert sorted(final["outcome"]["ranks"]) in ([1, 2], [1, 1])
    versions = [update["version"] for update in updates]
    assert versions == sorted(set(versions)), "versions arrive in order, each once"
    assert versions[-1] == final["version"]
    seqs = [event["seq"] for update in updates for event in update["events"]]
    assert seqs == list(range(1, final["version"] + 1)), "every event arrives once, in order"
    assert updates[-1]["status"] == "FINISHED"
    assert updates[-1]["outcome"]["winners"] == final["outcome"]["winners"]
    print(f"e2e: {moves} moves, {len(updates)} updates, {time.monotonic() - started:.1f}s")


def test_embedded_mode_plays_a_whole_match_with_no_services(tmp_path):
    """``make run`` on a laptop: SQLite and no Redis, whatever the suite itself runs against. (A write
    outside a transaction was once refused there as a lost connection: SQLite has no socket to check.)"""
    embedded = Database(f"sqlite:///{tmp_path / 'embedded.sqlite3'}")
    with running_server(tmp_path, embedded, REDIS_URL="") as base:
        final, _, _ = asyncio.run(play_match(base, "daredevil-rock"))
    assert final["status"] == "FINISHED"
