"""The Cliffside GraphQL schema (committed as schema.graphql; `make schema` rewrites it).

Every operation, over HTTP and WebSocket, is parsed, measured against the GraphQL limits (tokens, depth,
aliases, cost) and validated once per distinct document (api/graphql/documents.py). Every error is coded
and logged by api/graphql/request_errors.py: expected ones at INFO, bugs once at ERROR. With DEBUG off,
a bug's message is masked ("Unexpected error.", code INTERNAL_SERVER_ERROR); errors with a code pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import strawberry
from django.conf import settings
from graphql import GraphQLError
from strawberry.schema.config import StrawberryConfig
from strawberry.schema.schema import DEFAULT_ALLOWED_OPERATION_TYPES
from strawberry.types import ExecutionContext, ExecutionResult
from strawberry.types.graphql import OperationType

from api.graphql import calls, request_errors
from api.graphql.documents import CheckedDocuments
from api.graphql.games import view_types
from api.graphql.matches import MOVE_INPUT_VALUE, MoveInputValue
from api.graphql.mutations import Mutation
from api.graphql.queries import Query
from api.graphql.request_errors import INTERNAL_SERVER_ERROR, is_unexpected
from api.graphql.subscriptions import SharedUpdateExecutor, Subscription

__all__ = ["build_schema", "is_unexpected", "schema"]

UNEXPECTED_ERROR = "Unexpected error."  # all a client is told of a bug (with DEBUG off)


class CliffsideSchema(strawberry.Schema):
    mask_bugs = True  # off with DEBUG: a developer sees the bug's own message

    async def execute(
        self,
        query: str | None,
        variable_values: dict[str, Any] | None = None,
        context_value: Any | None = None,
        root_value: Any | None = None,
        operation_name: str | None = None,
        allowed_operation_types: Iterable[OperationType] | None = None,
        operation_extensions: dict[str, Any] | None = None,
    ) -> ExecutionResult:
        # `execute` gives one result: a subscription run through it (GraphQL over HTTP) would only fail
        # inside graphql-core. Refused up front instead (InvalidOperationTypeError; over HTTP a 400
        # WEBSOCKET_REQUIRED). The WebSocket runs every operation through `stream`.
        allowed = set(allowed_operation_types or DEFAULT_ALLOWED_OPERATION_TYPES)
        allowed.discard(OperationType.SUBSCRIPTION)
        call = calls.prepared(self, query, variable_values, operation_name, allowed, operation_extensions)
        if call is not None:
            return await call.result(context_value, root_value)
        return await super().execute(
            query, variable_values, context_value, root_value, operation_name, allowed, operation_extensions
        )

    async def stream(self, query: str | None, **options: Any) -> Any:
        allowed = options.get("allowed_operation_types") or DEFAULT_ALLOWED_OPERATION_TYPES
        variables, name = options.get("variable_values"), options.get("operation_name")
        call = calls.prepared(self, query, variables, name, allowed, options.get("operation_extensions"))
        if call is not None:  # a move over the socket: one result, as strawberry streams a mutation's
            return call.results(options.get("context_value"), options.get("root_value"))
        return await super().stream(query, **options)

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        # strawberry logs every error here at ERROR with its traceback; ours codes and grades them.
        request_errors.report(errors, execution_context)

    async def _handle_execution_result(self, *args: Any, **kwargs: Any) -> ExecutionResult:
        # Every result, of any operation over either transport, passes here once its errors are
        # reported: bugs are masked here rather than by strawberry's MaskErrors extension, whose
        # per-result hook cost about 5% of a worker's time under live load (a context manager built for
        # each subscription message, errors or not).
        result = await super()._handle_execution_result(*args, **kwargs)
        if self.mask_bugs and getattr(result, "errors", None):
            result.errors = [masked(error) for error in result.errors]
        return result


def masked(error: GraphQLError) -> GraphQLError:
    """A bug's error as the client sees it: that it is the server's fault, no message or traceback."""
    if not is_unexpected(error):
        return error
    return GraphQLError(
        UNEXPECTED_ERROR,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": INTERNAL_SERVER_ERROR},
    )


def build_schema(*, debug: bool = False) -> strawberry.Schema:
    built = CliffsideSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        types=view_types(),
        extensions=[CheckedDocuments],
        # One execution of a matchUpdates event for every subscriber that gets the same answer.
        execution_context_class=SharedUpdateExecutor,
        config=StrawberryConfig(scalar_map={MoveInputValue: MOVE_INPUT_VALUE}),
    )
    built.mask_bugs = not debug
    return built


schema = build_schema(debug=settings.DEBUG)
