"""Leaderboards through the API: boards by rating with the caller's own entry, season boards, hidden
players, typed errors, what a match did to ratings, a player's ratings, seasons and solitaire bests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from api.leaderboards.models import Rating, Sanction, SanctionKind, Season, SolitaireBest
from api.matches.models import Match
from api.players.models import Player
from tests.api.graphql.conftest import GAME, Caller, start_table
from tests.api.graphql.test_pagination import all_pages

pytestmark = pytest.mark.django_db(transaction=True)

BOARD = """
query($game: String!, $season: ID, $first: Int, $after: String) {
  leaderboard(game: $game, season: $season, first: $first, after: $after) {
    edges { cursor node { rank player { name } rating ordinal matches wins provisional } }
    pageInfo { hasNextPage endCursor }
    me { rank player { name } rating }
    season { name }
  }
}
"""

SOLITAIRE = """
query($game: String!, $first: Int, $after: String) {
  solitaireBoard(game: $game, first: $first, after: $after) {
    edges { cursor node { rank player { name } score matchId endedAt } }
    pageInfo { hasNextPage endCursor }
  }
}
"""

NOW = datetime(2025, 1, 1, tzinfo=UTC)


def rate(ordinals: list[float], *, season: Season | None = None, prefix: str = "rated") -> list[Player]:
    players = []
    for index, ordinal in enumerate(ordinals):
        player, _ = Player.objects.get_or_create(
            name=f"{prefix} {index}", defaults={"token_hash": f"{prefix}-{index}"}
        )
        Rating.objects.create(
            game=GAME,
            season=season,
            player=player,
            mu=ordinal + 9,
            sigma=3,
            ordinal=ordinal,
            matches=index * 5,
        )
        players.append(player)
    return players


def rate_player(player_id: str, ordinal: float, season: Season | None = None) -> None:
    Rating.objects.create(
        game=GAME, season=season, player_id=player_id, mu=ordinal + 9, sigma=3, ordinal=ordinal
    )


def season(name: str, days_ago: int, game: str = GAME) -> Season:
    return Season.objects.create(game=game, name=name, starts_at=NOW - timedelta(days=days_ago))


def hide(player_id: Any) -> None:
    Sanction.objects.create(player_id=player_id, game=GAME, kind=SanctionKind.HIDE, reason="rude name")


def entries(pages: list[list[dict[str, Any]]]) -> list[tuple[int, float, str]]:
    return [(node["rank"], node["rating"], node["player"]["name"]) for page in pages for node in page]


async def test_the_board_is_best_first_in_pages_with_competition_ranks(spectator):
    await sync_to_async(rate)([10.0, 30.0, 20.0, 20.0, 5.0])
    pages = await all_pages(spectator, BOARD, "leaderboard", game=GAME, first=2)
    assert [len(page) for page in pages] == [2, 2, 1]
    assert entries(pages) == [
        (1, 30.0, "rated 1"),
        (2, 20.0, "rated 2"),
        (2, 20.0, "rated 3"),
        (4, 10.0, "rated 0"),
        (5, 5.0, "rated 4"),
    ]
    # matches 0, 5, 10, 15, 20: provisional below LEADERBOARD_PROVISIONAL_MATCHES (10).
    provisional = {node["player"]["name"]: node["provisional"] for page in pages for node in page}
    assert provisional == {
        "rated 0": True,
        "rated 1": True,
        "rated 2": False,
        "rated 3": False,
        "rated 4": False,
    }


async def test_the_caller_sees_their_own_entry_even_off_the_page(register, spectator):
    viewer = await register("viewer")
    await sync_to_async(rate)([50.0, 40.0, 30.0, 30.0])
    await sync_to_async(rate_player)(viewer.id, 20.0)
    board = (await viewer.run(BOARD, {"game": GAME, "first": 2}))["leaderboard"]
    assert [edge["node"]["rank"] for edge in board["edges"]] == [1, 2]
    assert board["me"] == {"rank": 5, "player": {"name": "viewer"}, "rating": 20.0}
    assert board["season"] is None
    assert (await spectator.run(BOARD, {"game": GAME}))["leaderboard"]["me"] is None
    unrated = await register("unrated")
    assert (await unrated.run(BOARD, {"game": GAME}))["leaderboard"]["me"] is None


async def test_a_hidden_player_is_off_the_board_and_has_no_own_entry_but_keeps_their_ratings(register):
    viewer = await register("viewer")
    await sync_to_async(rate)([50.0, 40.0])
    await sync_to_async(rate_player)(viewer.id, 45.0)
    await sync_to_async(hide)(viewer.id)
    board = (await viewer.run(BOARD, {"game": GAME}))["leaderboard"]
    assert entries([[edge["node"] for edge in board["edges"]]]) == [
        (1, 50.0, "rated 0"),
        (2, 40.0, "rated 1"),
    ]
    assert board["me"] is None
    mine = await viewer.run(
        "query($id: ID!) { player(id: $id) { ratings { rank rating } } }", {"id": viewer.id}
    )
    assert mine["player"]["ratings"] == [{"rank": None, "rating": 45.0}]


async def test_a_season_board_is_apart_from_the_all_time_board(register, spectator):
    viewer = await register("viewer")
    winter = await sync_to_async(season)("Winter", 10)
    await sync_to_async(rate)([10.0, 20.0])
    await sync_to_async(rate)([30.0], season=winter, prefix="seasonal")
    await sync_to_async(rate_player)(viewer.id, 25.0, winter)
    board = (await viewer.run(BOARD, {"game": GAME, "season": str(winter.id)}))["leaderboard"]
    assert [(e["node"]["rank"], e["node"]["player"]["name"]) for e in board["edges"]] == [
        (1, "seasonal 0"),
        (2, "viewer"),
    ]
    assert board["season"] == {"name": "Winter"}
    assert board["me"]["rank"] == 2
    all_time = (await viewer.run(BOARD, {"game": GAME}))["leaderboard"]
    assert [e["node"]["player"]["name"] for e in all_time["edges"]] == ["rated 1", "rated 0"]
    assert all_time["me"] is None


async def test_an_unknown_game_or_season_is_a_typed_error(spectator):
    other = await sync_to_async(season)("Racesmack spring", 3, game="racesmack")
    cases = [
        ("leaderboard", {"game": "chess"}, "UNKNOWN_GAME"),
        ("leaderboard", {"game": GAME, "season": "999999"}, "UNKNOWN_SEASON"),
        ("leaderboard", {"game": GAME, "season": "winter"}, "UNKNOWN_SEASON"),
        ("leaderboard", {"game": GAME, "season": str(other.id)}, "UNKNOWN_SEASON"),
    ]
    for _field, variables, code in cases:
        body = await spectator.post(BOARD, variables)
        assert body["errors"][0]["extensions"]["code"] == code, (variables, body)
    for query in (
        '{ seasons(game: "chess") { id } }',
        '{ solitaireBoard(game: "chess") { edges { cursor } } }',
    ):
        body = await spectator.post(query)
        assert body["errors"][0]["extensions"]["code"] == "UNKNOWN_GAME", body


async def test_seasons_come_newest_first(spectator):
    for name, days_ago in (("Autumn", 100), ("Spring", 10), ("Winter", 50)):
        await sync_to_async(season)(name, days_ago)
    await sync_to_async(Season.objects.filter(name="Autumn").update)(closed_at=NOW)
    found = (await spectator.run(f'{{ seasons(game: "{GAME}") {{ name game open closedAt startsAt }} }}'))[
        "seasons"
    ]
    assert [(each["name"], each["open"]) for each in found] == [
        ("Spring", True),
        ("Winter", True),
        ("Autumn", False),
    ]
    assert found[0]["game"] == GAME and found[2]["closedAt"] is not None


RATING_CHANGES = """
query($id: ID!) { match(id: $id) { outcome { winners ratingChanges {
  player { name } season { name } rank ratingBefore ratingAfter delta muBefore muAfter sigmaBefore sigmaAfter
} } } }
"""


async def test_a_finished_match_shows_what_it_did_to_each_rating_on_each_board(register):
    await sync_to_async(season)("Open season", 1)
    table = await start_table(register)
    await table.host.lobby("resign", table.match_id)
    changes = (await table.host.run(RATING_CHANGES, {"id": table.match_id}))["match"]["outcome"][
        "ratingChanges"
    ]
    boards = [(c["season"] and c["season"]["name"], c["rank"], c["player"]["name"]) for c in changes]
    assert boards == [
        (None, 1, "guest"),
        (None, 2, "host"),
        ("Open season", 1, "guest"),
        ("Open season", 2, "host"),
    ]
    winner, loser = changes[0], changes[1]
    assert winner["delta"] > 0 > loser["delta"]
    assert winner["delta"] == pytest.approx(winner["ratingAfter"] - winner["ratingBefore"])
    assert winner["muAfter"] > winner["muBefore"] and winner["sigmaAfter"] < winner["sigmaBefore"]


async def test_an_unfinished_match_has_no_outcome_and_an_unrated_one_no_changes(register):
    table = await start_table(register)
    assert (await table.host.run(RATING_CHANGES, {"id": table.match_id}))["match"]["outcome"] is None


PLAYER = """
query($id: ID!) { player(id: $id) { name ratings {
  game season { name } rank rating mu sigma matches wins provisional
} } }
"""


async def test_a_player_shows_their_ratings_per_game_and_board(register, spectator):
    await sync_to_async(season)("Open season", 1)
    table = await start_table(register)
    await table.host.lobby("resign", table.match_id)
    found = (await spectator.run(PLAYER, {"id": table.guest.id}))["player"]
    assert found["name"] == "guest"
    ratings = found["ratings"]
    assert [(r["game"], r["season"] and r["season"]["name"], r["rank"]) for r in ratings] == [
        (GAME, None, 1),
        (GAME, "Open season", 1),
    ]
    assert all((r["matches"], r["wins"], r["provisional"]) == (1, 1, True) for r in ratings)
    host = (await spectator.run(PLAYER, {"id": table.host.id}))["player"]["ratings"]
    assert [(r["rank"], r["wins"]) for r in host] == [(2, 0), (2, 0)]
    assert (await spectator.run(PLAYER, {"id": "999999"}))["player"] is None
    assert (await spectator.run(PLAYER, {"id": "nobody"}))["player"] is None


def solitaire_bests(scores: list[float]) -> None:
    for index, score in enumerate(scores):
        player = Player.objects.create(name=f"solo {index}", token_hash=f"solo-{index}")
        match = Match.objects.create(game=GAME, status="FINISHED")
        SolitaireBest.objects.create(
            game=GAME, player=player, score=score, match=match, ended_at=NOW + timedelta(minutes=index)
        )


async def test_the_solitaire_board_puts_the_fewest_actions_first(spectator):
    await sync_to_async(solitaire_bests)([40.0, 25.0, 40.0, 60.0])
    pages = await all_pages(spectator, SOLITAIRE, "solitaireBoard", game=GAME, first=3)
    assert [len(page) for page in pages] == [3, 1]
    board = [(node["rank"], node["score"], node["player"]["name"]) for page in pages for node in page]
    assert board == [(1, 25.0, "solo 1"), (2, 40.0, "solo 0"), (2, 40.0, "solo 2"), (4, 60.0, "solo 3")]
    assert pages[0][0]["matchId"] and pages[0][0]["endedAt"].startswith("2025-01-01")


async def test_the_leaderboard_s_page_and_cursor_follow_one_board(spectator: Caller):
    winter = await sync_to_async(season)("Winter", 10)
    await sync_to_async(rate)([1.0, 2.0, 3.0], season=winter)
    pages = await all_pages(spectator, BOARD, "leaderboard", game=GAME, season=str(winter.id), first=1)
    assert entries(pages) == [(1, 3.0, "rated 2"), (2, 2.0, "rated 1"), (3, 1.0, "rated 0")]
