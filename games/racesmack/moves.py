"""The moves a Racesmack player can make, in the rulebook's words.

JSON form (``MOVES``): ``{"action": "TAP", "card": 17}``. Cards are named by their id (1 to 54).
Fields of the same name have the same type in every move (the API merges them into one input).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import MoveCodec

LEFT, RIGHT = "LEFT", "RIGHT"
ENDS = (LEFT, RIGHT)

# Time Penalty's three penalties, in the rulebook's order.
RACE_CARDS, HAND_CARDS, TIES = "RACE_CARDS", "HAND_CARDS", "TIES"
PENALTIES = (RACE_CARDS, HAND_CARDS, TIES)


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Pick ``card`` from your hand and place it face down; all are revealed together."""

    card: int


@dataclass(frozen=True, slots=True)
class RevealCard:
    """After You: on your turn, turn the top card of your blind pile face up onto the pile before you."""


@dataclass(frozen=True, slots=True)
class Tap:
    """Tap the played card ``card``: the one you think is correct."""

    card: int


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Lay ``card``, one you won, at the ``end`` ("LEFT" or "RIGHT") of your Race; a Rules Card replaces
    your Race's."""

    card: int
    end: str


@dataclass(frozen=True, slots=True)
class PlaceCards:
    """Lay the rest of the cards you won at the ``end`` ("LEFT" or "RIGHT") of your Race, in table order.
    A won Rules Card not laid leaves the game (a Race holding none keeps one)."""

    end: str


@dataclass(frozen=True, slots=True)
class LoseCard:
    """Give up ``card``: from your Race for an incorrect tap, or from your hand (Time Penalty)."""

    card: int


@dataclass(frozen=True, slots=True)
class ChoosePenalty:
    """Time Penalty: pay for an incorrect tap with ``penalty`` (RACE_CARDS, HAND_CARDS or TIES)."""

    penalty: str


Move = PlayCard | RevealCard | Tap | PlaceCard | PlaceCards | LoseCard | ChoosePenalty
MOVE_TYPES = (PlayCard, RevealCard, Tap, PlaceCard, PlaceCards, LoseCard, ChoosePenalty)
MOVES = MoveCodec(MOVE_TYPES)
