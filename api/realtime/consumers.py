"""GraphQL consumers mounted by config/asgi.py: `http_consumer()` and `ws_consumer()`.

Both run the one schema of api/graphql with a `Context` holding the caller's player:
- HTTP: the player from `Authorization: Bearer <token>` (resolved by BearerAuthMiddleware).
- WebSocket (graphql-transport-ws): `{"authorization": "Bearer <token>"}` in the connection_init
  payload; a bad token closes the socket with 4403; no token means a spectator (or the player of an
  `Authorization` header on the handshake, for clients that can set one).
"""

from __future__ import annotations

from typing import Any

import orjson
from django.conf import settings
from strawberry.channels import GraphQLHTTPConsumer, GraphQLWSConsumer
from strawberry.exceptions import ConnectionRejectionError

from api.graphql.context import Context
from api.graphql.schema import schema
from api.realtime.auth import parse_bearer, resolve_player

_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS


class CliffsideHTTPConsumer(GraphQLHTTPConsumer):
    # No channel layer for plain HTTP: channels would otherwise open a layer channel (with Redis, a
    # blocking BZPOPMIN) for every request, and HTTP operations never listen to groups. An alias that
    # is not configured makes `get_channel_layer` return None.
    channel_layer_alias = "no-layer-for-graphql-over-http"

    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, response=response, player=request.consumer.scope.get("player"))

    def decode_json(self, data: str | bytes) -> object:
        return orjson.loads(data)

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data, option=_JSON_OPTIONS)


class CliffsideWSConsumer(GraphQLWSConsumer):
    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, ws=request, player=request.scope.get("player"))

    async def on_ws_connect(self, context: Context) -> Any:  # type: ignore[override]
        params = context.connection_params or {}
        value = params.get("authorization", params.get("Authorization"))
        if value is not None:
            token = parse_bearer(value) if isinstance(value, str) else None
            player = None if token is None else await resolve_player(token)
            if player is None:
                raise ConnectionRejectionError({"code": "INVALID_TOKEN"})
            context.player = player
        return await super().on_ws_connect(context)

    def decode_json(self, data: str | bytes) -> object:
        return orjson.loads(data)

    def encode_json(self, data: object) -> str:
        # The WebSocket adapter sends text frames: this must be str, not orjson's bytes.
        return orjson.dumps(data, option=_JSON_OPTIONS).decode()


def http_consumer() -> Any:
    """ASGI app for POST/GET /graphql/ (GraphiQL on a browser GET)."""
    return CliffsideHTTPConsumer.as_asgi(schema=schema, graphql_ide="graphiql")


def ws_consumer() -> Any:
    """ASGI app for the /graphql/ WebSocket (graphql-transport-ws, and the legacy graphql-ws)."""
    return CliffsideWSConsumer.as_asgi(
        schema=schema, allowed_origins=getattr(settings, "WS_ALLOWED_ORIGINS", ())
    )
