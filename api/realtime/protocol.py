"""graphql-transport-ws with limits: messages per connection, connections per player, operations per
connection. Refusals are typed: an operation gets an `error` message with `extensions.code` and
`retryAfter`; a connection that keeps flooding is closed with 4429 and the same JSON as its reason.
"""

from __future__ import annotations

import uuid
from typing import Any

import orjson
import structlog
from django.conf import settings
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import BaseGraphQLTransportWSHandler

from api.common import ratelimits

log = structlog.get_logger(__name__)

TOO_MANY_OPERATIONS = "TOO_MANY_OPERATIONS"
CLOSE_TOO_MANY = 4429


def error_payload(code: str, message: str, retry_after: float | None = None) -> list[dict[str, Any]]:
    extensions: dict[str, Any] = {"code": code}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return [{"message": message, "extensions": extensions}]


class LimitedTransportWSHandler(BaseGraphQLTransportWSHandler[Any, Any]):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connection_key = uuid.uuid4().hex  # per connection, unique across processes

    async def handle_message(self, message: Any) -> None:
        refusal = await ratelimits.hit("ws_message", self.connection_key)
        if refusal is None:
            await super().handle_message(message)
        elif isinstance(message, dict) and message.get("type") == "subscribe" and "id" in message:
            await self.refuse(message["id"], refusal.code, refusal.message, refusal.retry_after)
        else:
            reason = orjson.dumps({"code": refusal.code, "retryAfter": refusal.retry_after}).decode()
            await self.websocket.close(code=CLOSE_TOO_MANY, reason=reason)

    async def handle_task_exception(self, error: Exception) -> None:
        # A client that closes its socket while one of its operations is sending makes the send raise
        # an OSError (uvicorn's ClientDisconnected): an everyday event, not the server's error. strawberry
        # logs every such task failure at ERROR with its traceback: one per closed browser tab.
        if isinstance(error, OSError):
            log.info("websocket_client_gone", error=type(error).__name__)
            return
        await super().handle_task_exception(error)

    async def handle_connection_init(self, message: Any) -> None:
        await super().handle_connection_init(message)
        player = getattr(self.context, "player", None)
        if self.connection_acknowledged and player is not None:
            refusal = await ratelimits.hit("ws_connect", f"player:{player.pk}")
            if refusal is not None:
                reason = orjson.dumps({"code": refusal.code, "retryAfter": refusal.retry_after}).decode()
                await self.websocket.close(code=CLOSE_TOO_MANY, reason=reason)

    async def handle_subscribe(self, message: Any) -> None:
        limit = int(settings.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)
        if self.connection_acknowledged and len(self.operations) >= limit:
            sentence = f"At most {limit} operations may run at once on one connection: complete one first."
            await self.refuse(message["id"], TOO_MANY_OPERATIONS, sentence)
            return
        await super().handle_subscribe(message)

    async def refuse(
        self, operation_id: str, code: str, message: str, retry_after: float | None = None
    ) -> None:
        await self.send_message(
            {"id": operation_id, "type": "error", "payload": error_payload(code, message, retry_after)}
        )
