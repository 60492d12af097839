"""What every resolver knows about its request: who is calling, over which transport.

The Bearer middleware (api/realtime/auth.py) resolves the HTTP `Authorization` header into
`scope["player"]`; over a WebSocket the `connection_init` payload may name another token, which the WS
consumer resolves into `Context.player` before the first operation runs.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from graphql import GraphQLError

from api.common import database
from api.common.errors import ServiceError

if TYPE_CHECKING:
    from strawberry.types import Info

    from api.players.models import Player

T = TypeVar("T")


@dataclass
class Context:
    request: Any
    response: Any = None
    # The channels consumer behind a WebSocket (subscriptions need one); None over HTTP.
    ws: Any = None
    player: Player | None = None
    # Set by strawberry from the graphql-transport-ws `connection_init` payload.
    connection_params: dict[str, Any] | None = None
    # Per-operation memo (e.g. the viewer of a match), so sibling fields do not repeat queries.
    memo: dict[Any, Any] = field(default_factory=dict)


def scope_of(context: Context) -> dict[str, Any]:
    """The ASGI scope of the request: over HTTP strawberry wraps the consumer, over a WebSocket the
    request is the consumer itself."""
    request = getattr(context, "request", None)  # no context: the schema run directly (tests, tools)
    consumer = getattr(request, "consumer", request)
    return getattr(consumer, "scope", {})


def caller(info: Info[Context, Any]) -> Player | None:
    """The authenticated player, or None for an anonymous caller (a spectator)."""
    return info.context.player


def run_sync(function: Any) -> Any:
    """`function` as a coroutine on a database thread (api/common/database.py).

    A dead pooled connection is replaced (see api/common/database.py); a database that does not answer is
    a GraphQL error with code SERVICE_UNAVAILABLE, and a ServiceError one with its own code: never an
    "Unexpected error".
    """

    async def run(*args: Any, **kwargs: Any) -> Any:
        return await graphql_errors(database.submit(function, *args, **kwargs))

    return run


async def graphql_errors(work: Awaitable[T]) -> T:
    """``work`` awaited. A database that does not answer, or a ServiceError (a refusal with no payload
    to carry it), is raised as a GraphQL error with its code: what ``run_sync`` raises."""
    try:
        return await work
    except database.DatabaseUnavailable as error:
        raise GraphQLError(
            error.message, extensions={"code": error.code, "retryAfter": error.retry_after}
        ) from None
    except ServiceError as error:
        raise GraphQLError(error.message, extensions={"code": error.code}) from None
