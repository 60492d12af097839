"""One object per event loop, made the first time it is asked for there.

A server process runs one loop, so each of these is a per-process singleton; the tests run a loop each,
and a loop's objects must not outlive it (they hold its futures), so they are held weakly by the loop.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class PerLoop(Generic[T]):
    """The running loop's ``make()``. The last loop asked about is remembered beside the weak map:
    every subscriber asks on every update, and the weak map's lookup alone was about 4% of a worker's
    time under live load (py-spy, 200 subscribers of one match)."""

    def __init__(self, make: Callable[[], T]) -> None:
        self.make = make
        self._by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, T] = weakref.WeakKeyDictionary()
        self._last: tuple[weakref.ref[asyncio.AbstractEventLoop], T] | None = None

    def get(self) -> T:
        loop = asyncio.get_running_loop()
        last = self._last
        if last is not None and last[0]() is loop:
            return last[1]
        held = self._by_loop.get(loop)
        if held is None:
            held = self._by_loop[loop] = self.make()
        self._last = (weakref.ref(loop), held)
        return held
