"""Plain values the services and selectors hand to callers (GraphQL, views, admin)."""

from __future__ import annotations

import base64
import binascii
import json
import math
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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
class MoveRejected:
    code: str
    message: str


MoveResult = MoveAccepted | MoveRejected


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


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    has_next: bool
    end_cursor: str | None


def encode_cursor(value: Any) -> str:
    """An opaque cursor for ``value`` (any JSON value)."""
    return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode()


def decode_cursor(cursor: str | None) -> Any:
    """The value inside ``cursor``, or ``None`` when it is missing or not one of ours."""
    if not cursor:
        return None
    try:
        return json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (binascii.Error, ValueError, UnicodeError):
        return None


MAX_ID = 2**63 - 1  # a bigint column


def is_id(value: Any) -> bool:
    return type(value) is int and 0 < value <= MAX_ID


def is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and abs(value) < 1e300
