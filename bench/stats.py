"""Percentiles and the measured window shared by the scenarios."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Sequence


def percentile(values: Sequence[float], fraction: float) -> float | None:
    """The nearest-rank percentile (``fraction`` in 0..1) of ``values``; None when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def spread(values: Sequence[float]) -> dict[str, float | None]:
    """p50, p95 and p99 of ``values`` (milliseconds in, milliseconds out), rounded for reading."""
    return {
        f"p{round(fraction * 100)}_ms": None
        if (value := percentile(values, fraction)) is None
        else round(value, 2)
        for fraction in (0.5, 0.95, 0.99)
    }


class Window:
    """A warm-up, then the measured seconds; times are ``time.perf_counter()`` readings."""

    def __init__(self, *, warmup: float, seconds: float) -> None:
        self.opened = time.perf_counter()
        self.start = self.opened + warmup
        self.end = self.start + seconds
        self.seconds = seconds

    def measures(self, moment: float) -> bool:
        return self.start <= moment < self.end

    def close(self) -> None:
        """Ends the window now: one whose end another process marks (``seconds=math.inf`` until then)."""
        self.end = time.perf_counter()
        self.seconds = self.end - self.start

    @property
    def over(self) -> bool:
        return time.perf_counter() >= self.end

    async def wait(self) -> None:
        await asyncio.sleep(max(0.0, self.end - time.perf_counter()))
