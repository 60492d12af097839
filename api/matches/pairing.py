"""Who sits with whom in quick-match: the rating window of a waiting table, and the table a newcomer
takes. Pure functions of numbers, so the rule is tested without a database.

As in Nakama's matchmaker, a table at first takes only players of close rating (openskill ordinals,
mu - 3 sigma) and the window widens the longer it waits: a strong and a weak player each waiting
meet others of their own level first, and meet anyone rather than wait forever. A newcomer takes the
fitting table of closest rating (the one that waited longest among equals), so a table fills with
the players it was meant for before one that merely waited longer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Window:
    """How far from a table's rating a newcomer may be: ``base`` at first, ``per_second`` wider each
    second the table waits."""

    base: float
    per_second: float

    def width(self, waited_ms: int) -> float:
        return self.base + self.per_second * max(0, waited_ms) / 1000


@dataclass(frozen=True)
class Waiting:
    """A table still taking players: its id, its rating and when it opened."""

    match_id: int
    rating: float
    opened_at_ms: int


def fits(table: Waiting, rating: float, now_ms: int, window: Window) -> bool:
    return abs(table.rating - rating) <= window.width(now_ms - table.opened_at_ms)


def preferred(tables: Iterable[Waiting], rating: float, now_ms: int, window: Window) -> list[Waiting]:
    """The tables a player of ``rating`` may take now, the closest in rating first (then the oldest)."""
    fitting = [table for table in tables if fits(table, rating, now_ms, window)]
    return sorted(fitting, key=lambda t: (abs(t.rating - rating), t.opened_at_ms, t.match_id))


def mean(ratings: Iterable[float], default: float) -> float:
    """A table's rating: the mean of its players' (``default`` for a table with none left)."""
    values = list(ratings)
    return sum(values) / len(values) if values else default
