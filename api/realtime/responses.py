"""Refusals sent straight from ASGI middleware, before any application code runs.

HTTP refusals have the GraphQL-over-HTTP error shape every client of ours already parses:
``{"errors": [{"message": ..., "extensions": {"code": ..., "retryAfter": ...}}]}``. A WebSocket
handshake is refused by closing it before it is accepted (the client sees HTTP 403).
"""

from __future__ import annotations

from typing import Any

import orjson


def error_body(code: str, message: str, retry_after: float | None = None) -> bytes:
    extensions: dict[str, Any] = {"code": code}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return orjson.dumps({"errors": [{"message": message, "extensions": extensions}]})


async def send_error(
    send: Any, *, status: int, code: str, message: str, retry_after: float | None = None
) -> None:
    """A complete JSON error response."""
    body = error_body(code, message, retry_after)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, -int(-retry_after // 1))).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def refuse_websocket(receive: Any, send: Any, *, code: int) -> None:
    """Close a WebSocket handshake without accepting it."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": code})
