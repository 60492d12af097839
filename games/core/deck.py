"""Piles of cards as tuples: the top of a pile is its first element."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from games.core.chance import Chance
from games.core.visibility import HiddenFields

C = TypeVar("C")


def draw(pile: tuple[C, ...], count: int = 1) -> tuple[tuple[C, ...], tuple[C, ...]]:
    """``(drawn, rest)``: up to ``count`` cards from the top of ``pile``."""
    return pile[:count], pile[count:]


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
