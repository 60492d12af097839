"""Computer climbers. They see only their own seat's ``DaredevilRockView`` and the legal moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.chance import Chance
from games.core.spec import choose_wanted
from games.daredevil_rock.moves import (
    Climb,
    EndTurn,
    Examine,
    FreeClimb,
    Hang,
    Move,
    Probe,
    RetrieveCam,
    SetCam,
)
from games.daredevil_rock.views import ClimberView, DaredevilRockView, SpaceView


class HeuristicBot:
    """A careful climber: it goes up, keeps a cam close before it risks a Joker, and hangs at the top.

    In order: take a free climb that does not go down; examine its own card when hanging over a face-down
    one; at the base, climb onto a level-1 card or examine one (a Joker there is only a slip); at the top,
    set a cam on its card and hang; else climb to the highest card in reach (with Limited Cams and an
    empty reserve, retrieving the cam it stands on first: climbing is safe, only reveals risk a fall),
    or examine a card above (first setting a cam when a Joker would otherwise cost more than a short
    fall); when every card above is face up and out of reach, probe one; otherwise end the turn rather
    than waste actions. Ties go to the first move in the legal moves' order, so play is reproducible.
    """

    name = "heuristic"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return choose_wanted(view, legal, chance, self._wanted, fallbacks=(EndTurn(),))

    def _wanted(self, view: DaredevilRockView, allowed: tuple[Move, ...], chance: Chance) -> Move | None:
        me = view.climbers[view.seat or 0]
        if FreeClimb() in allowed and view.free_climb is not None and view.free_climb.level >= me.level:
            return FreeClimb()
        if me.must_examine and me.column is not None:
            return Examine(me.level, me.column)
        if me.level == 0:
            return _from_the_base(allowed, chance)
        if me.level == view.levels:
            return SetCam() if _unprotected(me) and SetCam() in allowed else Hang()
        return self._upward(view, me, allowed)

    def _upward(self, view: DaredevilRockView, me: ClimberView, allowed: tuple[Move, ...]) -> Move | None:
        climbs = [m for m in allowed if isinstance(m, Climb) and m.level > me.level]
        if climbs:
            if RetrieveCam() in allowed and me.reserve == 0 and view.actions_left >= 2:
                return RetrieveCam()  # Limited Cams: take the cam along (and climb in the same turn)
            return max(climbs, key=lambda m: (m.level, _rank(view, m.level, m.column)))
        examines = [m for m in allowed if isinstance(m, Examine) and m.level > me.level]
        if examines:
            if _risky(me) and SetCam() in allowed:
                return SetCam()
            # Straight up first: it keeps the climber in line with the cam below it.
            return min(examines, key=lambda m: (abs(m.column - (me.column or 0)), m.column))
        probes = [m for m in allowed if isinstance(m, Probe) and m.level > me.level]
        blocked = [m for m in probes if (space := _space(view, m.level, m.column)) and space.face_up]
        return blocked[0] if blocked else EndTurn()


def _from_the_base(allowed: tuple[Move, ...], chance: Chance) -> Move:
    climbs = sorted((m for m in allowed if isinstance(m, Climb)), key=lambda m: m.column)
    if climbs:
        return climbs[0]
    examines = sorted((m for m in allowed if isinstance(m, Examine)), key=lambda m: m.column)
    return chance.pick(examines) if examines else EndTurn()


def _unprotected(me: ClimberView) -> bool:
    """No own cam on this card or above it in its column: a Joker would make it fall."""
    return not any(cam.column == me.column and cam.level >= me.level for cam in me.cams)


def _risky(me: ClimberView) -> bool:
    """A Joker now would cost more than a short fall: no cam at all from level 2 up, or the nearest cam
    two or more cards away (above, beside or diagonal)."""
    if me.level < 2 or not _unprotected(me):
        return False
    if not me.cams:
        return True
    nearest = min(max(abs(cam.level - me.level), abs(cam.column - (me.column or 0))) for cam in me.cams)
    return nearest >= 2


def _space(view: DaredevilRockView, level: int, column: int) -> SpaceView | None:
    index = (level - 1) * view.columns + column
    return view.spaces[index] if 0 <= index < len(view.spaces) else None


def _rank(view: DaredevilRockView, level: int, column: int) -> int:
    space = _space(view, level, column)
    return space.card.rank or 0 if space is not None and space.card is not None else 0
