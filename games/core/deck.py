"""Piles of cards as tuples: the top of a pile is its first element."""

from __future__ import annotations

from typing import TypeVar

from games.core.chance import Chance

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
