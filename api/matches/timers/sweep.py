"""Deadlines fired straight from the database while the timer store (Redis) cannot be reached.

The store is only an index of the MatchDeadline rows, so a worker that loses it still has what it
needs. From the tick that finds the store unreachable until the first that reaches it again, the
timer loop runs a ``DatabaseSweep`` on a thread of its own: every TIMER_DATABASE_POLL_MS it reads the
due rows and fires each in a transaction that first takes its match's row with ``FOR UPDATE SKIP
LOCKED`` and then checks that the deadline is still there. The lock is what keeps two workers (or a
sweep and the firing of a claim taken from Redis before the outage) from firing one deadline at once:
the one that holds the match fires, the others pass over it, and once it commits the row is gone (a
firing replaces the match's deadlines). Firing is idempotent as well (a stale deadline is a no-op),
but that is the second line, not the first. The match row rather than the deadline's because the
write path locks the match and then replaces its deadlines: taking them in the same order cannot
deadlock against a move.

Slower than the store on purpose: a poll of the ``at_ms`` index every half second rather than a claim
as each deadline comes due, one deadline at a time per worker. It keeps games moving for as long as
the outage lasts; the loop re-arms the store from the database when it answers, as after any outage.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from typing import NamedTuple

import structlog
from django.conf import settings
from django.db import close_old_connections, connections, transaction

from api.common.database import calling_loop
from api.matches.models import Match, MatchDeadline
from api.matches.timers import dispatch
from api.matches.timers.store import batch_size, clock_ms, retry_ms

log = structlog.get_logger(__name__)

# The statuses whose deadlines still mean something, as rearm_all reads them.
OPEN = ("ACTIVE", "LOBBY")


def poll_ms() -> int:
    return int(getattr(settings, "TIMER_DATABASE_POLL_MS", 500))


class Due(NamedTuple):
    match_id: int
    deadline_id: str
    at_ms: int


class DatabaseSweep:
    """Fires due deadlines from the database, on its own thread, from ``start`` until ``stop``."""

    def __init__(
        self,
        fire: dispatch.Fire | None = None,
        *,
        poll_s: float | None = None,
        nudge_loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.poll_s = poll_s if poll_s is not None else poll_ms() / 1000
        self._fire = fire
        self._nudge_loop = nudge_loop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        # Due rows this worker has dealt with, and until when (monotonic) they are left alone: for as
        # long as they stay due when the firing went through (a stale deadline the firing left in place
        # stays a no-op), TIMER_RETRY_MS when it raised. Only for this outage: the next starts afresh.
        self._settled: dict[Due, float] = {}
        self.fired = 0

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._settled.clear()
        self._thread = threading.Thread(target=self._run, name="timer-sweep", daemon=True)
        self._thread.start()
        log.warning("timer_database_sweep_started", poll_ms=round(self.poll_s * 1000))

    def stop(self) -> None:
        """Let the firing under way finish, then end the thread."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None
        log.info("timer_database_sweep_stopped", fired=self.fired)

    def _run(self) -> None:
        if self._nudge_loop is not None:
            calling_loop.set(self._nudge_loop)  # as a firing thread: nudges go out without waiting
        # Mirrors would only wait on the unreachable store; the re-arm at its return covers them.
        dispatch.store_unreachable.set(True)
        try:
            while not self._stop.is_set():
                full = self._sweep_or_log()
                if not full:
                    self._stop.wait(self.poll_s)
        finally:
            connections.close_all()  # this thread's connection only

    def _sweep_or_log(self) -> bool:
        try:
            close_old_connections()
            return self.sweep() >= batch_size()
        except Exception:
            log.exception("timer_database_sweep_failed")  # the database is down too: the next poll
            return False

    def sweep(self) -> int:
        """Fire up to TIMER_BATCH deadlines due now, oldest first; return how many were tried."""
        now = clock_ms()
        tried = 0
        for due in self._due(now):
            if self._stop.is_set():
                break
            fired = self._fire_locked(due)
            if fired is not None:
                tried += 1
                self._settled[due] = math.inf if fired else time.monotonic() + retry_ms() / 1000
        return tried

    def _due(self, now_ms: int) -> list[Due]:
        # Rows settled earlier are skipped here rather than in SQL; reading that many more keeps them
        # from crowding out the ones still to fire.
        limit = batch_size() + len(self._settled)
        rows = (
            MatchDeadline.objects.filter(at_ms__lte=now_ms, match__status__in=OPEN)
            .order_by("at_ms")
            .values_list("match_id", "deadline_id", "at_ms")[:limit]
        )
        found = list(map(Due._make, rows))
        if len(found) < limit:  # every due row was read: forget those no longer due (fired, moved on)
            self._settled = {due: self._settled[due] for due in found if due in self._settled}
        moment = time.monotonic()
        return [due for due in found if self._settled.get(due, 0) <= moment][: batch_size()]

    def _fire_locked(self, due: Due) -> bool | None:
        """Fire ``due`` holding its match: whether the firing went through, or None when the match is
        another transaction's right now (a worker firing it, a move) or the deadline is gone."""
        with transaction.atomic():
            if not _lock_match(due.match_id) or not _still_there(due):
                return None
            now_ms = clock_ms()  # claimed now, as a claim from the store is: at or after the deadline
            try:
                fire = dispatch.handler(self._fire)
                fire(match_id=due.match_id, deadline_id=due.deadline_id, now_ms=now_ms)
            except Exception:
                log.exception("timer_fire_failed", match_id=due.match_id, deadline_id=due.deadline_id)
                transaction.set_rollback(True)
                return False
        self.fired += 1
        return True


def _lock_match(match_id: int) -> bool:
    locked = Match.objects.select_for_update(skip_locked=True).filter(pk=match_id, status__in=OPEN)
    return bool(list(locked.values_list("pk", flat=True)))


def _still_there(due: Due) -> bool:
    return MatchDeadline.objects.filter(
        match_id=due.match_id, deadline_id=due.deadline_id, at_ms=due.at_ms
    ).exists()
