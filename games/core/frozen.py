"""Changing frozen dataclasses fast: ``evolve`` builds a new state for every event of every decision,
and again for every event of every replay."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def replacer(cls: type[T]) -> Callable[..., T]:
    """``dataclasses.replace`` for one frozen dataclass, at little more than the cost of building it.

    ``dataclasses.replace`` looks every field up by name on each call, and was most of a game's
    ``evolve`` time; this reads all fields at once and builds the instance by position.
    """
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    position = {name: index for index, name in enumerate(names)}
    read = operator.attrgetter(*names)

    def replace(instance: T, **changes: Any) -> T:
        values = list(read(instance))
        for name, value in changes.items():
            values[position[name]] = value
        return cls(*values)

    return replace
