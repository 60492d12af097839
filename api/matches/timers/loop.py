"""The polling loop shared by `manage.py run_timers` and the embedded server.

Each tick fires what is due, then re-arms the store from the database when it needs it: on the first
tick, every ``rearm_s`` seconds (a mirror may have failed), as soon as a claim finds the store emptied
(a flush, or Redis restarted without its data: ``TimerStore.armed``) and at the first tick that reaches
the store after ticks that could not (mirrors made meanwhile were lost). A tick that fails (database or
Redis down) is retried after a back-off; the loop only ends when ``stop`` is called.
"""

from __future__ import annotations

import asyncio
import threading
import time

import structlog
from django.conf import settings
from django.db import close_old_connections, connections
from redis.exceptions import RedisError

from api.matches.timers.dispatch import Fire, rearm_all, run_due
from api.matches.timers.store import TimerStore, get_store

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
        self.poll_s = (poll_ms or int(getattr(settings, "TIMER_POLL_MS", 10))) / 1000
        self.rearm_s = rearm_s if rearm_s is not None else float(getattr(settings, "TIMER_REARM_S", 60))
        self.store = store
        self.fire = fire
        self.fired = 0
        self._stop = threading.Event()
        self.rearm = rearm
        self._next_rearm = 0.0  # monotonic time of the periodic re-arm; 0 = at the next tick
        self._rearm_retry_at = 0.0  # after a failed re-arm, none is tried before this
        self._store_unreachable = False

    def tick(self) -> int:
        """Fire what is due, then re-arm if the store needs it and fire what that brought back."""
        # A long-lived worker must drop connections that are broken or past CONN_MAX_AGE, as
        # Django does around each request.
        close_old_connections()
        store = self.store or get_store()
        # First, so that while Redis is down a tick fails here, before reading every deadline.
        fired = run_due(store=store, fire=self.fire)
        if self.rearm and self._needs_rearm(store) and self._rearm(store):
            fired += run_due(store=store, fire=self.fire)
        self.fired += fired
        return fired

    def _needs_rearm(self, store: TimerStore) -> bool:
        now = time.monotonic()
        return now >= self._rearm_retry_at and (now >= self._next_rearm or not store.armed)

    def _rearm(self, store: TimerStore) -> bool:
        try:
            rearm_all(store=store)
        except Exception:
            # Firing what the store already holds is still worth doing; retry the re-arm soon.
            log.exception("timer_rearm_failed")
            self._rearm_retry_at = time.monotonic() + REARM_RETRY_S
            return False
        self._next_rearm = time.monotonic() + self.rearm_s
        return True

    def run_forever(self) -> None:
        """Tick every ``poll_s`` until ``stop()``; in-flight firing finishes before it returns."""
        log.info("timer_loop_started", poll_ms=round(self.poll_s * 1000))
        try:
            while not self._stop.is_set():
                wait = self.poll_s
                try:
                    self.tick()
                except RedisError as error:
                    self._lost_store(error)
                    wait = ERROR_BACKOFF_S
                except Exception:
                    log.exception("timer_tick_failed")
                    wait = ERROR_BACKOFF_S
                else:
                    self._reached_store()
                self._stop.wait(wait)
        finally:
            # Only this thread's connections: Django keeps one per thread.
            connections.close_all()
            log.info("timer_loop_stopped", fired=self.fired)

    def _lost_store(self, error: RedisError) -> None:
        # Mirrors fail too while the store is unreachable: re-arm at the first tick that reaches it.
        self._next_rearm = 0.0
        if not self._store_unreachable:
            self._store_unreachable = True
            log.warning("timer_store_unreachable", error=f"{type(error).__name__}: {error}")

    def _reached_store(self) -> None:
        if self._store_unreachable:
            self._store_unreachable = False
            log.info("timer_store_reachable_again")

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
