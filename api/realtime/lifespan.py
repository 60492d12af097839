"""Process start and stop hooks, called from the ASGI lifespan protocol (config/asgi.py).

In embedded mode (no REDIS_URL) nothing else will fire timers, so `on_startup` starts the in-process
timer loop (it re-arms from the database first) and `on_shutdown` stops it, letting the deadline being
fired finish. With Redis, `manage.py run_timers` workers own timers and these stay idle, unless
settings.TIMERS_IN_PROCESS asks this process to run a loop too (a single-process deployment).
"""

from __future__ import annotations

import asyncio

import structlog
from django.conf import settings

from api.matches.timers import TimerLoop

log = structlog.get_logger(__name__)

_running: tuple[TimerLoop, asyncio.Task[None]] | None = None


def timers_in_process() -> bool:
    return not settings.REDIS_URL or bool(getattr(settings, "TIMERS_IN_PROCESS", False))


async def on_startup() -> None:
    """Start process-wide background work (the embedded timer loop)."""
    global _running
    if _running is not None or not timers_in_process():
        return
    loop = TimerLoop()
    _running = (loop, loop.start_task())
    log.info("embedded_timers_started", redis=bool(settings.REDIS_URL))


async def on_shutdown() -> None:
    """Stop what `on_startup` started, letting in-flight work finish."""
    global _running
    if _running is None:
        return
    loop, task = _running
    _running = None
    await loop.aclose(task)
