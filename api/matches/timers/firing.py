"""Claimed deadlines fired on a few threads, so that one firing never makes the next ones late.

A firing is a database transaction, mostly spent waiting on the database. Fired one after another at
100 deadlines a second, they kept the worker busy all the time and every claim waited behind the ones
before it (the timer benchmark's lateness p99 was 0.2 to 2 s). The timer loop claims only as many
deadlines as there is ``room`` for (``threads`` at most held at once), so a deadline is claimed, and the
game told the time, when a thread is free to fire it; and a worker never holds deadlines that another,
idle worker could fire.

One match's deadlines never fire at once, and fire in the order they were claimed: a match's claims
queue behind the one firing. ``renew`` keeps the leases of every claim held, so that no other worker
takes one while it waits or fires. A lease that ran out anyway (the loop thread stalled past it) may
bring an entry back to this worker's own loop: ``submit`` takes the new lease for the claim it holds
instead of firing that deadline a second time.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace

import structlog
from django.db import close_old_connections, connections

from api.common.database import calling_loop
from api.matches.timers.dispatch import Fire, fire_once, settle
from api.matches.timers.store import Claim, TimerStore

log = structlog.get_logger(__name__)


class Firings:
    def __init__(
        self,
        store: TimerStore,
        fire: Fire | None,
        *,
        threads: int,
        lease_ms: int,
        on_room: Callable[[], None] = lambda: None,
        nudge_loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.store = store
        self.capacity = max(1, threads)
        self._fire = fire
        self._lease_ms = lease_ms
        self._on_room = on_room  # called when a firing ends while every thread was taken
        self._nudge_loop = nudge_loop
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._by_match: dict[int, deque[Claim]] = {}  # a match's claims in order; the first is firing
        self._ready: queue.SimpleQueue[int | None] = queue.SimpleQueue()  # match ids to fire next
        self._held = 0
        self._fired = 0
        self._renew_at = 0.0
        self._threads = [
            threading.Thread(target=self._work, name=f"timer-fire-{i}", daemon=True)
            for i in range(self.capacity)
        ]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    @property
    def room(self) -> int:
        """How many more claims this worker can take now."""
        with self._lock:
            return self.capacity - self._held

    @property
    def fired(self) -> int:
        with self._lock:
            return self._fired

    def holding(self) -> frozenset[tuple[int, str]]:
        """The (match id, deadline id) of every claim held, firing or waiting."""
        with self._lock:
            return frozenset(_key(claim) for claims in self._by_match.values() for claim in claims)

    def submit(self, claims: Sequence[Claim]) -> None:
        with self._lock:
            for claim in claims:
                held = self._by_match.get(claim.match_id)
                if held is None:
                    held = self._by_match[claim.match_id] = deque()
                    self._ready.put(claim.match_id)
                elif self._take_over(held, claim):
                    continue
                held.append(claim)
                self._held += 1

    @staticmethod
    def _take_over(held: deque[Claim], claim: Claim) -> bool:
        """If ``claim`` is a deadline already held, give the held claim its lease (the old one no longer
        acks) and keep the held claim's clock: it fires once, as first claimed."""
        for index, mine in enumerate(held):
            if _key(mine) == _key(claim):
                held[index] = replace(mine, lease_ms=claim.lease_ms)
                return True
        return False

    def renew(self) -> None:
        """Every half lease, renew the lease of every claim held, firing or waiting for its match's turn.

        Under the lock: a firing thread takes its claim out of ``_by_match`` before settling it, so it
        acks with the lease last renewed, never an older one."""
        if time.monotonic() < self._renew_at:
            return
        self._renew_at = time.monotonic() + self._lease_ms / 2000
        with self._lock:
            held = [claim for claims in self._by_match.values() for claim in claims]
            if not held:
                return
            renewed = {_key(c): c for c in self.store.renew(held, lease_ms=self._lease_ms)}
            for match_id, claims in self._by_match.items():
                first, *waiting = claims
                # The one firing keeps its place whatever happened to its entry; one waiting that was
                # not renewed was re-armed or removed meanwhile and is no longer this worker's.
                kept = [renewed[_key(c)] for c in waiting if _key(c) in renewed]
                self._held -= len(waiting) - len(kept)
                self._by_match[match_id] = deque([renewed.get(_key(first), first), *kept])
            self._changed.notify_all()

    def close(self) -> None:
        """Fire everything held, then stop the threads (each closes its database connection)."""
        with self._lock:
            self._changed.wait_for(lambda: self._held == 0)
        for _ in self._threads:
            self._ready.put(None)
        for thread in self._threads:
            if thread.ident is not None:  # started
                thread.join()

    def _work(self) -> None:
        if self._nudge_loop is not None:
            calling_loop.set(self._nudge_loop)  # this thread's own context: notify sends nudges there
        try:
            while (match_id := self._ready.get()) is not None:
                with self._lock:
                    claim = self._by_match[match_id][0]
                self._settle(match_id, self._fire_one(claim))
        finally:
            connections.close_all()  # this thread's connections only

    def _fire_one(self, claim: Claim) -> bool:
        try:
            # What Django does around each request: drop a broken or too old connection.
            close_old_connections()
        except Exception:
            log.exception("timer_connection_check_failed")  # the firing then fails, and is retried
        return fire_once(claim, self._fire)

    def _settle(self, match_id: int, fired: bool) -> None:
        with self._lock:
            claims = self._by_match[match_id]
            claim = claims.popleft()  # as last renewed
            if claims:
                self._ready.put(match_id)  # the next of this match, only now
            else:
                del self._by_match[match_id]
        try:
            settle(self.store, claim, fired=fired)
        except Exception:
            # Not acked: its lease runs out and it fires again, a harmless no-op if it went through.
            log.exception("timer_settle_failed", match_id=claim.match_id, deadline_id=claim.deadline_id)
        with self._lock:
            was_full = self._held == self.capacity
            self._held -= 1
            self._fired += fired
            self._changed.notify_all()
        if was_full:
            self._on_room()


def _key(claim: Claim) -> tuple[int, str]:
    return (claim.match_id, claim.deadline_id)
