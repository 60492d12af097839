"""Mutation results: the match (or the error that refused the request), and what a move produced."""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from api.graphql.context import Context, run_sync
from api.graphql.errors import UserError
from api.graphql.matches import Match, MatchEvent, visible_events


@strawberry.type(description="The match a mutation acted on, or the error that refused it (match null).")
class MatchPayload:
    match: Match | None = None
    error: UserError | None = None


@strawberry.type(description="The move was applied.")
class MoveAccepted:
    match: Match
    version: int = strawberry.field(description="The match version after the move.")
    after: strawberry.Private[int]  # the version before the first event this call appended

    @strawberry.field(
        description="The events this move appended (overdue timeouts applied first included), "
        "redacted for the caller."
    )
    async def events(self, info: Info[Context, Any]) -> list[MatchEvent]:
        if self.after >= self.version:
            return []

        def load() -> list[MatchEvent]:
            shown = visible_events(info.context, self.match.model, after=self.after, first=None)
            return [event for event in shown if event.seq <= self.version]

        return await run_sync(load)()


@strawberry.type(description="The move was refused and nothing changed: a stable code and a sentence.")
class MoveRejected:
    code: str = strawberry.field(
        description="E.g. NOT_YOUR_TURN, INVALID_MOVE, VERSION_MISMATCH, AUTH_REQUIRED, NOT_SEATED."
    )
    message: str
    retry_after: float | None = strawberry.field(
        default=None, description="Seconds to wait before trying again (RATE_LIMITED), else null."
    )


SubmitMoveResult = Annotated[
    MoveAccepted | MoveRejected, strawberry.union("SubmitMoveResult", description="What submitMove did.")
]
