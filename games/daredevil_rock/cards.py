"""Daredevil Rock's card data: the 54-card deck, the cliff's size per player count, and rank reach.

Data only. Suits never matter to the rules; they are kept so every card has an identity that can be
followed through the log (conservation checks, replays) and shown to players.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.copies import Copies

SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
JOKER = "Joker"
RANKS = 13  # A=1 ... K=13; ranks are cyclic, the King is followed by the Ace
REACH = 3  # a climber reaches cards whose rank is within three of its own

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOLS = {"Spades": "♠", "Hearts": "♥", "Diamonds": "♦", "Clubs": "♣"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Jokers have no rank; copy tells the two Jokers apart (0 on every other card)."""

    rank: int | None
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def name(self) -> str:
        """How people write the card: "10♥", "Q♦", "Joker"."""
        if self.rank is None:
            return JOKER
        return RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS.get(self.suit, self.suit)


JOKERS = (Card(None, JOKER, 1), Card(None, JOKER, 2))

# The deck in its fixed, unshuffled order: each suit A..K, then the two Jokers.
DECK: tuple[Card, ...] = (*(Card(rank, suit) for suit in SUITS for rank in range(1, RANKS + 1)), *JOKERS)

# The two Jokers are the deck's only copies of one kind: ``copy`` tells them apart, and is printed on
# neither. Every card is seen face up by all alike or by nobody, so no seat can follow one Joker apart
# from the other: everyone at the table sees a Joker ``COPIES.as_seen``, not which of the two (owner
# ruling: copies are interchangeable).
COPIES = Copies(Card, "copy", deck=DECK)

# Ruling 14: cliff size per number of players, as (columns, levels): columns = players + 1 and the
# cards that remain after the draw deck, laid out evenly. Leftovers join the bottom of the draw deck.
TABLEAU: dict[int, tuple[int, int]] = {1: (2, 21), 2: (3, 14), 3: (4, 10), 4: (5, 8)}

DRAW_DECK = 12  # cards dealt to the draw deck before the cliff is laid out
ACTIONS_PER_TURN = 4


def rank_distance(a: int, b: int) -> int:
    """Steps between two ranks on the clock face of ranks: K to A is one step."""
    gap = abs(a - b) % RANKS
    return min(gap, RANKS - gap)


def within_three(a: int | None, b: int | None) -> bool:
    """True when rank ``b`` is within reach of rank ``a``. A Joker (no rank) is never within reach."""
    if a is None or b is None:
        return False
    return rank_distance(a, b) <= REACH
