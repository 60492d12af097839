"""Bearer-token auth for every HTTP request and WebSocket handshake.

Every scope leaves here with `user` and `player` set: strawberry-django's permission checks fail with a
bare "'user'" error when `scope["user"]` is missing. `player` is the Player whose token came in the
`Authorization: Bearer <token>` header, or None when there is no such header (a spectator).

A header that is there but names no player is refused, never read as "no token": a client whose token
was lost must be told (HTTP 401 `INVALID_TOKEN`, or `TOKEN_EXPIRED` for one unused too long). A
database that does not answer is `SERVICE_UNAVAILABLE` (HTTP 503 with `Retry-After`). A WebSocket
handshake gets the same answers where the server can send one (api/realtime/responses.py), else it is
closed with 4401 and 1013. WebSocket clients may instead send the token in the `connection_init` payload;
the WS consumer checks that one the same way.

A process that has resolved a token listens for kicks (api/realtime/kick.py): a token rotated or revoked
in another process is forgotten here as soon as the kick arrives, not TOKEN_CACHE_SECONDS later.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser

from api.common import database
from api.common.scopes import header
from api.players.selectors import remembered_player, token_status
from api.players.tokens import TOKEN_EXPIRED, TOKEN_EXPIRED_MESSAGE
from api.realtime import kick
from api.realtime.guard import CLOSE_TRY_AGAIN_LATER
from api.realtime.responses import refuse_websocket, send_error

INVALID_TOKEN = "INVALID_TOKEN"
INVALID_TOKEN_MESSAGE = "This bearer token belongs to no player: register again, or send no token."
CLOSE_UNAUTHORIZED = 4401  # graphql-ws gives up at once on it (a retry with that token would fail)


class InvalidToken(Exception):
    """The token names no player: unknown, rotated or revoked (INVALID_TOKEN), or unused too long
    (TOKEN_EXPIRED)."""

    def __init__(self, code: str = INVALID_TOKEN) -> None:
        super().__init__(code)
        self.code = code
        self.message = TOKEN_EXPIRED_MESSAGE if code == TOKEN_EXPIRED else INVALID_TOKEN_MESSAGE


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
    # Most requests hold a token this process remembers: no hop to a database thread for those.
    remembered = remembered_player(token=token)
    if remembered is not None:
        return remembered
    status = await database.run(token_status, token=token)
    if status.player is None:
        raise InvalidToken(status.refusal or INVALID_TOKEN)
    return status.player


async def scope_player(scope: dict[str, Any]) -> Any:
    """The player of the scope's `Authorization` header, or None when it has none."""
    raw = header(scope, b"authorization")
    if raw is None:
        return None
    player = await resolve_player(parse_bearer(raw.decode("latin-1")))
    await kick.listener().listen()
    return player


class BearerAuthMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        http = scope["type"] == "http"
        try:
            player = await scope_player(scope)
        except InvalidToken as refused:
            if http:
                return await send_error(
                    send, status=401, code=refused.code, message=refused.message, scope=scope
                )
            return await refuse_websocket(
                scope,
                receive,
                send,
                status=401,
                code=refused.code,
                message=refused.message,
                close_code=CLOSE_UNAUTHORIZED,
            )
        except database.DatabaseUnavailable as error:
            if http:
                return await send_error(
                    send,
                    status=503,
                    code=error.code,
                    message=error.message,
                    retry_after=error.retry_after,
                    scope=scope,
                )
            return await refuse_websocket(
                scope,
                receive,
                send,
                status=503,
                code=error.code,
                message=error.message,
                retry_after=error.retry_after,
                close_code=CLOSE_TRY_AGAIN_LATER,
            )
        scope = dict(scope, player=player, user=AnonymousUser())  # never mutate the caller's scope
        return await self.app(scope, receive, send)
