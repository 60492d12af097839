"""The facts of a Boulder Bluff match, each declaring who may see it.

Secret: the climb deck's and the boulder deck's order (nobody), a hand's cards (its owner), a card
played face down (its player, until the reveal; forever after a solo climb or a withdrawal, for then
no event ever names it again), and a sealed stay-or-withdraw choice (its seat, until all are shown; nobody else learns that it chose).
Public: cards played face up, chalk tokens once drawn, the boulders, the tally and the injuries.

Turns are the kernel's (``games.core.turns``); the steps of a climb are the kernel's queue
(``games.core.steps``); Sneaky Snake's countdown is a sealed round (``games.core.sealed``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.boulder_bluff.cards import COPIES, Boulder, Card
from games.boulder_bluff.state import ClimbStep, Strength
from games.core import deck
from games.core.codec import EventCodec
from games.core.copies import ShowsCards
from games.core.sealed import QUIET_EVENTS, SEALED_EVENTS, ChoiceSealed, ChoicesRevealed, QuietChoice
from games.core.steps import STEPS_EVENTS, StepsQueued
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import PUBLIC, Audience, Event, HiddenFields, only


@dataclass(frozen=True, slots=True)
class DeckShuffled(deck.PileShuffled[Card]):
    """The climb cards shuffled into a new deck, top first (at the start, and from the discards)."""


@dataclass(frozen=True, slots=True)
class BouldersShuffled(deck.PileShuffled[Boulder]):
    """The boulders shuffled into the boulder deck, top first."""


@dataclass(frozen=True, slots=True)
class BoulderRevealed(Event):
    """The boulder deck's top card, face up into the row."""

    boulder: Boulder


@dataclass(frozen=True, slots=True)
class CardsDrawn(deck.CardsDrawn[Card]):
    """``seat`` took ``count`` cards from the top of the deck (the deal, a prep, a refill)."""


@dataclass(frozen=True, slots=True)
class StartPlayerDrawn(Event):
    """Ruling 1: who gets the chalk bag first is drawn by chance."""

    seat: int


@dataclass(frozen=True, slots=True)
class ClimbStarted(Event):
    seat: int
    number: int
    boulder: Boulder
    final: bool


@dataclass(frozen=True, slots=True)
class PlayOpened(Event):
    """``seat`` plays its cards now, until it chalks up or ``deadline``."""

    seat: int
    key: str
    deadline: int | None


@dataclass(frozen=True, slots=True)
class CardPlayedFaceUp(Event):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayedFaceDown(HiddenFields):
    hidden = ("card",)

    seat: int
    card: Card | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class ChalkedUp(Event):
    """``seat`` is done playing cards (it draws its chalk next)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChalkDrawn(Event):
    seat: int
    token: int


@dataclass(frozen=True, slots=True)
class ClimbCalledOff(Event):
    """Ruling 12: out of time with no card face up, ``seat`` takes its cards back and climbs not."""

    seat: int


@dataclass(frozen=True, slots=True)
class JoinAsked(Event):
    seat: int
    key: str
    deadline: int | None


@dataclass(frozen=True, slots=True)
class JoinAnswered(Event):
    seat: int
    joins: bool


@dataclass(frozen=True, slots=True)
class ClimbPlanned(StepsQueued[ClimbStep]):
    pass


@dataclass(frozen=True, slots=True)
class SnakeShown(Event):
    """A Sneaky Snake played in the climb, turned face up before the other cards (Ruling 15). Which
    of the three Snakes it is, only its player knows (copies are interchangeable)."""

    seat: int
    card: Card

    def audience(self) -> Audience:
        return PUBLIC if COPIES.as_seen(self.card) == self.card else only(self.seat)

    def public_form(self) -> Event:
        return SnakeShown(self.seat, COPIES.as_seen(self.card))


@dataclass(frozen=True, slots=True)
class StayChosen(ChoiceSealed[bool]):
    """True: stay in the climb; False: withdraw."""


@dataclass(frozen=True, slots=True)
class CountdownChoice(QuietChoice[bool]):
    """True: stay in the climb; False: withdraw. Nobody else learns even that ``seat`` chose: silence
    stays, so an early choice would hint at a withdrawal (owner ruling on audit L1, Ruling 15)."""


@dataclass(frozen=True, slots=True)
class StaysRevealed(ChoicesRevealed[bool]):
    pass


@dataclass(frozen=True, slots=True)
class Withdrew(Event):
    """``seat`` takes its played cards back to hand and its chalk goes back in the bag (Ruling 15)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ThreesPlayed(Event):
    """Boring Badger: ``seat``'s 3s from hand join its played cards, face up (Ruling 17)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BoarAsked(Event):
    """Boar Assault: ``seat`` picks a revealed card whose value it cancels (Ruling 13)."""

    seat: int
    key: str
    options: tuple[int, ...]
    default: int | None  # None: silence cancels nothing (no rival card has a value)
    deadline: int | None


@dataclass(frozen=True, slots=True)
class ValueCancelled(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class NothingCancelled(Event):
    """Boar Assault: ``seat`` cancels no card's value (silence with no rival card to cancel, Ruling 13)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TroutAdded(ShowsCards):
    """Tactical Trout: cards from the top of the deck added to ``seat``'s, face up (Ruling 18); a Snake
    among them is shown as a Snake, not as which one (copies are interchangeable)."""

    seat: int
    cards: tuple[Card, ...]
    copies = COPIES


@dataclass(frozen=True, slots=True)
class ClimbTallied(Event):
    strengths: tuple[Strength, ...]


@dataclass(frozen=True, slots=True)
class BoulderClaimed(Event):
    seat: int
    boulder: Boulder
    solo: bool


@dataclass(frozen=True, slots=True)
class InjuryTaken(Event):
    """The coin toss gave ``seat`` ``injury``; placed on ``boulder`` (None: not kept, Ruling 7)."""

    seat: int
    injury: str
    boulder: int | None


@dataclass(frozen=True, slots=True)
class InjuryAsked(Event):
    """The coin gave ``seat`` ``injury``; it picks the claimed boulder it goes on (Ruling 7)."""

    seat: int
    injury: str
    key: str
    options: tuple[int, ...]
    default: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class ClimbCleared(Event):
    """Chalk back in the bag; played cards (and Trout's) to the face-down discards."""


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    """``seat`` is out (Ruling 20): skipped for turns and join questions, ranked last."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandDiscarded(HiddenFields):
    """A resigned player's hand, to the face-down discards (Ruling 20): nobody sees it."""

    hidden = ("cards",)

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    reason: str  # "last climb", "turn limit", "resigned"


EVENTS = EventCodec(
    (
        DeckShuffled,
        BouldersShuffled,
        BoulderRevealed,
        CardsDrawn,
        StartPlayerDrawn,
        TurnStarted,
        TurnEnded,
        ClimbStarted,
        PlayOpened,
        CardPlayedFaceUp,
        CardPlayedFaceDown,
        ChalkedUp,
        ChalkDrawn,
        ClimbCalledOff,
        JoinAsked,
        JoinAnswered,
        ClimbPlanned,
        *STEPS_EVENTS,
        SnakeShown,
        *SEALED_EVENTS,
        *QUIET_EVENTS,
        StayChosen,
        CountdownChoice,
        StaysRevealed,
        Withdrew,
        CardsRevealed,
        ThreesPlayed,
        BoarAsked,
        ValueCancelled,
        NothingCancelled,
        TroutAdded,
        ClimbTallied,
        BoulderClaimed,
        InjuryAsked,
        InjuryTaken,
        ClimbCleared,
        Resigned,
        HandDiscarded,
        MatchEnded,
    )
)
