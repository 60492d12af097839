"""The whole typed view of a game as a GraphQL selection, read from the live schema: the replay figure
asks for every field a frontend could draw, for any game the registry holds."""

from __future__ import annotations

from graphql import (
    GraphQLInterfaceType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLUnionType,
    get_named_type,
    is_leaf_type,
)

from api.graphql.games import binding_for
from api.graphql.schema import schema

MAX_NESTING = 6  # view types mirror plain dataclasses: no cycles, and a few levels deep at most


def _fields(kind: GraphQLObjectType | GraphQLInterfaceType, depth: int) -> str:
    chosen = []
    for name, field in kind.fields.items():
        if any(isinstance(arg.type, GraphQLNonNull) for arg in field.args.values()):
            continue  # needs an argument we could not choose
        named = get_named_type(field.type)
        if is_leaf_type(named):
            chosen.append(name)
        elif isinstance(named, GraphQLObjectType) and depth < MAX_NESTING:
            chosen.append(f"{name} {_fields(named, depth + 1)}")
        elif isinstance(named, GraphQLInterfaceType | GraphQLUnionType):
            chosen.append(f"{name} {{ __typename }}")
    return "{ " + " ".join(chosen) + " }"


def view_selection(game: str) -> str:
    """``{ ... on <Game>View { every field } }``, or ``{ __typename }`` for a game without a view type."""
    binding = binding_for(game)
    if binding is None:
        return "{ __typename }"
    name = binding.view_type.__strawberry_definition__.name
    kind = schema._schema.get_type(name)
    assert isinstance(kind, GraphQLObjectType), name
    return f"{{ ... on {name} {_fields(kind, 1)} }}"
