"""The facts of a Cliffs n' Cactuses match, each declaring who may see it.

A card is secret in the deck (nobody sees the order), in a hand (its racer sees it) and face down in a
queue: a played card is seen by the racer who played it, and everyone sees that a card went face down
at the end of that queue (``CardPlayed``'s public form keeps the queue, not the card). Larry's card
and a card a Draw takes from the deck or a hand are seen by nobody else (Larry's by nobody at all until
it is revealed). Everything in Resolution is public: cards are revealed one by one, and where they
move is on the table; but which copy a face-up card is stays the engine's (Ruling 14): everyone sees
the card ``CARD_COPIES.as_seen``, its face without its id, when other cards bear that face.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cliffs_n_cactuses.cards import CARD_COPIES, Card
from games.cliffs_n_cactuses.moves import Throw
from games.cliffs_n_cactuses.state import Aim, Spot
from games.core import deck
from games.core.codec import EventCodec
from games.core.copies import ShowsCards
from games.core.quotas import QUOTA_EVENTS, Played
from games.core.sealed import SEALED_EVENTS, ChoiceSealed, ChoicesRevealed
from games.core.visibility import Event, HiddenFields


@dataclass(frozen=True, slots=True)
class DeckShuffled(deck.PileShuffled[Card]):
    """The deck, top first: before the deal, and again from the discards whenever it runs out."""


@dataclass(frozen=True, slots=True)
class HandDealt(deck.CardsDrawn[Card]):
    """``seat``'s five cards from the deal; only that seat sees which."""


@dataclass(frozen=True, slots=True)
class CardsDrawn(deck.CardsDrawn[Card]):
    """``seat`` drew from the top of the deck (the Race phase's draw up to five, or a Draw from the
    deck); only that seat sees which."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round``: ``leader`` is in 1st place and resolves first, then clockwise (``order``)."""

    round: str
    leader: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Played[Card | None], HiddenFields):
    """``seat`` put a card face down at the end of ``racer``'s queue; only ``seat`` sees which."""

    hidden = ("play",)

    racer: int

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class LarryPlayed(HiddenFields):
    """``seat`` played Last-Ditch Larry: the top card of the deck went face down to the end of
    ``racer``'s queue. Nobody knows which card until it is revealed ("You don't know if he will help
    or hurt")."""

    hidden = ("card",)

    seat: int
    racer: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The queue at ``turn`` in the round's order is the one being revealed now."""

    turn: int


class FaceUp(ShowsCards):
    """An event showing a card face up: everyone sees its face, nobody which copy it is (Ruling 14)."""

    __slots__ = ()
    copies = CARD_COPIES


@dataclass(frozen=True, slots=True)
class CardRevealed(FaceUp):
    """The card at ``index`` of ``seat``'s queue is turned face up."""

    seat: int
    index: int
    card: Card
    flipped: bool


@dataclass(frozen=True, slots=True)
class SpecialLifted(Event):
    """The special just revealed at ``index`` of ``seat``'s queue is lifted out; it acts ``triggers``
    times (Ruling 5)."""

    seat: int
    index: int
    triggers: int


@dataclass(frozen=True, slots=True)
class TargetAsked(Event):
    """The revealer ``seat`` picks where the special acts, among ``aims``, by ``deadline``."""

    key: str
    seat: int
    aims: tuple[Aim, ...]
    default: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    """The answer to question ``key``: aim number ``option`` (the default when time ran out)."""

    key: str
    option: int


@dataclass(frozen=True, slots=True)
class Vaporized(FaceUp):
    """The card at ``spot`` is discarded, face up."""

    spot: Spot
    card: Card


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    """The card at ``spot`` is turned upside down (or back, Ruling 2)."""

    spot: Spot


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """The card at ``spot`` goes to the end of ``racer``'s queue, as it lies (a Gift, or a Steal)."""

    spot: Spot
    racer: int


@dataclass(frozen=True, slots=True)
class CardsSwapped(Event):
    """The cards at ``first`` and ``second`` change places; with an "empty card" the other one moves
    across into the empty queue."""

    first: Spot
    second: Spot


@dataclass(frozen=True, slots=True)
class HandRaided(HiddenFields):
    """``seat`` drew ``count`` cards at random from ``racer``'s hand: only the two of them see which."""

    hidden = ("cards",)

    seat: int
    racer: int
    count: int
    cards: tuple[Card, ...] | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat, self.racer))


@dataclass(frozen=True, slots=True)
class Missed(Event):
    """One trigger of the lifted special found nothing to act on."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class TriggerResolved(Event):
    """One trigger of the lifted special is done."""

    seat: int


@dataclass(frozen=True, slots=True)
class SpecialDiscarded(Event):
    """Every trigger of the lifted special is done: it goes to the discards."""

    seat: int


@dataclass(frozen=True, slots=True)
class RevealPaused(Event):
    """Resolution waits until ``deadline`` before its next reveal, so a racer may play Larry between
    reveals (Ruling 11)."""

    key: str
    deadline: int


@dataclass(frozen=True, slots=True)
class RevealResumed(Event):
    """The pause ``key`` is over: the next card is revealed."""

    key: str


@dataclass(frozen=True, slots=True)
class LastCallOpened(Event):
    """Every card is revealed: ``waiting`` (the racers still holding Larry) may play him before the
    tally, until ``deadline``."""

    key: str
    waiting: frozenset[int]
    deadline: int | None


@dataclass(frozen=True, slots=True)
class LarryKept(Event):
    """``seat`` lets the tally happen without playing Larry now."""

    seat: int


@dataclass(frozen=True, slots=True)
class Tallied(Event):
    """Each racer's movement (metres down; negative: up) and new position, by seat."""

    movements: tuple[int, ...]
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class QueuesCleared(Event):
    """After the tally every card left in a queue goes to the discards."""


@dataclass(frozen=True, slots=True)
class TiebreakStarted(Event):
    """Rock-paper-scissors among ``contenders``: for 1st place (best of 1) or for the win (best of 3)."""

    purpose: str
    contenders: tuple[int, ...]
    best_of: int


@dataclass(frozen=True, slots=True)
class ThrowSealed(ChoiceSealed[Throw]):
    """A racer's throw, secret until every contender has thrown (or the time is up)."""


@dataclass(frozen=True, slots=True)
class ThrowsShown(ChoicesRevealed[Throw]):
    """Every throw of a tiebreak round, shown at once."""


@dataclass(frozen=True, slots=True)
class BracketDrawn(Event):
    """A round of the opening's bracket, drawn from the match's seeded stream: each of ``pairs``
    throws in turn, and ``bye`` (an odd racer out) goes through without throwing (Ruling 10)."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None


@dataclass(frozen=True, slots=True)
class PairWon(Event):
    """``seat`` won the pair throwing in the bracket and goes through (None: both left the race)."""

    seat: int | None


@dataclass(frozen=True, slots=True)
class ThrowWon(Event):
    """The throws left ``remaining`` in the tiebreak (the rest lost, or did not throw)."""

    remaining: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TiebreakWon(Event):
    """``seat`` won the tiebreak (a point of a best of 3, or the whole of it: ``settled``)."""

    seat: int
    settled: bool


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winners: tuple[int, ...]
    reason: str


EVENTS = EventCodec(
    (
        DeckShuffled,
        HandDealt,
        CardsDrawn,
        RoundStarted,
        *QUOTA_EVENTS,
        CardPlayed,
        LarryPlayed,
        TurnPassed,
        CardRevealed,
        SpecialLifted,
        TargetAsked,
        TargetChosen,
        Vaporized,
        CardFlipped,
        CardMoved,
        CardsSwapped,
        HandRaided,
        Missed,
        TriggerResolved,
        SpecialDiscarded,
        RevealPaused,
        RevealResumed,
        LastCallOpened,
        LarryKept,
        Tallied,
        QueuesCleared,
        TiebreakStarted,
        *SEALED_EVENTS,
        ThrowSealed,
        ThrowsShown,
        ThrowWon,
        BracketDrawn,
        PairWon,
        TiebreakWon,
        Resigned,
        MatchEnded,
    )
)
