"""What the API reads from an ASGI scope: its headers and the client's address."""

from __future__ import annotations

from typing import Any


def header(scope: dict[str, Any], name: bytes) -> bytes | None:
    """The first value of header ``name`` (lower case), raw bytes as they arrived."""
    return next((value for key, value in scope.get("headers", ()) if key.lower() == name), None)


def client_ip(scope: dict[str, Any]) -> str:
    """The client's address as the server reports it (behind a proxy, uvicorn's
    --forwarded-allow-ips makes that the real client's)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"
