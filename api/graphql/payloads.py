"""Mutation results: the match (or the error that refused the request), and what a move produced."""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from api.common.specs import require_spec
from api.graphql.context import Context
from api.graphql.errors import UserError
from api.graphql.matches import Match, MatchEvent, viewer_of
from api.matches import selectors


@strawberry.type(description="The match a mutation acted on, or the error that refused it (match null).")
class MatchPayload:
    match: Match | None = None
    error: UserError | None = None


@strawberry.type(description="The move was applied.")
class MoveAccepted:
    match: Match
    version: int = strawberry.field(description="The match version after the move.")
    rows: strawberry.Private[list[Any]]  # the MatchEvent rows this call appended (or first appended)

    @strawberry.field(
        description="The events this move appended (overdue timeouts applied first included), "
        "redacted for the caller."
    )
    def events(self, info: Info[Context, Any]) -> list[MatchEvent]:
        # Built from the rows in hand: the payload costs no second read of the log.
        model = self.match.model
        viewer = viewer_of(info.context, model)
        spec = require_spec(model.game)
        shown = (selectors.visible(spec, row, viewer) for row in self.rows if row.seq <= self.version)
        return [MatchEvent.from_visible(event) for event in shown if event is not None]


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
