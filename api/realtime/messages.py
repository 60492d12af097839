"""What a graphql-transport-ws message from a client must look like, checked before anything acts on it.

strawberry's handler indexes messages as if they were well formed: `[]`, `5`, `null` or an `id` that is
an object raised out of its receive loop, which stopped every subscription of the connection and left
the socket open, reading nothing (a zombie). Here each message is checked the way the reference server
(graphql-ws, `validateMessage`) checks it, with its wording, so the connection can be closed with 4400
and a reason the client can read.
"""

from __future__ import annotations

from typing import Any

# Messages a client may send; `next`, `error` and `connection_ack` only ever go from server to client.
FROM_CLIENT = ("connection_init", "ping", "pong", "subscribe", "complete")
_NO_ID = ("connection_init", "ping", "pong")
_SUBSCRIBE_OPTIONAL_OBJECTS = ("variables", "extensions")


def json_type(value: Any) -> str:
    """The JSON name of a value's type, as the reason shows it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def problem(message: Any) -> str | None:
    """Why ``message`` is not a message a client may send, or None when it is one."""
    if not isinstance(message, dict):
        return f"Message is expected to be an object, but got {json_type(message)}"
    kind = message.get("type")
    if not kind:
        return "Message is missing the 'type' property"
    if not isinstance(kind, str):
        return f"Message expects the 'type' property to be a string, but got {json_type(kind)}"
    if kind not in FROM_CLIENT:
        return f"Unexpected message of type {kind[:40]!r} received"
    if kind in _NO_ID:
        return _optional_object(message, "payload", f'"{kind}" message')
    return _operation_problem(kind, message)


def _operation_problem(kind: str, message: dict[str, Any]) -> str | None:
    operation_id = message.get("id")
    if not isinstance(operation_id, str):
        return (
            f"\"{kind}\" message expects the 'id' property to be a string, but got {json_type(operation_id)}"
        )
    if not operation_id:
        return f"\"{kind}\" message requires a non-empty 'id' property"
    if kind == "complete":
        return None
    payload = message.get("payload")
    if not isinstance(payload, dict):
        return (
            f"\"{kind}\" message expects the 'payload' property to be an object, but got {json_type(payload)}"
        )
    if not isinstance(payload.get("query"), str):
        return f"\"{kind}\" message payload expects the 'query' property to be a string"
    name = payload.get("operationName")
    if name is not None and not isinstance(name, str):
        return f"\"{kind}\" message payload expects the 'operationName' property to be a string or null"
    for field in _SUBSCRIBE_OPTIONAL_OBJECTS:
        reason = _optional_object(payload, field, f'"{kind}" message payload')
        if reason is not None:
            return reason
    return None


def _optional_object(container: dict[str, Any], field: str, what: str) -> str | None:
    value = container.get(field)
    if value is None or isinstance(value, dict):
        return None
    return f"{what} expects the '{field}' property to be an object or null, but got {json_type(value)}"
