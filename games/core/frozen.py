"""Changing frozen dataclasses fast: ``evolve`` builds a new state for every event of every decision,
and again for every event of every replay."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
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
    to check after ``__init__`` (no ``__post_init__``) is filled as its ``__init__`` would fill it,
    without the per-field ``object.__setattr__`` calls a frozen ``__init__`` makes (``_twin``); any
    other class is built through its ``__init__``, so what it checks is still checked.
    """
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    if any(not field.init for field in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__}: a replacer builds every field, and some are not in __init__")
    values = [f"instance.{name} if {name} is KEPT else {name}" for name in names]
    keywords = ", ".join(f"{name}=KEPT" for name in names)
    twin = None if hasattr(cls, "__post_init__") else _twin(cls, names)
    scope: dict[str, Any] = {"cls": cls, "twin": twin, "KEPT": _Kept(), "new": object.__new__}
    if twin is not None:
        body = ["made = new(twin)"]
        body += [f"made.{name} = {value}" for name, value in zip(names, values, strict=True)]
        body += ["made.__class__ = cls", "return made"]
    else:
        body = [f"return cls({', '.join(values)})"]
    source = f"def replace(instance, *, {keywords}):\n" + "".join(f"    {line}\n" for line in body)
    # Written from the class's own field names, as dataclasses writes __init__; named for profiles.
    exec(compile(source, f"<replacer of {cls.__qualname__}>", "exec"), scope)
    replace: Callable[..., T] = scope["replace"]
    replace.__qualname__ = f"replacer({cls.__name__})"
    return replace


def _twin(cls: type, names: tuple[str, ...]) -> type | None:
    """A plain class laid out as slotted ``cls`` (its bases, its slots), or None when it has none.

    Its instance is filled by plain assignments, the quickest way Python sets a slot, then becomes a
    ``cls``: Python allows ``__class__`` assignment between two classes of one layout. The twin is
    never seen outside the replacer. A probe checks, once, that a base lets the slots be set and that
    Python takes the two layouts for one.
    """
    slots = cls.__dict__.get("__slots__")
    if slots is None or set(names) - set(slots):
        return None
    twin = type(f"{cls.__name__}Twin", cls.__bases__, {"__slots__": slots, "__module__": __name__})
    probe: Any = object.__new__(twin)
    try:
        for name in names:
            setattr(probe, name, None)
        probe.__class__ = cls
    except (TypeError, AttributeError):
        return None
    return twin
