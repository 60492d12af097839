"""The polling loop shared by `manage.py run_timers` and the embedded server.

Each tick fires what is due; every ``rearm_s`` seconds (and first thing) it re-arms the store from the
database, which heals a Redis flush, a restart, or a mirror that failed. A tick that fails (database
or Redis down) is logged and retried after a back-off; the loop only ends when ``stop`` is called.
"""

from __future__ import annotations

import asyncio
import threading
import time

import structlog
from django.conf import settings
from django.db import close_old_connections, connections

from api.matches.timers.dispatch import Fire, rearm_all, run_due
from api.matches.timers.store import TimerStore

log = structlog.get_logger(__name__)

ERROR_BACKOFF_S = 1.0
REARM_RETRY_S = 5.0


class TimerLoop:
    def __init__(
        self,
        *,
        poll_ms: int | None = None,
        rearm_s: float | None = None,
        store: TimerStore | None = None,
        fire: Fire | None = None,
        rearm: bool = True,
    ) -> None:
        self.poll_s = (poll_ms or int(getattr(settings, "TIMER_POLL_MS", 50))) / 1000
        self.rearm_s = rearm_s if rearm_s is not None else float(getattr(settings, "TIMER_REARM_S", 60))
        self.store = store
        self.fire = fire
        self.fired = 0
        self._stop = threading.Event()
        self.rearm = rearm
        self._next_rearm = 0.0  # monotonic time; 0 = re-arm on the first tick

    def tick(self) -> int:
        """Re-arm if it is time, then fire what is due; return how many fired."""
        # A long-lived worker must drop connections that are broken or past CONN_MAX_AGE, as
        # Django does around each request.
        close_old_connections()
        if self.rearm and time.monotonic() >= self._next_rearm:
            self._rearm()
        fired = run_due(store=self.store, fire=self.fire)
        self.fired += fired
        return fired

    def _rearm(self) -> None:
        try:
            rearm_all(store=self.store)
        except Exception:
            # Firing what the store already holds is still worth doing; retry the re-arm soon.
            log.exception("timer_rearm_failed")
            self._next_rearm = time.monotonic() + REARM_RETRY_S
            return
        self._next_rearm = time.monotonic() + self.rearm_s

    def run_forever(self) -> None:
        """Tick every ``poll_s`` until ``stop()``; in-flight firing finishes before it returns."""
        log.info("timer_loop_started", poll_ms=round(self.poll_s * 1000))
        try:
            while not self._stop.is_set():
                wait = self.poll_s
                try:
                    self.tick()
                except Exception:
                    log.exception("timer_tick_failed")
                    wait = ERROR_BACKOFF_S
                self._stop.wait(wait)
        finally:
            # Only this thread's connections: Django keeps one per thread.
            connections.close_all()
            log.info("timer_loop_stopped", fired=self.fired)

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def start_task(self) -> asyncio.Task[None]:
        """Run the loop in a worker thread, wrapped in an asyncio task (ORM calls are sync)."""
        return asyncio.get_running_loop().create_task(asyncio.to_thread(self.run_forever))

    async def aclose(self, task: asyncio.Task[None]) -> None:
        self.stop()
        await task
