"""The boards of a game as the API shows them: a rating leaderboard (with the caller's own entry,
wherever it falls), a solitaire board (fewest actions first) and the seasons. Resolvers call the
selectors of api/leaderboards and convert; a page costs a fixed number of statements however long."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry

from api.common.pages import encode_cursor
from api.graphql.connections import PageInfo
from api.graphql.context import run_sync
from api.graphql.players import Player
from api.graphql.ratings import Season
from api.leaderboards import selectors as leaderboards


@strawberry.type(description="One player's standing on one board.")
class LeaderboardEntry:
    rank: int = strawberry.field(description="1 for the best rating; equal ratings share a rank.")
    player: Player
    rating: float = strawberry.field(description="The displayed rating: the ordinal, mu - 3 sigma.")
    mu: float
    sigma: float
    ordinal: float = strawberry.field(description="mu - 3 sigma: what the board is sorted by (= rating).")
    matches: int
    wins: int
    provisional: bool = strawberry.field(description="Too few rated matches on this board to mean much yet.")

    @classmethod
    def from_rating(cls, rating: Any, rank: int) -> LeaderboardEntry:
        return cls(
            rank=rank,
            player=Player.from_model(rating.player),
            rating=rating.ordinal,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal,
            matches=rating.matches,
            wins=rating.wins,
            provisional=rating.provisional,
        )


@strawberry.type
class LeaderboardEdge:
    cursor: str
    node: LeaderboardEntry


@strawberry.type(description="Ratings on one board of one game, best first (openskill Plackett-Luce).")
class LeaderboardConnection:
    edges: list[LeaderboardEdge]
    page_info: PageInfo
    season: Season | None = strawberry.field(description="The board's season; null: the all-time board.")
    board: strawberry.Private[tuple[str, Any]]  # (game, season model)
    viewer: strawberry.Private[Any]

    @strawberry.field(
        description="The caller's own entry on this board with its rank, even when it is not on this "
        "page; null for an anonymous caller, one without a rating here, or one hidden from the board."
    )
    async def me(self) -> LeaderboardEntry | None:
        return await run_sync(own_entry)(*self.board, self.viewer)


def own_entry(game: str, season: Any, viewer: Any) -> LeaderboardEntry | None:
    rating = leaderboards.entry_of(game=game, season=season, player=viewer)
    return None if rating is None else LeaderboardEntry.from_rating(rating, leaderboards.rank_of(rating))


def leaderboard(
    game: str, season: strawberry.ID | None, first: int, after: str | None, viewer: Any
) -> LeaderboardConnection:
    board = leaderboards.season_of(game=game, season_id=season)
    page = leaderboards.leaderboard(game=game, season=board, first=first, after=after)
    ranks = leaderboards.ranks(game=game, ratings=page.items, season=board)
    edges = [
        LeaderboardEdge(
            cursor=encode_cursor([rating.ordinal, rating.id]), node=LeaderboardEntry.from_rating(rating, rank)
        )
        for rating, rank in zip(page.items, ranks, strict=True)
    ]
    return LeaderboardConnection(
        edges=edges,
        page_info=PageInfo(has_next_page=page.has_next, end_cursor=page.end_cursor),
        season=Season.maybe(board),
        board=(game, board),
        viewer=viewer,
    )


@strawberry.type(description="A player's best solitaire score on one board: the fewest actions.")
class SolitaireEntry:
    rank: int = strawberry.field(description="1 for the fewest actions; equal scores share a rank.")
    player: Player
    score: float = strawberry.field(description="Actions taken: fewer is better.")
    match_id: strawberry.ID = strawberry.field(description="The match of that score: replay it.")
    ended_at: datetime


@strawberry.type
class SolitaireEdge:
    cursor: str
    node: SolitaireEntry


@strawberry.type(description="Solitaire bests of one game on one board, fewest actions first.")
class SolitaireBoardConnection:
    edges: list[SolitaireEdge]
    page_info: PageInfo
    season: Season | None = strawberry.field(description="The board's season; null: the all-time board.")


def solitaire_board(
    game: str, season: strawberry.ID | None, first: int, after: str | None
) -> SolitaireBoardConnection:
    board = leaderboards.season_of(game=game, season_id=season)
    page = leaderboards.solitaire_board(game=game, season=board, first=first, after=after)
    ranks = leaderboards.solitaire_ranks(game=game, bests=page.items, season=board)
    edges = [
        SolitaireEdge(
            cursor=encode_cursor([best.score, best.id]),
            node=SolitaireEntry(
                rank=rank,
                player=Player.from_model(best.player),
                score=best.score,
                match_id=strawberry.ID(str(best.match_id)),
                ended_at=best.ended_at,
            ),
        )
        for best, rank in zip(page.items, ranks, strict=True)
    ]
    return SolitaireBoardConnection(
        edges=edges,
        page_info=PageInfo(has_next_page=page.has_next, end_cursor=page.end_cursor),
        season=Season.maybe(board),
    )


def seasons(game: str) -> list[Season]:
    return [Season.from_model(season) for season in leaderboards.seasons(game=game)]
