"""Every game's part of the schema, and ``MoveInput``, the @oneOf input with one member per game.

Adding a game: write ``api/graphql/games/<game>.py`` building a ``GameBinding`` (its view type, move
input and move labels), list it in ``BINDINGS`` and add its member to ``MoveInput`` below.
"""

from __future__ import annotations

from typing import Any

import strawberry

from api.graphql.games import daredevil_rock
from api.graphql.games.base import GameBinding, GameView
from api.graphql.games.daredevil_rock import DaredevilRockMove

BINDINGS: dict[str, GameBinding] = {binding.key: binding for binding in (daredevil_rock.BINDING,)}


@strawberry.input(
    one_of=True,
    description="One move, as exactly one member: the member of the match's game. "
    "A LegalMove.input is a valid MoveInput value.",
)
class MoveInput:
    daredevil_rock: strawberry.Maybe[DaredevilRockMove]  # type: ignore[valid-type]


def binding_for(game: str) -> GameBinding | None:
    return BINDINGS.get(game)


def move_json(move: MoveInput) -> tuple[str, dict[str, Any]]:
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
