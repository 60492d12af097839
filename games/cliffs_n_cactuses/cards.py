"""Cliffs n' Cactuses' card data: the 126-card deck (``GAMES.md``, Ruling 1), each card's face upright
and upside down (Ruling 2), and a short label for each face.

Data only. 36 Bonuses and 36 Sabotages (six names each, six copies of each), 12 Multipliers and 42
Specials (seven each of Vaporize, Gift, Swap, Steal, Draw and Flip, with the targets GAMES.md lists).
Every card has a unique ``id`` (1 to 126, in the fixed order below: shuffling happens elsewhere, from
the match's seeded stream), so each card can be followed through the log.

A card's ``printed`` face is how it reads upright. Whether it lies upside down belongs to the card in
play, not to the deck: ``face(card, flipped)`` is what it reads as, and ``Face.flipped()`` turns a face
over. A face is one flat dataclass whose ``kind`` says which fields it uses, so a face survives the JSON
codec unambiguously and a rules engine reads every target as a typed field.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from games.cliffs_n_cactuses.targets import CardTarget, RacerTarget
from games.core.copies import Copies


class Kind(enum.StrEnum):
    """The four card types, with the six types of special each its own kind."""

    BONUS = "BONUS"
    SABOTAGE = "SABOTAGE"
    MULTIPLIER = "MULTIPLIER"
    VAPORIZE = "VAPORIZE"
    GIFT = "GIFT"
    SWAP = "SWAP"
    STEAL = "STEAL"
    DRAW = "DRAW"
    FLIP = "FLIP"

    @property
    def is_special(self) -> bool:
        return self in SPECIAL_KINDS


SPECIAL_KINDS = (Kind.VAPORIZE, Kind.GIFT, Kind.SWAP, Kind.STEAL, Kind.DRAW, Kind.FLIP)
_UPSIDE_DOWN = {Kind.BONUS: Kind.SABOTAGE, Kind.SABOTAGE: Kind.BONUS}


@dataclass(frozen=True, slots=True)
class Face:
    """What a card says. Fields a kind does not use stay at their defaults.

    - Bonus, Sabotage: ``name`` and ``metres`` (down for a Bonus, up for a Sabotage).
    - Multiplier: ``card``, the card it doubles, in the queue it lies in.
    - Vaporize, Flip: ``card``, the card of the revealer's queue it discards or flips.
    - Gift: ``card`` of the revealer's queue goes to the end of ``racer``'s queue.
    - Swap: ``card`` of the revealer's queue changes places with ``racer``'s ``their_card``.
    - Steal: ``racer``'s ``their_card`` goes to the end of the revealer's queue.
    - Draw: ``count`` cards from ``racer``'s hand, or from the deck when ``racer`` is None (the rulebook:
      "If there is no target racer, draw from the deck").
    """

    kind: Kind
    name: str = ""
    metres: int = 0
    card: CardTarget | None = None
    racer: RacerTarget | None = None
    their_card: CardTarget | None = None
    count: int = 0

    @property
    def from_deck(self) -> bool:
        return self.kind is Kind.DRAW and self.racer is None

    def flipped(self) -> Face:
        """This face upside down: a Bonus reads as a Sabotage of the same metres and back; on a
        multiplier or special every direction mirrors (``<``↔``>``, ``«``↔``»``, left↔right racer) while
        ANY and the deck stay. Flipping twice gives the face back."""
        return replace(
            self,
            kind=_UPSIDE_DOWN.get(self.kind, self.kind),
            card=None if self.card is None else self.card.mirrored,
            racer=None if self.racer is None else self.racer.mirrored,
            their_card=None if self.their_card is None else self.their_card.mirrored,
        )


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # 1 to 126, unique in the deck
    printed: Face  # how the card reads upright


def face(card: Card, flipped: bool) -> Face:
    """What ``card`` reads as, upright or upside down."""
    return card.printed.flipped() if flipped else card.printed


COPIES = 6  # of each Bonus and each Sabotage
DRAW_COUNT = 2  # cards a Draw takes
HAND_SIZE = 5  # cards dealt to each racer, and what a racer draws back up to

# Name and metres, in GAMES.md's order.
BONUSES = (
    ("Nitroooooo!", 200),
    ("Giant Worm", 200),
    ("Trail Skates", 150),
    ("Shortcut!", 150),
    ("Coffee", 100),
    ("Unjustified Confidence", 100),
)
SABOTAGES = (
    ("Cow Crossing", 150),
    ("Death Rays", 150),
    ("Angry Beehive", 100),
    ("Drone Swarm", 100),
    ("Banana", 50),
    ("Surprise Cactus", 50),
)

# The reference card's symbols, so the tables below read like GAMES.md's list.
LT, GT, FIRST, LAST, ANY_CARD = (
    CardTarget.LEFT,  # <
    CardTarget.RIGHT,  # >
    CardTarget.LEFT_MOST,  # «
    CardTarget.RIGHT_MOST,  # »
    CardTarget.ANY,  # *
)
LEFT, RIGHT, ANY_RACER = RacerTarget.LEFT, RacerTarget.RIGHT, RacerTarget.ANY

MULTIPLIERS = (LT, GT, FIRST, LAST) * 3
# One entry per card, seven of each special.
VAPORIZES = (ANY_CARD, ANY_CARD, LAST, LAST, FIRST, LT, GT)
GIFTS = (
    (FIRST, LEFT),
    (FIRST, LEFT),
    (LAST, LEFT),
    (FIRST, RIGHT),
    (LAST, RIGHT),
    (LT, RIGHT),
    (ANY_CARD, ANY_RACER),
)
SWAPS = (
    (LT, ANY_RACER, FIRST),
    (LT, ANY_RACER, FIRST),
    (GT, ANY_RACER, LAST),
    (GT, ANY_RACER, LAST),
    (FIRST, LEFT, FIRST),
    (LAST, RIGHT, LAST),
    (ANY_CARD, ANY_RACER, ANY_CARD),
)
STEALS = (
    (RIGHT, LAST),
    (RIGHT, LAST),
    (LEFT, LAST),
    (LEFT, FIRST),
    (ANY_RACER, FIRST),
    (ANY_RACER, LAST),
    (ANY_RACER, ANY_CARD),
)
DRAWS = (RIGHT, RIGHT, LEFT, LEFT, ANY_RACER, ANY_RACER, None)  # None: from the deck
FLIPS = (LT, LT, GT, GT, FIRST, LAST, ANY_CARD)

# Every face in the deck, in its fixed order: Bonuses, Sabotages, Multipliers, then each special.
FACES: tuple[Face, ...] = (
    *(Face(Kind.BONUS, name, metres) for name, metres in BONUSES for _ in range(COPIES)),
    *(Face(Kind.SABOTAGE, name, metres) for name, metres in SABOTAGES for _ in range(COPIES)),
    *(Face(Kind.MULTIPLIER, card=card) for card in MULTIPLIERS),
    *(Face(Kind.VAPORIZE, card=card) for card in VAPORIZES),
    *(Face(Kind.GIFT, card=card, racer=racer) for card, racer in GIFTS),
    *(Face(Kind.SWAP, card=card, racer=racer, their_card=theirs) for card, racer, theirs in SWAPS),
    *(Face(Kind.STEAL, racer=racer, their_card=theirs) for racer, theirs in STEALS),
    *(Face(Kind.DRAW, racer=racer, count=DRAW_COUNT) for racer in DRAWS),
    *(Face(Kind.FLIP, card=card) for card in FLIPS),
)
DECK: tuple[Card, ...] = tuple(Card(id_, printed) for id_, printed in enumerate(FACES, start=1))
CARDS: dict[int, Card] = {card.id: card for card in DECK}

# The id names one copy and is printed on no card: two cards of one face are alike at the table.
# A viewer who could not follow a copy sees it ``CARD_COPIES.as_seen``: its face, and no copy's id when
# other cards bear the same face (Ruling 14, copies are interchangeable).
CARD_COPIES = Copies(Card, "id", deck=DECK)


def _symbol(target: CardTarget | None) -> str:
    return "?" if target is None else target.symbol


def _racer(target: RacerTarget | None) -> str:
    return "?" if target is None else target.words


def label(face: Face) -> str:
    """A short name for a face, for UIs and logs: "Nitroooooo! (200 m down)", "Multiplier «",
    "Steal: right racer's »". Cards use the reference card's symbols, racers words."""
    card, racer, theirs = _symbol(face.card), _racer(face.racer), _symbol(face.their_card)
    match face.kind:
        case Kind.BONUS:
            return f"{face.name} ({face.metres} m down)"
        case Kind.SABOTAGE:
            return f"{face.name} ({face.metres} m up)"
        case Kind.MULTIPLIER:
            return f"Multiplier {card}"
        case Kind.GIFT:
            return f"Gift: {card} to {racer}"
        case Kind.SWAP:
            return f"Swap: {card} with {racer}'s {theirs}"
        case Kind.STEAL:
            return f"Steal: {racer}'s {theirs}"
        case Kind.DRAW:
            source = "the deck" if face.racer is None else f"{racer}'s hand"
            return f"Draw: {face.count} from {source}"
    return f"{face.kind.title()}: {card}"  # Vaporize, Flip


def card_label(card: Card, flipped: bool = False) -> str:
    """A card in play for a log: its face as it reads now, its id, and whether it lies upside down."""
    state = ", flipped" if flipped else ""
    return f"{label(face(card, flipped))} (card {card.id}{state})"
