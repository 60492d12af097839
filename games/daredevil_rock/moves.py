"""The moves a climber can make, in the rulebook's words. Each costs one action unless it says otherwise.

JSON form (``MOVES``): ``{"action": "EXAMINE", "level": 2, "column": 1}``. Levels count from 1 (the
bottom row); level 0 is the base. Columns count from 0 (the left).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import MoveCodec


@dataclass(frozen=True, slots=True)
class Examine:
    """Examine the Face: turn an adjacent, unoccupied, face-down card face up."""

    level: int
    column: int


@dataclass(frozen=True, slots=True)
class Climb:
    """Move to an adjacent, face-up, unoccupied card whose rank is within three of yours."""

    level: int
    column: int


@dataclass(frozen=True, slots=True)
class FreeClimb:
    """Climb Bonus: move onto the card just examined, which has your card's rank. Costs no action."""


@dataclass(frozen=True, slots=True)
class SetCam:
    """Set a Cam on your climber's card."""


@dataclass(frozen=True, slots=True)
class Probe:
    """Replace an adjacent, unoccupied card with the top card of the draw deck, face down."""

    level: int
    column: int


@dataclass(frozen=True, slots=True)
class Repel:
    """Move straight down from on or below your cam to an unoccupied card, or to the base (level 0)."""

    level: int


@dataclass(frozen=True, slots=True)
class Hang:
    """Hang from Daredevil Rock: reveal the top draw-deck card; within three of yours reaches the summit."""


@dataclass(frozen=True, slots=True)
class RetrieveCam:
    """Limited Cams: put your cam from your climber's card back into reserve."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn now, whatever actions are left. Costs nothing."""


Move = Examine | Climb | FreeClimb | SetCam | Probe | Repel | Hang | RetrieveCam | EndTurn

MOVE_TYPES = (Examine, Climb, FreeClimb, SetCam, Probe, Repel, Hang, RetrieveCam, EndTurn)
MOVES = MoveCodec(MOVE_TYPES)
