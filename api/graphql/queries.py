"""Query: games, match, matches, me, leaderboard. Resolvers call selectors and convert, nothing more."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.types import Info

from api.common.pages import encode_cursor
from api.graphql.catalog import GameInfo, all_games
from api.graphql.connections import (
    DEFAULT_PAGE,
    LeaderboardConnection,
    LeaderboardEdge,
    LeaderboardEntry,
    MatchConnection,
    PageInfo,
)
from api.graphql.context import Context, run_sync
from api.graphql.errors import parse_id
from api.graphql.matches import Match, MatchStatus
from api.graphql.players import Player
from api.leaderboards import selectors as leaderboards
from api.matches import selectors


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


def _leaderboard(game: str, first: int, after: str | None) -> LeaderboardConnection:
    page = leaderboards.leaderboard(game=game, first=first, after=after)
    edges = [
        LeaderboardEdge(
            cursor=encode_cursor([rating.ordinal, rating.id]),
            node=LeaderboardEntry(
                rank=rank,
                player=Player.from_model(rating.player),
                mu=rating.mu,
                sigma=rating.sigma,
                ordinal=rating.ordinal,
                matches=rating.matches,
                wins=rating.wins,
            ),
        )
        for rating, rank in zip(page.items, leaderboards.ranks(game=game, ratings=page.items), strict=True)
    ]
    return LeaderboardConnection(
        edges=edges, page_info=PageInfo(has_next_page=page.has_next, end_cursor=page.end_cursor)
    )


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

    @strawberry.field(description="A game's ratings, best first.")
    async def leaderboard(
        self, game: str, first: int | None = DEFAULT_PAGE, after: str | None = None
    ) -> LeaderboardConnection:
        return await run_sync(_leaderboard)(game, DEFAULT_PAGE if first is None else first, after)
