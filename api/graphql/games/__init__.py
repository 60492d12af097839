"""Every game's part of the schema, and ``MoveInput``, the @oneOf input with one member per game.

Both are derived from ``games.registry.REGISTRY``: a game with a ``view_type`` on its spec is in the
schema once ``make schema`` has run, with no code here (see ``base.bind``).
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import strawberry

from api.graphql.games.base import GameBinding, GameView, bind
from games.registry import REGISTRY


def _bindings() -> dict[str, GameBinding]:
    bound = (bind(spec) for spec in REGISTRY.values())
    return {binding.key: binding for binding in bound if binding is not None}


BINDINGS = _bindings()


@dataclass(frozen=True, slots=True)
class ChosenMove:
    """A MoveInput value as a resolver gets it: the game its member names, and the move's JSON."""

    game: str
    move: dict[str, Any]


def _one_of(bindings: Iterable[GameBinding]) -> type:
    """The MoveInput class: one optional member per game, named after the game's key."""
    namespace = {
        "__module__": __name__,
        "__annotations__": {binding.member: strawberry.Maybe[binding.move_type] for binding in bindings},
    }
    one_of = strawberry.input(
        types.new_class("MoveInput", (), {}, lambda ns: ns.update(namespace)),
        one_of=True,
        description="One move, as exactly one member: the member of the match's game. "
        "A LegalMove.input is a valid MoveInput value.",
    )
    one_of.__strawberry_definition__.from_input = _chosen
    return one_of


def _chosen(cls: type, value: Mapping[str, Any], context: Any) -> ChosenMove:
    """MoveInput's value as graphql-core coerced it: exactly one member (@oneOf), whose value is the
    game's move JSON but for the fields sent as null (base.move_input) and the action, which
    strawberry's enum type parses to its Python member. strawberry would build the member's input
    object only for us to turn it back into JSON: 136 µs per move, against 18 for this."""
    ((member, fields),) = value.items()
    move = {name: each for name, each in fields.items() if each is not None}
    move["action"] = move["action"].value
    return ChosenMove(_BY_MEMBER[member], move)


_BY_MEMBER = {binding.graphql_member: binding.key for binding in BINDINGS.values()}
MoveInput = _one_of(BINDINGS.values())


def binding_for(game: str) -> GameBinding | None:
    return BINDINGS.get(game)


def view_types() -> list[type]:
    """Every GameView implementation, for the schema's ``types``."""
    return [binding.view_type for binding in BINDINGS.values()]


__all__ = ["BINDINGS", "ChosenMove", "GameBinding", "GameView", "MoveInput", "binding_for", "view_types"]
