"""The whole typed view of a game as a GraphQL selection, read from the published schema
(``schema.graphql``, which a test keeps equal to the live one): the replay figure asks for every field a
frontend could draw, for any game the schema holds.

A game's view type is found by the schema's naming (docs/architecture.md, "Adding a game"): its member
of ``MoveInput`` is the game's key in camelCase (``daredevil-rock``: ``daredevilRock:
DaredevilRockMove``), and its view is the ``GameView`` of the same prefix (``DaredevilRockView``).
"""

from __future__ import annotations

import functools

from graphql import (
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    build_schema,
    get_named_type,
    is_leaf_type,
)

from bench.options import ROOT

MAX_NESTING = 6  # view types mirror plain dataclasses: no cycles, and a few levels deep at most


@functools.cache
def published_schema() -> GraphQLSchema:
    return build_schema((ROOT / "schema.graphql").read_text())


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


def view_type(game: str) -> GraphQLObjectType | None:
    """The game's ``GameView`` type in the published schema; None for a game without one."""
    schema = published_schema()
    first, *rest = game.split("-")
    member = first + "".join(word.capitalize() for word in rest)
    move_input = schema.get_type("MoveInput")
    assert isinstance(move_input, GraphQLInputObjectType)
    field = move_input.fields.get(member)
    if field is None:
        return None
    name = get_named_type(field.type).name.removesuffix("Move") + "View"
    kind = schema.get_type(name)
    game_view = schema.get_type("GameView")
    if not isinstance(kind, GraphQLObjectType) or game_view not in kind.interfaces:
        return None
    return kind


def view_selection(game: str) -> str:
    """``{ ... on <Game>View { every field } }``, or ``{ __typename }`` for a game without a view type."""
    kind = view_type(game)
    if kind is None:
        return "{ __typename }"
    return f"{{ ... on {kind.name} {_fields(kind, 1)} }}"
