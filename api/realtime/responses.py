"""Refusals sent straight from ASGI middleware, before any application code runs.

HTTP refusals have the GraphQL-over-HTTP error shape every client of ours already parses:
``{"errors": [{"message": ..., "extensions": {"code": ..., "retryAfter": ...}}]}``. A refused WebSocket
handshake gets the same answer (its status, `Retry-After`, that body) where the server supports the ASGI
`websocket.http.response` extension (uvicorn does); elsewhere it can only be closed before it is
accepted, which the client sees as a bare HTTP 403.
"""

from __future__ import annotations

from typing import Any

import orjson


def error_body(code: str, message: str, retry_after: float | None = None) -> bytes:
    extensions: dict[str, Any] = {"code": code}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return orjson.dumps({"errors": [{"message": message, "extensions": extensions}]})


def error_headers(body: bytes, retry_after: float | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, -int(-retry_after // 1))).encode()))
    return headers


async def send_error(
    send: Any, *, status: int, code: str, message: str, retry_after: float | None = None
) -> None:
    """A complete JSON error response."""
    body = error_body(code, message, retry_after)
    headers = error_headers(body, retry_after)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def refuse_websocket(
    scope: dict[str, Any],
    receive: Any,
    send: Any,
    *,
    status: int,
    code: str,
    message: str,
    close_code: int,
    retry_after: float | None = None,
) -> None:
    """Refuse a WebSocket handshake: with an HTTP ``status`` answer when the server can send one, else by
    closing it with ``close_code`` before it is accepted."""
    event = await receive()
    if event["type"] != "websocket.connect":
        return
    if "websocket.http.response" not in (scope.get("extensions") or {}):
        await send({"type": "websocket.close", "code": close_code})
        return
    body = error_body(code, message, retry_after)
    headers = error_headers(body, retry_after)
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body})
