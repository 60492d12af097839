"""matches and leaderboard: Relay-style pages with cursors, newest (or best) first, and filters."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from api.leaderboards.models import Rating
from api.players.models import Player
from tests.api.graphql.conftest import Caller, start_table

pytestmark = pytest.mark.django_db(transaction=True)

MATCHES = """
query($first: Int, $after: String, $status: MatchStatus, $player: ID, $game: String) {
  matches(first: $first, after: $after, status: $status, player: $player, game: $game) {
    edges { cursor node { id status seats { player { name } } } }
    pageInfo { hasNextPage endCursor }
  }
}
"""

LEADERBOARD = """
query($game: String!, $first: Int, $after: String) {
  leaderboard(game: $game, first: $first, after: $after) {
    edges { cursor node { rank player { name } mu sigma ordinal matches wins } }
    pageInfo { hasNextPage endCursor }
  }
}
"""


async def all_pages(caller: Caller, query: str, field: str, **variables: Any) -> list[list[dict[str, Any]]]:
    pages, after = [], None
    while True:
        connection = (await caller.run(query, {**variables, "after": after}))[field]
        pages.append([edge["node"] for edge in connection["edges"]])
        if connection["edges"]:
            assert connection["pageInfo"]["endCursor"] == connection["edges"][-1]["cursor"]
        if not connection["pageInfo"]["hasNextPage"]:
            return pages
        after = connection["pageInfo"]["endCursor"]


async def test_matches_come_newest_first_in_pages(register, spectator):
    host = await register("host")
    created = [(await host.create())["match"]["id"] for _ in range(5)]
    pages = await all_pages(spectator, MATCHES, "matches", first=2)
    assert [len(page) for page in pages] == [2, 2, 1]
    assert [node["id"] for page in pages for node in page] == created[::-1]


async def test_matches_filter_by_status_player_and_game(register, spectator):
    table = await start_table(register)
    other = await register("other")
    lobby_id = (await other.create())["match"]["id"]
    active = (await spectator.run(MATCHES, {"status": "ACTIVE"}))["matches"]["edges"]
    assert [edge["node"]["id"] for edge in active] == [table.match_id]
    mine = (await spectator.run(MATCHES, {"player": other.id}))["matches"]["edges"]
    assert [edge["node"]["id"] for edge in mine] == [lobby_id]
    assert (await spectator.run(MATCHES, {"player": "nobody"}))["matches"]["edges"] == []
    assert (await spectator.run(MATCHES, {"game": "racesmack"}))["matches"]["edges"] == []
    everything = (await spectator.run(MATCHES, {"game": "daredevil-rock"}))["matches"]["edges"]
    assert len(everything) == 2


def rate(ordinals: list[float]) -> None:
    for index, ordinal in enumerate(ordinals):
        player = Player.objects.create(name=f"rated {index}", token_hash=f"hash-{index}")
        Rating.objects.create(
            game="daredevil-rock",
            player=player,
            mu=ordinal + 9,
            sigma=3,
            ordinal=ordinal,
            matches=index + 1,
            wins=index,
        )


async def test_the_leaderboard_is_best_first_in_pages_with_shared_ranks_for_ties(spectator):
    await sync_to_async(rate)([10.0, 30.0, 20.0, 20.0, 5.0])
    pages = await all_pages(spectator, LEADERBOARD, "leaderboard", game="daredevil-rock", first=2)
    assert [len(page) for page in pages] == [2, 2, 1]
    board = [(node["rank"], node["ordinal"], node["player"]["name"]) for page in pages for node in page]
    assert board == [
        (1, 30.0, "rated 1"),
        (2, 20.0, "rated 2"),
        (2, 20.0, "rated 3"),
        (4, 10.0, "rated 0"),
        (5, 5.0, "rated 4"),
    ]
    top = pages[0][0]
    assert (top["mu"], top["sigma"], top["matches"], top["wins"]) == (39.0, 3.0, 2, 1)


async def test_an_unrated_game_has_an_empty_leaderboard(spectator):
    connection = (await spectator.run(LEADERBOARD, {"game": "racesmack"}))["leaderboard"]
    assert connection == {"edges": [], "pageInfo": {"hasNextPage": False, "endCursor": None}}


async def test_a_finished_match_between_two_players_rates_them(register, spectator):
    table = await start_table(register)
    await table.host.lobby("resign", table.match_id)
    board = (await spectator.run(LEADERBOARD, {"game": "daredevil-rock"}))["leaderboard"]["edges"]
    assert [
        (edge["node"]["rank"], edge["node"]["player"]["name"], edge["node"]["wins"]) for edge in board
    ] == [
        (1, "guest", 1),
        (2, "host", 0),
    ]


def crafted(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode()


@pytest.mark.parametrize(
    "cursor",
    [
        crafted(["a", "b"]),
        crafted([1.5, "x"]),
        crafted([1.0, 2**70]),
        crafted(["NaN", 1]),
        crafted({"ordinal": 1}),
        crafted([True, 1]),
        base64.urlsafe_b64encode(b"[NaN, 1]").decode(),
        "not base64 at all!",
        crafted([1, 2, 3]),
    ],
)
async def test_a_crafted_leaderboard_cursor_is_a_typed_error(spectator, cursor):
    body = await spectator.post(
        'query($after: String) { leaderboard(game: "daredevil-rock", after: $after) { edges { cursor } } }',
        {"after": cursor},
    )
    assert body["errors"][0]["extensions"]["code"] == "INVALID_CURSOR", body


@pytest.mark.parametrize("cursor", [crafted("x"), crafted(2**70), crafted(-1), crafted(1.5), "%%%"])
async def test_a_crafted_matches_cursor_is_a_typed_error(spectator, cursor):
    body = await spectator.post(
        "query($after: String) { matches(after: $after) { edges { cursor } } }", {"after": cursor}
    )
    assert body["errors"][0]["extensions"]["code"] == "INVALID_CURSOR", body
