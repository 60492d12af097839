"""graphql-transport-ws with limits: messages per connection, connections per player, operations per
connection, and no message that can stop the connection without closing it.

Refusals are typed: an operation gets an `error` message with `extensions.code` and `retryAfter`; a
connection that keeps flooding, or a player past the ceiling of open WebSockets, is closed with 4429 and
the same JSON as its reason. A message that is not one a client may send (api/realtime/messages.py) closes
the connection with 4400 and says why, as the reference server (graphql-ws) does; it is logged at INFO,
without a traceback: it is the client's mistake, not the server's.
"""

from __future__ import annotations

from typing import Any

import orjson
import structlog
from django.conf import settings
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import BaseGraphQLTransportWSHandler

from api.common import ratelimits
from api.graphql import outlets
from api.graphql.subscriptions import Wire
from api.realtime import ceilings, kick, messages

log = structlog.get_logger(__name__)

TOO_MANY_OPERATIONS = "TOO_MANY_OPERATIONS"
CLOSE_BAD_REQUEST = 4400
CLOSE_UNAUTHORIZED = 4401  # a token refused in connection_init: fatal for graphql-ws, never retried
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY = 4429
CLOSE_INTERNAL_ERROR = 4500  # graphql-ws: the server failed; never a client's doing
CLOSE_TRY_AGAIN_LATER = 1013


def error_payload(code: str, message: str, retry_after: float | None = None) -> list[dict[str, Any]]:
    extensions: dict[str, Any] = {"code": code}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return [{"message": message, "extensions": extensions}]


def reason(code: str, retry_after: float | None = None) -> str:
    """A close reason clients parse: ``{"code": ..., "retryAfter": ...}``."""
    body: dict[str, Any] = {"code": code}
    if retry_after is not None:
        body["retryAfter"] = retry_after
    return orjson.dumps(body).decode()


class Rejected(ConnectionRejectionError):
    """A `connection_init` refused with a close code of its own and a JSON reason."""

    def __init__(self, close_code: int, code: str, retry_after: float | None = None) -> None:
        super().__init__({"code": code})
        self.close_code = close_code
        self.reason = reason(code, retry_after)


def next_message(operation_id: str, payload: str) -> str:
    """A ``next`` message whose payload is JSON already: as orjson would write the whole message."""
    return f'{{"id":{orjson.dumps(operation_id).decode()},"type":"next","payload":{payload}}}'


class OperationOutlet:
    """One operation of a connection, as a parked subscription's outlet (api/graphql/outlets.py)."""

    __slots__ = ("__weakref__", "handler", "operation")

    def __init__(self, handler: LimitedTransportWSHandler, operation: Any) -> None:
        self.handler, self.operation = handler, operation

    def is_open(self) -> bool:
        operation = self.operation
        return (
            not operation.completed
            and self.handler.operations.get(operation.id) is operation
            and not self.handler.websocket.closing
        )

    async def send_next(self, payload: str) -> None:
        await self.handler.websocket.send_text(next_message(self.operation.id, payload))


class LimitedTransportWSHandler(BaseGraphQLTransportWSHandler[Any, Any]):
    websocket: Any  # api/realtime/consumers.FrameAdapter: strawberry's adapter, with `refusal` and `closing`

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player_hold: ceilings.Hold | None = None
        self.signed_in: int | None = None  # the player id this connection is counted under for kicks

    async def handle_message(self, message: Any) -> None:
        if self.websocket.closing:  # closed by us: what still arrives before the client hears it is dropped
            return
        refusal = self.websocket.refusal  # the message rate limit, counted when the frame arrived
        if refusal is not None:
            await self.refuse_flood(message, refusal)
            return
        problem = messages.problem(message)
        if problem is not None:
            await self.handle_invalid_message(problem)
            return
        try:
            await super().handle_message(message)
        except Exception:
            # A bug here or in strawberry, not the client's: say so rather than leave the socket open
            # with nothing reading it.
            log.exception("websocket_message_failed")
            await self.close(CLOSE_INTERNAL_ERROR, "Internal server error")

    async def refuse_flood(self, message: Any, refusal: ratelimits.Refusal) -> None:
        if (
            isinstance(message, dict)
            and message.get("type") == "subscribe"
            and isinstance(message.get("id"), str)
        ):
            await self.refuse(message["id"], refusal.code, refusal.message, refusal.retry_after)
        else:
            await self.close(CLOSE_TOO_MANY, reason(refusal.code, refusal.retry_after))

    async def run_operation(self, operation: Any) -> None:
        outlet = OperationOutlet(self, operation)  # held here while the operation runs, weakly by others
        outlets.running(outlet)  # in the operation's own task: for it alone
        await super().run_operation(operation)

    async def send_message(self, message: Any) -> None:
        payload = message.get("payload")
        if message["type"] == "next" and len(payload) == 1 and isinstance(payload.get("data"), Wire):
            # A result shared by every subscriber with the same answer: its JSON is made once for all.
            await self.websocket.send_text(next_message(message["id"], payload["data"].payload()))
            return
        await super().send_message(message)

    async def handle_invalid_message(self, error_message: str) -> None:
        log.info("websocket_message_invalid", reason=error_message)
        await self.close(CLOSE_BAD_REQUEST, error_message)

    async def close(self, code: int, why: str) -> None:
        """Close the connection, stopping its operations first: nothing is sent after the close."""
        for operation_id in list(self.operations):
            await self.cleanup_operation(operation_id)
        await self.websocket.close(code=code, reason=why)

    async def kick(self, code: int, reason: str) -> None:
        """Closed from outside (api/realtime/kick.py): the player's token was revoked, or a ban."""
        await self.close(code, reason)

    async def handle_task_exception(self, error: Exception) -> None:
        # A client that closes its socket while one of its operations is sending makes the send raise
        # an OSError (uvicorn's ClientDisconnected): an everyday event, not the server's error. strawberry
        # logs every such task failure at ERROR with its traceback: one per closed browser tab.
        if isinstance(error, OSError):
            log.info("websocket_client_gone", error=type(error).__name__)
            return
        await super().handle_task_exception(error)

    async def handle_connection_init(self, message: Any) -> None:
        # strawberry's, with our refusals: each with its close code and a JSON reason, and the player's
        # limits checked before the acknowledgement rather than after it.
        if self.connection_timed_out:
            return
        if self.connection_init_timeout_task:
            self.connection_init_timeout_task.cancel()
        if self.connection_init_received:
            await self.close(CLOSE_TOO_MANY, "Too many initialisation requests")
            return
        self.connection_init_received = True
        self.context.connection_params = message.get("payload") or {}  # null is allowed, as no payload
        try:
            await self.view.on_ws_connect(self.context)
            await self.admit_player(getattr(self.context, "player", None))
        except Rejected as rejected:
            await self.close(rejected.close_code, rejected.reason)
            return
        except ConnectionRejectionError:
            await self.close(CLOSE_FORBIDDEN, "Forbidden")
            return
        await self.send_message({"type": "connection_ack"})
        self.connection_acknowledged = True

    async def admit_player(self, player: Any) -> None:
        """The player's connect rate and ceiling of open sockets; then counted for kicks (revocations)."""
        if player is None:
            return
        refusal = await ratelimits.hit("ws_connect", f"player:{player.pk}")
        if refusal is not None:
            raise Rejected(CLOSE_TOO_MANY, refusal.code, refusal.retry_after)
        self.player_hold = await ceilings.take("player", player.pk)
        if self.player_hold is None:
            raise Rejected(CLOSE_TOO_MANY, ceilings.TOO_MANY_CONNECTIONS, ceilings.RETRY_AFTER_SECONDS)
        self.signed_in = player.pk
        await kick.listener().join(player.pk, self)

    async def shutdown(self) -> None:
        await super().shutdown()
        if self.signed_in is not None:
            kick.listener().leave(self.signed_in, self)
        if self.player_hold is not None:
            await self.player_hold.release()

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
