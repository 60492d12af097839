"""The Cactus Card Game's card data: the 90 playing cards, the point pile and the points to win.

Data only. Every playing card has a unique ``number`` (1 to 90) besides its kind, so each card can be
followed through the log (conservation checks, replays). At the table copies of a kind are alike: what
leaves the engine for a player or a spectator names a card by its kind only (Ruling 1).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass


class Kind(enum.StrEnum):
    """What a card is, as the rulebook names it."""

    CHARLIE = "CHARLIE"
    SPIKE = "SPIKE"
    WALTER = "WALTER"
    WILD = "WILD"
    FREE_POINT = "FREE_POINT"
    SWAP_HANDS = "SWAP_HANDS"
    SEE_AND_STEAL = "SEE_AND_STEAL"
    DRAW_3 = "DRAW_3"
    STEAL_A_POINT = "STEAL_A_POINT"
    REQUEST_A_CARD = "REQUEST_A_CARD"
    STEAL_A_CARD = "STEAL_A_CARD"
    STOP = "STOP"


@dataclass(frozen=True, slots=True)
class Card:
    number: int | None  # 1 to 90, unique in the deck; None in what a viewer at the table is shown
    kind: Kind

    def face(self) -> Card:
        """The card as the table sees it: its kind, not which copy it is (Ruling 1)."""
        return Card(None, self.kind)


# The rulebook's contents list, in its order.
COUNTS: dict[Kind, int] = {
    Kind.CHARLIE: 16,
    Kind.SPIKE: 12,
    Kind.WALTER: 5,
    Kind.WILD: 3,
    Kind.FREE_POINT: 3,
    Kind.SWAP_HANDS: 3,
    Kind.SEE_AND_STEAL: 6,
    Kind.DRAW_3: 6,
    Kind.STEAL_A_POINT: 6,
    Kind.REQUEST_A_CARD: 10,
    Kind.STEAL_A_CARD: 10,
    Kind.STOP: 10,
}

# The 90 playing cards in their fixed, unshuffled order, numbered from 1.
DECK: tuple[Card, ...] = tuple(
    Card(number, kind)
    for number, kind in enumerate((kind for kind, count in COUNTS.items() for _ in range(count)), start=1)
)

# The fixed order cards are shown in when the order they were held in must stay secret.
KIND_ORDER: dict[Kind, int] = {kind: place for place, kind in enumerate(Kind)}


def by_kind(kinds: Iterable[Kind]) -> tuple[Kind, ...]:
    """``kinds`` in the fixed order of the contents list."""
    return tuple(sorted(kinds, key=KIND_ORDER.__getitem__))


def cards_by_kind(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in the fixed order of their kinds; copies of a kind in no meaningful order."""
    return tuple(sorted(cards, key=lambda card: KIND_ORDER[card.kind]))


POINT_CARDS = 30  # kept aside as the point pile
HAND_SIZE = 5  # cards dealt to each player

# A set of three character cards and the points it earns; three Wilds together earn 3.
CHARACTERS: dict[Kind, int] = {Kind.CHARLIE: 1, Kind.SPIKE: 2, Kind.WALTER: 3, Kind.WILD: 3}
SET_SIZE = 3

DRAW_3_CARDS = 3


def points_to_win(players: int) -> int:
    """The rulebook's table: 10 points with 2 or 3 players, 6 with 4 or 5, 5 with 6."""
    if players <= 3:
        return 10
    return 6 if players <= 5 else 5
