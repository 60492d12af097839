"""The 18 Rules Cards as data (``GAMES.md``): each card's number, its rule for "correct" and its finish
requirement, as the kinds of ``kinds``, and the card's text.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.racesmack.cards import Colour, Shape
from games.racesmack.kinds import (
    Cards,
    CardsShowing,
    DifferentColours,
    DoubleShapes,
    EveryAtLeast,
    Finish,
    IconsOf,
    IsRulesCard,
    NextToRulesCard,
    NoColourOfNeighbours,
    NoDoubleColours,
    NoNeighbourShares,
    NoTwoMatch,
    Number,
    Often,
    Rule,
    SameNumberAsNeighbour,
    SameShapesAsNeighbour,
    Trait,
)


@dataclass(frozen=True, slots=True)
class RulesCard:
    number: int
    rule: Rule
    finish: Finish
    says: str  # the card's text: rule · finish requirement


S, C = Trait.SHAPE, Trait.COLOUR
RED, GREEN, BLUE, PURPLE = Colour.RED, Colour.GREEN, Colour.BLUE, Colour.PURPLE
STAR, CIRCLE, TRIANGLE, RECTANGLE = Shape.STAR, Shape.CIRCLE, Shape.TRIANGLE, Shape.RECTANGLE

# GAMES.md's Rules Cards 1 to 18, in order.
RULES: dict[int, RulesCard] = {
    card.number: card
    for card in (
        RulesCard(
            1,
            Often(S, False),
            CardsShowing(5, STAR),
            "shape that appears least often · 5 cards showing at least 1 STAR",
        ),
        RulesCard(2, DifferentColours(2), Cards(10), "has 2 different colours · 10 cards"),
        RulesCard(
            3,
            Often(C, True),
            EveryAtLeast(C, 2),
            "colour that appears most often · every colour at least 2 times",
        ),
        RulesCard(4, Number(True, 3), IconsOf(((CIRCLE, 6),)), "number less than 3 · 6 CIRCLE icons"),
        RulesCard(
            5,
            SameShapesAsNeighbour(),
            NoTwoMatch(6, C),
            "exact same shapes as a neighbour · 6 cards, no two with 100% matching colours",
        ),
        RulesCard(
            6,
            Often(C, False),
            IconsOf(((RED, 3), (TRIANGLE, 2))),
            "colour that appears least often · 3 RED and 2 TRIANGLE",
        ),
        RulesCard(
            7,
            DoubleShapes(False),
            NoNeighbourShares(6, C),
            "some double shapes · 6 cards and none shares a colour with a neighbour",
        ),
        RulesCard(
            8,
            Often(S, False),
            CardsShowing(6, BLUE),
            "shape that appears least often · 6 cards showing at least 1 BLUE",
        ),
        RulesCard(
            9, DoubleShapes(True), EveryAtLeast(S, 2), "2 identical shapes · every shape at least 2 times"
        ),
        RulesCard(10, Number(False, 2), IconsOf(((GREEN, 7),)), "number greater than 2 · 7 GREEN"),
        RulesCard(
            11,
            NextToRulesCard(),
            NoTwoMatch(5, S),
            "next to a Rules Card · 5 cards, no two with 100% matching shapes",
        ),
        RulesCard(
            12,
            Often(C, True),
            IconsOf(((PURPLE, 2), (RECTANGLE, 3), (CIRCLE, 2))),
            "colour that appears most often · 2 PURPLE, 3 RECTANGLE and 2 CIRCLE",
        ),
        RulesCard(
            13,
            NoColourOfNeighbours(),
            NoNeighbourShares(5, S),
            "none of the same colours as its neighbours · 5 cards and none shares a shape with a neighbour",
        ),
        RulesCard(
            14,
            SameNumberAsNeighbour(),
            CardsShowing(7, TRIANGLE),
            "same number as one of its neighbours · 7 cards showing at least 1 TRIANGLE",
        ),
        RulesCard(15, NoDoubleColours(), IconsOf(((RED, 5),)), "no double colours · 5 RED"),
        RulesCard(16, IsRulesCard(), EveryAtLeast(C, 3), "is a Rules Card · every colour at least 3 times"),
        RulesCard(
            17,
            Number(True, 4),
            NoTwoMatch(7, C),
            "number less than 4 · 7 cards, no two with 100% matching colours",
        ),
        RulesCard(
            18,
            Often(S, True),
            IconsOf(((STAR, 4), (BLUE, 2))),
            "shape that appears most often · 4 STAR and 2 BLUE",
        ),
    )
}
