"""GraphQL consumers mounted by config/asgi.py: `http_consumer()` and `ws_consumer()`.

Both run the one schema of api/graphql with a `Context` holding the caller's player:
- HTTP: the player from `Authorization: Bearer <token>` (resolved by BearerAuthMiddleware).
- WebSocket (graphql-transport-ws): `{"authorization": "Bearer <token>"}` in the connection_init
  payload; a bad token closes the socket with 4401 (`INVALID_TOKEN`, `TOKEN_EXPIRED`); no token means a
  spectator (or the player of an `Authorization` header on the handshake, for clients that can set one).
  Every frame counts against the message rate limit as it arrives, before it is parsed or queued
  (api/realtime/protocol.py acts on the verdict); once the server has closed a socket, nothing more is
  read from it or sent on it.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncGenerator
from typing import Any

import orjson
from channels.consumer import get_handler_name
from cross_web import HTTPException
from django.conf import settings
from django.template.loader import render_to_string
from strawberry.channels import GraphQLHTTPConsumer, GraphQLWSConsumer
from strawberry.channels.handlers.http_handler import ChannelsResponse
from strawberry.channels.handlers.ws_handler import ChannelsWebSocketAdapter
from strawberry.http.exceptions import NonJsonMessageReceived, NonTextMessageReceived
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types.unset import UNSET

from api.common import ratelimits
from api.common.database import DatabaseUnavailable
from api.graphql.context import Context
from api.graphql.schema import schema
from api.realtime import graphql_http
from api.realtime.auth import InvalidToken, parse_bearer, resolve_player
from api.realtime.protocol import (
    CLOSE_TRY_AGAIN_LATER,
    CLOSE_UNAUTHORIZED,
    LimitedTransportWSHandler,
    Rejected,
)
from api.realtime.responses import GRAPHQL_RESPONSE, error_body, error_headers, media_type

_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS
ORIGIN_NOT_ALLOWED = "ORIGIN_NOT_ALLOWED"
CLOSE_MESSAGE_TOO_BIG = 1009  # RFC 6455
MAX_CLOSE_REASON_BYTES = 123  # RFC 6455: a close frame's payload is at most 125 bytes, 2 of them the code


class DispatchWithoutConnectionCheck:
    """Hands WebSocket messages to their handlers as channels does, less its
    ``close_old_connections``; channel-layer messages go on to strawberry's dispatch as before (over
    HTTP, ``HTTPApp`` calls the consumer's ``handle`` itself).

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


# No channel layer of their own for the WebSocket consumers (nor for HTTP requests: HTTPApp never looks
# one up): channels would otherwise open a layer channel for every WebSocket (with Redis, a subscription
# and a reader each). Nudges reach a process once, through its one listener (api/graphql/nudges.py). An
# alias that is not configured makes the consumer's `channel_layer` None.
NO_LAYER = "no-layer-per-consumer"


class CliffsideHTTPConsumer(GraphQLHTTPConsumer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # GraphiQL is a development tool (GRAPHQL_IDE); when off, a browser GET is a 404.
        self.graphql_ide = "graphiql" if settings.GRAPHQL_IDE else None
        self.request_error = False  # its one result failed before execution (see process_result)

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
        wanted = media_type(self.scope)  # application/json or application/graphql-response+json
        try:
            response = await super().run(request, context, root_value)
        except HTTPException as error:  # strawberry's refusals are text/plain and uncoded
            return graphql_http.refusal(error, wanted)
        return graphql_http.negotiated(response, wanted, self.request_error)

    async def process_result(self, request: Any, result: Any) -> Any:
        processed = await super().process_result(request, result)
        # One consumer per request: what run() needs to know of its one result.
        self.request_error = graphql_http.is_request_error(result)
        if self.request_error and media_type(self.scope) == GRAPHQL_RESPONSE:
            processed.pop("data", None)  # a request error has no data entry (GraphQL over HTTP)
        return processed

    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, response=response, player=request.consumer.scope.get("player"))

    def decode_json(self, data: str | bytes) -> object:
        return graphql_http.request_json(data)

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data, option=_JSON_OPTIONS)


class FrameAdapter(ChannelsWebSocketAdapter):
    """strawberry's adapter, with each frame's rate-limit verdict (``refusal``) beside the frame being
    handled, and ``closing`` once the server has closed the socket: nothing is sent after that."""

    ws_consumer: CliffsideWSConsumer
    refusal: ratelimits.Refusal | None = None

    @property
    def closing(self) -> bool:
        return self.ws_consumer.closing

    async def iter_json(self, *, ignore_parsing_errors: bool = False) -> AsyncGenerator[object, None]:
        while True:
            frame = await self.ws_consumer.message_queue.get()
            if frame["disconnected"]:
                break
            self.refusal = frame.get("refusal")  # type: ignore[assignment]
            if frame["message"] is None:
                raise NonTextMessageReceived
            try:
                yield self.view.decode_json(frame["message"])
            except orjson.JSONDecodeError as error:
                raise NonJsonMessageReceived from error

    async def send_json(self, message: Any) -> None:
        await self.send_text(self.view.encode_json(message))

    async def send_text(self, text: str) -> None:
        """A message serialized already (by send_json, or once for many: api/realtime/protocol.py)."""
        if not self.closing:
            await self.ws_consumer.send(text)


class CliffsideWSConsumer(DispatchWithoutConnectionCheck, GraphQLWSConsumer):
    channel_layer_alias = NO_LAYER
    graphql_transport_ws_handler_class = LimitedTransportWSHandler
    websocket_adapter_class = FrameAdapter

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connection_key = uuid.uuid4().hex  # per connection, unique across processes
        self.closing = False

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        # Checked before the message is parsed: a huge frame costs nothing more than its receipt.
        if len(text_data if text_data is not None else bytes_data or b"") > settings.MAX_REQUEST_BYTES:
            await self.close(code=CLOSE_MESSAGE_TOO_BIG, reason="REQUEST_TOO_LARGE")
            return
        # Counted here, as each frame arrives (and awaited: a flood waits on its own count), not when the
        # handler gets to it: every frame counts, whatever it holds, and none waits uncounted in the queue.
        refusal = await ratelimits.hit("ws_message", self.connection_key)
        # A text frame, even an empty one, is text: only binary frames have no message.
        frame: Any = {"message": text_data, "disconnected": False, "refusal": refusal}
        self.message_queue.put_nowait(frame)

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        if self.closing:
            return
        self.closing = True
        if reason is not None:
            reason = reason.encode()[:MAX_CLOSE_REASON_BYTES].decode(errors="ignore")
        await super().close(code=code, reason=reason)

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        # strawberry's run task returns the consumer (its "websocket response") and the consumer keeps
        # the task: a cycle holding the whole connection (context, handler, operations) until a full
        # garbage collection, which api/common/heap.py makes rare. Dropped here, it is freed at once.
        self.run_task = None

    async def get_context(self, request: Any, response: Any) -> Context:  # type: ignore[override]
        return Context(request=request, ws=request, player=request.scope.get("player"))

    async def on_ws_connect(self, context: Context) -> Any:  # type: ignore[override]
        params = context.connection_params or {}
        value = params.get("authorization", params.get("Authorization"))
        if value is not None:
            try:
                context.player = await resolve_player(parse_bearer(value) if isinstance(value, str) else None)
            except InvalidToken as refused:
                raise Rejected(CLOSE_UNAUTHORIZED, refused.code) from None
            except DatabaseUnavailable as error:
                raise Rejected(CLOSE_TRY_AGAIN_LATER, error.code, error.retry_after) from None
        return await super().on_ws_connect(context)

    async def reject_websocket(self, request: Any) -> Any:
        # strawberry refuses a page of another origin by closing the handshake: a bare 403. Where the
        # server can answer the handshake, the answer says why, like every other refusal.
        if "websocket.http.response" not in (self.scope.get("extensions") or {}):
            return await super().reject_websocket(request)
        self.closing = True
        body = error_body(ORIGIN_NOT_ALLOWED, "Pages of this origin may not open this WebSocket.")
        headers = error_headers(body, None)
        await self.base_send({"type": "websocket.http.response.start", "status": 403, "headers": headers})
        await self.base_send({"type": "websocket.http.response.body", "body": body})
        return request

    def decode_json(self, data: str | bytes) -> object:
        return orjson.loads(data)

    def encode_json(self, data: object) -> str:
        # The WebSocket adapter sends text frames: this must be str, not orjson's bytes.
        return orjson.dumps(data, option=_JSON_OPTIONS).decode()


class HTTPApp:
    """ASGI app for POST/GET /graphql/ (GraphiQL on a browser GET, with GRAPHQL_IDE): the consumer's
    ``handle`` given the request's body, as channels gives it, less channels' dispatch loop.

    channels runs each consumer as a task per message source, waiting on them with ``asyncio.wait``,
    and looks up a channel layer for it. An HTTP request has one body to read and one answer to send,
    handled in turn either way: that machinery was about a fifth of the request path's time over HTTP
    (docs/performance-log.md)."""

    def __init__(self, **initkwargs: Any) -> None:
        self.initkwargs = initkwargs

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # gone before its body arrived: there is no one to answer
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        consumer = CliffsideHTTPConsumer(**self.initkwargs)
        consumer.scope, consumer.channel_layer, consumer.base_send = scope, None, send
        await consumer.handle(b"".join(chunks))


def http_consumer() -> Any:
    """ASGI app for POST/GET /graphql/ (GraphiQL on a browser GET, with GRAPHQL_IDE)."""
    return HTTPApp(schema=schema)


def ws_consumer() -> Any:
    """ASGI app for the /graphql/ WebSocket (graphql-transport-ws)."""
    return CliffsideWSConsumer.as_asgi(
        schema=schema,
        allowed_origins=settings.WS_ALLOWED_ORIGINS,
        # Only graphql-transport-ws: the legacy graphql-ws protocol is deprecated, and one protocol
        # means one place where the limits apply.
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
    )
