"""Query: games, match, matches, me, player, leaderboard, solitaireBoard, seasons. Resolvers call selectors and convert, nothing more."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.types import Info

from api.graphql import boards
from api.graphql.boards import LeaderboardConnection, SolitaireBoardConnection
from api.graphql.catalog import GameInfo, all_games
from api.graphql.connections import DEFAULT_PAGE, MatchConnection
from api.graphql.context import Context, run_sync
from api.graphql.errors import parse_id
from api.graphql.matches import Match, MatchStatus
from api.graphql.players import Player
from api.graphql.ratings import Season
from api.matches import selectors
from api.players import selectors as players


def _match(match_id: strawberry.ID) -> Match | None:
    key = parse_id(match_id)
    match = None if key is None else selectors.get_match(match_id=key)
    return None if match is None else Match(model=match)


def _matches(
    game: str | None, status: MatchStatus | None, player: strawberry.ID | None, first: int, after: str | None
) -> MatchConnection:
    player_id = None if player is None else parse_id(player)
    if player is not None and player_id is None:
        return MatchConnection.empty()
    page = selectors.list_matches(
        game=game,
        status=None if status is None else status.value,
        player_id=player_id,
        first=first,
        after=after,
    )
    return MatchConnection.from_page(page)


def _player(player_id: strawberry.ID) -> Player | None:
    key = parse_id(player_id)
    player = None if key is None else players.get_player(player_id=key)
    return None if player is None else Player.from_model(player)


@strawberry.type
class Query:
    @strawberry.field(description="The games this server hosts.")
    def games(self) -> list[GameInfo]:
        return all_games()

    @strawberry.field(description="One match by id, or null.")
    async def match(self, id: strawberry.ID) -> Match | None:
        return await run_sync(_match)(id)

    @strawberry.field(description="Matches, newest first, optionally of one game, status or player.")
    async def matches(
        self,
        game: str | None = None,
        status: MatchStatus | None = None,
        player: strawberry.ID | None = None,
        first: int | None = DEFAULT_PAGE,
        after: str | None = None,
    ) -> MatchConnection:
        return await run_sync(_matches)(game, status, player, DEFAULT_PAGE if first is None else first, after)

    @strawberry.field(description="The player of the bearer token, or null without one.")
    def me(self, info: Info[Context, Any]) -> Player | None:
        player = info.context.player
        return None if player is None else Player.from_model(player)

    @strawberry.field(description="One player by id (with their ratings), or null.")
    async def player(self, id: strawberry.ID) -> Player | None:
        return await run_sync(_player)(id)

    @strawberry.field(
        description="A game's ratings on one board, best first: `season` null is the all-time board. "
        "An unknown game or season is an error (UNKNOWN_GAME, UNKNOWN_SEASON)."
    )
    async def leaderboard(
        self,
        info: Info[Context, Any],
        game: str,
        season: strawberry.ID | None = None,
        first: int | None = DEFAULT_PAGE,
        after: str | None = None,
    ) -> LeaderboardConnection:
        size = DEFAULT_PAGE if first is None else first
        return await run_sync(boards.leaderboard)(game, season, size, after, info.context.player)

    @strawberry.field(
        description="A game's solitaire bests on one board (`season` null: all time), fewest actions "
        "first. An unknown game or season is an error (UNKNOWN_GAME, UNKNOWN_SEASON)."
    )
    async def solitaire_board(
        self,
        game: str,
        season: strawberry.ID | None = None,
        first: int | None = DEFAULT_PAGE,
        after: str | None = None,
    ) -> SolitaireBoardConnection:
        size = DEFAULT_PAGE if first is None else first
        return await run_sync(boards.solitaire_board)(game, season, size, after)

    @strawberry.field(description="A game's seasons, newest first. An unknown game is UNKNOWN_GAME.")
    async def seasons(self, game: str) -> list[Season]:
        return await run_sync(boards.seasons)(game)
