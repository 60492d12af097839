"""The moves of Boulder Bluff, as the API sends them (``{"action": "CLIMB_BOULDER", "boulder": 7}``).

On your turn: ``Prep`` or ``ClimbBoulder``; while you climb: ``PlayCard`` one at a time, face up or
down, then ``ChalkUp``. Asked whether you join: ``Join`` or ``StayOff``. Sneaky Snake's countdown:
``Stay`` or ``Withdraw`` (sealed). Boar Assault: ``CancelValue`` of a revealed card
(or ``CancelNothing``, offered when no rival card has a value).
An injury in the variant: ``PlaceInjury`` on one of your claimed boulders.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import MoveCodec


@dataclass(frozen=True, slots=True)
class Prep:
    """Draw a climb card; the turn ends."""


@dataclass(frozen=True, slots=True)
class ClimbBoulder:
    boulder: int  # the boulder's number, one of the row's


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: int  # the card's number, from your hand
    face_down: bool


@dataclass(frozen=True, slots=True)
class ChalkUp:
    """Done playing cards (one at least face up): draw a chalk token."""


@dataclass(frozen=True, slots=True)
class Join:
    pass


@dataclass(frozen=True, slots=True)
class StayOff:
    pass


@dataclass(frozen=True, slots=True)
class Stay:
    pass


@dataclass(frozen=True, slots=True)
class Withdraw:
    pass


@dataclass(frozen=True, slots=True)
class CancelValue:
    card: int


@dataclass(frozen=True, slots=True)
class CancelNothing:
    """Boar Assault with no rival card to cancel: leave every value as it is (Ruling 13)."""


@dataclass(frozen=True, slots=True)
class PlaceInjury:
    boulder: int  # the number of one of your claimed boulders offered


Move = (
    Prep
    | ClimbBoulder
    | PlayCard
    | ChalkUp
    | Join
    | StayOff
    | Stay
    | Withdraw
    | CancelValue
    | CancelNothing
    | PlaceInjury
)
MOVE_TYPES = (
    Prep,
    ClimbBoulder,
    PlayCard,
    ChalkUp,
    Join,
    StayOff,
    Stay,
    Withdraw,
    CancelValue,
    CancelNothing,
    PlaceInjury,
)
MOVES = MoveCodec(MOVE_TYPES)
