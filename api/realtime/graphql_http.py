"""GraphQL over HTTP: what the HTTP consumer answers to a request strawberry refuses or would fail on.

strawberry refuses a malformed request (invalid JSON, GET with a mutation, an unknown operationName...)
with a bare text/plain reason, and answers 500 to a JSON body that is not an object or to a header that
is not UTF-8. Here each refusal is a JSON error with a stable code, in the shape of a GraphQL response
(`{"errors": [{"message": ..., "extensions": {"code": ...}}]}`), and such headers are read as HTTP has
always allowed them to be: Latin-1.

Media types (GraphQL over HTTP): a client whose Accept ranks `application/graphql-response+json` first
(Apollo Client, graphql-http's client) gets every answer in it, with the spec's status codes: a request
that fails before execution (a document that does not parse or validate, variables that do not
coerce) is a 400 without `data`. Every other client gets `application/json` as before: 200 for any
request that reached GraphQL, errors in the body.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from cross_web import HTTPException
from strawberry.channels.handlers.http_handler import ChannelsResponse
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType

from api.graphql.errors import WEBSOCKET_REQUIRED
from api.graphql.request_errors import BAD_REQUEST, OPERATION_NOT_FOUND
from api.realtime.responses import GRAPHQL_RESPONSE, error_body

INVALID_JSON = "INVALID_JSON"
METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
NOT_FOUND = "NOT_FOUND"
UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE"

_BY_STATUS = {404: NOT_FOUND, 405: METHOD_NOT_ALLOWED, 415: UNSUPPORTED_MEDIA_TYPE}


class Refused(HTTPException):
    """A refusal of ours, with its code."""

    def __init__(self, status_code: int, code: str, reason: str) -> None:
        super().__init__(status_code, reason)
        self.code = code


def request_json(data: str | bytes) -> dict[str, Any]:
    """A request body (or a GET's `variables`/`extensions`): a JSON object, nothing else."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        raise Refused(400, INVALID_JSON, "The request body is not valid JSON.") from None
    if not isinstance(value, dict):
        raise Refused(
            400, BAD_REQUEST, 'Send a JSON object: {"query": ..., "variables": {...}, "operationName": ...}.'
        )
    return value


def refusal(error: HTTPException, media_type: str) -> ChannelsResponse:
    """The JSON answer to a refused request, as ``media_type``."""
    status, code, message = _classify(error)
    headers = {}
    if status == 405:  # a mutation over GET may only be POSTed; any other method, GET or POST
        headers[b"Allow"] = (
            b"POST" if isinstance(error.__cause__, InvalidOperationTypeError) else b"GET, POST"
        )
    return ChannelsResponse(
        content=error_body(code, message), status=status, content_type=media_type, headers=headers
    )


def is_request_error(result: ExecutionResult) -> bool:
    """Whether ``result`` failed before execution began: only errors, none on a field (a field error
    has a path). GraphQL over HTTP calls that a request error: no `data`, and a 4xx status."""
    return result.data is None and bool(result.errors) and all(error.path is None for error in result.errors)


def negotiated(response: ChannelsResponse, media_type: str, request_error: bool) -> ChannelsResponse:
    """A GraphQL answer (not the GraphiQL page) in ``media_type``; as graphql-response+json, a request
    error is a 400."""
    if getattr(response, "content_type", None) != "application/json" or media_type != GRAPHQL_RESPONSE:
        return response
    response.content_type = GRAPHQL_RESPONSE
    if request_error and response.status == 200:
        response.status = 400
    return response


def _classify(error: HTTPException) -> tuple[int, str, str]:
    cause = error.__cause__
    if isinstance(error, Refused):
        return error.status_code, error.code, error.reason
    if isinstance(cause, InvalidOperationTypeError):
        if cause.operation_type is OperationType.SUBSCRIPTION:
            return (
                400,
                WEBSOCKET_REQUIRED,
                "Subscribe over the WebSocket at /graphql/ (graphql-transport-ws).",
            )
        return 405, METHOD_NOT_ALLOWED, f"{error.reason}: send it with POST."
    if isinstance(cause, CannotGetOperationTypeError):
        return 400, OPERATION_NOT_FOUND, error.reason
    if isinstance(cause, json.JSONDecodeError):
        return 400, INVALID_JSON, "The request is not valid JSON."
    if error.reason == "Unsupported content type":
        return 415, UNSUPPORTED_MEDIA_TYPE, "Send the request as application/json, or a GET with ?query=."
    return error.status_code, _BY_STATUS.get(error.status_code, BAD_REQUEST), error.reason


def readable(scope: dict[str, Any]) -> dict[str, Any]:
    """`scope` with every header and the query string in UTF-8, as strawberry decodes them: bytes that
    are not UTF-8 are read as Latin-1 (what Django and the bearer middleware do) instead of failing."""
    headers = [(_utf8(name), _utf8(value)) for name, value in scope.get("headers", ())]
    return {**scope, "headers": headers, "query_string": _utf8(scope.get("query_string", b""))}


def _utf8(raw: bytes) -> bytes:
    try:
        raw.decode()
    except UnicodeDecodeError:
        return raw.decode("latin-1").encode()
    return raw
