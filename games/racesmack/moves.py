"""The moves a Racesmack player can make, in the rulebook's words.

JSON form (``MOVES``): ``{"action": "TAP", "seat": 2}``. A card in your hand is named by its id (1 to
54); a card on the table by where it is (the seat that played it, its position in your Race or among the
cards you won), for two copies of one kind are alike there (owner ruling: copies are interchangeable).
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
    """Tap the card ``seat`` played: the one you think is correct."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Lay the card at ``position`` (0 first) among those you won and have not laid yet, at the ``end``
    ("LEFT" or "RIGHT") of your Race; a Rules Card replaces your Race's."""

    position: int
    end: str


@dataclass(frozen=True, slots=True)
class PlaceCards:
    """Lay the rest of the cards you won at the ``end`` ("LEFT" or "RIGHT") of your Race, in table order.
    A won Rules Card not laid leaves the game (a Race holding none keeps one)."""

    end: str


@dataclass(frozen=True, slots=True)
class LoseCard:
    """Give up ``card`` from your hand (Time Penalty)."""

    card: int


@dataclass(frozen=True, slots=True)
class LoseRaceCard:
    """Give up the card at ``position`` (0: the left end) of your Race, for an incorrect tap."""

    position: int


@dataclass(frozen=True, slots=True)
class ChoosePenalty:
    """Time Penalty: pay for an incorrect tap with ``penalty`` (RACE_CARDS, HAND_CARDS or TIES)."""

    penalty: str


Move = PlayCard | RevealCard | Tap | PlaceCard | PlaceCards | LoseCard | LoseRaceCard | ChoosePenalty
MOVE_TYPES = (PlayCard, RevealCard, Tap, PlaceCard, PlaceCards, LoseCard, LoseRaceCard, ChoosePenalty)
MOVES = MoveCodec(MOVE_TYPES)
