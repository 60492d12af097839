"""The load generator's ways of running many clients at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

AT_ONCE = 16  # lobbies opened, sockets connected at a time while setting up: a burst, not a stampede


async def gated(count: int, make: Callable[[int], Awaitable[Any]]) -> list[Any]:
    """``make(i)`` for i in range(count), at most AT_ONCE at a time, in order."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(index: int) -> Any:
        async with gate:
            return await make(index)

    return list(await asyncio.gather(*(one(index) for index in range(count))))
