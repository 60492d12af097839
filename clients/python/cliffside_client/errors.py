"""What can go wrong, as exceptions with the server's stable ``code``.

Every refusal the server sends carries a code: in a payload (``error { code message retryAfter }``), in a
GraphQL error's ``extensions``, in the JSON body of an HTTP refusal (401, 413, 429, 503 ...) or in the
reason of a WebSocket close (4401, 4429, 1008). Each becomes one exception here::

    CliffsideError            .code .message .retry_after .status
    ├── NetworkError          the request or the socket failed on the way (nothing was answered)
    ├── AuthError             the token: INVALID_TOKEN, TOKEN_EXPIRED, TOKEN_REVOKED, PLAYER_BANNED, ...
    ├── RateLimited           RATE_LIMITED, TOO_MANY_CONNECTIONS, TOO_MANY_OPERATIONS: wait .retry_after
    ├── Unavailable           SERVICE_UNAVAILABLE (nothing was done), COMMIT_OUTCOME_UNKNOWN (maybe done)
    ├── RequestError          the request itself is wrong (a malformed query, a body too large, ...)
    ├── Refused               the server's rules said no (NOT_SEATED, MATCH_FULL, UNKNOWN_GAME, ...)
    └── Completed             COMPLETED: the server ended an operation of a ``Connection``

A rejected move is not an exception: ``Client.submit`` returns it (``Rejected``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
COMMIT_OUTCOME_UNKNOWN = "COMMIT_OUTCOME_UNKNOWN"
RATE_LIMITED = "RATE_LIMITED"
NETWORK_ERROR = "NETWORK_ERROR"
BAD_RESPONSE = "BAD_RESPONSE"

AUTH_CODES = frozenset(
    {"INVALID_TOKEN", "TOKEN_EXPIRED", "TOKEN_REVOKED", "PLAYER_BANNED", "AUTH_REQUIRED", "FORBIDDEN"}
)
RATE_CODES = frozenset({RATE_LIMITED, "TOO_MANY_CONNECTIONS", "TOO_MANY_OPERATIONS"})
UNAVAILABLE_CODES = frozenset({SERVICE_UNAVAILABLE, COMMIT_OUTCOME_UNKNOWN, "INTERNAL_SERVER_ERROR"})
REQUEST_CODES = frozenset(
    {
        "BAD_REQUEST",
        "BAD_USER_INPUT",
        "DISALLOWED_HOST",
        "GRAPHQL_PARSE_FAILED",
        "GRAPHQL_VALIDATION_FAILED",
        "INTROSPECTION_DISABLED",
        "INVALID_JSON",
        "METHOD_NOT_ALLOWED",
        "NOT_FOUND",
        "OPERATION_NAME_REQUIRED",
        "OPERATION_NOT_ALLOWED",
        "OPERATION_NOT_FOUND",
        "ORIGIN_NOT_ALLOWED",
        "QUERY_TOO_COMPLEX",
        "QUERY_TOO_DEEP",
        "QUERY_TOO_LARGE",
        "REQUEST_TIMEOUT",
        "REQUEST_TOO_LARGE",
        "TOO_MANY_ALIASES",
        "UNSUPPORTED_MEDIA_TYPE",
        "WEBSOCKET_REQUIRED",
    }
)


class CliffsideError(Exception):
    """A refusal or a failure, with the server's stable ``code`` (or one of ours: NETWORK_ERROR,
    BAD_RESPONSE), its ``message``, ``retry_after`` in seconds when the server said how long to wait,
    and the HTTP ``status`` when it came with one."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        retry_after: float | None = None,
        status: int | None = None,
        errors: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.retry_after = retry_after
        self.status = status
        self.errors = list(errors)  # the GraphQL errors as the server sent them, when there were any


class NetworkError(CliffsideError):
    """No answer: the connection failed, was cut or timed out. ``sent`` is False when the request
    surely never reached the server (it could not connect), so that even a change is safe to resend."""

    def __init__(self, message: str, *, sent: bool = True) -> None:
        super().__init__(NETWORK_ERROR, message)
        self.sent = sent


class AuthError(CliffsideError):
    """The token was refused (unknown, rotated, revoked or expired), or the action needs one."""


class RateLimited(CliffsideError):
    """Too many requests: wait ``retry_after`` seconds. The client waits and retries on its own; this
    is raised only when its retries run out or the wait is longer than it was told to accept."""


class Unavailable(CliffsideError):
    """The server could not do it now. SERVICE_UNAVAILABLE: nothing was done, send it again.
    COMMIT_OUTCOME_UNKNOWN: it may have been done; only a move (with its idempotency key) is resent."""


class RequestError(CliffsideError):
    """The request is one the server cannot take (a bug in the caller or in this client)."""


class Refused(CliffsideError):
    """The server's rules refused the action (``code`` says which rule); nothing changed."""


class Completed(CliffsideError):
    """The server completed an operation of a ``Connection`` (``matchUpdates`` after a match's last
    update, for one): nothing more comes on it. Not a refusal; raised so that a reader stops."""


def error_for(
    code: str | None,
    message: str,
    *,
    retry_after: float | None = None,
    status: int | None = None,
    errors: Sequence[Mapping[str, Any]] = (),
) -> CliffsideError:
    """The exception for a refusal: by its code first, then by its HTTP status."""
    kind: type[CliffsideError]
    if code in AUTH_CODES:
        kind = AuthError
    elif code in RATE_CODES:
        kind = RateLimited
    elif code in UNAVAILABLE_CODES:
        kind = Unavailable
    elif code in REQUEST_CODES:
        kind = RequestError
    elif code is not None and status in (None, 200):
        kind = Refused
    elif status in (401, 403):
        kind = AuthError
    elif status == 429:
        kind = RateLimited
    elif status is not None and status >= 500:
        kind = Unavailable
    elif status is not None and status >= 400:
        kind = RequestError
    else:
        kind = Refused if code is not None else CliffsideError
    if code is None:
        code = f"HTTP_{status}" if status is not None else BAD_RESPONSE
    return kind(code, message, retry_after=retry_after, status=status, errors=errors)


def from_graphql_errors(
    errors: Sequence[Mapping[str, Any]], *, status: int | None = None, retry_after: float | None = None
) -> CliffsideError:
    """The exception for a GraphQL ``errors`` list: its first error's code and message."""
    first: Mapping[str, Any] = errors[0] if errors and isinstance(errors[0], Mapping) else {}
    extensions = first.get("extensions") or {}
    code = extensions.get("code") if isinstance(extensions, Mapping) else None
    wait = extensions.get("retryAfter") if isinstance(extensions, Mapping) else None
    if isinstance(wait, int | float):
        retry_after = float(wait)
    message = str(first.get("message") or "GraphQL error")
    return error_for(
        code if isinstance(code, str) else None,
        message,
        retry_after=retry_after,
        status=status,
        errors=errors,
    )


def from_http(status: int, body: bytes, retry_after_header: str | None) -> CliffsideError:
    """The exception for an HTTP refusal: its coded JSON body when it has one, else its status."""
    retry_after = parse_retry_after(retry_after_header)
    parsed = _json_object(body)
    if parsed is not None and isinstance(parsed.get("errors"), list) and parsed["errors"]:
        return from_graphql_errors(parsed["errors"], status=status, retry_after=retry_after)
    text = body.decode("utf-8", "replace").strip()[:300] or f"HTTP {status}"
    return error_for(None, text, retry_after=retry_after, status=status)


def from_close(code: int | None, reason: str) -> CliffsideError:
    """The exception for a WebSocket the server closed (``code`` None: cut without a close frame).

    The server's closes carry a JSON reason ``{"code": ..., "retryAfter": ...}`` (4429), the code alone
    (4401 ``INVALID_TOKEN``, 1008 ``PLAYER_BANNED``) or words (4400). Closes that say nothing of the client are network trouble: the caller reconnects.
    """
    parsed = _json_object(reason.encode())
    named = parsed.get("code") if parsed is not None else None
    wait = parsed.get("retryAfter") if parsed is not None else None
    retry_after = float(wait) if isinstance(wait, int | float) else None
    message = reason or f"the WebSocket closed ({code})"
    if code in (4401, 4403, 1008):  # a bad, expired or revoked token (4401), a ban (1008): never retried
        word = reason.strip()
        said = named if isinstance(named, str) else (word if word.replace("_", "").isupper() else None)
        return AuthError(said or "UNAUTHORIZED", message)
    if code == 4429:
        return RateLimited(
            named if isinstance(named, str) else RATE_LIMITED, message, retry_after=retry_after
        )
    if code in (4400, 4409, 1002, 1003, 1007, 1009):
        return RequestError(named if isinstance(named, str) else "BAD_REQUEST", message)
    if code in (4500, 1011, 1013):
        return Unavailable(
            named if isinstance(named, str) else SERVICE_UNAVAILABLE, message, retry_after=retry_after
        )
    return NetworkError(message if code is not None else "the WebSocket was cut")


def parse_retry_after(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: the body's retryAfter says it in seconds anyway


def _json_object(raw: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
