"""Deadlines are state: each game lists the timers the service must arm, and what they are for.

A ``Deadline`` is identified by ``id``; once the state moves on, the game lists a new id and a late
``Timeout`` for the old one is ignored, which makes timeouts idempotent and duplicates harmless.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Deadline:
    id: str
    at: int  # milliseconds since the Unix epoch
    kind: str  # what passing it does, in the game's words: "turn", "reaction", "round", "choice"


def overdue(deadlines: Iterable[Deadline], now: int) -> tuple[Deadline, ...]:
    """The deadlines that have passed at ``now``, earliest first."""
    return tuple(sorted((d for d in deadlines if d.at <= now), key=lambda d: (d.at, d.id)))


def seconds_after(now: int, seconds: float | None) -> int | None:
    """The deadline ``seconds`` after ``now`` (ms), or ``None`` when the timer is off."""
    if seconds is None or seconds <= 0:
        return None
    return now + round(seconds * 1000)
