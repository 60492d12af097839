"""Changing frozen dataclasses fast: ``evolve`` builds a new state for every event of every decision,
and again for every event of every replay."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


class _Kept:
    """The default of every keyword of a replacer: that field keeps the instance's value."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<kept>"


def replacer(cls: type[T]) -> Callable[..., T]:
    """``dataclasses.replace`` for one frozen dataclass, at a fraction of the cost of building it.

    ``dataclasses.replace`` looks every field up by name on each call, and was most of a game's
    ``evolve`` time. The replacer is written once per class, as ``dataclasses`` writes ``__init__``:
    one keyword per field, each read from the instance unless given. A slotted class with nothing
    to check after ``__init__`` (no ``__post_init__``) is filled slot by slot, which is what its
    ``__init__`` would do, without the per-field ``object.__setattr__`` lookups a frozen
    ``__init__`` makes; any other class is built through its ``__init__``, so what it checks is
    still checked.
    """
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    if any(not field.init for field in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__}: a replacer builds every field, and some are not in __init__")
    values = [f"instance.{name} if {name} is KEPT else {name}" for name in names]
    keywords = ", ".join(f"{name}=KEPT" for name in names)
    scope: dict[str, Any] = {"cls": cls, "KEPT": _Kept(), "new": object.__new__}
    if _fills_slots(cls, names):
        scope |= {f"set_{name}": getattr(cls, name).__set__ for name in names}
        body = ["made = new(cls)"]
        body += [f"set_{name}(made, {value})" for name, value in zip(names, values, strict=True)]
        body += ["return made"]
    else:
        body = [f"return cls({', '.join(values)})"]
    source = f"def replace(instance, *, {keywords}):\n" + "".join(f"    {line}\n" for line in body)
    exec(source, scope)  # the source is built above from the class's own field names
    replace: Callable[..., T] = scope["replace"]
    replace.__qualname__ = f"replacer({cls.__name__})"
    return replace


def _fills_slots(cls: type, names: tuple[str, ...]) -> bool:
    """Whether ``__init__`` would only set the fields' slots: nothing else to set or check."""
    if hasattr(cls, "__post_init__"):
        return False
    return all(isinstance(getattr(cls, name, None), MemberDescriptorType) for name in names)
