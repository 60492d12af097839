"""A planned mutation's variables and arguments, coerced and converted by what one document fixes.

graphql-core works out each variable's signature from the document, and walks every value to guard
against nesting too deep, on every call; strawberry then converts the field's arguments by looking up
each one's name and type. For the same submitMove document each move, that was a tenth of a worker's
time with moves over the socket (docs/performance-log.md). What depends only on the document and the
schema is worked out here once; a call does only what depends on its values.

Nothing is decided otherwise than the usual way: values are coerced by graphql-core's
``coerce_input_value`` and converted by strawberry's ``convert_argument``. Where a value would need
graphql-core's reporting (it fails to coerce, or a variable is missing and has a default), ``coerced``
answers None and the call goes the usual way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLError,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLSchema,
    OperationDefinitionNode,
    Undefined,
)
from graphql.execution.get_variable_signature import GraphQLVariableSignature, get_variable_signature
from graphql.execution.values import VariableValues, VariableValueSource, input_is_nested_too_deeply
from graphql.language.parser import MAX_NESTING_DEPTH
from graphql.utilities.coerce_input_value import coerce_input_value
from strawberry.relay.types import GlobalID
from strawberry.types.arguments import _is_leaf_type, _is_optional_leaf_type, convert_argument
from strawberry.types.base import StrawberryMaybe
from strawberry.types.field import StrawberryField


@dataclass(frozen=True)
class _Variable:
    signature: GraphQLVariableSignature
    required: bool
    defaulted: bool
    shallow: bool  # its type cannot nest deeper than graphql-core's guard allows: no walk needed


class Variables:
    """An operation's variables: their signatures and types, worked out once."""

    def __init__(self, schema: GraphQLSchema, operation: OperationDefinitionNode) -> None:
        self.each: list[_Variable] = []
        for node in operation.variable_definitions or ():
            signature = get_variable_signature(schema, node)
            if isinstance(signature, GraphQLError):
                raise ValueError(signature.message)  # validation refuses such a document first
            kind = signature.type
            self.each.append(
                _Variable(
                    signature,
                    required=isinstance(kind, GraphQLNonNull),
                    defaulted=signature.default is not None,
                    shallow=_depth(kind, set()) <= MAX_NESTING_DEPTH,
                )
            )

    def coerced(self, inputs: Mapping[str, Any]) -> VariableValues | None:
        """The values as graphql-core's ``get_variable_values`` gives them; None where it would report
        an error or apply a default."""
        sources: dict[str, VariableValueSource] = {}
        coerced: dict[str, Any] = {}
        for variable in self.each:
            name, kind = variable.signature.name, variable.signature.type
            value = inputs.get(name, Undefined)
            if value is Undefined:
                if variable.defaulted or variable.required:
                    return None
                sources[name] = VariableValueSource(variable.signature)
                continue
            sources[name] = VariableValueSource(variable.signature, value)
            if not variable.shallow and input_is_nested_too_deeply(value, kind):
                return None
            try:
                value = coerce_input_value(value, kind)
            except (GraphQLError, RecursionError):  # as graphql-core's own coercion catches them
                return None
            if value is Undefined:
                return None
            coerced[name] = value
        return VariableValues(sources, coerced)


def _depth(kind: GraphQLInputType, seen: set[str]) -> float:
    """How deep graphql-core's guard counts a value of ``kind`` can nest (inf: a recursive input)."""
    if isinstance(kind, GraphQLNonNull):
        return _depth(kind.of_type, seen)
    if isinstance(kind, GraphQLList):
        return 1 + _depth(kind.of_type, seen)
    if isinstance(kind, GraphQLInputObjectType):
        if kind.name in seen:
            return float("inf")
        inner = seen | {kind.name}
        return 1 + max((_depth(field.type, inner) for field in kind.fields.values()), default=0)
    return 0


@dataclass(frozen=True)
class _Argument:
    graphql_name: str
    python_name: str
    type: Any  # strawberry's
    as_is: bool  # a scalar or an enum, maybe optional: strawberry passes the value through


class Resolver:
    """A strawberry field's resolver called as strawberry's own wrapper calls it, for a field with no
    field extension and no exception handler: its arguments converted and its reserved parameters
    (self, root or parent, info) filled in, by what the field fixes."""

    def __init__(self, schema: Any, field: StrawberryField) -> None:
        converter = schema.schema_converter
        if field.extensions or field.base_resolver is None or converter._exception_handler_specs:
            raise ValueError("strawberry's wrapper does more for this field")
        self.field = field
        self.config = schema.config
        self.scalars = converter.scalar_registry
        resolver = field.base_resolver
        self.pass_self = resolver.self_parameter is not None
        self.source_names = [p.name for p in (resolver.parent_parameter, resolver.root_parameter) if p]
        self.info_name = resolver.info_parameter.name if resolver.info_parameter else None
        self.arguments = [self._argument(argument) for argument in field.arguments]

    def _argument(self, argument: Any) -> _Argument:
        kind = argument.type
        as_is = not isinstance(kind, StrawberryMaybe) and (
            _is_leaf_type(kind, self.scalars, skip_classes=(GlobalID,))
            or _is_optional_leaf_type(kind, self.scalars, skip_classes=(GlobalID,))
        )
        return _Argument(
            self.config.name_converter.from_argument(argument), argument.python_name, kind, as_is
        )

    def __call__(self, source: Any, info: Any, values: Mapping[str, Any]) -> Any:
        """The resolver's outcome for graphql-core's argument ``values`` (awaitable for an async one)."""
        strawberry_info = self.config.info_class(_raw_info=info, _field=self.field)
        kwargs: dict[str, Any] = {}
        for argument in self.arguments:
            name = argument.graphql_name
            if name not in values:
                continue
            value = values[name]
            if not argument.as_is:
                value = convert_argument(
                    value, argument.type, self.scalars, self.config, strawberry_info, path=(name,)
                )
            kwargs[argument.python_name] = value
        for name in self.source_names:
            kwargs[name] = source
        if self.info_name is not None:
            kwargs[self.info_name] = strawberry_info
        return self.field.get_result(source, strawberry_info, [source] if self.pass_self else [], kwargs)
