"""A mutation of one field run by its plan, not by strawberry's and graphql-core's executors.

Every move a client makes is the same submitMove document with other variables. strawberry's pipeline
and graphql-core's executor, built anew for each one (extension runners, an execution context, an
executor, the root field collected, its union completed), took about a quarter of a worker's time
under moves over the socket, ten times the resolver's own (docs/performance-log.md, "Where a move's time
goes"). Here that work is done once per document (api/graphql/plans.py, api/graphql/arguments.py) and
each call does only what depends on it: its variables, its arguments, the resolver and the completion
of its value.

Nothing is decided here that the usual way would decide otherwise:

- Only a document already checked (parsed, measured, validated: api/graphql/documents.py) and passed
  under the limits in force, of one operation, comes here; the first sending of a text goes the usual
  way, which checks it. The schema must have no extension beyond those checks.
- Variables and arguments are coerced by graphql-core's own functions, and converted by strawberry's;
  where they fail, the call goes the usual way, which reports it. Up to there nothing has run.
- The resolver is then called once, as strawberry's wrapper calls it. If it raises, or its value is
  one the plan does not complete (anything graphql-core would report), graphql-core completes that
  same value or error (a middleware hands it back instead of calling the resolver again), and
  strawberry reports and masks the errors as for any result.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    DocumentNode,
    FragmentDefinitionNode,
    GraphQLError,
    GraphQLResolveInfo,
    GraphQLResolveInfoHelpers,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
    execute,
)
from graphql import (
    ExecutionResult as CoreResult,
)
from graphql.execution.values import VariableValues, get_argument_values
from graphql.pyutils import Path
from strawberry.execution import optimized_is_awaitable
from strawberry.schema._graphql_core import execution_context_class_kwargs
from strawberry.schema.schema import _OperationContextAwareGraphQLResolveInfo
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType as Allowed  # strawberry's, not graphql-core's

from api.graphql import documents, plans
from api.graphql.arguments import Resolver, Variables


@dataclass(frozen=True)
class Planned:
    """What one mutation document fixes: its field's completion, its variables and its resolver."""

    call: plans.Call
    variables: Variables
    resolver: Resolver


def _planned(
    schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Mapping[str, FragmentDefinitionNode]
) -> Planned:
    call = plans.mutation(schema, operation, fragments)
    strawberry_schema = schema._strawberry_schema  # type: ignore[attr-defined]
    try:
        resolver = Resolver(strawberry_schema, call.field.extensions[plans.DEFINITION])
        variables = Variables(schema, operation)
    except ValueError as error:
        raise plans.Unplannable from error
    return Planned(call, variables, resolver)


CALLS = plans.Plans(_planned)  # the process's plans of one-field mutations


@dataclass
class Call:
    """One request for a planned mutation, its variables and arguments coerced; nothing has run."""

    schema: Any  # the strawberry schema
    query: str
    document: DocumentNode  # of one operation
    planned: Planned
    variables: VariableValues
    arguments: dict[str, Any]
    raw_variables: dict[str, Any] | None
    operation_name: str | None
    operation_extensions: dict[str, Any] | None

    @property
    def operation(self) -> OperationDefinitionNode:
        return self.document.definitions[0]  # type: ignore[return-value]

    async def result(self, context: Any, root_value: Any) -> ExecutionResult:
        """Call the resolver once and complete its value: by the plan, or else by graphql-core."""
        plan = self.planned.call
        info = self._info(context, root_value)
        try:
            value = self.planned.resolver(root_value, info, self.arguments)
            if optimized_is_awaitable(value):
                value = await value
        except Exception as error:
            return await self._completed_by_graphql_core(context, root_value, error)
        try:
            data = {plan.key: plan.complete(value)}
        except Exception:
            return await self._completed_by_graphql_core(context, root_value, value)
        return ExecutionResult(data=data, errors=None, extensions={})

    async def results(self, context: Any, root_value: Any) -> AsyncIterator[ExecutionResult]:
        """The result as strawberry's ``stream`` gives a mutation's: one, then the end."""
        yield await self.result(context, root_value)

    def _info(self, context: Any, root_value: Any) -> GraphQLResolveInfo:
        plan = self.planned.call
        return _OperationContextAwareGraphQLResolveInfo(  # type: ignore[return-value]
            plan.node.name.value,
            [plan.node],
            plan.field.type,
            plan.parent,
            Path(None, plan.key, plan.parent.name),
            self.schema._schema,
            {},  # a planned document has no fragment definitions
            root_value,
            self.operation,
            self.variables.coerced,
            context,
            optimized_is_awaitable,
            None,  # no abort signal, as strawberry passes none
            _NO_ASYNC_WORK,
            self.operation_extensions,
        )

    async def _completed_by_graphql_core(
        self, context: Any, root_value: Any, outcome: Any
    ) -> ExecutionResult:
        """graphql-core's result for the resolver's ``outcome`` (its value, or what it raised), and
        strawberry's reporting and masking of its errors."""

        def replay(resolve: Any, parent: Any, info: GraphQLResolveInfo, **arguments: Any) -> Any:
            if info.path.prev is not None:
                return resolve(parent, info, **arguments)
            if isinstance(outcome, Exception):
                raise outcome
            return outcome

        schema = self.schema
        execution_context = schema._create_execution_context(
            query=self.query,
            allowed_operation_types=(Allowed.MUTATION,),
            variable_values=self.raw_variables,
            context_value=context,
            root_value=root_value,
            operation_name=self.operation_name,
            operation_extensions=self.operation_extensions,
        )
        execution_context.graphql_document = self.document
        result = execute(
            schema._schema,
            execution_context.graphql_document,
            root_value=root_value,
            context_value=context,
            variable_values=self.raw_variables,
            operation_name=self.operation_name,
            middleware=[replay],
            is_awaitable=optimized_is_awaitable,
            **execution_context_class_kwargs(schema.execution_context_class),
            operation_extensions=self.operation_extensions,
        )
        if optimized_is_awaitable(result):
            result = await result
        assert isinstance(result, CoreResult)
        if result.errors:
            schema._process_errors(result.errors, execution_context)
        runner = schema.create_extensions_runner(execution_context, [])
        return await schema._handle_execution_result(  # type: ignore[no-any-return]
            execution_context, result, runner, skip_process_errors=True
        )


def _track(values: Any) -> None:
    # graphql-core would wait for tracked work before the result; here there is no executor to wait.
    # No resolver of ours tracks any: one that did is a bug, reported as such.
    raise RuntimeError("a planned mutation's resolver left work running")


_NO_ASYNC_WORK = GraphQLResolveInfoHelpers(gather=lambda values: asyncio.gather(*values), track=_track)


def prepared(
    schema: Any,
    query: Any,
    variables: dict[str, Any] | None,
    operation_name: str | None,
    allowed: Iterable[Allowed],
    operation_extensions: dict[str, Any] | None,
) -> Call | None:
    """The planned call ``query`` asks for, or None when it goes the usual way."""
    if not isinstance(query, str) or Allowed.MUTATION not in allowed or schema.directives:
        return None
    if list(schema.extensions) != [documents.CheckedDocuments]:
        return None
    document = documents.valid(query, schema._schema)
    if document is None or len(document.definitions) != 1:
        return None
    (operation,) = document.definitions
    if not isinstance(operation, OperationDefinitionNode) or operation.operation != OperationType.MUTATION:
        return None
    if operation_name is not None and (operation.name is None or operation.name.value != operation_name):
        return None
    planned = CALLS.of(schema._schema, operation, {})
    if planned is None:
        return None
    coerced = planned.variables.coerced(variables or {})
    if coerced is None:
        return None
    try:
        arguments = get_argument_values(planned.call.field, planned.call.node, coerced)
    except GraphQLError:
        return None
    return Call(
        schema, query, document, planned, coerced, arguments, variables, operation_name, operation_extensions
    )
