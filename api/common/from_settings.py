"""A value worked out from a few settings, kept until one of them changes.

Hot paths read settings that never change in a running server (the rate limits, the document limits):
reading each through Django's lazy settings on every request added up. The value is worked out again
after Django's ``setting_changed``, which ``override_settings`` and the tests' ``settings`` fixture send.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from django.core.signals import setting_changed
from django.dispatch import receiver

T = TypeVar("T")

_all: weakref.WeakSet[FromSettings[Any]] = weakref.WeakSet()


class FromSettings(Generic[T]):
    """``make()``, made when first asked for and again after any of the settings ``names`` changes."""

    def __init__(self, names: Iterable[str], make: Callable[[], T]) -> None:
        self.names = frozenset(names)
        self.make = make
        self._held: list[T] = []
        _all.add(self)

    def get(self) -> T:
        if not self._held:
            self._held.append(self.make())
        return self._held[0]

    def forget(self) -> None:
        self._held.clear()


@receiver(setting_changed)
def _changed(*, setting: str, **_: Any) -> None:
    for each in list(_all):
        if setting in each.names:
            each.forget()
