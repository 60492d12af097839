"""What a client is told, and what the log says, about each GraphQL error.

Every error passes through `report` (from the schema's `process_errors`) before the client sees it and
before MaskErrors hides a bug's message:

- A request error (the client's doing) that graphql-core or strawberry raised without an
  `extensions.code` is given one here: a syntax error, an unknown operation, variables of the wrong type,
  a query that is not a string. Validation and limit errors get theirs where they are made
  (api/graphql/documents.py), errors the API raises on purpose carry their own.
- A lost database that reached here without a code (api/common/database.py types the ones it sees)
  is SERVICE_UNAVAILABLE, or COMMIT_OUTCOME_UNKNOWN when it was lost during a commit: an outage is not
  a bug, and the client must know whether to retry or to ask again with its idempotency key.
- An error with a code is expected: logged at INFO, one line, no traceback.
- Anything else is a bug: logged once, at ERROR, with its traceback (rendered without frame locals, see
  LOGGING in config/settings.py); MaskErrors then hides its message from the client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import structlog
from graphql import GraphQLError, GraphQLSyntaxError
from strawberry.exceptions import MissingQueryError
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError

from api.common import database
from api.graphql.limits import QUERY_TOO_DEEP, QUERY_TOO_LARGE

if TYPE_CHECKING:
    from strawberry.types import ExecutionContext

log = structlog.get_logger(__name__)

BAD_REQUEST = "BAD_REQUEST"
BAD_USER_INPUT = "BAD_USER_INPUT"
GRAPHQL_PARSE_FAILED = "GRAPHQL_PARSE_FAILED"
GRAPHQL_VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED"
INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR"
INTROSPECTION_DISABLED = "INTROSPECTION_DISABLED"
OPERATION_NAME_REQUIRED = "OPERATION_NAME_REQUIRED"
OPERATION_NOT_ALLOWED = "OPERATION_NOT_ALLOWED"
OPERATION_NOT_FOUND = "OPERATION_NOT_FOUND"

# strawberry's own refusals of a request, as the cause of a GraphQL error (over the WebSocket).
_REFUSALS: dict[type[Exception], str] = {
    CannotGetOperationTypeError: OPERATION_NOT_FOUND,
    InvalidOperationTypeError: OPERATION_NOT_ALLOWED,
    MissingQueryError: BAD_REQUEST,
}


def code_of(error: GraphQLError) -> str | None:
    return (error.extensions or {}).get("code")


def with_code(error: GraphQLError, code: str) -> GraphQLError:
    """`error` with `extensions.code`, unless it has one already."""
    if code_of(error) is None:
        error.extensions = {**(error.extensions or {}), "code": code}
    return error


def syntax_code(error: GraphQLSyntaxError) -> str:
    # graphql-core's parser says why it stopped only in words.
    if "nested too deeply" in error.message:
        return QUERY_TOO_DEEP
    if "Parsing aborted" in error.message:
        return QUERY_TOO_LARGE
    return GRAPHQL_PARSE_FAILED


def request_code(error: GraphQLError, execution_context: ExecutionContext | None) -> str | None:
    """The code of a request error raised without one, or None when `error` is not one."""
    original = error.original_error
    if isinstance(error, GraphQLSyntaxError):
        return syntax_code(error)
    if original is not None and type(original) in _REFUSALS:
        return _REFUSALS[type(original)]
    if execution_context is not None and not isinstance(execution_context.query, str | None):
        return BAD_REQUEST  # e.g. a WebSocket `subscribe` whose query is a number
    if error.path is None and (original is None or isinstance(original, GraphQLError)):
        return BAD_USER_INPUT  # before any field ran: variables, or which operation to run
    return None


def is_unexpected(error: GraphQLError) -> bool:
    """A bug: no code, and caused by an exception that is not a GraphQLError."""
    original = error.original_error
    return code_of(error) is None and original is not None and not isinstance(original, GraphQLError)


def as_outage(error: GraphQLError) -> None:
    """A lost database's error, told as such: its code, retryAfter, and our words, not the driver's."""
    lost = None if error.original_error is None else database.failure(error.original_error)
    if lost is not None:
        error.message = lost.message
        error.extensions = {**(error.extensions or {}), "code": lost.code, "retryAfter": lost.retry_after}


def report(errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
    for error in errors:
        if code_of(error) is None:
            as_outage(error)
        if code_of(error) is None and (code := request_code(error, execution_context)) is not None:
            with_code(error, code)
        fields = describe(error, execution_context)
        if code_of(error) is not None:
            log.info("graphql_request_refused", **fields)
        elif is_unexpected(error):
            log.error("graphql_unexpected_error", exc_info=error.original_error, **fields)
        else:
            log.error("graphql_error_without_code", **fields)


def describe(error: GraphQLError, execution_context: ExecutionContext | None) -> dict[str, Any]:
    fields: dict[str, Any] = {"code": code_of(error), "message": error.message}
    if error.path:
        fields["path"] = ".".join(str(key) for key in error.path)
    if execution_context is not None and execution_context.graphql_document is not None:
        fields["operation"] = execution_context.operation_name
    return fields
