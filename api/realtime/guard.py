"""The outermost checks on every HTTP request and WebSocket handshake, before any application code.

- Host: only the names in ALLOWED_HOSTS (GraphQL bypasses Django, so Django's own check never runs).
- Size: a body over MAX_REQUEST_BYTES is refused with 413 before more of it is read; what is read is
  handed to the application whole, so it never parses a half-received body.
- Rate: per client IP address (as uvicorn reports it; behind a proxy, uvicorn's --forwarded-allow-ips
  makes that the real client's), HTTP requests and WebSocket connections each with their own limit.
- Ceiling: WebSockets one address holds open at once (api/realtime/ceilings.py), held until it closes.

A refused WebSocket handshake is answered like a refused request (status, code, `Retry-After`) where the
server can (api/realtime/responses.py), and closed with the code in brackets where it cannot.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from api.common import ratelimits
from api.common.scopes import client_ip, header
from api.realtime import ceilings
from api.realtime.responses import refuse_websocket, send_error

REQUEST_TOO_LARGE = "REQUEST_TOO_LARGE"
DISALLOWED_HOST = "DISALLOWED_HOST"
CLOSE_TRY_AGAIN_LATER = 1013  # RFC 6455: the server is overloaded; the client may retry later
CLOSE_BAD_REQUEST = 4400  # graphql-transport-ws


def host_allowed(scope: dict[str, Any]) -> bool:
    raw = header(scope, b"host")
    if raw is None:  # HTTP/1.0 and test clients; Django falls back to SERVER_NAME too
        return True
    domain, _port = split_domain_port(raw.decode("latin-1"))
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


def declared_length(scope: dict[str, Any]) -> int | None:
    raw = header(scope, b"content-length")
    return int(raw) if raw is not None and raw.isdigit() else None


async def read_body(receive: Any, limit: int) -> tuple[bytes, bool] | None:
    """The whole body, and whether the client disconnected; None when it grows past ``limit``."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(parts), True
        part = message.get("body", b"")
        size += len(part)
        if size > limit:
            return None
        parts.append(part)
        if not message.get("more_body", False):
            return b"".join(parts), False


def replay(body: bytes, disconnected: bool, receive: Any) -> Any:
    """A ``receive`` that hands over the buffered body once, then defers to the real one."""
    sent = False

    async def replayed() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            if disconnected:
                return {"type": "http.disconnect"}
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


class Guard:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if not host_allowed(scope):
            await send_error(
                send,
                status=400,
                code=DISALLOWED_HOST,
                message="This host name is not served here.",
                scope=scope,
            )
            return
        refusal = await ratelimits.hit("http", client_ip(scope))
        if refusal is not None:
            await send_error(
                send,
                status=429,
                code=refusal.code,
                message=refusal.message,
                retry_after=refusal.retry_after,
                scope=scope,
            )
            return
        limit = settings.MAX_REQUEST_BYTES
        declared = declared_length(scope)
        read = None if declared is not None and declared > limit else await read_body(receive, limit)
        if read is None:
            message = f"The request body is larger than {limit} bytes."
            await send_error(send, status=413, code=REQUEST_TOO_LARGE, message=message, scope=scope)
            return
        await self.app(scope, replay(*read, receive), send)

    async def websocket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if not host_allowed(scope):
            message = "This host name is not served here."
            await refuse_websocket(
                scope,
                receive,
                send,
                status=400,
                code=DISALLOWED_HOST,
                message=message,
                close_code=CLOSE_BAD_REQUEST,
            )
            return
        address = client_ip(scope)
        refusal = await ratelimits.hit("ws_connect", address)
        if refusal is not None:
            await refuse_websocket(
                scope,
                receive,
                send,
                status=429,
                code=refusal.code,
                message=refusal.message,
                retry_after=refusal.retry_after,
                close_code=CLOSE_TRY_AGAIN_LATER,
            )
            return
        hold = await ceilings.take("address", address)
        if hold is None:
            await refuse_too_many(scope, receive, send, "from your address")
            return
        try:
            await self.app(scope, receive, send)
        finally:
            await hold.release()


async def refuse_too_many(scope: dict[str, Any], receive: Any, send: Any, whose: str) -> None:
    message = f"Too many WebSockets open at once {whose}: close one, or try again later."
    await refuse_websocket(
        scope,
        receive,
        send,
        status=429,
        code=ceilings.TOO_MANY_CONNECTIONS,
        message=message,
        retry_after=ceilings.RETRY_AFTER_SECONDS,
        close_code=CLOSE_TRY_AGAIN_LATER,
    )
