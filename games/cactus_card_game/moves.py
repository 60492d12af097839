"""The moves a Cactus player can make, in the rulebook's words.

JSON form (``MOVES``): ``{"action": "PLAY_SEE_AND_STEAL", "victim": 2}``. Seats count from 0. Card
kinds travel as their names (``"WALTER"``, ``"STEAL_A_POINT"``). A card is named by its kind, never by
which copy it is: copies are alike at the table, and the server hands over one of them (Ruling 1).
Fields of the same name have the same type in every move (the API merges them into one input).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import MoveCodec


@dataclass(frozen=True, slots=True)
class PlayFreePoint:
    """Earn 1 point from the point pile; earning it ends your turn."""


@dataclass(frozen=True, slots=True)
class PlayStealAPoint:
    """Steal 1 point from ``victim``; earning it ends your turn."""

    victim: int


@dataclass(frozen=True, slots=True)
class PlaySwapHands:
    """Force ``first`` and ``second`` (any two players, you included) to swap their hands."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class PlaySeeAndSteal:
    """Privately look at ``victim``'s hand and take 1 card of your choice."""

    victim: int


@dataclass(frozen=True, slots=True)
class PlayStealACard:
    """Take 1 card from ``victim``'s shuffled hand, blind."""

    victim: int


@dataclass(frozen=True, slots=True)
class PlayRequestACard:
    """Ask ``victim`` for a card of ``kind`` (any kind); one is handed over if they hold it."""

    victim: int
    kind: str


@dataclass(frozen=True, slots=True)
class PlayDrawThree:
    """Draw 3 cards; drawing them ends your turn."""


@dataclass(frozen=True, slots=True)
class PlaySet:
    """Lay down three of ``character`` (CHARLIE, SPIKE or WALTER), ``wilds`` of them Wilds, for 1, 2 or
    3 points; or three Wilds (``character`` WILD, ``wilds`` 3) for 3. Earning points ends your turn."""

    character: str
    wilds: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Draw a card from the draw pile, which ends your turn."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Play a STOP card on link ``answers`` of the chain (0: the action card, n: the n-th STOP)."""

    answers: int


@dataclass(frozen=True, slots=True)
class LetItStand:
    """Let the last card played stand: no STOP from you."""


@dataclass(frozen=True, slots=True)
class TakeCard:
    """See and Steal: take a card of ``kind`` from the hand you were shown."""

    kind: str


@dataclass(frozen=True, slots=True)
class PickCard:
    """Steal a Card: take the card at ``position`` (0 first) of the shuffled, face-down hand."""

    position: int


Move = (
    PlayFreePoint
    | PlayStealAPoint
    | PlaySwapHands
    | PlaySeeAndSteal
    | PlayStealACard
    | PlayRequestACard
    | PlayDrawThree
    | PlaySet
    | DrawCard
    | Stop
    | LetItStand
    | TakeCard
    | PickCard
)

MOVE_TYPES = (
    PlayFreePoint,
    PlayStealAPoint,
    PlaySwapHands,
    PlaySeeAndSteal,
    PlayStealACard,
    PlayRequestACard,
    PlayDrawThree,
    PlaySet,
    DrawCard,
    Stop,
    LetItStand,
    TakeCard,
    PickCard,
)

MOVES = MoveCodec(MOVE_TYPES)
