"""The facts of a Daredevil Rock match. Each is public unless it names a card nobody may see yet.

A card is secret while it is face down on the cliff or in the draw deck. Events that name such cards
(the deal, a probe's replacement card, a refreshed deck and its refill) declare those fields
``hidden``: no seat may see them (``games.core.visibility.HiddenFields``, audience ``NOBODY``), only an
omniscient viewer (a finished match's full log) does, and everyone else gets the same event with the
hidden fields set to None. Cards turned face up (examined, discarded, hung from) are public the moment
they are revealed, a Joker as a Joker: which of the two it is, nobody at the table can tell (owner
ruling: copies are interchangeable), so only an omniscient viewer is told. Turns start and end with the kernel's ``TurnStarted`` and ``TurnEnded``
(``games.core.turns``); a turn ends for "actions", "ended", "fell", "eliminated", "hang", "timeout" or
"resigned".
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.codec import EventCodec
from games.core.copies import ShowsCards
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import Event, HiddenFields
from games.daredevil_rock.cards import COPIES, Card


@dataclass(frozen=True, slots=True)
class CliffDealt(HiddenFields):
    """The deal. ``tableau`` is bottom row first, left to right, all face down; ``deck`` is top first."""

    hidden = ("tableau", "deck")

    columns: int
    levels: int
    tableau: tuple[Card, ...] | None
    deck: tuple[Card, ...] | None
    deck_size: int
    first_climber: int


class FaceUp(ShowsCards):
    """An event showing cards face up: everyone at the table sees a Joker as a Joker, not which of the
    two (owner ruling: copies are interchangeable)."""

    __slots__ = ()
    copies = COPIES


@dataclass(frozen=True, slots=True)
class Examined(FaceUp):
    """A face-down card turned face up (one action)."""

    seat: int
    level: int
    column: int
    card: Card


@dataclass(frozen=True, slots=True)
class FreeClimbOffered(Event):
    """The examined card has the climber's rank: it may move there at no cost, before its next move."""

    seat: int
    level: int
    column: int


@dataclass(frozen=True, slots=True)
class FreeClimbed(Event):
    seat: int
    level: int
    column: int


@dataclass(frozen=True, slots=True)
class Climbed(Event):
    seat: int
    level: int
    column: int


@dataclass(frozen=True, slots=True)
class CamSet(Event):
    """A cam placed on the climber's card; in the standard game it moved there from ``moved_from``."""

    seat: int
    level: int
    column: int
    moved_from: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class CamRetrieved(Event):
    seat: int
    level: int
    column: int


@dataclass(frozen=True, slots=True)
class Probed(FaceUp, HiddenFields):
    """A card discarded face up and replaced, face down, by the top draw-deck card (``placed``)."""

    hidden = ("placed",)

    seat: int
    level: int
    column: int
    discarded: Card
    placed: Card | None


@dataclass(frozen=True, slots=True)
class Repelled(Event):
    """The climber moved straight down its column to ``level`` (0: the base)."""

    seat: int
    level: int


@dataclass(frozen=True, slots=True)
class Slipped(Event):
    """A minor slip: the Joker cost the action that revealed it, nothing more."""

    seat: int


@dataclass(frozen=True, slots=True)
class Fell(Event):
    """The climber fell and survived, landing on a card or (``level`` 0, no column) at the base."""

    seat: int
    level: int
    column: int | None


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """The climber is out of the game (``reason``: "fell"); its cams leave the cliff."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    """The seat left the match: its climber is out of the game, like an eliminated one."""

    seat: int


@dataclass(frozen=True, slots=True)
class DeckRefreshed(HiddenFields):
    """Discards (and, after a Joker, the deck and that Joker) reshuffled into a new draw deck.

    ``reason`` is "joker" or "empty" (a card was needed from an empty draw deck). After a Joker found
    on the cliff, its space ``refilled`` takes the new deck's top card, ``refill``, face down.
    ``deck`` is the draw deck after that.
    """

    hidden = ("deck", "refill")

    reason: str
    deck: tuple[Card, ...] | None
    size: int
    refilled: tuple[int, int] | None
    refill: Card | None


@dataclass(frozen=True, slots=True)
class HungFromRock(FaceUp):
    """The top draw-deck card revealed onto the discard pile by a climber hanging from the top level."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Summited(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CliffTurnedFaceDown(Event):
    """Blind Man's Bluff: these face-up cards, without a climber or a cam, turned face down."""

    spaces: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """``reason``: "summit", "last climber standing", or in solitaire "fell" or "resigned" (no winner)."""

    winner: int | None
    reason: str


EVENTS = EventCodec(
    (
        CliffDealt,
        TurnStarted,
        Examined,
        FreeClimbOffered,
        FreeClimbed,
        Climbed,
        CamSet,
        CamRetrieved,
        Probed,
        Repelled,
        Slipped,
        Fell,
        Eliminated,
        Resigned,
        DeckRefreshed,
        HungFromRock,
        Summited,
        CliffTurnedFaceDown,
        TurnEnded,
        MatchEnded,
    )
)
