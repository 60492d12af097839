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
from channels.consumer import get_handler_name
from cross_web import HTTPException
from django.conf import settings
from django.template.loader import render_to_string
from strawberry.channels import GraphQLHTTPConsumer, GraphQLWSConsumer
from strawberry.channels.handlers.http_handler import ChannelsResponse
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types.unset import UNSET

from api.common.database import DatabaseUnavailable
from api.graphql.context import Context
from api.graphql.schema import schema
from api.realtime import graphql_http
from api.realtime.auth import INVALID_TOKEN, InvalidToken, parse_bearer, resolve_player
from api.realtime.protocol import LimitedTransportWSHandler

_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS
CLOSE_MESSAGE_TOO_BIG = 1009  # RFC 6455


class DispatchWithoutConnectionCheck:
    """Hands HTTP and WebSocket messages to their handlers as channels does, less its
    ``close_old_connections``; channel-layer messages go on to strawberry's dispatch as before.

    channels runs that check before every such message on asgiref's single thread-sensitive thread, so
    under load every WebSocket frame queued on that one thread. It only ever looks at that thread's
    connection, which nothing here uses: all database work runs on the pool of api/common/database.py,
    which replaces a dead connection itself.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        if not message.get("type", "").startswith(("http.", "websocket.")):
            await super().dispatch(message)  # type: ignore[misc]
            return
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


# No channel layer of their own for the consumers: channels would otherwise open a layer channel for
# every request and every WebSocket (with Redis, a subscription and a reader each). Nudges reach a
# process once, through its one listener (api/graphql/nudges.py). An alias that is not configured
# makes the consumer's `channel_layer` None.
NO_LAYER = "no-layer-per-consumer"


class CliffsideHTTPConsumer(DispatchWithoutConnectionCheck, GraphQLHTTPConsumer):
    channel_layer_alias = NO_LAYER

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # GraphiQL is a development tool (GRAPHQL_IDE); when off, a browser GET is a 404.
        self.graphql_ide = "graphiql" if settings.GRAPHQL_IDE else None

    async def render_graphql_ide(self, request: Any) -> ChannelsResponse:
        # Our own page, not strawberry's: it loads React and GraphiQL from this service's /static/
        # (vendored by the web app), never from a CDN, so it works offline and leaks no visit.
        page = render_to_string("web/graphiql.html", {"graphql_url": "/graphql/"})
        return ChannelsResponse(
            content=page.encode(),
            content_type="text/html; charset=utf-8",
            headers={b"x-content-type-options": b"nosniff", b"cache-control": b"no-cache"},
        )

    async def handle(self, body: bytes) -> None:
        # strawberry decodes headers as UTF-8 and would answer 500 to any other byte.
        self.scope = graphql_http.readable(self.scope)
        await super().handle(body)

    async def run(self, request: Any, context: Any = UNSET, root_value: Any = UNSET) -> Any:
        try:
            return await super().run(request, context, root_value)
        except HTTPException as error:  # strawberry's refusals are text/plain and uncoded
            return graphql_http.refusal(error)

    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, response=response, player=request.consumer.scope.get("player"))

    def decode_json(self, data: str | bytes) -> object:
        return graphql_http.request_json(data)

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data, option=_JSON_OPTIONS)


class CliffsideWSConsumer(DispatchWithoutConnectionCheck, GraphQLWSConsumer):
    channel_layer_alias = NO_LAYER
    graphql_transport_ws_handler_class = LimitedTransportWSHandler

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Checked before the message is parsed: a huge frame costs nothing more than its receipt.
        if len(text_data or bytes_data or b"") > settings.MAX_REQUEST_BYTES:
            await self.close(code=CLOSE_MESSAGE_TOO_BIG, reason="REQUEST_TOO_LARGE")
            return
        await super().receive(text_data=text_data, bytes_data=bytes_data)

    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, ws=request, player=request.scope.get("player"))

    async def on_ws_connect(self, context: Context) -> Any:  # type: ignore[override]
        params = context.connection_params or {}
        value = params.get("authorization", params.get("Authorization"))
        if value is not None:
            try:
                context.player = await resolve_player(parse_bearer(value) if isinstance(value, str) else None)
            except InvalidToken:
                raise ConnectionRejectionError({"code": INVALID_TOKEN}) from None
            except DatabaseUnavailable as error:
                raise ConnectionRejectionError({"code": error.code}) from None
        return await super().on_ws_connect(context)

    def decode_json(self, data: str | bytes) -> object:
        return orjson.loads(data)

    def encode_json(self, data: object) -> str:
        # The WebSocket adapter sends text frames: this must be str, not orjson's bytes.
        return orjson.dumps(data, option=_JSON_OPTIONS).decode()


def http_consumer() -> Any:
    """ASGI app for POST/GET /graphql/ (GraphiQL on a browser GET, with GRAPHQL_IDE)."""
    return CliffsideHTTPConsumer.as_asgi(schema=schema)


def ws_consumer() -> Any:
    """ASGI app for the /graphql/ WebSocket (graphql-transport-ws)."""
    return CliffsideWSConsumer.as_asgi(
        schema=schema,
        allowed_origins=settings.WS_ALLOWED_ORIGINS,
        # Only graphql-transport-ws: the legacy graphql-ws protocol is deprecated, and one protocol
        # means one place where the limits apply.
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
    )
