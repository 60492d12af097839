"""JSON form of events and moves, derived from their dataclass fields and type hints.

Events are stored as ``(type, data)`` with ``type`` the class name and ``data`` a JSON object;
decoding rebuilds the frozen dataclass, nested dataclasses, tuples and frozensets included.
Moves travel as ``{"action": "EXAMINE", "row": 1, ...}`` with camelCase keys, as the GraphQL API
sends them.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from games.core.decisions import Codes, Rejected
from games.core.visibility import Event


class CodecError(ValueError):
    """Data that does not fit the declared type."""


_PRIMITIVES = frozenset({int, str, bool, float, type(None)})


def encode(value: Any) -> Any:
    """A JSON-ready form of a dataclass, tuple, frozenset, mapping, enum or primitive."""
    if type(value) in _PRIMITIVES:  # most values, tested first: every event and legal move passes here
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: encode(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(encode(item) for item in value)
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(hint: Any, data: Any) -> Any:
    """Rebuild a value of type ``hint`` from its JSON form."""
    try:
        decoder = _decoder(hint)
    except TypeError:  # an unhashable hint: worked out on each call instead of once
        decoder = _decoder.__wrapped__(hint)
    return decoder(data)


# Reading a match's log decodes thousands of events: the type inspection of each hint is done once and
# kept as a decoder, so a decode is only the data's own work.
@functools.cache
def _decoder(hint: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(hint)
    if hint is Any or isinstance(hint, typing.TypeVar):
        return _same
    if origin in (types.UnionType, typing.Union):
        return functools.partial(_decode_union, typing.get_args(hint))
    if origin is tuple:
        return functools.partial(_decode_tuple, typing.get_args(hint))
    if origin is frozenset:
        (item,) = typing.get_args(hint)
        return lambda data: frozenset(decode(item, value) for value in _list(data))
    if origin in (Mapping, dict):
        key_type, value_type = typing.get_args(hint)
        return lambda data: {
            decode(key_type, _key(key_type, k)): decode(value_type, v) for k, v in _object(data).items()
        }
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return functools.partial(decode_dataclass, hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    if hint in (int, str, bool, float, type(None)):
        return functools.partial(_primitive, hint)
    raise CodecError(f"cannot decode {hint!r}")


def _same(data: Any) -> Any:
    return data


@functools.cache
def _init_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, hint)`` of each field ``cls.__init__`` takes, type parameters bound (see ``_bindings``)."""
    hints, bound = _hints(cls), _bindings(cls)
    return tuple((f.name, _bind(hints[f.name], bound)) for f in dataclasses.fields(cls) if f.init)


def field_hints(cls: type) -> dict[str, Any]:
    """The type of each field of the dataclass ``cls`` as the codec decodes it (parameters bound)."""
    return dict(_init_fields(cls))


def _bindings(cls: type) -> dict[Any, Any]:
    """What ``cls``'s generic bases bind their type parameters to: for a game's
    ``class CardPlayed(ChoiceSealed[PlayCard])``, ``{C: PlayCard}``, so the kernel's generic events
    decode the game's own types instead of leaving them as plain JSON."""
    bound: dict[Any, Any] = {}
    for klass in reversed(cls.__mro__):
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            parameters = getattr(origin, "__parameters__", ())
            for parameter, argument in zip(parameters, typing.get_args(base), strict=False):
                bound[parameter] = _bind(argument, bound)
    return bound


def _bind(hint: Any, bound: dict[Any, Any]) -> Any:
    if isinstance(hint, typing.TypeVar):
        return bound.get(hint, hint)
    parameters = getattr(hint, "__parameters__", ())
    if parameters and any(parameter in bound for parameter in parameters):
        return hint[tuple(bound.get(parameter, parameter) for parameter in parameters)]
    return hint


def decode_dataclass(cls: type, data: Any) -> Any:
    values = _object(data)
    optional = _optional_fields(cls)
    try:
        return cls(
            **{
                name: decode(hint, values[name])
                for name, hint in _init_fields(cls)
                if name in values or name not in optional
            }
        )
    except KeyError as missing:
        raise CodecError(f"{cls.__name__} needs {missing}") from None


@functools.cache
def _optional_fields(cls: type) -> frozenset[str]:
    """The fields with a default: an event recorded before such a field was added lacks it, and still
    loads (old matches replay), taking the default."""
    return frozenset(
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    )


def _decode_union(options: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return decode(option, data)
        except (CodecError, TypeError, ValueError):
            continue
    raise CodecError(f"{data!r} fits none of {options!r}")


def _decode_tuple(items: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    values = _list(data)
    if len(items) == 2 and items[1] is Ellipsis:
        return tuple(decode(items[0], value) for value in values)
    if len(items) != len(values):
        raise CodecError(f"expected {len(items)} items, got {len(values)}")
    return tuple(decode(item, value) for item, value in zip(items, values, strict=True))


def _primitive(hint: type, data: Any) -> Any:
    if hint is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if type(data) is not hint:
        raise CodecError(f"expected {hint.__name__}, got {data!r}")
    return data


def _key(key_type: Any, key: str) -> Any:
    return int(key) if key_type is int else key


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list | tuple):
        raise CodecError(f"expected a list, got {data!r}")
    return list(data)


def _object(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise CodecError(f"expected an object, got {data!r}")
    return data


@dataclasses.dataclass(frozen=True)
class EventCodec:
    """Encodes and decodes one game's events by class name."""

    types: tuple[type[Event], ...]

    @functools.cached_property
    def _by_name(self) -> dict[str, type[Event]]:
        return {cls.__name__: cls for cls in self.types}

    def dump(self, event: Event) -> tuple[str, dict[str, Any]]:
        return type(event).__name__, encode(event)

    def load(self, name: str, data: Mapping[str, Any]) -> Event:
        cls = self._by_name.get(name)
        if cls is None:
            raise CodecError(f"unknown event type {name!r}")
        event: Event = decode_dataclass(cls, data)
        return event


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


# Every update a subscriber is sent dumps each of its legal moves: the class's names are worked out once.
@functools.cache
def _keys(cls: type) -> tuple[tuple[str, str], ...]:
    """``(field name, JSON key)`` of each field of the move class ``cls``."""
    return tuple((f.name, _camel(f.name)) for f in dataclasses.fields(cls))


def camel_keys(value: Any) -> Any:
    """JSON with every object key in camelCase, as the API speaks (``deck_size`` -> ``deckSize``)."""
    if isinstance(value, Mapping):
        return {_camel(str(key)): camel_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [camel_keys(item) for item in value]
    return value


@functools.cache
def _action(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).upper()


@dataclasses.dataclass(frozen=True)
class MoveCodec:
    """Moves as JSON: ``action`` names the move (``SetCam`` is ``SET_CAM``); other keys are its fields."""

    types: tuple[type, ...]

    @functools.cached_property
    def actions(self) -> dict[str, type]:
        return {_action(cls): cls for cls in self.types}

    def dump(self, move: Any) -> dict[str, Any]:
        cls = move.__class__
        dumped = {"action": _action(cls)}
        for name, key in _keys(cls):
            dumped[key] = encode(getattr(move, name))
        return dumped

    def load(self, data: Any) -> Any:
        """The move ``data`` describes, or a ``Rejected`` saying what is wrong with it."""
        if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
            return Rejected(Codes.INVALID_MOVE, "A move is an object with an 'action'.")
        cls = self.actions.get(data["action"])
        if cls is None:
            known = ", ".join(self.actions)
            return Rejected(Codes.UNKNOWN_MOVE, f"Unknown action {data['action']!r}; known: {known}.")
        return self._fields(cls, data)

    def _fields(self, cls: type, data: Mapping[str, Any]) -> Any:
        hints = _hints(cls)
        fields = {_camel(f.name): f for f in dataclasses.fields(cls)}
        extra = sorted(k for k, v in data.items() if k != "action" and k not in fields and v is not None)
        if extra:
            return Rejected(Codes.INVALID_MOVE, f"{data['action']} takes no {extra[0]!r}.")
        values = {}
        for key, field in fields.items():
            if data.get(key) is None and field.default is dataclasses.MISSING:
                return Rejected(Codes.INVALID_MOVE, f"{data['action']} needs {key!r}.")
            if data.get(key) is None:
                continue
            try:
                values[field.name] = decode(hints[field.name], data[key])
            except (CodecError, TypeError, ValueError):
                return Rejected(Codes.INVALID_MOVE, f"{data['action']}: {key!r} has the wrong type.")
        return cls(**values)


def describe_action(move: Mapping[str, Any]) -> str:
    """A move's action in words (``SET_CAM`` is "Set cam"): its label when the game has no better one."""
    return str(move.get("action", "?")).replace("_", " ").capitalize()
