"""Geometry of the cliff: which cards touch, and how far apart two cards are.

Cards are adjacent when they touch along an edge or at a corner (the 8-neighbourhood). The base
touches every level-1 card and the summit every top-level card.
"""

from __future__ import annotations

from games.daredevil_rock.state import Position, State


def on_cliff(state: State, level: int, column: int) -> bool:
    return 1 <= level <= state.levels and 0 <= column < state.columns


def distance(a: Position, b: Position) -> int:
    """Chebyshev distance: cards one step apart in any of the eight directions are at distance 1."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def reaches(here: Position | None, there: Position) -> bool:
    """True when a climber at ``here`` (None: the base) touches the card at ``there``."""
    if here is None:
        return there[0] == 1
    return distance(here, there) == 1


def touching(state: State, here: Position | None) -> tuple[Position, ...]:
    """Every card a climber at ``here`` touches, bottom row first, left to right."""
    if here is None:
        return tuple((1, column) for column in range(state.columns))
    level, column = here
    return tuple(
        (up, across)
        for up in (level - 1, level, level + 1)
        for across in (column - 1, column, column + 1)
        if (up, across) != here and on_cliff(state, up, across)
    )


def guards(cam: Position, here: Position | None) -> bool:
    """A cam protects a climber on its card, directly below it, or at the base: a Joker is a minor slip."""
    if here is None:
        return True
    return here[1] == cam[1] and here[0] <= cam[0]
