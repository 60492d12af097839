"""The facts of a Racesmack match, each declaring who may see it.

A card is secret while it is in the draw pile, in the Racing Rules deck or in a hand: events naming
such cards declare those fields ``hidden`` (``games.core.visibility.HiddenFields``), seen by the seat
whose hand it is, or by nobody for a pile's order. The card a player picks is sealed (the kernel's
``ChoiceSealed``: everyone else sees only ``SeatReady``) until all are revealed together. Taps are the
kernel's tap round (``games.core.taps``), public as they arrive, each naming the seat whose card it
taps (``SeatTapsOpened``); what follows a round is public. The log names every card by its id; a viewer
at the table is shown each copy of a kind (R03 = R04, R07 = R08) as ``cards.COPIES.as_seen`` shows it, with no
id (``table_form``), for nobody at a table can tell which copy lies face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import deck
from games.core.codec import EventCodec
from games.core.copies import ShowsCards
from games.core.sealed import SEALED_EVENTS, ChoiceSealed, ChoicesRevealed
from games.core.taps import TAP_EVENTS, TapsOpened
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import Event, HiddenFields
from games.racesmack.cards import COPIED_IDS, COPIES, Card, id_seen
from games.racesmack.moves import PlayCard


class FaceUp(ShowsCards):
    """A public event showing cards face up: at the table each copy among them shows its kind and no id,
    for nobody can tell which copy it is (Ruling 26)."""

    __slots__ = ()
    copies = COPIES


@dataclass(frozen=True, slots=True)
class DeckShuffled(deck.PileShuffled[Card]):
    """The draw pile, top first, before the deal; nobody sees its order."""


@dataclass(frozen=True, slots=True)
class RacingDeckSetAside(HiddenFields):
    """Racing Rules: ten Rules Cards set aside face down, in the order they will be revealed."""

    hidden = ("cards",)

    cards: tuple[Card, ...] | None
    size: int


@dataclass(frozen=True, slots=True)
class RacingDeckShuffled(HiddenFields):
    """Racing Rules: the ten set-aside Rules Cards, all used, shuffled anew for the next ten rounds, in
    the order they will be revealed (Ruling 18, audit Q4); nobody sees the order."""

    hidden = ("cards",)

    cards: tuple[Card, ...] | None
    size: int


@dataclass(frozen=True, slots=True)
class HandDealt(deck.CardsDrawn[Card]):
    """``seat``'s cards from the deal; only that seat sees which (After You: nobody, ``blind``)."""

    blind: bool = False

    def privy_seats(self) -> frozenset[int]:
        return frozenset() if self.blind else frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class CardDrawn(HiddenFields):
    """After a round, ``seat`` drew the top card of the draw pile; only that seat sees which (After You:
    nobody, for it goes to the bottom of a blind pile, ``blind``)."""

    hidden = ("card",)

    seat: int
    card: Card | None
    blind: bool = False

    def privy_seats(self) -> frozenset[int]:
        return frozenset() if self.blind else frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class RacingRuleRevealed(FaceUp):
    """Racing Rules: this round's default rule is this Rules Card's."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed(ChoiceSealed[PlayCard]):
    """A seat's face-down card: only that seat sees it until the reveal (others see ``SeatReady``)."""


@dataclass(frozen=True, slots=True)
class CardsRevealed(ChoicesRevealed[PlayCard]):
    """Every card played this round, face up at once. At the table a copy is named by no id."""

    def table_form(self) -> Event:
        if not any(choice.card in COPIED_IDS for choice in self.choices.values()):
            return self
        choices = {seat: PlayCard(id_seen(choice.card)) for seat, choice in self.choices.items()}
        return CardsRevealed(self.round, choices)


@dataclass(frozen=True, slots=True)
class CardRevealed(FaceUp):
    """After You: ``seat`` turned the top card of its blind pile face up onto the pile before it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SilentCardPlayed(FaceUp):
    """Ruling 6: ``seat`` chose nothing in time, so the first card of its hand is played, face up."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SeatTapsOpened(TapsOpened):
    """The taps open: each target is the seat whose played card may be tapped, for two copies on the
    table are told apart only by where they lie. Older matches opened ``TapsOpened`` over card ids."""


@dataclass(frozen=True, slots=True)
class TapsJudged(Event):
    """The taps are over: ``rule`` is the Rules Card whose rule held (None: the default rule), ``correct``
    the ids of the correct cards, ``winners`` the correct tappers, fastest first."""

    rule: int | None
    correct: tuple[int, ...]
    winners: tuple[int, ...]

    def table_form(self) -> Event:
        """At the table a correct copy is named by no id (which seat played it is in the views)."""
        if not COPIED_IDS & set(self.correct):
            return self
        return TapsJudged(self.rule, tuple(map(id_seen, self.correct)), self.winners)


@dataclass(frozen=True, slots=True)
class PlacementAsked(FaceUp):
    """``seat`` won ``cards`` (its own, and the leftovers for the fastest) and places them (Ruling 11).
    ``keep``: the won Rules Card silence keeps when its Race holds none, drawn at random among several
    (None in older matches: the last one won)."""

    seat: int
    cards: tuple[Card, ...]
    deadline: int | None
    keep: int | None = None


@dataclass(frozen=True, slots=True)
class CardsPlaced(FaceUp):
    """``cards``, the rest of those ``seat`` won, went to the ``end`` of its Race in table order;
    ``replaced``: the Rules Cards that left the game, for a Race holds one Rules Card (Ruling 11)."""

    seat: int
    cards: tuple[Card, ...]
    end: str
    replaced: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardLaid(FaceUp):
    """``seat`` laid ``card``, one it won, at the ``end`` of its Race; ``replaced``: the Rules Card that
    left the game for it, for a Race keeps one (Ruling 11). The others it won still wait."""

    seat: int
    card: Card
    end: str
    replaced: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LeftoversDiscarded(FaceUp):
    """Nobody tapped correctly: the played ``cards`` leave the game (Ruling 9)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PenaltyAsked(Event):
    """Time Penalty: ``seat`` tapped incorrectly and picks its penalty."""

    seat: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class PenaltyChosen(Event):
    seat: int
    penalty: str


@dataclass(frozen=True, slots=True)
class LossAsked(Event):
    """``seat`` must give up ``count`` more cards of its Race (or of its hand, ``hand``)."""

    seat: int
    count: int
    hand: bool
    deadline: int | None


@dataclass(frozen=True, slots=True)
class CardLost(FaceUp):
    """``card`` left ``seat``'s Race (or hand) for good, face up."""

    seat: int
    card: Card
    hand: bool


@dataclass(frozen=True, slots=True)
class HandCardLost(HiddenFields):
    """Time Penalty: ``card`` left ``seat``'s hand for good, face down (Ruling 19, audit Q7): only that
    seat sees which. From a blind pile (After You, ``blind``) it was taken at random and nobody sees it
    (audit L1). Older matches told a hand card lost face up, as ``CardLost``."""

    hidden = ("card",)

    seat: int
    card: Card | None
    blind: bool = False

    def privy_seats(self) -> frozenset[int]:
        return frozenset() if self.blind else frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class Resigned(FaceUp):
    """Older matches: ``seat`` left the match and its ``hand`` left the game face up. Today a player
    who leaves is ``PlayerLeft``."""

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayerLeft(HiddenFields):
    """``seat`` left the match (Ruling 20); the ``count`` cards of its ``hand`` leave the game face down,
    seen by nobody but that seat (After You: by nobody, ``blind``; audit L2). Its Race stays for the
    ranking."""

    hidden = ("hand",)

    seat: int
    count: int
    hand: tuple[Card, ...] | None
    blind: bool = False

    def privy_seats(self) -> frozenset[int]:
        return frozenset() if self.blind else frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """``reason``: "finish" (``winners`` met their Rules Card's finish requirement), "no one can play"
    (the longest Races win) or "last player standing"."""

    winners: tuple[int, ...]
    reason: str


EVENTS = EventCodec(
    (
        DeckShuffled,
        RacingDeckSetAside,
        HandDealt,
        RacingRuleRevealed,
        *SEALED_EVENTS,
        CardPlayed,
        CardsRevealed,
        SilentCardPlayed,
        TurnStarted,
        TurnEnded,
        CardRevealed,
        *TAP_EVENTS,
        TapsJudged,
        PlacementAsked,
        CardsPlaced,
        LeftoversDiscarded,
        PenaltyAsked,
        PenaltyChosen,
        LossAsked,
        CardLost,
        CardDrawn,
        Resigned,
        MatchEnded,
        HandCardLost,
        PlayerLeft,
        CardLaid,
        RacingDeckShuffled,
        SeatTapsOpened,
    )
)
