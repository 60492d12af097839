"""Bearer-token auth for every HTTP request and WebSocket handshake.

Every scope leaves here with `user` and `player` set: strawberry-django's permission checks fail with a
bare "'user'" error when `scope["user"]` is missing. `player` is the Player whose token came in the
`Authorization: Bearer <token>` header, or None when there is no such header (a spectator).

A header that is there but names no player is refused, never read as "no token": a client whose token
was lost must be told (HTTP 401 `INVALID_TOKEN`; a WebSocket handshake is closed with 4403). A database
that does not answer is `SERVICE_UNAVAILABLE` (HTTP 503; WebSocket close 1013). WebSocket clients may
instead send the token in the `connection_init` payload; the WS consumer checks that one the same way.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser

from api.common import database
from api.common.scopes import header
from api.players.selectors import player_for_token
from api.realtime.guard import CLOSE_TRY_AGAIN_LATER
from api.realtime.responses import refuse_websocket, send_error

INVALID_TOKEN = "INVALID_TOKEN"
INVALID_TOKEN_MESSAGE = "This bearer token belongs to no player: register again, or send no token."
CLOSE_FORBIDDEN = 4403


class InvalidToken(Exception):
    pass


def parse_bearer(value: str) -> str | None:
    """The token in an `Authorization` value (`Bearer <token>`), or None when it is not one."""
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


async def resolve_player(token: str | None) -> Any:
    """The player holding `token`; InvalidToken when none does. DatabaseUnavailable passes through."""
    if token is None:
        raise InvalidToken
    player = await database.run(player_for_token, token=token)
    if player is None:
        raise InvalidToken
    return player


async def scope_player(scope: dict[str, Any]) -> Any:
    """The player of the scope's `Authorization` header, or None when it has none."""
    raw = header(scope, b"authorization")
    if raw is None:
        return None
    return await resolve_player(parse_bearer(raw.decode("latin-1")))


class BearerAuthMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        http = scope["type"] == "http"
        try:
            player = await scope_player(scope)
        except InvalidToken:
            if http:
                return await send_error(send, status=401, code=INVALID_TOKEN, message=INVALID_TOKEN_MESSAGE)
            return await refuse_websocket(receive, send, code=CLOSE_FORBIDDEN)
        except database.DatabaseUnavailable as error:
            if http:
                return await send_error(
                    send, status=503, code=error.code, message=error.message, retry_after=error.retry_after
                )
            return await refuse_websocket(receive, send, code=CLOSE_TRY_AGAIN_LATER)
        scope = dict(scope, player=player, user=AnonymousUser())  # never mutate the caller's scope
        return await self.app(scope, receive, send)
