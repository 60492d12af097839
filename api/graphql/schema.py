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
from strawberry.extensions import MaskErrors
from strawberry.schema.config import StrawberryConfig
from strawberry.schema.schema import DEFAULT_ALLOWED_OPERATION_TYPES
from strawberry.types import ExecutionContext, ExecutionResult
from strawberry.types.graphql import OperationType

from api.graphql import request_errors
from api.graphql.documents import CheckedDocuments
from api.graphql.games import view_types
from api.graphql.matches import MOVE_INPUT_VALUE, MoveInputValue
from api.graphql.mutations import Mutation
from api.graphql.queries import Query
from api.graphql.request_errors import INTERNAL_SERVER_ERROR, is_unexpected
from api.graphql.subscriptions import SharedUpdateExecutor, Subscription

__all__ = ["build_schema", "is_unexpected", "schema"]


class CliffsideSchema(strawberry.Schema):
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
        return await super().execute(
            query, variable_values, context_value, root_value, operation_name, allowed, operation_extensions
        )

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        # strawberry logs every error here at ERROR with its traceback; ours codes and grades them.
        request_errors.report(errors, execution_context)


class MaskBugs(MaskErrors):
    """Hide a bug's message (and traceback) from the client; say only that it is the server's fault."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=is_unexpected)

    def _process_result(self, result: Any) -> None:
        # strawberry checks `result` against a runtime Protocol first: on Python 3.11 that isinstance
        # took 4-8% of a worker's time under live load (once per subscription message). Same effect.
        if getattr(result, "errors", None):
            result.errors = self._process_errors(result.errors)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        masked = super().anonymise_error(error)
        masked.extensions = {"code": INTERNAL_SERVER_ERROR}
        return masked


def extensions(debug: bool) -> list[Any]:
    chosen: list[Any] = [CheckedDocuments]
    if not debug:
        chosen.append(MaskBugs)
    return chosen


def build_schema(*, debug: bool = False) -> strawberry.Schema:
    return CliffsideSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        types=view_types(),
        extensions=extensions(debug),
        # One execution of a matchUpdates event for every subscriber that gets the same answer.
        execution_context_class=SharedUpdateExecutor,
        config=StrawberryConfig(scalar_map={MoveInputValue: MOVE_INPUT_VALUE}),
    )


schema = build_schema(debug=settings.DEBUG)
