"""The API's JSON of views and events, written fast: what every observation and record is made of."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.engine import Game
from games.core.visibility import Event, Viewer


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@cache
def _camel(name: str) -> str:
    return str(camel_keys({name: None}).popitem()[0])


_FIELDS: dict[type, tuple[tuple[str, str], ...] | None] = {}


def _fields(cls: type) -> tuple[tuple[str, str], ...] | None:
    """``(field, camelCase key)`` of a dataclass; None for any other type (worked out once a type)."""
    if cls not in _FIELDS:
        named = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else None
        _FIELDS[cls] = None if named is None else tuple((f.name, _camel(f.name)) for f in named)
    return _FIELDS[cls]


_PLAIN = (str, int, float, bool, type(None))


def jsonable(value: Any) -> Any:
    """``camel_keys(encode(value))`` (the API's JSON of a view or an event) in one pass, with each
    dataclass's keys worked out once: views are written at every node of a search, and this is most
    of their cost. The adapters' tests hold it equal to the two-step original."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    fields = _fields(kind)
    if fields is not None:
        return {key: jsonable(getattr(value, name)) for name, key in fields}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [jsonable(item) for item in value]
    if isinstance(value, frozenset | set):
        return [jsonable(item) for item in sorted(encode(item) for item in value)]
    if isinstance(value, Mapping):
        return {_camel(str(key)): jsonable(item) for key, item in value.items()}
    return value


def view_json(game: Game, viewer: Viewer) -> Any:
    """The view ``viewer`` gets, as JSON in the API's spelling (camelCase keys)."""
    return jsonable(engine.view(game, viewer))


def event_line(event: Event) -> str:
    return f"{type(event).__name__} {canonical(jsonable(event))}"
