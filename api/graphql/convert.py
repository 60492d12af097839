"""Game dataclasses as GraphQL types: one generic converter instead of hand-copied fields.

A game's views (``games/<game>/views.py``) are frozen dataclasses. ``TypeMirror`` builds a strawberry
type for each of them, field by field (snake_case becomes camelCase in the schema), and converts a
view instance into an instance of that type:

- ``int``, ``str``, ``bool``, ``float`` map to themselves; ``X | None`` to a nullable field;
- tuples, lists and frozensets of one item type map to lists (frozensets in a stable order);
- nested dataclasses and enums map to their own mirrored types, named with the game's prefix;
- ``Millis`` (milliseconds since the epoch, ``games/core/moments.py``) maps to ``DateTime``: such
  numbers overflow GraphQL's 32-bit Int;
- anything else (mappings, mixed tuples, ``Any``) is the ``JSON`` scalar, in its ``codec.encode`` form;
- public properties with a return annotation (a card's ``name``) become fields too.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
import strawberry
from strawberry.scalars import JSON

from games.core.codec import encode
from games.core.moments import EpochMillis

Converter = Callable[[Any], Any]

_PRIMITIVES = (int, str, bool, float)


def _stable_key(value: Any) -> bytes:
    return orjson.dumps(encode(value), option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


# The kernel's enums (``games.core``, e.g. ``Colour``), mirrored once under their own names and shared by
# every game: one value reads alike in every game's view, so their fields compose in one document.
_KERNEL_ENUMS: dict[type[enum.Enum], type[enum.Enum]] = {}


class TypeMirror:
    """Mirrors one game's dataclasses and enums as strawberry types named ``<prefix><ClassName>``;
    the kernel's enums keep their own names."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._types: dict[type, tuple[type, Converter]] = {}
        self._enums: dict[type[enum.Enum], type[enum.Enum]] = {}

    def type_name(self, cls: type) -> str:
        name = cls.__name__
        return name if name.startswith(self.prefix) else self.prefix + name

    def object_type(
        self,
        cls: type,
        *,
        name: str | None = None,
        interfaces: Sequence[type] = (),
        description: str | None = None,
    ) -> tuple[type, Converter]:
        """The strawberry type mirroring dataclass ``cls``, and a function converting an instance.

        ``interfaces`` are strawberry interfaces the type implements; their fields come first and are
        filled from keyword arguments of the converter (``convert(view, game=..., version=...)``).
        """
        if cls in self._types:
            return self._types[cls]
        hints = typing.get_type_hints(cls, include_extras=True)  # keeps the Millis mark
        members = {f.name: hints[f.name] for f in dataclasses.fields(cls) if not f.name.startswith("_")}
        members.update(_properties(cls))
        annotations: dict[str, Any] = {}
        converters: dict[str, Converter] = {}
        for member, hint in members.items():
            annotations[member], converters[member] = self.field(hint)
        type_name = name or self.type_name(cls)
        namespace = {"__annotations__": annotations, "__module__": __name__, "__qualname__": type_name}
        mirror = strawberry.type(
            types.new_class(type_name, tuple(interfaces), {}, lambda ns: ns.update(namespace)),
            name=type_name,
            description=description or _doc(cls),
        )

        def convert(value: Any, **extra: Any) -> Any:
            return mirror(
                **extra, **{name: to_graphql(getattr(value, name)) for name, to_graphql in converters.items()}
            )

        self._types[cls] = (mirror, convert)
        return mirror, convert

    def field(self, hint: Any) -> tuple[Any, Converter]:
        """The GraphQL annotation for a Python type hint, and the value converter that goes with it."""
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Annotated:
            if any(isinstance(mark, EpochMillis) for mark in args[1:]):
                return datetime, _moment
            return self.field(args[0])
        if origin in (types.UnionType, typing.Union) and type(None) in args:
            rest = [arg for arg in args if arg is not type(None)]
            if len(rest) == 1:
                inner, convert = self.field(rest[0])
                return inner | None, lambda value: None if value is None else convert(value)
            return JSON | None, _json
        if origin is typing.Literal:
            kinds = {type(arg) for arg in args}
            if len(kinds) == 1 and kinds <= set(_PRIMITIVES):
                return kinds.pop(), _identity
            return JSON, _json
        if origin in (tuple, list, frozenset, set, Sequence) and args:
            items = set(args[:-1] if args[-1] is Ellipsis else args)
            if len(items) != 1:
                return JSON, _json
            inner, convert = self.field(items.pop())
            if origin in (frozenset, set):
                return list[inner], lambda value: [convert(v) for v in sorted(value, key=_stable_key)]
            return list[inner], lambda value: [convert(v) for v in value]
        if origin in (dict, Mapping) or hint is Any:
            return JSON, _json
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.object_type(hint)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            mirror = self.enum(hint)
            return mirror, lambda value: mirror[value.name]
        if hint in _PRIMITIVES:
            if hint is float:
                return float, lambda value: float(value)
            return hint, _identity
        return JSON, _json

    def enum(self, cls: type[enum.Enum]) -> type[enum.Enum]:
        """A GraphQL enum with the same member names as ``cls``."""
        kernel = cls.__module__.startswith("games.core.")
        mirrors = _KERNEL_ENUMS if kernel else self._enums
        if cls not in mirrors:
            name = cls.__name__ if kernel else self.type_name(cls)
            mirror = enum.Enum(name, [(member.name, member.name) for member in cls])  # type: ignore[misc]
            mirrors[cls] = strawberry.enum(mirror, name=name, description=_doc(cls))
        return mirrors[cls]


def _properties(cls: type) -> dict[str, Any]:
    """Public read-only properties with a return annotation (e.g. a card's ``name``), as extra fields."""
    found = {}
    for name, member in vars(cls).items():
        if isinstance(member, property) and not name.startswith("_") and member.fget is not None:
            hint = typing.get_type_hints(member.fget, include_extras=True).get("return")
            if hint is not None:
                found[name] = hint
    return found


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def _identity(value: Any) -> Any:
    return value


def _json(value: Any) -> Any:
    return encode(value)


def _doc(cls: type) -> str | None:
    doc = cls.__doc__
    # dataclasses invent a signature docstring when a class has none: not worth publishing.
    if not doc or doc.startswith(f"{cls.__name__}("):
        return None
    return " ".join(doc.split())
