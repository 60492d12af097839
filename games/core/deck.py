"""Piles of cards as tuples: the top of a pile is its first element."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from games.core.chance import Chance
from games.core.turns import Story
from games.core.visibility import Event, HiddenFields

C = TypeVar("C")
S = TypeVar("S")


def deal(pile: tuple[C, ...], hands: int, size: int) -> tuple[tuple[tuple[C, ...], ...], tuple[C, ...]]:
    """``size`` cards to each of ``hands`` hands, one at a time around the table, and the rest."""
    dealt = tuple(pile[seat : hands * size : hands] for seat in range(hands))
    return dealt, pile[hands * size :]


def reshuffle(*piles: tuple[C, ...], chance: Chance) -> tuple[C, ...]:
    """All ``piles`` combined and shuffled into one new pile."""
    return chance.shuffle(tuple(card for pile in piles for card in pile))


@dataclass(frozen=True, slots=True)
class PileShuffled(HiddenFields, Generic[C]):
    """A pile shuffled face down, top first. Nobody sees its order until the full log is shown.

    A game declares its own, typed: ``class DeckShuffled(PileShuffled[Card])``.
    """

    hidden = ("pile",)

    pile: tuple[C, ...] | None
    size: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(HiddenFields, Generic[C]):
    """``seat`` took ``count`` cards into its hand; everyone sees how many, only that seat which.

    A game declares its own, typed: ``class HandDealt(CardsDrawn[Card])``.
    """

    hidden = ("cards",)

    seat: int
    count: int
    cards: tuple[C, ...] | None

    def privy_seats(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class DrawPile(Generic[S, C]):
    """A game's draw pile, refilled from its discards whenever it runs out, told through a ``Story``.

    Each game declares one: where its two piles are on the table, and the event that tells the
    discards shuffled into a new pile. The shuffle is the only outcome of chance, drawn once per refill.
    """

    piles: Callable[[S], tuple[tuple[C, ...], tuple[C, ...]]]  # the table's (draw pile, discards)
    refilled: Callable[[S, tuple[C, ...]], Event]  # the table before the refill, the new pile

    def refill(self, story: Story[S], chance: Chance) -> None:
        """An empty draw pile becomes the discards, shuffled face down (nothing when there are none)."""
        pile, discards = self.piles(story.state)
        if not pile and discards:
            story.tell(self.refilled(story.state, reshuffle(discards, chance=chance)))

    def draw(
        self,
        story: Story[S],
        seat: int,
        count: int,
        chance: Chance,
        told: Callable[[int, tuple[C, ...]], Event],
    ) -> None:
        """``seat`` draws up to ``count`` cards from the top, told as ``told(seat, cards)``; the discards
        are reshuffled whenever the pile runs out, and fewer cards are drawn when both are spent."""
        left = count
        while left:
            self.refill(story, chance)
            drawn = self.piles(story.state)[0][:left]
            if not drawn:
                return
            story.tell(told(seat, drawn))
            left -= len(drawn)
