"""What every game contributes to the schema, derived from its ``GameSpec``: a typed view, a typed move
input and move labels. Nothing here names a game: ``api/graphql/games`` binds each registered one.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import strawberry

from api.graphql.convert import TypeMirror
from games.core.codec import MoveCodec
from games.core.spec import GameSpec

SCALARS = (int, str, bool, float)  # a move field's types: as graphql-core coerces them, they are JSON


@strawberry.interface(description="What one caller may see of a match at one version, typed per game.")
class GameView:
    game: str = strawberry.field(description="The game's key, e.g. daredevil-rock.")
    version: int = strawberry.field(description="The match version (number of events) this view shows.")


@dataclass(frozen=True)
class GameBinding:
    """One game's part of the schema."""

    key: str  # the registry key, e.g. "daredevil-rock"
    member: str  # its field on MoveInput, in Python (snake_case): "daredevil_rock"
    view_type: type  # the strawberry type implementing GameView
    convert_view: Callable[..., Any]  # (view dataclass, game=, version=) -> view_type instance
    move_type: type  # the strawberry input of MoveInput's member (its value is the game's move JSON)
    label: Callable[[Mapping[str, Any]], str]  # move JSON -> a short sentence for people

    @functools.cached_property
    def graphql_member(self) -> str:
        """The member's name in the schema (camelCase), as it appears in LegalMove.input."""
        return _camel(self.member)

    def view(self, view: Any, version: int) -> Any:
        return self.convert_view(view, game=self.key, version=version)


def bind(spec: GameSpec[Any]) -> GameBinding | None:
    """A game's part of the schema, derived from its spec; None for a game without a ``view_type``.

    The view dataclass's name, ``<Prefix>View``, gives the prefix of every GraphQL type of the game
    (``DaredevilRockView``, ``DaredevilRockCard``, ``DaredevilRockMove``...); its MoveInput member is
    named after its key (``daredevil-rock``: ``daredevilRock``).
    """
    if spec.view_type is None:
        return None
    prefix = spec.view_type.__name__.removesuffix("View")
    view_type, convert_view = TypeMirror(prefix).object_type(
        spec.view_type, name=prefix + "View", interfaces=(GameView,)
    )
    move_type = move_input(prefix, spec.name, spec.moves)
    return GameBinding(
        key=spec.key,
        member=spec.key.replace("-", "_"),
        view_type=view_type,
        convert_view=convert_view,
        move_type=move_type,
        label=spec.describe_move,
    )


def move_input(prefix: str, title: str, codec: MoveCodec) -> type:
    """A typed input for a game's moves: ``action`` (an enum of the move names) plus every move field.

    Each move's fields become optional input fields (camelCase); which of them an action needs is the
    game's rule, checked by ``spec.moves.load`` like any other move. A value of it, as graphql-core
    coerces it, is the game's move JSON but for the fields sent as null: the action's name, and scalars
    (a move field of any other type is refused here).
    """
    action = strawberry.enum(
        enum.Enum(f"{prefix}Action", [(name, name) for name in codec.actions]),  # type: ignore[misc]
        name=f"{prefix}Action",
        description=f"The moves of {title}, by name.",
    )
    fields: dict[str, Any] = {}
    for cls in codec.types:
        hints = typing.get_type_hints(cls)
        for item in dataclasses.fields(cls):
            hint = hints[item.name]
            if fields.setdefault(item.name, hint) != hint:
                raise TypeError(f"{cls.__name__}.{item.name} disagrees with another move's {item.name}")
            if hint not in SCALARS:
                raise TypeError(f"{cls.__name__}.{item.name} is a {hint}: a move field is a JSON scalar")
    annotations: dict[str, Any] = {"action": action}
    namespace: dict[str, Any] = {"__module__": __name__}
    for name, hint in fields.items():
        annotations[name] = hint | None
        namespace[name] = strawberry.UNSET
    namespace["__annotations__"] = annotations
    name = f"{prefix}Move"
    return strawberry.input(
        types.new_class(name, (), {}, lambda ns: ns.update(namespace)),
        name=name,
        description=f"One move of {title}: the action and the fields it takes (see the game's rules).",
    )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)
