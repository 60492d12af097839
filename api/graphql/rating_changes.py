"""What a finished match did to its players' ratings, board by board: a field of its ``outcome``,
batched per operation (api/graphql/loaders.py), so a page of matches costs one statement for all."""

from __future__ import annotations

from typing import Any

import strawberry

from api.graphql.loaders import loader
from api.graphql.players import Player
from api.graphql.ratings import Season
from api.leaderboards import selectors as leaderboards


@strawberry.type(description="What one finished match did to one player's rating on one board.")
class RatingChange:
    player: Player
    season: Season | None = strawberry.field(description="Null: the all-time board.")
    rank: int = strawberry.field(description="The player's rank in the match.")
    rating_before: float = strawberry.field(description="The ordinal before the match.")
    rating_after: float
    delta: float = strawberry.field(description="ratingAfter - ratingBefore.")
    mu_before: float
    mu_after: float
    sigma_before: float
    sigma_after: float

    @classmethod
    def from_model(cls, change: Any) -> RatingChange:
        return cls(
            player=Player.from_model(change.player),
            season=Season.maybe(change.season),
            rank=change.rank,
            rating_before=change.ordinal_before,
            rating_after=change.ordinal_after,
            delta=change.ordinal_after - change.ordinal_before,
            mu_before=change.mu_before,
            mu_after=change.mu_after,
            sigma_before=change.sigma_before,
            sigma_after=change.sigma_after,
        )


def _changes_of(match_ids: list[int]) -> dict[int, list[Any]]:
    return leaderboards.rating_changes(match_ids=match_ids)


async def match_rating_changes(context: Any, match_id: int) -> list[RatingChange]:
    changes = await loader(context, "rating_changes", _changes_of).load(match_id)
    return [RatingChange.from_model(change) for change in changes]
