"""The moves a racer can make, in the rulebook's words.

JSON form (``MOVES``): ``{"action": "PLAY_CARD", "card": 17, "racer": 2}``. Cards are named by their id
(1 to 126), racers by their seat. Fields of the same name have the same type in every move (the API
merges them into one input).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import MoveCodec

ROCK, PAPER, SCISSORS = "ROCK", "PAPER", "SCISSORS"
THROWS = (ROCK, PAPER, SCISSORS)


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Race phase: put ``card`` from your hand face down at the end of ``racer``'s queue."""

    card: int
    racer: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Race phase: draw until you hold 5 cards; you play no more cards this round."""


@dataclass(frozen=True, slots=True)
class PlayLarry:
    """Last-Ditch Larry, once per game: the top card of the deck goes to the end of ``racer``'s queue."""

    racer: int


@dataclass(frozen=True, slots=True)
class KeepLarry:
    """Let the tally happen without playing Last-Ditch Larry now."""


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Answer the revealed special's ANY: option ``option`` of those offered (see the view's question)."""

    option: int


@dataclass(frozen=True, slots=True)
class Throw:
    """Rock-paper-scissors, to break a tie: ``shape`` is ROCK, PAPER or SCISSORS."""

    shape: str


Move = PlayCard | Draw | PlayLarry | KeepLarry | ChooseTarget | Throw
MOVE_TYPES = (PlayCard, Draw, PlayLarry, KeepLarry, ChooseTarget, Throw)
MOVES = MoveCodec(MOVE_TYPES)
