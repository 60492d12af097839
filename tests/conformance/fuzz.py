"""Moves to fuzz a game with, derived from its own move types: the classes of its ``MoveCodec`` and the
type hints of their fields. Nothing here names a game's moves or fields, so a new game is fuzzed as
thoroughly as the first one.

- ``typed_move``: a move of a random action whose every field has the right type but a value picked
  around and far beyond the sizes a table has (negative, 0, a dozen, 2**31). The codec must accept it;
  ``decide`` must reject it unless it is legal.
- ``malformed_moves``: moves the codec must refuse, for every action: an unknown action, a required
  field missing, a field of the wrong type, a field the action does not take.
- ``NotAMove``: a typed move of no game at all, which ``decide`` must reject.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.chance import Chance
from games.core.codec import MoveCodec, decode

AROUND_A_TABLE = range(-2, 14)  # near the levels, columns, seats and hand positions a table has
FAR_OFF = (-(2**31), -1000, 2**31 - 1, 10**12)
WORDS = ("", "x", "EXAMINE", "0", "🂡")
# Values of six JSON types: the codec refuses at least one of them for any hint but Any, and the first
# it refuses for a field is that field's value of the wrong type.
WRONG_VALUES: tuple[Any, ...] = ("1", 1, 1.5, True, [1], {"not": "a move field"})


@dataclass(frozen=True)
class NotAMove:
    """A move of no game."""


def typed_move(codec: MoveCodec, chance: Chance) -> dict[str, Any]:
    """The JSON form of a well-typed move of a random action; optional fields are sometimes left out."""
    action = chance.pick(list(codec.actions))
    fields = {}
    for field, hint in _fields(codec.actions[action]):
        if _required(field) or chance.coin():
            fields[_key(field)] = value(hint, chance)
    return {"action": action, **fields}


def value(hint: Any, chance: Chance) -> Any:
    """A random JSON value of type ``hint``, ints mostly around a table's sizes and sometimes far off."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        return value(args[0], chance)
    if origin in (types.UnionType, typing.Union):  # None is what leaving a field out says
        return value(chance.pick([arg for arg in args if arg is not type(None)]), chance)
    if origin is typing.Literal:
        return chance.pick(list(args))
    if origin in (tuple, frozenset):
        items = [args[0]] * chance.below(4) if origin is frozenset or args[-1] is Ellipsis else list(args)
        return [value(item, chance) for item in items]
    if origin in (dict, Mapping):
        return {}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return chance.pick(list(hint)).value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return {field.name: value(item, chance) for field, item in _fields(hint)}
    if hint is bool:
        return chance.coin()
    if hint is str:
        return chance.pick(WORDS)
    number = chance.pick(FAR_OFF) if chance.below(8) == 0 else chance.pick(AROUND_A_TABLE)
    return float(number) if hint is float else number


def malformed_moves(codec: MoveCodec) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(what is wrong, move JSON)`` for each way each action can be malformed."""
    chance = Chance("malformed", 0)
    yield "an unknown action", {"action": "NOT_A_MOVE"}
    yield "no action", {}
    for action, cls in codec.actions.items():
        complete = {_key(field): value(hint, chance) for field, hint in _fields(cls)}
        yield f"{action} with a field it does not take", {"action": action, **complete, "notAField": 1}
        for field, hint in _fields(cls):
            if _required(field):
                rest = {key: item for key, item in complete.items() if key != _key(field)}
                yield f"{action} without {field.name}", {"action": action, **rest}
            wrong = _wrong_value(hint)
            if wrong is not None:
                yield (
                    f"{action} with {field.name} of the wrong type",
                    {
                        "action": action,
                        **complete,
                        _key(field): wrong,
                    },
                )


def _wrong_value(hint: Any) -> Any:
    for candidate in WRONG_VALUES:
        try:
            decode(hint, candidate)
        except (TypeError, ValueError):  # the codec's CodecError is a ValueError
            return candidate
    return None  # any value fits (Any)


def _fields(cls: type) -> list[tuple[dataclasses.Field[Any], Any]]:
    hints = typing.get_type_hints(cls)
    return [(field, hints[field.name]) for field in dataclasses.fields(cls) if field.init]


def _key(field: dataclasses.Field[Any]) -> str:
    """The field's key in a move's JSON form, as ``MoveCodec`` writes it: camelCase."""
    head, *rest = field.name.split("_")
    return head + "".join(word.title() for word in rest)


def _required(field: dataclasses.Field[Any]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
