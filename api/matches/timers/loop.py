"""The polling loop shared by `manage.py run_timers` and the embedded server.

Each tick claims what is due, as much as its firing threads have room for (``firings.Firings``), then
re-arms the store from the database when it needs it: on the first tick, every ``rearm_s`` seconds (a
mirror may have failed), as soon as a claim finds the store emptied (a flush, or Redis restarted
without its data: ``TimerStore.armed``) and at the first tick that reaches the store after ticks that
could not (mirrors made meanwhile were lost). A tick that fails (database or Redis down) is retried
after a back-off; the loop only ends when ``stop`` is called. While the store is unreachable, deadlines
are fired straight from the database (``sweep.DatabaseSweep``), until a tick reaches it.

The next tick comes when the earliest deadline left is due (``TimerStore.due_in_ms``), or sooner when
the store reports a deadline due before it (``listen_for_sooner``: a move's bot or turn timer), or as
soon as a thread is free again if the last claim filled them all; ``idle_s`` at the longest, and at the
next re-arm. Polling every ``poll_s`` instead, an idle worker spent 3% of a core on a hundred claims a
second (docs/performance-log.md). It polls as before while it holds claims (their leases are renewed
at ticks) or cannot hear the store (Redis unreachable, not yet subscribed).
"""

from __future__ import annotations

import asyncio
import threading
import time

import structlog
from django.conf import settings
from django.db import close_old_connections, connections
from redis.exceptions import RedisError

from api.matches.timers.dispatch import Fire, rearm_all
from api.matches.timers.firing import Firings
from api.matches.timers.nudges import NudgeLoop
from api.matches.timers.store import Listening, TimerStore, batch_size, get_store, lease_ms
from api.matches.timers.sweep import DatabaseSweep

log = structlog.get_logger(__name__)

ERROR_BACKOFF_S = 1.0
MIN_PAUSE_S = 0.001  # whatever the clocks say, a tick never follows the last at once
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
        threads: int | None = None,
    ) -> None:
        self.poll_s = (poll_ms or int(getattr(settings, "TIMER_POLL_MS", 10))) / 1000
        self.idle_s = max(self.poll_s, int(getattr(settings, "TIMER_IDLE_MS", 1_000)) / 1000)
        self.rearm_s = rearm_s if rearm_s is not None else float(getattr(settings, "TIMER_REARM_S", 60))
        self.threads = threads or int(getattr(settings, "TIMER_THREADS", 4))
        self.store = store
        self.fire = fire
        self._firings: Firings | None = None
        self._fired_before = 0  # by the firings of earlier runs of this loop
        self._stop = threading.Event()
        self._wake = threading.Event()  # set by stop, and by a firing that frees a thread
        self.rearm = rearm
        self._next_rearm = 0.0  # monotonic time of the periodic re-arm; 0 = at the next tick
        self._rearm_retry_at = 0.0  # after a failed re-arm, none is tried before this
        self._store_unreachable = False
        self._sweep: DatabaseSweep | None = None  # run_forever makes it, with the loop's nudge loop
        self._sooner: Listening | None = None  # run_forever listens while it runs
        # Where firings send their nudges: the server's own loop when embedded (start_task), else a
        # loop of the worker's own (run_forever starts it).
        self._nudge_loop: asyncio.AbstractEventLoop | None = None

    @property
    def fired(self) -> int:
        """Deadlines this loop has fired without error."""
        now = (self._firings.fired if self._firings else 0) + (self._sweep.fired if self._sweep else 0)
        return self._fired_before + now

    def tick(self, firings: Firings) -> int:
        """Claim what is due and hand it to ``firings``, then re-arm if the store needs it and claim
        what that brought back; return how many were claimed."""
        # A long-lived worker must drop connections that are broken or past CONN_MAX_AGE, as
        # Django does around each request.
        close_old_connections()
        firings.renew()
        # First, so that while Redis is down a tick fails here, before reading every deadline.
        claimed = self._claim(firings)
        if self.rearm and self._needs_rearm(firings.store) and self._rearm(firings):
            claimed += self._claim(firings)
        return claimed

    def _claim(self, firings: Firings) -> int:
        # Once every thread is taken, the first to finish wakes the loop for the rest.
        claimed = 0
        while (limit := min(batch_size(), firings.room)) > 0:
            claims = firings.store.claim(limit=limit, lease_ms=lease_ms())
            firings.submit(claims)
            claimed += len(claims)
            if len(claims) < limit:
                break  # nothing more is due
        return claimed

    def _needs_rearm(self, store: TimerStore) -> bool:
        now = time.monotonic()
        return now >= self._rearm_retry_at and (now >= self._next_rearm or not store.armed)

    def _rearm(self, firings: Firings) -> bool:
        try:
            # What the threads hold now is all they can fire during the re-arm (only this thread
            # claims): taken before the read, so that none of it is armed again (see rearm_all).
            rearm_all(store=firings.store, held=firings.holding())
        except Exception:
            # Firing what the store already holds is still worth doing; retry the re-arm soon.
            log.exception("timer_rearm_failed")
            self._rearm_retry_at = time.monotonic() + REARM_RETRY_S
            return False
        self._next_rearm = time.monotonic() + self.rearm_s
        return True

    def run_forever(self) -> None:
        """Tick every ``poll_s`` until ``stop()``; what was claimed is fired before it returns."""
        log.info("timer_loop_started", poll_ms=round(self.poll_s * 1000), threads=self.threads)
        nudges = NudgeLoop() if self._nudge_loop is None else None
        firings = Firings(
            self.store or get_store(),
            self.fire,
            threads=self.threads,
            lease_ms=lease_ms(),
            on_room=self._wake.set,
            nudge_loop=nudges.loop if nudges else self._nudge_loop,
        )
        self._firings = firings
        self._sweep = DatabaseSweep(self.fire, nudge_loop=nudges.loop if nudges else self._nudge_loop)
        sooner = self._sooner = firings.store.listen_for_sooner(self._wake.set)
        try:
            if nudges:
                nudges.start()
            firings.start()
            self._tick_until_stopped(firings, sooner)
        finally:
            sooner.close()
            self._sooner = None
            self._sweep.stop()
            firings.close()
            if nudges:
                nudges.close()
            fired = firings.fired + self._sweep.fired
            self._firings = self._sweep = None
            self._fired_before += fired  # after: ``fired`` may lag for an instant, never count twice
            # Only this thread's connections: Django keeps one per thread.
            connections.close_all()
            log.info("timer_loop_stopped", fired=self.fired)

    def _tick_until_stopped(self, firings: Firings, sooner: Listening) -> None:
        while not self._stop.is_set():
            # Before the claim: a thread freed, or a sooner deadline heard, from now on wakes the next tick.
            self._wake.clear()
            if self._tick_or_log(firings):
                self._wake.wait(self.pause(firings, sooner))
            else:
                self._stop.wait(ERROR_BACKOFF_S)  # a freed thread does not cut the back-off short

    def pause(self, firings: Firings, sooner: Listening) -> float:
        """Seconds until the next tick, after one that reached the store (see the module's docstring)."""
        if firings.room < firings.capacity or not sooner.live():
            return self.poll_s
        due_in_ms = firings.store.due_in_ms
        rearm_at = max(self._next_rearm, self._rearm_retry_at)
        until_rearm = rearm_at - time.monotonic() if self.rearm else self.idle_s
        # A millisecond past due: the store's clock may run a little behind this one.
        until_due = self.idle_s if due_in_ms is None else (due_in_ms + 1) / 1000
        return max(MIN_PAUSE_S, min(until_due, until_rearm, self.idle_s))

    def _tick_or_log(self, firings: Firings) -> bool:
        try:
            self.tick(firings)
        except RedisError as error:
            self._lost_store(error)
            return False
        except Exception:
            log.exception("timer_tick_failed")
            return False
        self._reached_store()
        return True

    def _lost_store(self, error: RedisError) -> None:
        # Mirrors fail too while the store is unreachable: re-arm at the first tick that reaches it.
        self._next_rearm = 0.0
        if not self._store_unreachable:
            self._store_unreachable = True
            log.warning("timer_store_unreachable", error=f"{type(error).__name__}: {error}")
        if self._sweep is not None:
            self._sweep.start()  # until a tick reaches the store; a no-op if it runs already

    def _reached_store(self) -> None:
        if self._store_unreachable:
            self._store_unreachable = False
            log.info("timer_store_reachable_again")
        if self._sweep is not None:
            # The store has the claims from now on; what the sweep fires meanwhile, a claim of the
            # re-armed store finds gone (or holds its match's lock) and does not fire again.
            self._sweep.stop()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()

    @property
    def hears_sooner(self) -> bool:
        """Does the running loop hear of sooner deadlines now (so, idle, it sleeps until the next)?"""
        sooner = self._sooner
        return sooner is not None and sooner.live()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def start_task(self) -> asyncio.Task[None]:
        """Run the loop in a worker thread, wrapped in an asyncio task (ORM calls are sync).

        Firings send their nudges on the calling (server's) loop, which holds the channel layer."""
        self._nudge_loop = asyncio.get_running_loop()
        return self._nudge_loop.create_task(asyncio.to_thread(self.run_forever))

    async def aclose(self, task: asyncio.Task[None]) -> None:
        self.stop()
        await task
