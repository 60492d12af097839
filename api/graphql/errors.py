"""Typed errors: what a client is told when a request is refused, with a stable code.

Service errors (``api.common.errors.ServiceError``) become ``UserError`` in a payload or a
``MoveRejected`` result; they never surface as top-level GraphQL errors, which are kept for malformed
requests (graphql-core's own validation) and for the rare field that cannot carry an error payload.
"""

from __future__ import annotations

from typing import Any

import strawberry
from graphql import GraphQLError

# A database outage (api/common/database.py), a top-level error with `retryAfter`: nothing was applied
# (SERVICE_UNAVAILABLE: send again), or the connection was lost while the change was being committed
# (COMMIT_OUTCOME_UNKNOWN: send again with the same idempotency key to learn which).
from api.common.database import COMMIT_OUTCOME_UNKNOWN as COMMIT_OUTCOME_UNKNOWN
from api.common.database import SERVICE_UNAVAILABLE as SERVICE_UNAVAILABLE

AUTH_REQUIRED = "AUTH_REQUIRED"
MATCH_NOT_FOUND = "MATCH_NOT_FOUND"
VERSION_MISMATCH = "VERSION_MISMATCH"
WRONG_GAME = "WRONG_GAME"
INVALID_VERSION = "INVALID_VERSION"
INVALID_SEAT = "INVALID_SEAT"
FORBIDDEN_SEAT = "FORBIDDEN_SEAT"
WEBSOCKET_REQUIRED = "WEBSOCKET_REQUIRED"

AUTH_REQUIRED_MESSAGE = "Sign in first: send `Authorization: Bearer <token>` (the token from registerPlayer)."


@strawberry.type(description="Why a request was refused: a stable machine-readable code and a sentence.")
class UserError:
    code: str
    message: str
    retry_after: float | None = strawberry.field(
        default=None, description="Seconds to wait before trying again (RATE_LIMITED), else null."
    )

    @classmethod
    def of(cls, error: Any) -> UserError:
        return cls(code=error.code, message=error.message, retry_after=getattr(error, "retry_after", None))


def auth_required() -> UserError:
    return UserError(code=AUTH_REQUIRED, message=AUTH_REQUIRED_MESSAGE)


def match_not_found(match_id: object) -> UserError:
    return UserError(code=MATCH_NOT_FOUND, message=f"There is no match {match_id}.")


def field_error(code: str, message: str) -> GraphQLError:
    """A top-level GraphQL error with ``extensions.code``, for fields without an error payload."""
    return GraphQLError(message, extensions={"code": code})


def parse_id(value: object) -> int | None:
    """A database id from a GraphQL ``ID``, or None when it is not one."""
    text = str(value)
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        return None
    return int(text)
