"""A matchUpdates selection, or a mutation's one field, planned once per document, so an update (or the
mutation's value) is completed in one pass over the fields it selects instead of by graphql-core's executor.

A subscriber's selection is the same for every update it is sent, and the fields under MatchUpdate
take no arguments: what graphql-core works out again for each update and field (which fields an
object selects, a resolve info per field, strawberry's wrapping of each resolver, awaitable checks)
can be worked out once. With moves over the socket that work was about a tenth of a worker's time
(docs/performance-log.md, "Where a move's time goes").

A plan covers fields (aliased, or the same key asked for twice), inline and named fragments,
``__typename``, objects, lists, interfaces and unions. A document with anything else (a directive, an
argument below the root, a field extension, resolver middleware) is executed by graphql-core. A
mutation is planned when it selects one root field (api/graphql/calls.py runs it).

A plan decides nothing that graphql-core would report: where graphql-core would record an error or
wait (a resolver that raises or returns an awaitable, a null the schema forbids, a value its scalar
cannot serialize, an object of another type), the plan gives up on that update and graphql-core
executes it, errors and all. A planned result is graphql-core's result, or there is none.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import structlog
from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLString,
    GraphQLUnionType,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    Undefined,
    is_leaf_type,
)
from graphql.execution.collect_fields import does_fragment_condition_match
from strawberry.schema.schema_converter import GraphQLCoreConverter
from strawberry.types.cast import get_strawberry_type_cast

log = structlog.get_logger(__name__)

Complete = Callable[[Any], Any]  # a resolved value -> what the result holds for it
Plan = Callable[[Any], dict[str, Any]]  # a subscription event -> the result's data
Build = Callable[[GraphQLSchema, OperationDefinitionNode, Mapping[str, FragmentDefinitionNode]], Any]

DEFINITION = GraphQLCoreConverter.DEFINITION_BACKREF
KEPT = 256  # plans kept, one per document: subscribers with the same text share its parsed tree


class Unplannable(Exception):
    """A selection plans do not cover: graphql-core executes the document."""


class Unplanned(Exception):
    """An update graphql-core must complete: it reports the error, or waits."""


class Plans:
    """Each document's plan (None: executed by graphql-core), made by ``build`` and kept by the identity
    of its parsed tree, which is held with it so its id is not reused while the plan is kept, and of
    the schema it was planned against (a test process builds more than one)."""

    def __init__(self, build: Build) -> None:
        self.build = build
        self.kept: dict[int, tuple[OperationDefinitionNode, GraphQLSchema, Any]] = {}

    def of(
        self,
        schema: GraphQLSchema,
        operation: OperationDefinitionNode,
        fragments: Mapping[str, FragmentDefinitionNode],
    ) -> Any:
        held = self.kept.get(id(operation))
        if held is not None and held[0] is operation and held[1] is schema:
            return held[2]
        try:
            plan = self.build(schema, operation, fragments)
        except Unplannable:
            plan = None
        except Exception:  # a bug here must not cost an operation: graphql-core executes the document
            log.exception("plan_failed")
            plan = None
        if len(self.kept) >= KEPT:
            del self.kept[next(iter(self.kept))]
        self.kept[id(operation)] = (operation, schema, plan)
        return plan


def run(plan: Plan, event: Any) -> dict[str, Any] | None:
    """``event``'s result data by ``plan``; None where graphql-core must execute it instead."""
    try:
        return plan(event)
    except Exception:  # graphql-core runs it again and reports whatever this was
        return None


def subscription(
    schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Mapping[str, FragmentDefinitionNode]
) -> Plan:
    """The plan of a subscription's events."""
    node, field = _root_field(schema.subscription_type, operation)
    if field.subscribe is None:
        raise Unplannable
    # A subscription field resolves each event to itself (strawberry's resolver): its arguments served
    # the subscribe call, and the event is completed as the field's type.
    key = (node.alias or node.name).value
    complete = _Planner(schema, fragments).completer(field.type, [node])

    def plan(event: Any) -> dict[str, Any]:
        return {key: complete(event)}

    return plan


@dataclass(frozen=True)
class Call:
    """A mutation's one root field, and how its resolved value is completed."""

    parent: GraphQLObjectType
    field: GraphQLField
    node: FieldNode
    key: str
    complete: Complete


def mutation(
    schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Mapping[str, FragmentDefinitionNode]
) -> Call:
    """The plan of a mutation of one field."""
    node, field = _root_field(schema.mutation_type, operation)
    if field.resolve is None or DEFINITION not in field.extensions:
        raise Unplannable  # not strawberry's (api/graphql/arguments.py decides whether its resolver is)
    complete = _Planner(schema, fragments).completer(field.type, [node])
    return Call(schema.mutation_type, field, node, (node.alias or node.name).value, complete)  # type: ignore[arg-type]


def _root_field(
    root: GraphQLObjectType | None, operation: OperationDefinitionNode
) -> tuple[FieldNode, GraphQLField]:
    """The operation's one root field (a field of ``root``, the schema's type for its kind)."""
    (node, *more) = operation.selection_set.selections
    if root is None or more or not isinstance(node, FieldNode) or node.directives or operation.directives:
        raise Unplannable
    field = root.fields.get(node.name.value)
    if field is None:
        raise Unplannable
    return node, field


@dataclass(frozen=True)
class _Planner:
    """What one document's fields are completed with, worked out against the schema."""

    schema: GraphQLSchema
    fragments: Mapping[str, FragmentDefinitionNode]

    def completer(self, kind: GraphQLOutputType, nodes: list[FieldNode]) -> Complete:
        """How a resolved value of ``kind`` is completed for the field ``nodes`` (graphql-core's
        complete_value, without its errors)."""
        if isinstance(kind, GraphQLNonNull):
            inner = self.completer(kind.of_type, nodes)

            def required(value: Any) -> Any:
                completed = inner(value)
                if completed is None:
                    raise Unplanned
                return completed

            return required
        complete = self._present(kind, nodes)

        def nullable(value: Any) -> Any:
            return None if value is None else complete(value)

        return nullable

    def _present(self, kind: GraphQLOutputType, nodes: list[FieldNode]) -> Complete:
        """How a value of ``kind`` that is not None is completed."""
        if isinstance(kind, GraphQLList):
            item = self.completer(kind.of_type, nodes)

            def listed(value: Any) -> list[Any]:
                if not isinstance(value, list | tuple):
                    raise Unplanned
                return [item(_settled(each)) for each in value]

            return listed
        if is_leaf_type(kind):
            serialize = kind.serialize  # type: ignore[union-attr]

            def leaf(value: Any) -> Any:
                serialized = serialize(value)
                if serialized is None or serialized is Undefined:
                    raise Unplanned
                return serialized

            return leaf
        if isinstance(kind, GraphQLObjectType):
            return self._object(kind, nodes)
        return self._abstract(kind, nodes)  # type: ignore[arg-type]

    def _object(self, kind: GraphQLObjectType, nodes: list[FieldNode]) -> Complete:
        fields = []
        for key, grouped in self._collect(kind, (node.selection_set for node in nodes), set()).items():
            resolve, field_type = _field(kind, grouped[0])
            fields.append((key, resolve, self.completer(field_type, grouped)))
        is_type_of = kind.is_type_of

        def completed(value: Any) -> dict[str, Any]:
            # strawberry's is_type_of reads no resolve info; one that did would raise, and graphql-core
            # would complete this update instead.
            if is_type_of is not None and not is_type_of(value, None):  # type: ignore[arg-type]
                raise Unplanned
            return {key: complete(_settled(resolve(value))) for key, resolve, complete in fields}

        return completed

    def _abstract(self, kind: GraphQLInterfaceType | GraphQLUnionType, nodes: list[FieldNode]) -> Complete:
        definition = kind.extensions.get(DEFINITION)
        if definition is None or getattr(definition, "resolve_type", None) is not None:
            raise Unplannable  # a type resolver of its own: graphql-core asks it
        # The type strawberry resolves a value to: the object type its class defines (an interface's
        # or a union's resolver, for a value that is not a cast).
        by_class = {
            possible.extensions[DEFINITION].origin: self._object(possible, nodes)
            for possible in self.schema.get_possible_types(kind)
            if not possible.extensions[DEFINITION].is_graphql_generic
        }

        def completed(value: Any) -> Any:
            complete = by_class.get(type(value))
            if complete is None or get_strawberry_type_cast(value) is not None:
                raise Unplanned
            return complete(value)

        return completed

    def _collect(
        self, kind: GraphQLObjectType, selection_sets: Iterable[SelectionSetNode | None], visited: set[str]
    ) -> dict[str, list[FieldNode]]:
        """The field nodes ``kind`` selects, by response key, in graphql-core's order (its
        collect_fields); ``visited``: the named fragments spread already, each counted once."""
        fields: dict[str, list[FieldNode]] = {}
        for selection_set in selection_sets:
            for selection in selection_set.selections if selection_set else ():
                if selection.directives:
                    raise Unplannable  # @skip, @include, @defer...: graphql-core weighs them
                if isinstance(selection, FieldNode):
                    fields.setdefault((selection.alias or selection.name).value, []).append(selection)
                    continue
                if isinstance(selection, InlineFragmentNode):
                    fragment: InlineFragmentNode | FragmentDefinitionNode | None = selection
                elif selection.name.value in visited:
                    continue
                elif getattr(selection, "arguments", None):
                    raise Unplannable  # a fragment's arguments (experimental in graphql-core)
                else:
                    visited.add(selection.name.value)
                    fragment = self.fragments.get(selection.name.value)
                    if fragment is None or fragment.directives or fragment.variable_definitions:
                        raise Unplannable
                if does_fragment_condition_match(self.schema, fragment, kind):
                    for key, more in self._collect(kind, [fragment.selection_set], visited).items():
                        fields.setdefault(key, []).extend(more)
        return fields


def _field(kind: GraphQLObjectType, node: FieldNode) -> tuple[Callable[[Any], Any], GraphQLOutputType]:
    """The field's value on its parent, as strawberry's resolver would give it, and its type."""
    name = node.name.value
    if name == "__typename":
        type_name = kind.name
        return (lambda _parent: type_name), GraphQLNonNull(GraphQLString)
    field = kind.fields.get(name)
    strawberry_field = field.extensions.get(DEFINITION) if field else None
    if (
        field is None
        or strawberry_field is None
        or node.arguments
        or field.args
        or strawberry_field.extensions
    ):
        raise Unplannable
    resolver = strawberry_field.base_resolver
    if resolver is None:  # an attribute
        default, python_name = strawberry_field.default_resolver, strawberry_field.python_name
        return (lambda parent: default(parent, python_name)), field.type
    wants = [parameter for parameter in resolver.reserved_parameters.values() if parameter is not None]
    if resolver.is_async or resolver.arguments or wants != [resolver.self_parameter]:
        raise Unplannable  # it takes arguments, the info, the root or the parent, or always waits
    return resolver.wrapped_func, field.type  # called with the parent as its self, as strawberry does


_PLAIN = frozenset({int, str, float, bool, type(None), list, tuple, dict})  # never awaitable, never errors


def _settled(value: Any) -> Any:
    """A resolved value graphql-core would complete at once, as it is."""
    if type(value) in _PLAIN:
        return value
    if inspect.isawaitable(value):
        if inspect.iscoroutine(value):
            value.close()  # never started: nothing to undo
        raise Unplanned
    if isinstance(value, Exception):
        raise Unplanned
    return value
