"""Events between the engine and the ``MatchEvent`` table: stored in full, decoded for folding."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from api.common import statements
from api.matches.models import MatchEvent
from games.core.spec import GameSpec
from games.core.visibility import Event


def at_ms(moment: int) -> datetime:
    """An aware UTC datetime for milliseconds since the epoch."""
    return datetime.fromtimestamp(moment / 1000, tz=UTC)


def to_rows(
    spec: GameSpec[Any],
    *,
    match_id: int,
    first_seq: int,
    events: Sequence[Event],
    seats: Sequence[int | None],
    at: datetime,
) -> list[MatchEvent]:
    """Unsaved rows for ``events`` numbered from ``first_seq``; ``seats[i]`` produced event ``i``."""
    rows = []
    for offset, (event, seat) in enumerate(zip(events, seats, strict=True)):
        kind, data = spec.events.dump(event)
        rows.append(
            MatchEvent(match_id=match_id, seq=first_seq + offset, type=kind, seat=seat, at=at, data=data)
        )
    return rows


def after(match_id: int, seq: int) -> statements.Query:
    """The query of the stored rows after ``seq``, in order, for ``statements.select_each`` and the like."""
    return MatchEvent, "match_id = %s AND seq > %s ORDER BY seq", [match_id, seq]


def between(match_id: int, after: int, upto: int) -> list[MatchEvent]:
    """The stored rows with ``after < seq <= upto``, in order (the live updates' read of every version)."""
    return statements.select(
        MatchEvent, "match_id = %s AND seq > %s AND seq <= %s ORDER BY seq", (match_id, after, upto)
    )


def stored(match_id: int, *, after: int = 0, upto: int | None = None) -> list[tuple[str, Any]]:
    """``(type, data)`` of the stored events with ``after < seq <= upto``, in order.

    A compiled statement of the two columns, not a QuerySet: a move folds what another process
    appended since its cached game, and a replay a whole log; building the ORM's query, the rows'
    instances and their timestamps was most of that read's CPU."""
    if upto is None:
        condition, params = "match_id = %s AND seq > %s ORDER BY seq", (match_id, after)
    else:
        condition, params = "match_id = %s AND seq > %s AND seq <= %s ORDER BY seq", (match_id, after, upto)
    return statements.values(MatchEvent, ("type", "data"), condition, params)  # type: ignore[return-value]


def decode(spec: GameSpec[Any], rows: Iterable[tuple[str, Any]]) -> list[Event]:
    return [spec.events.load(kind, data) for kind, data in rows]
