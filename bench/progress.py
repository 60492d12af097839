"""Progress bars of the load generator, on stderr (stdout carries its JSON answer)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

console = Console(stderr=True)


def bar() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=console,
    )


async def follow_window(
    progress: Progress, label: str, *, start: float, end: float, status: Callable[[], str]
) -> None:
    """Advance a warm-up bar, then a measuring bar, until ``end`` (``time.perf_counter()`` readings)."""
    warmup = progress.add_task(f"{label}: warm-up", total=max(start - time.perf_counter(), 0.01))
    measuring = progress.add_task(f"{label}: measuring", total=end - start, start=False)
    opened = time.perf_counter()
    while (now := time.perf_counter()) < end:
        if now < start:
            progress.update(warmup, completed=now - opened)
        else:
            progress.update(warmup, completed=start - opened)
            progress.start_task(measuring)
            progress.update(measuring, completed=now - start, description=f"{label}: {status()}")
        await asyncio.sleep(0.2)
    progress.update(measuring, completed=end - start, description=f"{label}: {status()}")
