"""Where a climber ends up when a Joker is revealed (the rulebook's "Falling", GAMES.md's distance).

No cam on the cliff: from level 1 the climber drops to the base (the turn ends); from level 2 or higher
it hits the ground and is out of the game. At the base, a Joker is only ever a minor slip.

With cams: on a cam card, or anywhere directly below one, it is a minor slip (only the action is lost).
Otherwise the climber falls from each cam: d = the Chebyshev distance from the cam card to the
climber's card, and it lands d levels below the cam card, in the cam's column; an occupied card there
drops it one more level at a time. Level 0 or below is the ground: out of the game.

Ruling 7 (Limited Cams): with several cams on the cliff, the climber is protected by whichever of its
own cams gives the best result: a minor slip if it is on or below any of them, otherwise the shortest
fall (the highest landing; between equal landings, the cam set first), and it is out of the game only
if every cam leaves it on the ground. Other climbers' cams never protect it.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.daredevil_rock.cliff import distance, guards
from games.daredevil_rock.state import Position, State


@dataclass(frozen=True, slots=True)
class Slip:
    """A minor slip: the climber stays where it is."""


@dataclass(frozen=True, slots=True)
class Landing:
    """The climber falls, survives, and its turn ends. ``position`` None is the base."""

    position: Position | None


@dataclass(frozen=True, slots=True)
class Ground:
    """The climber hits the ground and is out of the game."""


Fall = Slip | Landing | Ground


def fall(state: State, seat: int) -> Fall:
    """What a Joker does to ``seat``'s climber where it is now."""
    climber = state.climbers[seat]
    here = climber.position
    if here is None:
        return Slip()
    if not climber.cams:
        return Landing(None) if here[0] == 1 else Ground()
    if any(guards(cam, here) for cam in climber.cams):
        return Slip()
    landings = [_landing(state, seat, cam, distance(cam, here)) for cam in climber.cams]
    survived = [landing for landing in landings if landing is not None]
    if not survived:
        return Ground()
    # max() keeps the first of equal landings: the cam set first wins a tie.
    return Landing(max(survived, key=lambda position: position[0]))


def _landing(state: State, seat: int, cam: Position, drop: int) -> Position | None:
    """The card ``drop`` levels below ``cam``, or further down past occupied cards; None is the ground."""
    level, column = cam[0] - drop, cam[1]
    while level >= 1 and state.occupant((level, column)) not in (None, seat):
        level -= 1
    return (level, column) if level >= 1 else None
