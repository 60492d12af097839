"""The load generator's ways of running many clients at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bench.stats import Window

AT_ONCE = 16  # lobbies opened, sockets connected at a time while setting up: a burst, not a stampede


async def gated(count: int, make: Callable[[int], Awaitable[Any]]) -> list[Any]:
    """``make(i)`` for i in range(count), at most AT_ONCE at a time, in order."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(index: int) -> Any:
        async with gate:
            return await make(index)

    return list(await asyncio.gather(*(one(index) for index in range(count))))


async def supervise(tasks: list[asyncio.Task[None]], window: Window) -> None:
    """Wait out the window, then stop ``tasks``; one that fails before fails the run at once."""
    done, _ = await asyncio.wait(
        tasks, timeout=max(0.0, window.end - time.perf_counter()), return_when=asyncio.FIRST_EXCEPTION
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
