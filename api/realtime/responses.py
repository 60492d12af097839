"""Refusals sent straight from ASGI middleware, before any application code runs.

HTTP refusals have the GraphQL-over-HTTP error shape every client of ours already parses:
``{"errors": [{"message": ..., "extensions": {"code": ..., "retryAfter": ...}}]}``, as
`application/graphql-response+json` to a client that asks for it (GraphQL over HTTP: Apollo Client, the
graphql-http client) and as `application/json` to every other (`media_type`). A refused WebSocket
handshake gets the same answer (its status, `Retry-After`, that body) where the server supports the ASGI
`websocket.http.response` extension (uvicorn does); elsewhere it can only be closed before it is
accepted, which the client sees as a bare HTTP 403.
"""

from __future__ import annotations

from typing import Any

import orjson

from api.common.scopes import header

JSON = "application/json"
GRAPHQL_RESPONSE = "application/graphql-response+json"


def media_type(scope: dict[str, Any]) -> str:
    """`application/graphql-response+json` when the request's Accept ranks it at least as high as
    `application/json` (GraphQL over HTTP); else, with no Accept, `*/*` or only JSON, `application/json`."""
    raw = header(scope, b"accept")
    if raw is None:
        return JSON
    ranks = {JSON: 0.0, GRAPHQL_RESPONSE: 0.0}
    for part in raw.decode("latin-1").split(","):
        name, *parameters = (piece.strip() for piece in part.split(";"))
        if name.lower() not in ranks:
            continue
        quality = 1.0
        for parameter in parameters:
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        ranks[name.lower()] = max(ranks[name.lower()], quality)
    wanted = ranks[GRAPHQL_RESPONSE]
    return GRAPHQL_RESPONSE if wanted > 0 and wanted >= ranks[JSON] else JSON


def error_body(code: str, message: str, retry_after: float | None = None) -> bytes:
    extensions: dict[str, Any] = {"code": code}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return orjson.dumps({"errors": [{"message": message, "extensions": extensions}]})


def error_headers(
    body: bytes, retry_after: float | None, content_type: str = JSON
) -> list[tuple[bytes, bytes]]:
    headers = [(b"content-type", content_type.encode()), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, -int(-retry_after // 1))).encode()))
    return headers


async def send_error(
    send: Any,
    *,
    status: int,
    code: str,
    message: str,
    retry_after: float | None = None,
    scope: dict[str, Any] | None = None,
) -> None:
    """A complete JSON error response, in the media type the request's Accept asks for (``scope``)."""
    body = error_body(code, message, retry_after)
    headers = error_headers(body, retry_after, JSON if scope is None else media_type(scope))
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
