"""What every timer store offers, and which one this process uses.

A store holds one entry per open deadline, keyed by (match id, deadline id) and scored by when it is
due. ``claim`` hands due entries to one worker by re-scoring them to a lease; ``renew`` extends it while
the worker is busy; ``ack`` removes an entry only if it still carries that lease, so a deadline re-armed
meanwhile survives. The database stays the source of truth: a store can be emptied at any time and
``rearm_all`` refills it; ``armed`` tells the worker when that has happened.

A worker need not ask the store every few milliseconds whether something is due: ``claim`` says when
the earliest entry left comes due (``due_in_ms``), and ``listen_for_sooner`` tells it, from any
process, of an entry that becomes the earliest (a move's new deadline due before every other), so
an idle worker sleeps until the next deadline instead of polling (api/matches/timers/loop.py).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings

DEFAULT_KEY_PREFIX = "cliffside:timers"

Wake = Callable[[], None]

# (deadline_id, at_ms, kind) as the persistence services pass them.
DeadlineTuple = tuple[str, int, str]


@dataclass(frozen=True, slots=True)
class Claim:
    """A due deadline leased to one worker until ``lease_ms`` (store clock)."""

    match_id: int
    deadline_id: str
    lease_ms: int
    now_ms: int  # the store's clock when it was claimed: at or after the deadline


class Listening(Protocol):
    def live(self) -> bool:
        """Is every entry that becomes the earliest heard of now? False while the listener is cut off
        (Redis unreachable, not yet subscribed): a worker then polls."""

    def close(self) -> None:
        """Stop listening."""


class TimerStore(Protocol):
    armed: bool
    """False once the store is found to have lost its entries since ``arm`` last ran (a flush, a restart
    without persistence), or if it never ran: the timer loop then re-arms it from the database at once.
    Redis finds out in ``claim``, which costs no extra round trip; process memory knows it outright."""
    due_in_ms: int | None
    """As the last claim found it: how long until the earliest entry left is due, or its lease runs out
    (by the store's clock; 0 or less: due already); None when the store holds none, or before a claim."""

    def listen_for_sooner(self, wake: Wake) -> Listening:
        """Call ``wake`` (from any thread) whenever a ``mirror`` or ``arm``, in any process, makes an
        entry due earlier than every entry before it; and when listening resumes after a break, in
        which such a change may have gone unheard."""

    def mirror(self, match_id: int, deadlines: Sequence[DeadlineTuple]) -> None:
        """Hold exactly ``deadlines`` for the match (an entry re-armed unchanged keeps its lease)."""

    def arm(self, by_match: Mapping[int, Sequence[DeadlineTuple]]) -> None:
        """Add the entries that are missing, never moving or removing one; the store is then armed."""

    def claim(self, *, limit: int, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        """Lease up to ``limit`` entries due at ``now_ms`` (default: the store's own clock)."""

    def renew(self, claims: Sequence[Claim], *, lease_ms: int, now_ms: int | None = None) -> list[Claim]:
        """Lease again, until ``now_ms + lease_ms``, the claims whose entries still carry their lease.

        Returns those claims with their new lease, in order; the others (re-armed or removed since)
        are no longer this worker's to fire."""

    def ack(self, claim: Claim) -> bool:
        """Remove the claimed entry if it still carries the claim's lease."""

    def scheduled(self, match_id: int) -> dict[str, int]:
        """deadline_id -> current score (due time or lease) for one match."""

    def clear(self) -> None:
        """Forget every entry (this key prefix only)."""


def clock_ms() -> int:
    return time.time_ns() // 1_000_000


def key_prefix() -> str:
    return getattr(settings, "TIMER_KEY_PREFIX", "") or DEFAULT_KEY_PREFIX


def lease_ms() -> int:
    # A crashed worker's claims come back after this long, so it is short; a live worker renews the
    # leases of a batch it is still firing (dispatch.run_due), and firing twice is harmless anyway.
    return int(getattr(settings, "TIMER_LEASE_MS", 3_000))


def retry_ms() -> int:
    # A deadline whose firing raised comes back after this long, not at every short lease.
    return int(getattr(settings, "TIMER_RETRY_MS", 10_000))


def batch_size() -> int:
    return int(getattr(settings, "TIMER_BATCH", 100))


def get_store() -> TimerStore:
    """Redis when REDIS_URL is set (shared by every process), else this process's memory store."""
    return _store_for(getattr(settings, "REDIS_URL", ""), key_prefix())


@functools.cache
def _store_for(redis_url: str, prefix: str) -> TimerStore:
    # Cached per (url, prefix): one connection pool per process; tests that change settings get a
    # fresh store instead of one bound to the old values.
    if redis_url:
        from api.matches.timers.redis_store import RedisStore

        return RedisStore.from_url(redis_url, prefix=prefix)
    from api.matches.timers.memory_store import MemoryStore

    return MemoryStore()


def normalize(deadlines: Iterable[Any]) -> list[DeadlineTuple]:
    """Accept (id, at_ms, kind) tuples, or objects with deadline_id/at_ms or id/at attributes."""
    result: list[DeadlineTuple] = []
    for item in deadlines:
        if isinstance(item, tuple | list):
            deadline_id, at_ms, kind = (*item, "")[:3]
        else:
            deadline_id = getattr(item, "deadline_id", None) or item.id
            at_ms = getattr(item, "at_ms", None)
            at_ms = item.at if at_ms is None else at_ms
            kind = getattr(item, "kind", "")
        result.append((str(deadline_id), int(at_ms), str(kind)))
    return result
