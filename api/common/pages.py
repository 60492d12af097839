"""Pages of a list (Relay-style cursors): one shape for every paginated selector."""

from __future__ import annotations

import base64
import binascii
import json
import math
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")


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
