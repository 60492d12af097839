"""Bearer-token auth for the GraphQL routes (HTTP and WebSocket).

Every scope leaves here with `user` and `player` set: strawberry-django's permission checks fail with a
bare "'user'" error when `scope["user"]` is missing. `player` is the Player whose token came in the
`Authorization: Bearer <token>` header, or None (anonymous: a spectator). An unknown token is treated
as no token over HTTP (mutations then answer AUTH_REQUIRED). WebSocket clients may instead send the
token in the `connection_init` payload; the WS consumer checks that one and refuses a bad one (4403).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser

from api.players.selectors import player_for_token


def parse_bearer(value: str) -> str | None:
    """The token in an `Authorization` value (`Bearer <token>`), or None when it is not one."""
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


def bearer_token(scope: dict[str, Any]) -> str | None:
    """The token from an `Authorization: Bearer <token>` header, if any."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            return parse_bearer(value.decode("latin-1"))
    return None


async def resolve_player(token: str | None) -> Any:
    """The player holding `token`, or None (no database work without a token)."""
    if not token:
        return None
    return await sync_to_async(player_for_token, thread_sensitive=True)(token=token)


class BearerAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        scope = dict(scope)  # never mutate the caller's scope
        scope["player"] = await resolve_player(bearer_token(scope))
        scope["user"] = AnonymousUser()
        return await super().__call__(scope, receive, send)
