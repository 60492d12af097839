"""Commands: a move, who sent it, and when the service received it.

Time is input, never read from a clock: ``at`` is the server's receipt time in milliseconds since the
Unix epoch, and deadlines are compared against it. ``seat=None`` is the server itself (timers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Command(Generic[M]):
    move: M
    seat: int | None
    at: int


@dataclass(frozen=True, slots=True)
class Begin:
    """Deal and start the match. Sent once by the service when the lobby starts the match."""


@dataclass(frozen=True, slots=True)
class Timeout:
    """A deadline passed. ``decide`` ignores it (accepts, with no events) when it is not current."""

    deadline_id: str


@dataclass(frozen=True, slots=True)
class Resign:
    """The sending seat leaves the match."""


SYSTEM_MOVES = (Begin, Timeout, Resign)
