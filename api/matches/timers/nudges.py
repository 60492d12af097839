"""An event loop for the nudges a timer worker's firings send ("match X is at version N").

A firing commits on a plain thread, where ``notify`` would otherwise use ``async_to_sync``: a new event
loop, and with it a new Redis connection, for every deadline fired (about half of a firing's CPU time,
measured under the timer benchmark). Firing threads that name this loop in ``calling_loop`` do not wait
for their nudges: the Redis layer's publishing thread sends them (api/common/publisher.py), and another
layer is sent to on this loop.
"""

from __future__ import annotations

import asyncio
import threading

import structlog

from api.matches import notify

log = structlog.get_logger(__name__)

SETTLE_S = 2.0  # at stop, how long nudges still on their way may take before they are dropped


class NudgeLoop:
    """An asyncio loop running on a thread of its own, from ``start`` until ``close``."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="timer-nudges", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            # channels_redis closes this loop's layer connections when the loop is closed.
            self.loop.close()

    def close(self) -> None:
        """Let the nudges already sent arrive (a little while at most), then stop the loop."""
        notify.settle(SETTLE_S)  # those the Redis layer's publishing thread holds (api/common/publisher.py)
        if not self._thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(_settle(), self.loop).result(SETTLE_S + 1)
        except Exception:
            log.exception("timer_nudges_unsettled")
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()


async def _settle() -> None:
    pending = asyncio.all_tasks() - {asyncio.current_task()}
    if pending:
        await asyncio.wait(pending, timeout=SETTLE_S)
