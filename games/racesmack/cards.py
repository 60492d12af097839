"""Racesmack's card data: the 36 regular cards and the 18 Rules Cards (``GAMES.md``).

Data only. A regular card shows icons, each a shape in a colour; its number is its icon count. A Rules
Card shows no icon and no number (Ruling 3): it carries a rule for "correct" and a finish requirement
(``rules_cards.RULES``, by its number). Every card has a unique ``id`` (1 to 54), so each card can be followed
through the log and the redaction suite can tell one card from another. R03 and R04, R07 and R08 are
copies, alike at the table: whoever could not follow one sees it as ``COPIES.as_seen`` shows it, with no id. For the Shifting Gears
expansion each regular card also has a ``display``: how the card prints its number (Ruling 17).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from games.core.colours import Colour as Colour  # re-exported: the game names its colours here
from games.core.copies import Copies


class Shape(enum.StrEnum):
    RECTANGLE = "RECTANGLE"
    TRIANGLE = "TRIANGLE"
    CIRCLE = "CIRCLE"
    STAR = "STAR"


COLOURS = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.PURPLE)  # the colours Racesmack prints


class Display(enum.StrEnum):
    """How a card shows how many icons it has: the icons themselves, or a Shifting Gears kind."""

    ICONS = "ICONS"
    NUMBER = "NUMBER"
    HAND = "HAND"
    DICE = "DICE"
    ROMAN = "ROMAN"


GEARS = (Display.NUMBER, Display.HAND, Display.DICE, Display.ROMAN)


@dataclass(frozen=True, slots=True)
class Icon:
    shape: Shape
    colour: Colour


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # 1 to 36: the regular cards R01 to R36; 37 to 54: Rules Cards 1 to 18
    icons: tuple[Icon, ...]
    rules: int | None = None  # the Rules Card's number, or None for a regular card
    display: Display = Display.ICONS  # Shifting Gears: how its number is printed

    @property
    def number(self) -> int:
        return len(self.icons)

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return tuple(icon.shape for icon in self.icons)

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(icon.colour for icon in self.icons)


_SHAPES = {
    "rectangle": Shape.RECTANGLE,
    "triangle": Shape.TRIANGLE,
    "circle": Shape.CIRCLE,
    "star": Shape.STAR,
}

# GAMES.md's regular cards R01 to R36, in order, as "colour shape" icons.
REGULAR_ICONS = (
    "blue circle",
    "green circle",
    "purple rectangle",
    "purple rectangle",
    "blue star",
    "green star",
    "red triangle",
    "red triangle",
    "blue circle, blue star",
    "blue circle, purple star",
    "blue circle, red star",
    "red circle, purple star",
    "blue rectangle, green rectangle",
    "purple rectangle, green circle",
    "blue star, purple rectangle",
    "green star, blue star",
    "green star, green star",
    "green triangle, red circle",
    "green triangle, purple triangle",
    "red triangle, green circle",
    "blue circle, green rectangle, blue rectangle",
    "blue circle, red triangle, green rectangle",
    "purple rectangle, purple circle, purple rectangle",
    "purple rectangle, green triangle, red rectangle",
    "red rectangle, red star, blue star",
    "green star, blue triangle, green triangle",
    "green star, green triangle, blue rectangle",
    "purple star, purple triangle, red star",
    "red star, blue circle, blue rectangle",
    "red star, purple circle, red triangle",
    "purple triangle, green star, red circle",
    "purple triangle, blue triangle, blue rectangle",
    "green rectangle, purple rectangle, blue rectangle, red circle",
    "red star, red circle, purple circle, red rectangle",
    "green triangle, purple circle, blue triangle, purple triangle",
    "red triangle, red circle, green triangle, purple circle",
)

RULES_CARDS = 18
FIRST_RULES_ID = len(REGULAR_ICONS) + 1


def icons(text: str) -> tuple[Icon, ...]:
    """``"blue circle, red star"`` as icons."""
    found = []
    for icon in text.split(","):
        colour, shape = icon.split()
        found.append(Icon(_SHAPES[shape], Colour(colour.upper())))
    return tuple(found)


REGULAR: tuple[Card, ...] = tuple(Card(id_, icons(text)) for id_, text in enumerate(REGULAR_ICONS, start=1))
RULES: tuple[Card, ...] = tuple(Card(FIRST_RULES_ID + n - 1, (), n) for n in range(1, RULES_CARDS + 1))
DECK: tuple[Card, ...] = REGULAR + RULES
# Shifting Gears: the same cards, the regular ones printing their number in each display kind in turn.
GEARS_DECK: tuple[Card, ...] = (
    tuple(replace(card, display=GEARS[(card.id - 1) % len(GEARS)]) for card in REGULAR) + RULES
)


def deck(shifting_gears: bool) -> tuple[Card, ...]:
    return GEARS_DECK if shifting_gears else DECK


HAND_SIZE = 4  # cards dealt to each player
RACING_RULES = 10  # Racing Rules: the Rules Cards set aside as the deck of default rules


# Which field names one copy, and the fields of events (or of the moves they carry) that hold a card by
# its id alone, so the conformance suite can relabel two copies everywhere.
# A viewer sees a card ``COPIES.as_seen``, given the ids it followed (held): a copy it could not follow
# shows its kind and no id (Ruling 26: copies are interchangeable).
COPIES = Copies(Card, "id", deck=DECK + GEARS_DECK, references=("PlayCard.card", "TapsJudged.correct"))

# The cards of a kind printed more than once: R03 = R04, R07 = R08 (with Shifting Gears each prints its
# number its own way, so none is a copy).
COPIED = frozenset(card for card in COPIES.deck if COPIES.kind(card) in COPIES.copied)
COPIED_IDS = frozenset(card.id for card in COPIED)


def id_seen(card_id: int) -> int:
    """A card's id as the table may name it: a copy's is 0, no copy's."""
    return 0 if card_id in COPIED_IDS else card_id
