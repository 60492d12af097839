"""Every game's part of the schema, and ``MoveInput``, the @oneOf input with one member per game.

Both are derived from ``games.registry.REGISTRY``: a game with a ``view_type`` on its spec is in the
schema once ``make schema`` has run, with no code here (see ``base.bind``).
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import Any

import strawberry

from api.graphql.games.base import GameBinding, GameView, bind
from games.registry import REGISTRY


def _bindings() -> dict[str, GameBinding]:
    bound = (bind(spec) for spec in REGISTRY.values())
    return {binding.key: binding for binding in bound if binding is not None}


BINDINGS = _bindings()


def _one_of(bindings: Iterable[GameBinding]) -> type:
    """The MoveInput class: one optional member per game, named after the game's key."""
    namespace = {
        "__module__": __name__,
        "__annotations__": {binding.member: strawberry.Maybe[binding.move_type] for binding in bindings},
    }
    return strawberry.input(
        types.new_class("MoveInput", (), {}, lambda ns: ns.update(namespace)),
        one_of=True,
        description="One move, as exactly one member: the member of the match's game. "
        "A LegalMove.input is a valid MoveInput value.",
    )


MoveInput = _one_of(BINDINGS.values())


def binding_for(game: str) -> GameBinding | None:
    return BINDINGS.get(game)


def move_json(move: Any) -> tuple[str, dict[str, Any]]:
    """The game a MoveInput is for, and the move in that game's JSON form."""
    for binding in BINDINGS.values():
        member = getattr(move, binding.member, None)
        if member is not None and member is not strawberry.UNSET:
            return binding.key, binding.dump_move(member.value)
    raise ValueError("MoveInput has no member set")  # graphql-core's @oneOf validation prevents this


def view_types() -> list[type]:
    """Every GameView implementation, for the schema's ``types``."""
    return [binding.view_type for binding in BINDINGS.values()]


__all__ = ["BINDINGS", "GameBinding", "GameView", "MoveInput", "binding_for", "move_json", "view_types"]
