"""The facts of a Cactus match, each declaring who may see it.

A card is secret while it is in the draw pile or in a hand. Events naming such cards declare those
fields ``hidden`` (``games.core.visibility.HiddenFields``): a seat's own deal and draws are seen whole
by that seat only; the hand See and Steal shows, and the card it or Steal a Card takes, by the actor
and the victim only; a new draw pile's order and Steal a Card's shuffle by nobody. Everyone else gets
the same event with those fields blanked, so the counts stay public. Cards played face up (action
cards, STOPs, sets, a resigning player's hand) and a card handed over for Request a Card are public.

The log names each card with its number (Ruling 1); every viewer but an omniscient one gets the events
in their ``table_form`` (``CardFaces``): each card by its kind only, a group of cards in kind order
(owner rulings "Copies are interchangeable" and "Order is a secret too").

Turns start and end with the kernel's ``TurnStarted`` and ``TurnEnded`` (``games.core.turns``); a turn
ends for "point", "drew", "draw 3", "zero cards", "timeout" or "resigned". STOP windows are the
kernel's reaction windows (``games.core.reaction``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from games.cactus_card_game.cards import Card, Kind, cards_by_kind
from games.core import deck
from games.core.codec import EventCodec
from games.core.reaction import WINDOW_EVENTS
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import Event, HiddenFields


class CardFaces(Event):
    """An event naming cards. At the table a card shows its kind, never which copy it is, and a group of
    cards shows in kind order, unless its order is the fact (a fan held face down: ``ordered``)."""

    __slots__ = ()
    ordered: ClassVar[tuple[str, ...]] = ()

    def table_form(self) -> Event:
        faces = {field.name: self._faces(field.name) for field in fields(self)}  # type: ignore[arg-type]
        shown: Event = replace(self, **faces)  # type: ignore[type-var]
        return shown

    def _faces(self, name: str) -> Any:
        value = getattr(self, name)
        if isinstance(value, Card):
            return value.face()
        if isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
            faces = tuple(card.face() for card in value)
            return faces if name in self.ordered else cards_by_kind(faces)
        return value


@dataclass(frozen=True, slots=True)
class CardsShuffled(CardFaces, deck.PileShuffled[Card]):
    """The 90 playing cards shuffled into the draw pile, top first, before the deal."""


@dataclass(frozen=True, slots=True)
class HandDealt(CardFaces, deck.CardsDrawn[Card]):
    """``seat``'s five cards from the deal; only that seat sees which."""


@dataclass(frozen=True, slots=True)
class FirstPlayerDrawn(Event):
    """Ruling 2: who goes first is drawn by chance among the seats."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(CardFaces, deck.CardsDrawn[Card]):
    """``seat`` drew ``count`` cards from the top of the draw pile; only that seat sees which."""


@dataclass(frozen=True, slots=True)
class DrawPileRefilled(CardFaces, HiddenFields):
    """Ruling 8: ``shuffler`` (the player with most points) shuffled the discards into a new draw pile."""

    hidden = ("pile",)

    shuffler: int
    size: int
    pile: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class ActionPlayed(CardFaces, Event):
    """``seat`` played an action card face up on the discard pile, aimed at ``targets`` (the victim, or
    the two players to swap) and, for Request a Card, naming ``requested``. A STOP window follows."""

    seat: int
    card: Card
    targets: tuple[int, ...]
    requested: Kind | None


@dataclass(frozen=True, slots=True)
class StopPlayed(CardFaces, Event):
    """``seat`` played this STOP card face up on the discard pile (the window's ``Reacted`` follows)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SetPlayed(CardFaces, Event):
    """``seat`` laid a set of three character cards (Wilds included) face up on the discard pile."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PointsEarned(Event):
    """``seat`` took ``points`` point cards from the point pile; ``source``: "set" or "free point"."""

    seat: int
    points: int
    source: str


@dataclass(frozen=True, slots=True)
class PointStolen(Event):
    seat: int
    victim: int


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class HandShown(CardFaces, HiddenFields):
    """See and Steal: ``victim``'s hand shown to ``seat`` alone, in kind order; ``seat`` now picks one
    card by ``deadline`` (Ruling 11)."""

    hidden = ("cards",)

    seat: int
    victim: int
    cards: tuple[Card, ...] | None
    deadline: int | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat, self.victim))


@dataclass(frozen=True, slots=True)
class CardTaken(CardFaces, HiddenFields):
    """See and Steal: ``seat`` took ``card`` from ``victim``'s hand; only those two see which."""

    hidden = ("card",)

    seat: int
    victim: int
    card: Card | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat, self.victim))


@dataclass(frozen=True, slots=True)
class HandShuffled(CardFaces, HiddenFields):
    """Steal a Card: ``victim``'s ``size`` cards shuffled face down in ``order``, which only the victim
    sees (it fans them out); ``seat`` now picks a position by ``deadline`` (Ruling 12)."""

    hidden = ("order",)
    ordered = ("order",)

    seat: int
    victim: int
    size: int
    order: tuple[Card, ...] | None
    deadline: int | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.victim,))


@dataclass(frozen=True, slots=True)
class CardStolen(CardFaces, HiddenFields):
    """Steal a Card: ``seat`` took the card at ``position``; only ``seat`` and ``victim`` see which."""

    hidden = ("card",)

    seat: int
    victim: int
    position: int
    card: Card | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat, self.victim))


@dataclass(frozen=True, slots=True)
class RequestAnswered(CardFaces, Event):
    """Request a Card: ``victim`` handed ``card`` of the ``requested`` kind to ``seat``, or had none
    (``card`` None). Public: the table sees the request and the card handed over (Ruling 13)."""

    seat: int
    victim: int
    requested: Kind
    card: Card | None


@dataclass(frozen=True, slots=True)
class Resigned(CardFaces, Event):
    """``seat`` left the match; its ``hand`` went face up to the discard pile, its points stay."""

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TurnClockStopped(Event):
    """Ruling 3: a STOP window or a pick opened in ``seat``'s turn; its clock stops with ``left`` ms."""

    seat: int
    left: int


@dataclass(frozen=True, slots=True)
class TurnClockResumed(Event):
    """Ruling 3: nothing is open any more; ``seat``'s turn clock runs again, to ``deadline``."""

    seat: int
    deadline: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """``reason``: "points goal" or "last player standing"; in logs from before Ruling 17 gave the turn
    limit its winners, also "turn limit" (no winner: ranks by points)."""

    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class TurnLimitReached(Event):
    """Ruling 17: the match ended at the turn limit; ``winners``, the players with most points, share
    the win."""

    winners: tuple[int, ...]


EVENTS = EventCodec(
    (
        CardsShuffled,
        HandDealt,
        FirstPlayerDrawn,
        TurnStarted,
        CardsDrawn,
        DrawPileRefilled,
        ActionPlayed,
        *WINDOW_EVENTS,
        StopPlayed,
        SetPlayed,
        PointsEarned,
        PointStolen,
        HandsSwapped,
        HandShown,
        CardTaken,
        HandShuffled,
        CardStolen,
        RequestAnswered,
        Resigned,
        TurnEnded,
        MatchEnded,
        TurnClockStopped,
        TurnClockResumed,
        TurnLimitReached,
    )
)
