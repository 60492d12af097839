"""Quick-match through two server processes and a timer worker on one PostgreSQL and one Redis, as
deploy/compose.yaml runs them (issue 24, point 3): strangers on different servers meet at one table,
an empty seat goes to a bot after the wait, close ratings meet first, and a player leaves the queue.

Each test queues for its own seat count (or game), so the tables of one test never take the players
of another.
"""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest
from cliffside_client import Client, Connection, Player

from bench import lobby
from bench.stack import Cluster, cluster

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

CARDS = "cactus-card-game"  # waits QUICK_MATCH_WAIT_SECONDS (60 s): no bot comes during a test
RACE = "racesmack"  # waits 2 s: bots fill it within the test
QUEUE = "state matchId seated seats fillAt"
QUICK_MATCH = (
    "mutation($game: String!, $seats: Int) { quickMatch(game: $game, seats: $seats) "
    f"{{ match {{ id status seats {{ isBot }} }} queue {{ {QUEUE} }} error {{ code message }} }} }}"
)
LEAVE = f"mutation($id: ID!) {{ leaveQuickMatch(matchId: $id) {{ queue {{ {QUEUE} }} error {{ code }} }} }}"
UPDATES = f"subscription($id: ID!) {{ quickMatchUpdates(matchId: $id) {{ {QUEUE} }} }}"
SEATS = "query($id: ID!) { match(id: $id) { status seats { isBot player { id } } } }"
UPDATE_SECONDS = 20  # far beyond the 2 s wait plus a timer worker's poll: a hung test


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    settings = {
        "QUICK_MATCH_WAIT_SECONDS": "60",
        "QUICK_MATCH_WAIT_SECONDS_PER_GAME": f'{{"{RACE}": 2}}',
        "QUICK_MATCH_RATING_WINDOW": "5",
        "QUICK_MATCH_WINDOW_PER_SECOND": "0.1",  # 35 points apart take 300 s to meet: never here
        "BOT_DELAY_MS": "20",
        "DATABASE_THREADS": "2",
    }
    with cluster(servers=2, timer_workers=1, logs=tmp_path_factory.mktemp("quick"), settings=settings) as run:
        yield run


def play(deployment: Cluster, scenario: Any) -> Any:
    async def main() -> Any:
        a, b = (lobby.client(server.base, connections=2) for server in deployment.servers)
        try:
            return await scenario(a, b)
        finally:
            await a.aclose()
            await b.aclose()

    return asyncio.run(main())


async def queue_for(http: Client, player: Player, game: str, seats: int) -> dict[str, Any]:
    payload = (await http.acting_as(player.token).execute(QUICK_MATCH, {"game": game, "seats": seats}))[
        "quickMatch"
    ]
    assert payload["error"] is None, payload["error"]
    return payload


async def follow(base: str, player: Player, match_id: str) -> tuple[Connection, Any]:
    socket = await lobby.connect(base, player.token)
    return socket, await socket.subscribe(UPDATES, {"id": match_id})


async def next_state(updates: Any) -> dict[str, Any]:
    _, data = await updates.next(UPDATE_SECONDS)
    return data["quickMatchUpdates"]


def rate(deployment: Cluster, player: Player, ordinal: float) -> None:
    with psycopg.connect(deployment.run.database_url, autocommit=True) as connection:
        connection.execute(
            "INSERT INTO leaderboards_rating (game, player_id, mu, sigma, ordinal, matches, wins, updated_at)"
            " VALUES (%s, %s, %s, 1.0, %s, 10, 5, now())",
            [CARDS, int(player.id), ordinal + 3, ordinal],
        )


def test_two_strangers_on_two_servers_meet_at_one_table_and_it_starts(deployment):
    async def scenario(a: Client, b: Client) -> None:
        ada, bo = await lobby.register(a, 2, name="pair")
        opened = await queue_for(a, ada, CARDS, 2)
        assert (opened["queue"]["state"], opened["queue"]["seated"]) == ("WAITING", 1)
        table = opened["match"]["id"]
        socket, updates = await follow(deployment.servers[0].base, ada, table)
        try:
            assert (await next_state(updates))["state"] == "WAITING"
            joined = await queue_for(b, bo, CARDS, 2)  # through the other server
            assert joined["match"]["id"] == table
            assert (joined["match"]["status"], joined["queue"]["state"]) == ("ACTIVE", "MATCHED")
            # Ada's server hears of it through Redis alone.
            matched = await next_state(updates)
            assert (matched["state"], matched["matchId"], matched["seated"]) == ("MATCHED", table, 2)
        finally:
            await socket.aclose()

    play(deployment, scenario)


def test_after_the_wait_bots_take_the_empty_seats(deployment):
    async def scenario(a: Client, b: Client) -> None:
        (cy,) = await lobby.register(a, 1, name="alone")
        opened = await queue_for(a, cy, RACE, 3)
        table = opened["match"]["id"]
        socket, updates = await follow(deployment.servers[1].base, cy, table)
        try:
            states = [await next_state(updates)]
            while states[-1]["state"] == "WAITING":
                states.append(await next_state(updates))
        finally:
            await socket.aclose()
        assert states[-1]["state"] == "MATCHED"
        seats = (await b.execute(SEATS, {"id": table}))["match"]
        assert seats["status"] in {"ACTIVE", "FINISHED"}
        assert [seat["isBot"] for seat in seats["seats"]] == [False, True, True]
        assert seats["seats"][0]["player"]["id"] == cy.id

    play(deployment, scenario)


def test_players_of_close_rating_meet_first(deployment):
    async def scenario(a: Client, b: Client) -> None:
        strong, weak, second_strong = await lobby.register(a, 3, name="rated")
        for player, ordinal in ((strong, 30.0), (weak, -5.0), (second_strong, 28.0)):
            rate(deployment, player, ordinal)
        strong_table = (await queue_for(a, strong, CARDS, 3))["match"]["id"]
        weak_table = (await queue_for(b, weak, CARDS, 3))["match"]["id"]
        assert weak_table != strong_table  # 35 apart: neither table takes the other
        joined = await queue_for(b, second_strong, CARDS, 3)
        assert (joined["match"]["id"], joined["queue"]["seated"]) == (strong_table, 2)
        for player, table in ((strong, strong_table), (second_strong, strong_table), (weak, weak_table)):
            await a.acting_as(player.token).execute(LEAVE, {"id": table})

    play(deployment, scenario)


def test_a_player_leaves_the_queue_and_the_table_closes(deployment):
    async def scenario(a: Client, b: Client) -> None:
        dee, eli = await lobby.register(a, 2, name="leaver")
        table = (await queue_for(a, dee, CARDS, 4))["match"]["id"]
        socket, updates = await follow(deployment.servers[1].base, dee, table)
        try:
            assert (await next_state(updates))["state"] == "WAITING"
            left = (await a.acting_as(dee.token).execute(LEAVE, {"id": table}))["leaveQuickMatch"]
            assert (left["error"], left["queue"]["state"]) == (None, "CANCELLED")
            assert (await next_state(updates))["state"] == "CANCELLED"
        finally:
            await socket.aclose()
        again = (await b.acting_as(dee.token).execute(LEAVE, {"id": table}))["leaveQuickMatch"]
        assert again["error"]["code"] == "NOT_IN_LOBBY"
        # The closed table takes nobody: the next player opens a new one.
        assert (await queue_for(b, eli, CARDS, 4))["match"]["id"] != table

    play(deployment, scenario)
