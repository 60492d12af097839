"""Ratings as the API shows them: seasons and a player's ratings on each board, batched per operation
(api/graphql/loaders.py): no N+1 however many players a query lists."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry

from api.graphql.loaders import loader
from api.leaderboards import selectors as leaderboards
from api.leaderboards.selectors import rank_of


@strawberry.type(description="A season of a game: matches that end within it count on its own board.")
class Season:
    id: strawberry.ID
    game: str
    name: str
    starts_at: datetime
    ends_at: datetime | None = strawberry.field(description="Null: open-ended.")
    closed_at: datetime | None = strawberry.field(description="Once closed, its board no longer changes.")
    open: bool

    @classmethod
    def from_model(cls, season: Any) -> Season:
        return cls(
            id=strawberry.ID(str(season.pk)),
            game=season.game,
            name=season.name,
            starts_at=season.starts_at,
            ends_at=season.ends_at,
            closed_at=season.closed_at,
            open=season.is_open,
        )

    @classmethod
    def maybe(cls, season: Any) -> Season | None:
        return None if season is None else cls.from_model(season)


@strawberry.type(description="A player's rating on one board of one game.")
class PlayerRating:
    game: str
    season: Season | None = strawberry.field(description="Null: the all-time board.")
    rank: int | None = strawberry.field(description="On that board; null while the player is hidden from it.")
    rating: float = strawberry.field(description="The ordinal (mu - 3 sigma): what boards are sorted by.")
    mu: float
    sigma: float
    matches: int
    wins: int
    provisional: bool = strawberry.field(description="Too few rated matches on this board to mean much yet.")

    @classmethod
    def from_model(cls, rating: Any) -> PlayerRating:
        return cls(
            game=rating.game,
            season=Season.maybe(rating.season),
            rank=rank_of(rating),
            rating=rating.ordinal,
            mu=rating.mu,
            sigma=rating.sigma,
            matches=rating.matches,
            wins=rating.wins,
            provisional=rating.provisional,
        )


def _ratings_of(player_ids: list[int]) -> dict[int, list[Any]]:
    return leaderboards.ratings_of(player_ids=player_ids)


async def player_ratings(context: Any, player_id: int) -> list[PlayerRating]:
    ratings = await loader(context, "ratings", _ratings_of).load(player_id)
    return [PlayerRating.from_model(rating) for rating in ratings]
