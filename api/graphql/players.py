"""Players as the API shows them: an id and a name, never a token (except once, at registration and at
each rotation)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry.types import Info

from api.graphql.context import Context
from api.graphql.errors import UserError
from api.graphql.ratings import PlayerRating, player_ratings


@strawberry.type(description="A registered player.")
class Player:
    id: strawberry.ID
    name: str
    created_at: datetime

    @classmethod
    def from_model(cls, player: Any) -> Player:
        return cls(id=strawberry.ID(str(player.pk)), name=player.name, created_at=player.created_at)

    @strawberry.field(
        description="The player's ratings: per game, the all-time board first, then each season's, "
        "newest first."
    )
    async def ratings(self, info: Info[Context, Any]) -> list[PlayerRating]:
        return await player_ratings(info.context, int(self.id))


@strawberry.type(description="A new player and its bearer token. The token is shown this once only.")
class RegisterPlayerPayload:
    player: Player
    token: str = strawberry.field(description="Send it as `Authorization: Bearer <token>`.")


@strawberry.type(
    description="The caller's new bearer token, shown this once; or the error that refused the rotation "
    "(player and token null)."
)
class RotateTokenPayload:
    player: Player | None = None
    token: str | None = strawberry.field(
        default=None,
        description="Send it as `Authorization: Bearer <token>` from now on: the old one no longer works.",
    )
    error: UserError | None = None
