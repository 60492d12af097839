"""Plain values the services and selectors hand to callers (GraphQL, views, admin)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from api.matches.models import Match, MatchEvent

T = TypeVar("T")


@dataclass(frozen=True)
class MoveAccepted:
    """The move was applied: ``events`` are the full (unredacted) rows appended, ``version`` the new one."""

    match: Match
    version: int
    events: list[MatchEvent]


@dataclass(frozen=True)
class VisibleEvent:
    """One log entry as a given viewer may see it (``type`` is the redacted event's class name)."""

    seq: int
    type: str
    at: datetime
    seat: int | None
    data: dict[str, Any]


@dataclass(frozen=True)
class Deadline:
    """The timer a match is waiting on, for clients: id, when (aware datetime) and what kind."""

    id: str
    at: datetime
    kind: str
