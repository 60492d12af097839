"""Timers in this process's memory, for embedded mode (no Redis): same contract as the Redis store.

A dict holds each entry's current score and a heap orders them; heap items whose score no longer
matches the dict are stale and skipped (lazy deletion), so re-arming never searches the heap. One
lock makes every operation atomic, which is all "atomic claim" needs inside one process; a change that
brings the earliest entry forward calls the listeners itself, after it.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from api.matches.timers.store import Claim, DeadlineTuple, Wake, clock_ms

Key = tuple[int, str]  # (match_id, deadline_id)


class MemoryStore:
    def __init__(self, clock: Callable[[], int] = clock_ms) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._score: dict[Key, int] = {}
        self._deadlines: dict[int, dict[str, int]] = {}  # match_id -> deadline_id -> at_ms
        self._heap: list[tuple[int, int, str]] = []
        # Nothing empties process memory behind our back: only ``clear`` (a test's "flush") un-arms it.
        self.armed = False
        self.due_in_ms: int | None = None
        self._wakes: list[Wake] = []

    def mirror(self, match_id: int, deadlines: Sequence[DeadlineTuple]) -> None:
        new = {deadline_id: int(at_ms) for deadline_id, at_ms, _kind in deadlines}
        with self._lock:
            before = self._earliest()
            was = self._deadlines.pop(match_id, {})
            for deadline_id in was.keys() - new.keys():
                self._score.pop((match_id, deadline_id), None)
            for deadline_id, at_ms in new.items():
                # Unchanged and still present: keep its score, which may be another worker's lease.
                if was.get(deadline_id) != at_ms or (match_id, deadline_id) not in self._score:
                    self._set((match_id, deadline_id), at_ms)
            if new:
                self._deadlines[match_id] = new
            sooner = self._sooner_than(before)
        self._wake_if(sooner)

    def arm(self, by_match: Mapping[int, Sequence[DeadlineTuple]]) -> None:
        with self._lock:
            before = self._earliest()
            for match_id, deadlines in by_match.items():
                for deadline_id, at_ms, _kind in deadlines:
                    if (match_id, deadline_id) not in self._score:
                        self._set((match_id, deadline_id), int(at_ms))
                        self._deadlines.setdefault(match_id, {})[deadline_id] = int(at_ms)
            self.armed = True
            sooner = self._sooner_than(before)
        self._wake_if(sooner)

    def claim(self, *, limit: int, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        now = self._clock() if now_ms is None else int(now_ms)
        lease = now + lease_ms
        claims: list[Claim] = []
        with self._lock:
            while (earliest := self._earliest()) is not None and earliest <= now and len(claims) < limit:
                _, match_id, deadline_id = heapq.heappop(self._heap)
                self._set((match_id, deadline_id), lease)
                claims.append(Claim(match_id, deadline_id, lease, now))
        self.due_in_ms = None if earliest is None else earliest - now
        return claims

    def listen_for_sooner(self, wake: Wake) -> _Listening:
        with self._lock:
            self._wakes.append(wake)
        return _Listening(self, wake)

    def renew(self, claims: Sequence[Claim], *, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        lease = (self._clock() if now_ms is None else int(now_ms)) + lease_ms
        renewed: list[Claim] = []
        with self._lock:
            for claim in claims:
                key = (claim.match_id, claim.deadline_id)
                if self._score.get(key) == claim.lease_ms:
                    self._set(key, lease)
                    renewed.append(replace(claim, lease_ms=lease))
        return renewed

    def ack(self, claim: Claim) -> bool:
        key = (claim.match_id, claim.deadline_id)
        with self._lock:
            if self._score.get(key) != claim.lease_ms:
                return False
            del self._score[key]
            deadlines = self._deadlines.get(claim.match_id, {})
            deadlines.pop(claim.deadline_id, None)
            if not deadlines:
                self._deadlines.pop(claim.match_id, None)
            return True

    def scheduled(self, match_id: int) -> dict[str, int]:
        with self._lock:
            ids = self._deadlines.get(match_id, {})
            return {i: self._score[(match_id, i)] for i in ids if (match_id, i) in self._score}

    def clear(self) -> None:
        with self._lock:
            self._score.clear()
            self._deadlines.clear()
            self._heap.clear()
            self.armed = False

    def _unlisten(self, wake: Wake) -> None:
        with self._lock:
            if wake in self._wakes:
                self._wakes.remove(wake)

    def _earliest(self) -> int | None:
        """The lowest score held (under the lock), stale heap items (an entry re-armed, leased or
        removed since) dropped on the way."""
        heap = self._heap
        while heap and self._score.get((heap[0][1], heap[0][2])) != heap[0][0]:
            heapq.heappop(heap)
        return heap[0][0] if heap else None

    def _sooner_than(self, before: int | None) -> bool:
        earliest = self._earliest()
        return earliest is not None and (before is None or earliest < before)

    def _wake_if(self, sooner: bool) -> None:
        if sooner:
            for wake in list(self._wakes):
                wake()

    def _set(self, key: Key, score: int) -> None:
        self._score[key] = score
        heapq.heappush(self._heap, (score, *key))
        # Stale items leave only when they come due; compact if they pile up (far-future re-arms).
        if len(self._heap) > 64 + 4 * len(self._score):
            self._heap = [(s, *k) for k, s in self._score.items()]
            heapq.heapify(self._heap)


class _Listening:
    """A listener of this process's store: it hears every change, as it is made."""

    def __init__(self, store: MemoryStore, wake: Wake) -> None:
        self._store, self._wake = store, wake
        self._closed = False

    def live(self) -> bool:
        return not self._closed

    def close(self) -> None:
        self._closed = True
        self._store._unlisten(self._wake)
