"""Bearer-token auth for the GraphQL routes (HTTP and WebSocket).

Every scope leaves here with `user` and `player` set: strawberry-django's permission checks fail with a
bare "'user'" error when `scope["user"]` is missing. WebSocket clients may also send the token in the
`connection_init` payload; that is checked by the WS consumer, not here.
"""

from typing import Any

from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser


def bearer_token(scope: dict[str, Any]) -> str | None:
    """The token from an `Authorization: Bearer <token>` header, if any."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


async def resolve_player(token: str) -> Any:
    """The player holding `token`, or None. Placeholder until the players app has tokens."""
    return None


class BearerAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        scope = dict(scope)  # never mutate the caller's scope
        token = bearer_token(scope)
        scope["player"] = await resolve_player(token) if token else None
        scope["user"] = AnonymousUser()
        return await super().__call__(scope, receive, send)
